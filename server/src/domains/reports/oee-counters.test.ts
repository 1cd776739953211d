import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secondTenant } from '../../platform/resources/testkit.js';
import { type TenantTx, withTenant } from '../../platform/tenancy/tenant-tx.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { productionSums } from './oee-performance.js';

/*
 * OEE from the machines' counters (oee-counters.ts), hand-computed, a clean tenant in UTC, period 2026-03-01..03-02
 * (48 h a machine, no shifts):
 *   MC, connected: running from 02-28, stopped 03-01 06:00–08:00 → downtime 2 h, running 46 h = 165,600 s,
 *     availability 95.83 %. Total counter: 1,000 (02-28 23:00, the day before) → 1,600 (03-01 12:00: +600) → 200
 *     (03-02 01:00: a reset, +200) → 1,200 (03-02 12:00: +1,000) = 1,800. Good counter: 900 → 1,470 (+570) → 2,590
 *     (+1,120) = 1,690. Its device's ideal cycle is 60 s, but its one work report (100 good at 30 s) names its
 *     procedure's 30 s: the counters' counts with the routing's ideal cycle, the report's 100 parts not added:
 *     performance 1,800 × 30 ÷ 165,600 = 32.61 %, quality 1,690 ÷ 1,800 = 93.89 %, OEE 0.9583 × 0.32609 × 0.93889
 *     = 29.34 %.
 *   MD: a total counter only (no good counter) and a work report (90 good, 10 scrap at 36 s on 03-02): from the
 *     report, performance 3,600 ÷ 172,800 = 2.08 %, quality 90.00 %.
 *   ME: nothing: no performance, quality or OEE, and named among the machines without data.
 *   Quality per day: 03-01 570 ÷ 600 = 95.00 %; 03-02 (1,120 + 90) ÷ (1,200 + 100) = 93.08 %.
 */

type Row = Record<string, unknown>;
let t: TestApp;
let admin: string;
let tenantId: number;
const PERIOD = 'start=2026-03-01&end=2026-03-02';

async function fixture(tx: TenantTx) {
  const ins = async (table: string, values: Row) => Number((await tx.insert<{ id: number }>(table, values, 'id')).id);
  const w1 = await ins('workshops', { workshopcode: 'W1', workshopname: 'W1' });
  const machine = (code: string) =>
    ins('equipment', { code, name: code, workshop_id: w1, commissioning_date: '2025-01-01', status: 'running' });
  const mc = await machine('MC');
  const md = await machine('MD');
  await machine('ME');
  const gw = await ins('das_gateways', { code: 'GW', name: 'GW' });
  const devC = await ins('das_devices', {
    code: 'DC',
    name: 'DC',
    gateway_id: gw,
    equipment_id: mc,
    ideal_cycle_seconds: 60,
  });
  const devD = await ins('das_devices', {
    code: 'DD',
    name: 'DD',
    gateway_id: gw,
    equipment_id: md,
    ideal_cycle_seconds: 10,
  });
  const tag = (device: number, key: string, role: string) =>
    ins('das_tags', { device_id: device, key, name: key, role });
  const totalC = await tag(devC, 'total', 'totalCount');
  const goodC = await tag(devC, 'good', 'goodCount');
  const totalD = await tag(devD, 'total', 'totalCount');
  for (const day of ['2026-02-28', '2026-03-01', '2026-03-02'])
    await tx.query('select das_history_partition($1::date)', [day]);
  const point = (tagId: number, ts: string, v: number) =>
    tx.query('insert into das_history (tenant_id, tag_id, ts, v) values ($1, $2, $3, $4)', [tx.tenantId, tagId, ts, v]);
  await point(totalC, '2026-02-28T23:00:00Z', 1000);
  await point(totalC, '2026-03-01T12:00:00Z', 1600);
  await point(totalC, '2026-03-02T01:00:00Z', 200);
  await point(totalC, '2026-03-02T12:00:00Z', 1200);
  await point(goodC, '2026-02-28T23:00:00Z', 900);
  await point(goodC, '2026-03-01T12:00:00Z', 1470);
  await point(goodC, '2026-03-02T12:00:00Z', 2590);
  await point(totalD, '2026-03-01T12:00:00Z', 10);
  await point(totalD, '2026-03-02T12:00:00Z', 5000);
  for (const [state, from, to] of [
    ['running', '2026-02-28T00:00:00Z', '2026-03-01T06:00:00Z'],
    ['stopped', '2026-03-01T06:00:00Z', '2026-03-01T08:00:00Z'],
    ['running', '2026-03-01T08:00:00Z', null],
  ])
    await tx.query(
      'insert into das_states (tenant_id, device_id, started_at, ended_at, state) values ($1, $2, $3, $4, $5)',
      [tx.tenantId, devC, from, to, state],
    );
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
  const report = (equipment: number, end: string, good: number, scrap: number, ideal: number) =>
    ins('work_reports', {
      plan_task_id: task,
      work_order_id: order,
      procedure_id: proc,
      equipment_id: equipment,
      good_qty: good,
      scrap_qty: scrap,
      ideal_cycle_seconds: ideal,
      end_at: end,
    });
  await report(mc, '2026-03-01T10:00:00Z', 100, 0, 30);
  await report(md, '2026-03-02T10:00:00Z', 90, 10, 36);
}

beforeAll(async () => {
  t = await createTestApp();
  const other = await secondTenant(t, 'counters');
  admin = other.token;
  tenantId = other.tenantId;
  await t.db.query(`update companies set timezone = 'UTC' where id = $1`, [tenantId]);
  await withTenant(t.db, tenantId, null, fixture);
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

describe('OEE from the counters of connected machines', () => {
  it('counters win over work reports, with the routing ideal cycle; a machine without them falls back', async () => {
    const r = await report();
    expect(byName(r.rows, 'MC')).toMatchObject({
      availability: '95.83',
      performance: '32.61',
      quality: '93.89',
      oee: '29.34',
      totalCount: 1800,
      goodCount: 1690,
      productionData: true,
    });
    expect(byName(r.rows, 'MD')).toMatchObject({
      availability: '100.00',
      performance: '2.08',
      quality: '90.00',
      totalCount: 100,
    });
    expect(byName(r.rows, 'ME')).toMatchObject({ performance: null, quality: null, oee: null, productionData: false });
    expect(r.trend.find((p) => p.start === '2026-03-01')).toMatchObject({ quality: '95.00' });
    expect(r.trend.find((p) => p.start === '2026-03-02')).toMatchObject({ quality: '93.08' });
  });

  it('names the machines without production data', async () => {
    const sums = await withTenant(t.db, tenantId, null, (tx) =>
      productionSums(tx, {}, { start: '2026-03-01', end: '2026-03-02', timeZone: 'UTC' }, 'equipment'),
    );
    expect(sums.without).toEqual({ count: 1, names: ['ME ME'] });
    expect(sums.total).toEqual({ idealSeconds: 1800 * 30 + 3600, total: 1900, good: 1780 });
  });
});
