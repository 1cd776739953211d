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

const report = async (key: string, query = '', token = admin) => {
  const r = (await (await t.call('GET', `/api-list/report/${key}?${PERIOD}${query}`, token)).json()) as Json<Report>;
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

/*
 * Stopped time against the shifts (planned time). Another clean tenant in UTC, the same period, workshop W2:
 *   MD, day shift 08:00–17:00 (9 h) every day of March: planned 10 × 9 = 90 h. Its states: running 03-02 00:00 →
 *     20:00, stopped 03-02 20:00 → 03-03 10:00 (14 h on the calendar), running from 03-03 10:00 on (open). Inside
 *     its shifts only 03-03 08:00–10:00 is stopped: downtime 2 h (the calendar would say 14 h), running 88 h,
 *     availability 88 ÷ 90 = 97.78 %; per day 03-02 none (4 h on the calendar), 03-03 2 h.
 *   MN, night shift 22:00–06:00 (8 h, across midnight): planned 80 h. Running 03-02 00:00 → 03-04 05:00, fault
 *     03-04 05:00 → 23:00 (18 h), running after. Inside its shifts: 05:00–06:00 of the night 03-03/04 and
 *     22:00–23:00 of the night 03-04/05: downtime 2 h, running 78 h, availability 97.50 %; per day 03-04 2 h.
 *   MC, connected, no shift: stopped 03-02 20:00 → 03-03 10:00 counts all 14 h of the calendar, as before.
 *   W2: planned 90 + 80 + 240 = 410 h, downtime 2 + 2 + 14 = 18 h, running 392 h, availability 95.61 %.
 */
describe('stopped time of a connected machine against its shifts', () => {
  let token: string;
  let md: number;
  beforeAll(async () => {
    const other = await secondTenant(t, 'stshift');
    token = other.token;
    await t.db.query(`update companies set timezone = 'UTC' where id = $1`, [other.tenantId]);
    await withTenant(t.db, other.tenantId, null, async (tx) => {
      const ins = async (table: string, values: Row) =>
        Number((await tx.insert<{ id: number }>(table, values, 'id')).id);
      const w2 = await ins('workshops', { workshopcode: 'W2', workshopname: 'W2' });
      const gw = await ins('das_gateways', { code: 'GW', name: 'GW' });
      const day = await ins('shifts', { code: 'D', name: 'Day', start_time: '08:00', end_time: '17:00' });
      const night = await ins('shifts', { code: 'N', name: 'Night', start_time: '22:00', end_time: '06:00' });
      const machine = async (code: string, shift: number | null, states: [string, string, string | null][]) => {
        const id = await ins('equipment', {
          code,
          name: code,
          workshop_id: w2,
          status: 'running',
          commissioning_date: '2025-01-01',
        });
        if (shift)
          await ins('equipment_shifts', {
            equipment_id: id,
            shift_id: shift,
            start_date: '2026-03-01',
            end_date: '2026-03-31',
          });
        const dev = await ins('das_devices', { code: `D${code}`, name: code, gateway_id: gw, equipment_id: id });
        for (const [state, from, to] of states)
          await tx.query(
            'insert into das_states (tenant_id, device_id, started_at, ended_at, state) values ($1, $2, $3, $4, $5)',
            [tx.tenantId, dev, from, to, state],
          );
        return id;
      };
      const overnight: [string, string, string | null][] = [
        ['running', '2026-03-02T00:00:00Z', '2026-03-02T20:00:00Z'],
        ['stopped', '2026-03-02T20:00:00Z', '2026-03-03T10:00:00Z'],
        ['running', '2026-03-03T10:00:00Z', null],
      ];
      md = await machine('MD', day, overnight);
      await machine('MN', night, [
        ['running', '2026-03-02T00:00:00Z', '2026-03-04T05:00:00Z'],
        ['fault', '2026-03-04T05:00:00Z', '2026-03-04T23:00:00Z'],
        ['running', '2026-03-04T23:00:00Z', null],
      ]);
      await machine('MC', null, overnight);
    });
  });

  it('per machine and per day: only the stopped and fault time inside the shifts is downtime', async () => {
    const r = await report('mtchart', '', token);
    expect(named(r.rows, 'MD')).toMatchObject({ downtimeHours: '2.00', runningHours: '88.00' });
    expect(named(r.rows, 'MN')).toMatchObject({ downtimeHours: '2.00', runningHours: '78.00' });
    expect(named(r.rows, 'MC')).toMatchObject({ downtimeHours: '14.00', runningHours: '226.00' });
    expect(r.total).toMatchObject({ plannedHours: '410.00', downtimeHours: '18.00', runningHours: '392.00' });
    const day = (d: string) => r.trend.find((b) => b.start === d)!.downtimeHours;
    // 03-02: MC's 4 h (MD's 4 h are off shift); 03-03: MD's 2 h and MC's 10 h; 03-04: MN's 2 h.
    expect(['02', '03', '04', '05'].map((d) => day(`2026-03-${d}`))).toEqual(['4.00', '12.00', '2.00', '0.00']);
    const one = await report('oeechart', `&equipmentId=${md}`, token);
    expect(one.rows[0]).toMatchObject({ downtimeHours: '2.00', availability: '97.78' });
  });

  it('the same per workshop (the place days) and by status', async () => {
    const w = await report('oeechart', '&groupBy=workshop', token);
    expect(w.total).toMatchObject({ downtimeHours: '18.00', runningHours: '392.00', availability: '95.61' });
    expect(w.trend.find((b) => b.start === '2026-03-03')!.downtimeHours).toBe('12.00');
    expect(w.trend.find((b) => b.start === '2026-03-02')!.downtimeHours).toBe('4.00');
    const status = await report('equipmentChart', '', token);
    expect(status.rows.map((x) => [x.key, x.utilisation])).toEqual([['running', '95.61']]);
  });
});
