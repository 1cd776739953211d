import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secondTenant, tenantOf, userWithCodes } from '../../platform/resources/testkit.js';
import { withTenant } from '../../platform/tenancy/tenant-tx.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

/*
 * A connected machine's downtime from its run states (state-times.ts). Hand-computed, a clean tenant in UTC, period
 * 2026-03-01..2026-03-10 (240 h a machine, no shifts), both machines in workshop W1, every order assigned to TECH:
 *   MA, connected. Its states: none before 03-02 00:00; running 03-02 → 03-03; stopped 03-03 00:00–06:00 (6 h);
 *     running → 03-05; fault 03-05 00:00–02:00 (2 h); idle → 03-06; offline 03-06 00:00–12:00; running from 03-06
 *     12:00 on (still open). Its stopping orders: OA1 03-01 10:00–14:00 (4 h, before its first state: counts),
 *     OA3 03-04 00:00–03:00 (the machine ran: not downtime), OA2 03-06 10:00–16:00 (only its 2 h inside the
 *     offline interval count).
 *     Downtime 4 + 6 + 2 + 2 = 14 h (from the orders alone it would be 4 + 3 + 6 = 13 h), running 226 h,
 *     3 failures → MTBF 75.33 h, availability 226 ÷ 240 = 94.17 %. Per day: 03-01 4 h, 03-03 6 h, 03-05 2 h,
 *     03-06 2 h, 03-04 none.
 *   MB, not connected: OB 03-02 08:00–18:00 → downtime 10 h, running 230 h, availability 95.83 %.
 *   W1: planned 480 h, downtime 24 h, running 456 h, 4 failures → MTBF 114 h, availability 95.00 %.
 *   TECH's orders only (a person filter): states are nobody's, so MA's downtime is its orders' 13 h.
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
let techId: number;
let ma: number;
const PERIOD = 'start=2026-03-01&end=2026-03-10';

const report = async (key: string, query = '') => {
  const r = (await (await t.call('GET', `/api-list/report/${key}?${PERIOD}${query}`, admin)).json()) as Json<Report>;
  expect(r.rtnCode, r.msg).toBe(200);
  return r.data;
};
const named = (rows: Row[], name: string) => rows.find((r) => String(r.name).endsWith(name))!;

beforeAll(async () => {
  t = await createTestApp();
  const other = await secondTenant(t, 'states');
  admin = other.token;
  techId = (await tenantOf(t, await userWithCodes(t, other.tenantId, 'states_tech', []))).userId;
  await t.db.query(`update companies set timezone = 'UTC' where id = $1`, [other.tenantId]);
  await withTenant(t.db, other.tenantId, null, async (tx) => {
    const ins = async (table: string, values: Row) => Number((await tx.insert<{ id: number }>(table, values, 'id')).id);
    const w1 = await ins('workshops', { workshopcode: 'W1', workshopname: 'W1' });
    const machine = (code: string) =>
      ins('equipment', { code, name: code, workshop_id: w1, status: 'running', commissioning_date: '2025-01-01' });
    ma = await machine('MA');
    const mb = await machine('MB');
    const gw = await ins('das_gateways', { code: 'GW', name: 'GW' });
    const dev = await ins('das_devices', { code: 'DA', name: 'DA', gateway_id: gw, equipment_id: ma });
    const states: [string, string, string | null][] = [
      ['running', '2026-03-02T00:00:00Z', '2026-03-03T00:00:00Z'],
      ['stopped', '2026-03-03T00:00:00Z', '2026-03-03T06:00:00Z'],
      ['running', '2026-03-03T06:00:00Z', '2026-03-05T00:00:00Z'],
      ['fault', '2026-03-05T00:00:00Z', '2026-03-05T02:00:00Z'],
      ['idle', '2026-03-05T02:00:00Z', '2026-03-06T00:00:00Z'],
      ['offline', '2026-03-06T00:00:00Z', '2026-03-06T12:00:00Z'],
      ['running', '2026-03-06T12:00:00Z', null],
    ];
    for (const [state, from, to] of states)
      await tx.query(
        'insert into das_states (tenant_id, device_id, started_at, ended_at, state) values ($1, $2, $3, $4, $5)',
        [tx.tenantId, dev, from, to, state],
      );
    const order = (code: string, equipment: number, from: string, to: string) =>
      ins('repair_orders', {
        code,
        phenomenon: 'x',
        workshop_id: w1,
        equipment_id: equipment,
        assignee_id: techId,
        stopped: true,
        state: 'finished',
        reported_at: from,
        finished_at: to,
        repair_minutes: 60,
      });
    await order('OA1', ma, '2026-03-01T10:00:00Z', '2026-03-01T14:00:00Z');
    await order('OA3', ma, '2026-03-04T00:00:00Z', '2026-03-04T03:00:00Z');
    await order('OA2', ma, '2026-03-06T10:00:00Z', '2026-03-06T16:00:00Z');
    await order('OB', mb, '2026-03-02T08:00:00Z', '2026-03-02T18:00:00Z');
  });
});
afterAll(async () => t?.close());

describe('downtime of a connected machine from its run states', () => {
  it('per machine: stopped and fault intervals, the orders where it was offline or not yet connected', async () => {
    const r = await report('mtchart');
    expect(named(r.rows, 'MA')).toMatchObject({
      downtimeHours: '14.00',
      runningHours: '226.00',
      failures: 3,
      mtbf: '75.33',
    });
    expect(named(r.rows, 'MB')).toMatchObject({ downtimeHours: '10.00', runningHours: '230.00', failures: 1 });
    expect(r.total).toMatchObject({ plannedHours: '480.00', downtimeHours: '24.00', runningHours: '456.00' });
    const day = (d: string) => r.trend.find((b) => b.start === d)!.downtimeHours;
    expect(['01', '02', '03', '04', '05', '06'].map((d) => day(`2026-03-${d}`))).toEqual([
      '4.00',
      '10.00',
      '6.00',
      '0.00',
      '2.00',
      '2.00',
    ]);
    const one = await report('oeechart', `&equipmentId=${ma}`);
    expect(one.rows[0]).toMatchObject({ downtimeHours: '14.00', availability: '94.17' });
  });

  it('the same per workshop and category (the place days), by status, and in the trend of the place figures', async () => {
    for (const groupBy of ['workshop', 'category']) {
      const w = await report('oeechart', `&groupBy=${groupBy}`);
      expect(w.total).toMatchObject({ downtimeHours: '24.00', runningHours: '456.00', availability: '95.00' });
      expect(w.trend.find((b) => b.start === '2026-03-03')!.downtimeHours).toBe('6.00');
      expect(w.trend.find((b) => b.start === '2026-03-04')!.downtimeHours).toBe('0.00');
    }
    const mt = await report('mtchart', '&groupBy=workshop');
    expect(named(mt.rows, 'W1')).toMatchObject({ downtimeHours: '24.00', failures: 4, mtbf: '114.00' });
    const status = await report('equipmentChart');
    expect(status.rows.map((x) => [x.key, x.utilisation])).toEqual([['running', '95.00']]);
    const byWorkshop = await report('equipmentChart', '&groupBy=workshop');
    expect(byWorkshop.rows.map((x) => [x.name, x.utilisation])).toEqual([['W1', '95.00']]);
  });

  it('a person filter counts that person orders, not the states', async () => {
    const mine = await report('mtchart', `&userId=${techId}`);
    expect(named(mine.rows, 'MA')).toMatchObject({ downtimeHours: '13.00', runningHours: '227.00' });
  });
});
