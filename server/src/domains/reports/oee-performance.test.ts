import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secondTenant } from '../../platform/resources/testkit.js';
import { type TenantTx, withTenant } from '../../platform/tenancy/tenant-tx.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { performanceQuality } from './oee-performance.js';

/*
 * OEE = availability × performance × quality on a hand-computed data set (docs/reports.md), in a clean tenant whose
 * day is Asia/Shanghai. Period 2026-03-01..2026-03-02; both machines run one shift 08:00–16:00: planned 16 h each.
 *   M1: a stopping repair 09:00–11:00 local on 03-01 → running 14 h = 50,400 s; availability 87.50 %.
 *       Reports: 03-01 good 1,000 + scrap 50 at an ideal 30 s (31,500 s); 03-02 good 200 + scrap 30 at 60 s
 *       (13,800 s) → performance 45,300 ÷ 50,400 = 89.88 %, quality 1,200 ÷ 1,280 = 93.75 %,
 *       OEE 0.875 × 0.89881 × 0.9375 = 73.73 %.
 *   M2: running 16 h, no reports: performance and quality not measured (never 100 %), no OEE.
 *   Workshop W1: running 30 h of 32 → availability 93.75 %; performance 45,300 ÷ 108,000 = 41.94 %; quality 93.75 %.
 *   Trend 03-01: running 6 + 8 h = 50,400 s, ideal 31,500 s → 62.50 %; quality 1,000 ÷ 1,050 = 95.24 %.
 */

type Row = Record<string, unknown>;
let t: TestApp;
let admin: string;
const PERIOD = 'start=2026-03-01&end=2026-03-02';

async function fixture(tx: TenantTx) {
  const ins = async (table: string, values: Row) => Number((await tx.insert<{ id: number }>(table, values, 'id')).id);
  const w1 = await ins('workshops', { workshopcode: 'W1', workshopname: 'W1' });
  const shift = await ins('shifts', { code: 'D', name: 'Day', start_time: '08:00', end_time: '16:00' });
  const machine = async (code: string) => {
    const id = await ins('equipment', {
      code,
      name: `M${code.slice(1)}`,
      workshop_id: w1,
      commissioning_date: '2025-01-01',
      status: 'running',
    });
    await ins('equipment_shifts', {
      equipment_id: id,
      shift_id: shift,
      start_date: '2026-01-01',
      end_date: '2026-12-31',
    });
    return id;
  };
  const m1 = await machine('E1');
  await machine('E2');
  await ins('repair_orders', {
    code: 'O1',
    phenomenon: 'x',
    workshop_id: w1,
    equipment_id: m1,
    stopped: true,
    state: 'checked',
    reported_at: '2026-03-01T01:00:00Z',
    finished_at: '2026-03-01T03:00:00Z',
    repair_minutes: 120,
    downtime_minutes: 120,
  });
  const product = await ins('production_materials', { code: 'P', name: 'P', kind: 'product' });
  const proc = await ins('procedures', {
    code: 'OP',
    name: 'OP',
    station_kind: 'machining',
    standard_minutes: 1,
    ideal_cycle_seconds: 30,
  });
  const order = await ins('work_orders', {
    code: 'WO',
    material_id: product,
    quantity: 2000,
    due_date: '2026-03-05',
    state: 'inProgress',
  });
  const task = await ins('plan_tasks', { work_order_id: order, seq: 1, procedure_id: proc, plan_qty: 2000 });
  const report = (end: string, good: number, scrap: number, ideal: number) =>
    ins('work_reports', {
      plan_task_id: task,
      work_order_id: order,
      procedure_id: proc,
      equipment_id: m1,
      good_qty: good,
      scrap_qty: scrap,
      ideal_cycle_seconds: ideal,
      end_at: end,
    });
  await report('2026-03-01T04:00:00Z', 1000, 50, 30);
  await report('2026-03-02T05:00:00Z', 200, 30, 60);
  // Outside the period (03-03 00:30 local): not counted.
  await report('2026-03-02T16:30:00Z', 999, 0, 30);
}

beforeAll(async () => {
  t = await createTestApp();
  const other = await secondTenant(t, 'oee');
  admin = other.token;
  await t.db.query(`update companies set timezone = 'Asia/Shanghai' where id = $1`, [other.tenantId]);
  await withTenant(t.db, other.tenantId, null, fixture);
});
afterAll(async () => t?.close());

const report = async (query = '') => {
  const r = (await t.call('GET', `/api-list/report/oeechart?${PERIOD}${query}`, admin)).json() as {
    rtnCode: number;
    data: { rows: Row[]; total: Row; trend: Row[] };
  };
  expect(r.rtnCode).toBe(200);
  return r.data;
};
const byName = (rows: Row[], name: string) => rows.find((r) => String(r.name).endsWith(name))!;

describe('OEE = availability × performance × quality', () => {
  it('per machine: performance = ideal cycle × count ÷ run time, quality = good ÷ total', async () => {
    const r = await report();
    expect(byName(r.rows, 'M1')).toMatchObject({
      availability: '87.50',
      performance: '89.88',
      quality: '93.75',
      oee: '73.73',
      totalCount: 1280,
      goodCount: 1200,
      productionData: true,
      productionNote: null,
    });
    expect(byName(r.rows, 'M2')).toMatchObject({
      availability: '100.00',
      performance: null,
      quality: null,
      oee: null,
      productionData: false,
    });
    expect(byName(r.rows, 'M2').productionNote).toMatch(/报工/);
    expect(r.total).toMatchObject({ availability: '93.75', performance: '41.94', quality: '93.75' });
    const day1 = r.trend.find((p) => p.start === '2026-03-01')!;
    expect(day1).toMatchObject({ performance: '62.50', quality: '95.24' });
  });

  it('per workshop: the sums of its machines', async () => {
    const r = await report('&groupBy=workshop');
    expect(byName(r.rows, 'W1')).toMatchObject({ availability: '93.75', performance: '41.94', quality: '93.75' });
    expect(byName(r.rows, 'W1').oee).toBe('36.87');
  });

  it('never invents a factor: no reports, no run time', () => {
    expect(performanceQuality(undefined, '90.00', '10')).toMatchObject({ performance: null, oee: null });
    expect(performanceQuality({ idealSeconds: 10, total: 1, good: 1 }, '0.00', '0')).toMatchObject({
      performance: null,
      quality: '100.00',
      oee: null,
    });
  });
});
