import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secondTenant, tenantOf, userWithCodes } from '../../platform/resources/testkit.js';
import { withTenant } from '../../platform/tenancy/tenant-tx.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

/*
 * Planned time starts when a machine began: its commissioning day, else its creation. Hand-computed, in a clean
 * tenant whose day is Asia/Shanghai, period 2026-03-01..2026-03-10 (10 days, long past), all in workshop W1:
 *   MA: no shift, commissioned 2026-03-06: planned 5 days × 24 h = 120 h; one stop 03-08 10:00–12:00 local (2 h)
 *       → running 118 h, 1 failure → MTBF 118 h.
 *   MB: an 8 h shift every day of the year, commissioned 2026-03-04: planned 7 days × 8 h = 56 h.
 *   MC: no shift, no commissioning date, created today (December): nothing planned in March.
 *   MD: no shift, commissioned 2025-01-01: the whole calendar, 240 h.
 *   W1: planned 120 + 56 + 0 + 240 = 416 h, running 414 h, 1 failure → MTBF 414 h, availability 414 ÷ 416 = 99.52 %.
 *   By status (all running) and by workshop: utilisation 99.52 %.
 *   Per day: 03-03 only MD (24 h); 03-04 and 03-05 MD and MB (32 h); from 03-06 MA too (56 h).
 */

type Row = Record<string, unknown>;
interface Json<T = unknown> {
  rtnCode: number;
  msg: string;
  data: T;
}
interface Report {
  rows: Row[];
  total: Row;
  trend: Row[];
}

let t: TestApp;
let admin: string;
let tenantId: number;
let techId: number;
const PERIOD = 'start=2026-03-01&end=2026-03-10';

const report = async (key: string, query = '') => {
  const r = (await (await t.call('GET', `/api-list/report/${key}?${PERIOD}${query}`, admin)).json()) as Json<Report>;
  expect(r.rtnCode, r.msg).toBe(200);
  return r.data;
};
const named = (rows: Row[], name: string) => rows.find((r) => String(r.name).endsWith(name))!;

beforeAll(async () => {
  t = await createTestApp();
  const other = await secondTenant(t, 'began');
  admin = other.token;
  tenantId = other.tenantId;
  techId = (await tenantOf(t, await userWithCodes(t, tenantId, 'began_tech', []))).userId;
  await t.db.query(`update companies set timezone = 'Asia/Shanghai' where id = $1`, [tenantId]);
  await withTenant(t.db, tenantId, null, async (tx) => {
    const ins = async (table: string, values: Row) => Number((await tx.insert<{ id: number }>(table, values, 'id')).id);
    const w1 = await ins('workshops', { workshopcode: 'W1', workshopname: 'W1' });
    const machine = (code: string, commissioned: string | null) =>
      ins('equipment', { code, name: code, workshop_id: w1, status: 'running', commissioning_date: commissioned });
    const ma = await machine('MA', '2026-03-06');
    const mb = await machine('MB', '2026-03-04');
    await machine('MC', null);
    await machine('MD', '2025-01-01');
    const shift = await ins('shifts', { code: 'D', name: 'Day', start_time: '08:00', end_time: '16:00' });
    await ins('equipment_shifts', {
      equipment_id: mb,
      shift_id: shift,
      start_date: '2026-01-01',
      end_date: '2026-12-31',
    });
    await ins('repair_orders', {
      code: 'OA',
      phenomenon: 'x',
      workshop_id: w1,
      equipment_id: ma,
      assignee_id: techId,
      stopped: true,
      state: 'finished',
      reported_at: '2026-03-08T02:00:00Z',
      finished_at: '2026-03-08T04:00:00Z',
      repair_minutes: 120,
    });
  });
});
afterAll(async () => t?.close());

describe('planned time from when a machine began', () => {
  it('per machine: from its commissioning day, else its creation; a shift from that day on', async () => {
    const r = await report('mtchart');
    expect(named(r.rows, 'MA')).toMatchObject({ plannedHours: '120.00', runningHours: '118.00', mtbf: '118.00' });
    expect(named(r.rows, 'MB')).toMatchObject({ plannedHours: '56.00', runningHours: '56.00' });
    expect(named(r.rows, 'MC')).toMatchObject({ plannedHours: '0.00', runningHours: '0.00' });
    expect(named(r.rows, 'MD')).toMatchObject({ plannedHours: '240.00', runningHours: '240.00' });
    expect(r.total).toMatchObject({ plannedHours: '416.00', runningHours: '414.00', failures: 1, mtbf: '414.00' });
    const day = (d: string) => r.trend.find((b) => b.start === d)!.plannedHours;
    expect([day('2026-03-03'), day('2026-03-04'), day('2026-03-05'), day('2026-03-06')]).toEqual([
      '24.00',
      '32.00',
      '32.00',
      '56.00',
    ]);
  });

  it('the same per workshop (from the place days), per person and in availability', async () => {
    const w = await report('oeechart', '&groupBy=workshop');
    expect(named(w.rows, 'W1')).toMatchObject({
      plannedHours: '416.00',
      runningHours: '414.00',
      availability: '99.52',
    });
    expect(w.total).toMatchObject({ plannedHours: '416.00', availability: '99.52' });
    expect(w.trend.find((b) => b.start === '2026-03-05')!.plannedHours).toBe('32.00');
    // A person narrows the orders, not the machines' time: the totals per bucket without the place days.
    const mine = await report('mtchart', `&userId=${techId}`);
    expect(mine.total).toMatchObject({ plannedHours: '416.00', runningHours: '414.00', failures: 1 });
    expect(mine.trend.find((b) => b.start === '2026-03-04')!.plannedHours).toBe('32.00');
    // The machines by status (all four running) and by workshop: utilisation = running ÷ planned.
    const status = await report('equipmentChart');
    expect(status.rows.map((x) => [x.key, x.machines, x.utilisation])).toEqual([['running', 4, '99.52']]);
    const byWorkshop = await report('equipmentChart', '&groupBy=workshop');
    expect(byWorkshop.rows.map((x) => [x.name, x.utilisation])).toEqual([['W1', '99.52']]);
    const byCategory = await report('faultRateChart', '&groupBy=category');
    expect(byCategory.total).toMatchObject({ plannedHours: '416.00', runningHours: '414.00' });
  });
});
