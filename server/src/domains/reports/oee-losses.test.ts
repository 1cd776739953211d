import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secondTenant } from '../../platform/resources/testkit.js';
import { type TenantTx, withTenant } from '../../platform/tenancy/tenant-tx.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

/*
 * The six big losses and OEE per shift (oee-losses.ts, docs/reports.md) on a hand-computed day, Asia/Shanghai,
 * 2026-03-01. Machine M1 works Day 08:00–16:00 and Night 16:00–24:00 (8 h = 28,800 s each); M2 has no shift.
 * Stops: 09:00–10:00 (Day) and 15:30–16:30 (half in each). The procedure: ideal 30 s, set-up 30 min.
 *   Day:   A task 1 10:00–12:00 good 180 + 20 start-up rejects (ideal 6,000 s, took 7,200: slow 1,200, set-up 1,800);
 *          B task 1 ends 14:00, good 100, no start (ideal 3,000).
 *          planned 28,800, breakdowns 5,400, run 23,400, small stops 23,400 − 1,800 − 9,000 − 1,200 = 11,400 s.
 *          A 81.25 %, P 9,000 ÷ 23,400 = 38.46 %, Q 280 ÷ 300 = 93.33 %, OEE 29.17 %.
 *   Night: C task 1 18:00–20:00 good 200 + 10 material scrap (ideal 6,300, slow 900; task 1's set-up was counted);
 *          D task 2 ends 22:00, good 50 (ideal 1,500, set-up 1,800).
 *          planned 28,800, breakdowns 1,800, run 27,000, small stops 27,000 − 1,800 − 7,800 − 900 = 16,500 s.
 *          A 93.75 %, P 28.89 %, Q 250 ÷ 260 = 96.15 %, OEE 26.04 %.
 *   Both:  A 50,400 ÷ 57,600 = 87.50 %, P 16,800 ÷ 50,400 = 33.33 %, Q 530 ÷ 560 = 94.64 %, OEE 27.60 %.
 */

type Row = Record<string, unknown>;
let t: TestApp;
let token: string;
const PERIOD = 'start=2026-03-01&end=2026-03-01';

async function fixture(tx: TenantTx) {
  const ins = async (table: string, values: Row) => Number((await tx.insert<{ id: number }>(table, values, 'id')).id);
  const w1 = await ins('workshops', { workshopcode: 'W1', workshopname: 'W1' });
  const day = await ins('shifts', { code: 'D', name: 'Day', start_time: '08:00', end_time: '16:00' });
  const night = await ins('shifts', { code: 'N', name: 'Night', start_time: '16:00', end_time: '00:00' });
  const machine = (code: string) =>
    ins('equipment', { code, name: code, workshop_id: w1, commissioning_date: '2025-01-01', status: 'running' });
  const m1 = await machine('M1');
  await machine('M2');
  for (const s of [day, night])
    await ins('equipment_shifts', { equipment_id: m1, shift_id: s, start_date: '2026-01-01', end_date: '2026-12-31' });
  const stop = (code: string, from: string, to: string) =>
    ins('repair_orders', {
      code,
      phenomenon: 'x',
      workshop_id: w1,
      equipment_id: m1,
      stopped: true,
      state: 'checked',
      reported_at: from,
      finished_at: to,
    });
  await stop('O1', '2026-03-01T01:00:00Z', '2026-03-01T02:00:00Z');
  await stop('O2', '2026-03-01T07:30:00Z', '2026-03-01T08:30:00Z');
  const product = await ins('production_materials', { code: 'P', name: 'P', kind: 'product' });
  const proc = await ins('procedures', {
    code: 'OP',
    name: 'OP',
    station_kind: 'machining',
    standard_minutes: 1,
    ideal_cycle_seconds: 30,
    setup_minutes: 30,
  });
  const order = await ins('work_orders', {
    code: 'WO',
    material_id: product,
    quantity: 2000,
    due_date: '2026-03-05',
    state: 'inProgress',
  });
  const task = (seq: number) => ins('plan_tasks', { work_order_id: order, seq, procedure_id: proc, plan_qty: 2000 });
  const t1 = await task(1);
  const t2 = await task(2);
  const report = (planTask: number, start: string | null, end: string, good: number, scrap: number, reason?: string) =>
    ins('work_reports', {
      plan_task_id: planTask,
      work_order_id: order,
      procedure_id: proc,
      equipment_id: m1,
      good_qty: good,
      scrap_qty: scrap,
      scrap_reason: reason ?? null,
      ideal_cycle_seconds: 30,
      start_at: start,
      end_at: end,
    });
  await report(t1, '2026-03-01T02:00:00Z', '2026-03-01T04:00:00Z', 180, 20, 'setup');
  await report(t1, null, '2026-03-01T06:00:00Z', 100, 0);
  await report(t1, '2026-03-01T10:00:00Z', '2026-03-01T12:00:00Z', 200, 10, 'material');
  await report(t2, null, '2026-03-01T14:00:00Z', 50, 0);
  // The next day (outside the period): not counted.
  await report(t2, null, '2026-03-02T02:00:00Z', 999, 0);
}

beforeAll(async () => {
  t = await createTestApp();
  const other = await secondTenant(t, 'losses');
  token = other.token;
  await t.db.query(`update companies set timezone = 'Asia/Shanghai' where id = $1`, [other.tenantId]);
  await withTenant(t.db, other.tenantId, null, fixture);
});
afterAll(async () => t?.close());

const report = async (query = '') => {
  const r = (await t.call('GET', `/api-list/report/oeeLosses?${PERIOD}${query}`, token)).json() as {
    rtnCode: number;
    msg: string;
    data: { rows: Row[]; total: Row };
  };
  expect(r.rtnCode, r.msg).toBe(200);
  return r.data;
};

describe('six big losses and OEE per shift', () => {
  it('splits each shift into its losses and factors, as computed by hand', async () => {
    const r = await report();
    expect(r.rows.map((x) => x.name)).toEqual(['Day', 'Night']);
    expect(r.rows[0]).toMatchObject({
      plannedHours: 8,
      runningHours: 6.5,
      breakdownHours: 1.5,
      setupHours: 0.5,
      slowCycleHours: 0.33,
      smallStopHours: 3.17,
      startupRejects: 20,
      startupRejectHours: 0.17,
      productionRejects: 0,
      availability: '81.25',
      performance: '38.46',
      quality: '93.33',
      oee: '29.17',
    });
    expect(r.rows[1]).toMatchObject({
      breakdownHours: 0.5,
      setupHours: 0.5,
      slowCycleHours: 0.25,
      smallStopHours: 4.58,
      startupRejects: 0,
      productionRejects: 10,
      productionRejectHours: 0.08,
      availability: '93.75',
      performance: '28.89',
      quality: '96.15',
      oee: '26.04',
    });
    expect(r.total).toMatchObject({
      plannedHours: 16,
      breakdownHours: 2,
      smallStopHours: 7.75,
      availability: '87.50',
      performance: '33.33',
      quality: '94.64',
      oee: '27.60',
      goodCount: 530,
      totalCount: 560,
    });
  });

  it('per machine: only machines with shifts have windows', async () => {
    const r = await report('&groupBy=equipment');
    expect(r.rows.map((x) => x.name)).toEqual(['M1 M1']);
    expect(r.rows[0]).toMatchObject({ oee: '27.60', setupHours: 1 });
  });
});
