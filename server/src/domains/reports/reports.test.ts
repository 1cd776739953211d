import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { periodOf, type ReportQuery, trendBuckets } from '../../platform/reports/filters.js';
import { runReport } from '../../platform/reports/framework.js';
import { auditChange } from '../../platform/resources/audit.js';
import { readXlsx, secondTenant, tenantOf, userWithCodes, waitForDownload } from '../../platform/resources/testkit.js';
import { type TenantTx, withTenant } from '../../platform/tenancy/tenant-tx.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { faultReasonReport } from './order-reports.js';

/*
 * The formulas against a small hand-computed data set in a clean tenant whose day is Asia/Shanghai (UTC+8).
 * Period 2026-03-01..2026-03-10 (10 days, long past); every machine was commissioned on 2025-01-01:
 *   M1 (workshop W1) runs one 8 h shift a day: planned 80 h; O1 stops it 2 h; O2 does not stop it → running 78 h,
 *      2 failures → MTBF 39 h; repairs 90 + 30 min → MTTR 1 h; availability 97.5 %.
 *   M2 (W1) has no shift: planned = the calendar, 240 h; O3 was reported 2026-02-28 20:00 UTC, which is 03-01 04:00
 *      in Shanghai (inside), stopped 4 h; O4 stops it from 03-10 22:00 to 03-11 02:00 local: 2 h inside the period,
 *      and it finishes after the period (no repair in it) → running 234 h, 2 failures → MTBF 117 h, MTTR 1 h.
 *   M3 (W2) runs 8 h a day and never failed: MTBF none ("> period"), running 80 h.
 *   O5 (M1) was reported 03-10 17:00 UTC = 03-11 01:00 local: outside; O6 (M1) is cancelled: never counts.
 */

type Row = Record<string, unknown>;
interface Json<T = unknown> {
  rtnCode: number;
  msg: string;
  field?: string;
  data: T;
}
interface Report {
  rows: Row[];
  total?: Row;
  trend?: Row[];
}

let t: TestApp;
let demoAdmin: string;
let admin: string;
let tenantId: number;
const ids: Record<string, number> = {};
const PERIOD = 'start=2026-03-01&end=2026-03-10';
/** The fixture's machines were in service long before the period (planned time starts at commissioning). */
const IN_SERVICE = '2025-01-01';

const get = async <T = Report>(url: string, token = admin) => {
  const r = (await (await t.call('GET', url, token)).json()) as Json<T>;
  expect(r.rtnCode, `${url}: ${r.msg}`).toBe(200);
  return r.data;
};
const post = async <T = Row>(url: string, body: unknown, token = admin) => {
  const r = (await (await t.call('POST', url, token, body)).json()) as Json<T>;
  expect(r.rtnCode, `${url}: ${r.msg}`).toBe(200);
  return r.data;
};
const report = (key: string, query = '', token = admin) => get(`/api-list/report/${key}?${PERIOD}${query}`, token);
const byName = (rows: Row[], name: string) => rows.find((r) => r.name === name || String(r.name).endsWith(` ${name}`))!;

async function fixture(tx: TenantTx) {
  const ins = async (table: string, values: Row) => Number((await tx.insert<{ id: number }>(table, values, 'id')).id);
  ids.w1 = await ins('workshops', { workshopcode: 'W1', workshopname: 'W1' });
  ids.w2 = await ins('workshops', { workshopcode: 'W2', workshopname: 'W2' });
  ids.cat = await ins('equipment_categories', { code: 'C1', name: 'Lathes' });
  ids.m1 = await ins('equipment', {
    code: 'E1',
    name: 'M1',
    workshop_id: ids.w1,
    category_id: ids.cat,
    commissioning_date: IN_SERVICE,
    status: 'running',
  });
  ids.m2 = await ins('equipment', {
    code: 'E2',
    name: 'M2',
    workshop_id: ids.w1,
    category_id: ids.cat,
    commissioning_date: IN_SERVICE,
    status: 'repairing',
  });
  ids.m3 = await ins('equipment', {
    code: 'E3',
    name: 'M3',
    workshop_id: ids.w2,
    category_id: ids.cat,
    commissioning_date: IN_SERVICE,
    status: 'running',
  });
  ids.shift = await ins('shifts', { code: 'D', name: 'Day', start_time: '08:00', end_time: '16:00' });
  for (const m of [ids.m1, ids.m3])
    await ins('equipment_shifts', {
      equipment_id: m,
      shift_id: ids.shift,
      start_date: '2026-01-01',
      end_date: '2026-12-31',
    });
  ids.r1 = await ins('fault_reasons', { category_id: ids.cat, code: 'R1', name: 'Bearing' });
  ids.r2 = await ins('fault_reasons', { category_id: ids.cat, code: 'R2', name: 'Electric' });
  const order = (code: string, v: Row) => ins('repair_orders', { code, phenomenon: 'x', workshop_id: ids.w1, ...v });
  const base = (m: number, a: number, reason: number) => ({ equipment_id: m, assignee_id: a, fault_reason_id: reason });
  ids.o1 = await order('O1', {
    ...base(ids.m1, ids.a!, ids.r1),
    stopped: true,
    state: 'checked',
    reported_at: '2026-03-02T01:00:00Z',
    finished_at: '2026-03-02T03:00:00Z',
    response_minutes: 10,
    repair_minutes: 90,
    downtime_minutes: 120,
    labour_cost: '60.00',
    parts_cost: '40.00',
    total_cost: '100.00',
  });
  ids.o2 = await order('O2', {
    ...base(ids.m1, ids.a!, ids.r1),
    state: 'finished',
    reported_at: '2026-03-05T02:00:00Z',
    finished_at: '2026-03-05T02:30:00Z',
    response_minutes: 20,
    repair_minutes: 30,
    total_cost: '50.00',
    external_cost: '50.00',
  });
  ids.o3 = await order('O3', {
    ...base(ids.m2, ids.b!, ids.r2),
    stopped: true,
    state: 'checked',
    reported_at: '2026-02-28T20:00:00Z',
    finished_at: '2026-03-01T00:00:00Z',
    response_minutes: 5,
    repair_minutes: 60,
    downtime_minutes: 240,
    total_cost: '30.00',
  });
  ids.o4 = await order('O4', {
    ...base(ids.m2, ids.b!, ids.r2),
    stopped: true,
    state: 'finished',
    reported_at: '2026-03-10T14:00:00Z',
    finished_at: '2026-03-10T18:00:00Z',
    repair_minutes: 120,
    downtime_minutes: 240,
    total_cost: '20.00',
  });
  ids.o5 = await order('O5', { equipment_id: ids.m1, state: 'reported', reported_at: '2026-03-10T17:00:00Z' });
  ids.o6 = await order('O6', {
    equipment_id: ids.m1,
    stopped: true,
    state: 'cancelled',
    reported_at: '2026-03-03T00:00:00Z',
  });
  // O3 was sent back at acceptance once: rework of its technician.
  await tx.insert('record_steps', {
    entity: 'maintaintask',
    record_id: ids.o3,
    action: 'reject',
    from_state: 'finished',
    to_state: 'repairing',
  });
}

beforeAll(async () => {
  t = await createTestApp();
  demoAdmin = await t.login('admin');
  const other = await secondTenant(t, 'rpt');
  admin = other.token;
  tenantId = other.tenantId;
  ids.a = (await tenantOf(t, await userWithCodes(t, tenantId, 'tech_a', []))).userId;
  ids.b = (await tenantOf(t, await userWithCodes(t, tenantId, 'tech_b', []))).userId;
  await t.db.query(`update companies set timezone = 'Asia/Shanghai' where id = $1`, [tenantId]);
  await withTenant(t.db, tenantId, null, fixture);
});
afterAll(async () => t?.close());

describe('MTBF / MTTR (mtchart)', () => {
  it('per machine: running = planned − downtime, MTBF = running ÷ failures, MTTR = repair time ÷ repairs', async () => {
    const r = await report('mtchart');
    const m1 = byName(r.rows, 'M1');
    expect(m1).toMatchObject({ plannedHours: '80.00', downtimeHours: '2.00', runningHours: '78.00', failures: 2 });
    expect(m1).toMatchObject({ mtbf: '39.00', repairs: 2, repairHours: '2.00', mttr: '1.00' });
    expect(m1.drill).toEqual({
      reportedAtFrom: '2026-02-28T16:00:00.000Z',
      reportedAtTo: '2026-03-10T15:59:59.999Z',
      equipmentId: ids.m1,
    });
    const m2 = byName(r.rows, 'M2');
    expect(m2).toMatchObject({ plannedHours: '240.00', downtimeHours: '6.00', runningHours: '234.00', failures: 2 });
    expect(m2).toMatchObject({ mtbf: '117.00', repairs: 1, mttr: '1.00' });
    const m3 = byName(r.rows, 'M3');
    expect(m3).toMatchObject({ runningHours: '80.00', failures: 0, mtbf: null, repairs: 0, mttr: null });
    expect(r.total).toMatchObject({ runningHours: '392.00', failures: 4, mtbf: '98.00', repairs: 3, mttr: '1.00' });
  });

  it('per workshop and category the same formulas over the group, with a daily trend over the period', async () => {
    const r = await report('mtchart', '&groupBy=workshop');
    expect(byName(r.rows, 'W1')).toMatchObject({ runningHours: '312.00', failures: 4, mtbf: '78.00' });
    expect(byName(r.rows, 'W2')).toMatchObject({ runningHours: '80.00', failures: 0, mtbf: null });
    const c = await report('mtchart', '&groupBy=category');
    expect(c.rows).toHaveLength(1);
    expect(c.rows[0]).toMatchObject({ name: 'Lathes', failures: 4, mtbf: '98.00', drill: null });
    expect(r.trend).toHaveLength(10);
    expect(r.trend![1]).toMatchObject({ start: '2026-03-02', failures: 1, repairs: 1, mttr: '1.50' });
    expect(r.trend![2]).toMatchObject({ failures: 0, mtbf: null, mttr: null });
  });

  it('splits the downtime of a stop across midnight between the two days of the trend', async () => {
    // O4 stops M2 from 22:00 on 10 March to 02:00 on 11 March (Shanghai).
    const r = await get<Report>('/api-list/report/mtchart?start=2026-03-09&end=2026-03-11&groupBy=workshop');
    expect(r.trend!.map((p) => p.downtimeHours)).toEqual(['0.00', '2.00', '2.00']);
    expect(r.total).toMatchObject({ downtimeHours: '4.00' });
    const tail = await get<Report>('/api-list/report/mtchart?start=2026-03-11&end=2026-03-11');
    expect(byName(tail.rows, 'M2')).toMatchObject({ downtimeHours: '2.00', failures: 0, repairs: 1 });
  });

  it('a stop not yet finished counts up to the end of the period, per machine, per day and in the workshop analysis', async () => {
    // O8 stops M3 (shift 08:00-16:00) from 10:00 on 5 April (Shanghai) and is still being repaired.
    const o8 = await withTenant(t.db, tenantId, null, (tx) =>
      tx.insert<{ id: number }>(
        'repair_orders',
        {
          code: 'O8',
          phenomenon: 'x',
          workshop_id: ids.w2,
          equipment_id: ids.m3,
          stopped: true,
          state: 'repairing',
          reported_at: '2026-04-05T02:00:00Z',
        },
        'id',
      ),
    );
    try {
      const r = await get<Report>('/api-list/report/mtchart?start=2026-04-05&end=2026-04-06');
      // 14 h on the 5th and 24 h on the 6th, against 8 h of shift a day: its running time is cut at 0.
      expect(byName(r.rows, 'M3')).toMatchObject({
        downtimeHours: '38.00',
        plannedHours: '16.00',
        runningHours: '0.00',
        failures: 1,
      });
      expect(r.trend!.map((p) => p.downtimeHours)).toEqual(['14.00', '24.00']);
      // M1 16 h of shift, M2 (no shift) 48 h of calendar, M3 16 h cut to 0.
      expect(r.total).toMatchObject({
        downtimeHours: '38.00',
        failures: 1,
        plannedHours: '80.00',
        runningHours: '64.00',
      });
      const w = await get<Report>('/api-list/report/workshopChart?start=2026-04-05&end=2026-04-06');
      expect(byName(w.rows, 'W2')).toMatchObject({ failures: 1, downtimeHours: '38.00' });
    } finally {
      await withTenant(t.db, tenantId, null, (tx) => tx.query('delete from repair_orders where id = $1', [o8.id]));
    }
  });

  it('an empty period has no failures and no division by zero', async () => {
    const r = await get<Report>('/api-list/report/mtchart?start=2025-01-01&end=2025-01-05');
    expect(r.rows.every((row) => row.failures === 0 && row.mtbf === null && row.mttr === null)).toBe(true);
    expect(byName(r.rows, 'M2')).toMatchObject({ plannedHours: '120.00', runningHours: '120.00' });
    expect(r.total).toMatchObject({ failures: 0, mtbf: null, repairs: 0, mttr: null });
  });

  it('narrows to one machine, line or person; the tenant day decides what is inside the period', async () => {
    const one = await report('mtchart', `&equipmentId=${ids.m2}`);
    expect(one.rows.map((r) => r.name)).toEqual(['E2 M2']);
    const person = await report('mtchart', `&userId=${ids.a}`);
    expect(person.total).toMatchObject({ failures: 2, repairs: 2 });
    await t.db.query(`update companies set timezone = 'UTC' where id = $1`, [tenantId]);
    try {
      const utc = await report('mtchart');
      // In UTC O3 (02-28 20:00) falls before the period and O5 (03-10 17:00) inside it.
      expect(byName(utc.rows, 'M2')).toMatchObject({ failures: 1 });
      expect(byName(utc.rows, 'M1')).toMatchObject({ failures: 3 });
    } finally {
      await t.db.query(`update companies set timezone = 'Asia/Shanghai' where id = $1`, [tenantId]);
    }
  });
});

describe('fault rate and availability', () => {
  it('fault rate = failures × 1000 ÷ running hours; availability = running ÷ planned; performance never invented', async () => {
    const rate = await report('faultRateChart');
    expect(byName(rate.rows, 'M1').faultRate).toBe('25.64');
    expect(byName(rate.rows, 'M2').faultRate).toBe('8.55');
    expect(byName(rate.rows, 'M3').faultRate).toBe('0.00');
    const oee = await report('oeechart');
    expect(byName(oee.rows, 'M1').availability).toBe('97.50');
    expect(oee.total!.availability).toBe('98.00');
    // No work reports in this tenant: performance and quality are not measured, and no OEE is shown.
    expect(byName(oee.rows, 'M1')).toMatchObject({
      performance: null,
      quality: null,
      oee: null,
      productionData: false,
    });
  });
});

describe('workshop analysis, fault reasons, personnel, equipment', () => {
  it('per workshop: failures, downtime in the period and the repair costs of its orders', async () => {
    const r = await report('workshopChart');
    expect(byName(r.rows, 'W1')).toMatchObject({
      failures: 4,
      downtimeHours: '8.00',
      repairHours: '5.00',
      labourCost: '60.00',
      partsCost: '40.00',
      externalCost: '50.00',
      totalCost: '200.00',
      drill: {
        workshopId: ids.w1,
        reportedAtFrom: '2026-02-28T16:00:00.000Z',
        reportedAtTo: '2026-03-10T15:59:59.999Z',
      },
    });
    expect(byName(r.rows, 'W2')).toMatchObject({ failures: 0, totalCost: '0.00' });
  });

  it('fault reasons as a Pareto: count, share and cumulative share, also per machine', async () => {
    const r = await report('faultReasonChart');
    expect(r.rows.map((x) => [x.name, x.failures, x.share, x.cumulative])).toEqual([
      ['Bearing', 2, '50.00', '50.00'],
      ['Electric', 2, '50.00', '100.00'],
    ]);
    expect(r.rows[0]!.drill).toMatchObject({ faultReasonId: ids.r1 });
    const m = await report('faultReasonChart', '&groupBy=equipment');
    expect(m.rows.map((x) => [x.name, x.failures])).toEqual([
      ['E1 M1', 2],
      ['E2 M2', 2],
    ]);
  });

  it('fault ranking by machine: the page (from the kept days) equals the export (the orders counted one by one)', async () => {
    const day = 'start=2026-03-02&end=2026-03-02';
    for (const query of [
      PERIOD,
      `${PERIOD}&userId=${ids.a}`,
      `${PERIOD}&workshopId=${ids.w1}`,
      `${PERIOD}&equipmentId=${ids.m2}`,
      day,
    ]) {
      const q = Object.fromEntries(new URLSearchParams(`${query}&groupBy=equipment`)) as ReportQuery;
      const page = await get<Report>(`/api-list/report/faultReasonChart?${query}&groupBy=equipment`);
      const all = await withTenant(t.db, tenantId, null, (tx) =>
        runReport(faultReasonReport, { tx, q, period: periodOf(q, 'Asia/Shanghai'), lang: 'en' }),
      );
      expect(page.rows, query).toEqual(all.rows);
      expect(page.rows.length, query).toBeGreaterThan(0);
    }
    const m = await report('faultReasonChart', '&groupBy=equipment');
    expect(m.rows.map((x) => [x.name, x.downtimeHours, x.share, x.cumulative])).toEqual([
      ['E1 M1', '2.00', '50.00', '50.00'],
      ['E2 M2', '8.00', '50.00', '100.00'],
    ]);
  });

  it('personnel: orders done in the period, response and repair time, rework from a rejected acceptance', async () => {
    const r = await report('personnel');
    expect(byName(r.rows, 'tech_a')).toMatchObject({
      done: 2,
      responseMinutes: '15.0',
      repairHours: '1.00',
      rework: 0,
    });
    expect(byName(r.rows, 'tech_b')).toMatchObject({ done: 1, rework: 1, reworkRate: '100.00' });
  });

  it('fault reasons: the same from the days per reason as from the orders read one by one', async () => {
    // Two orders of one reason on one day, one without a reason, one cancelled: on M3 (W2), in June 2025, all
    // closed (the home panel counts the open ones).
    await withTenant(t.db, tenantId, null, async (tx) => {
      const on = (code: string, v: Row) =>
        tx.insert('repair_orders', {
          code,
          phenomenon: 'x',
          equipment_id: ids.m3,
          reported_at: '2025-06-15T02:00:00Z',
          ...v,
        });
      await on('F1', { state: 'finished', fault_reason_id: ids.r1, downtime_minutes: 30 });
      await on('F2', { state: 'checked', fault_reason_id: ids.r1, downtime_minutes: 45 });
      await on('F3', { state: 'finished' });
      await on('F4', { state: 'cancelled', fault_reason_id: ids.r2, downtime_minutes: 99 });
    });
    const reasons = (query = '') =>
      get<Report>(`/api-list/report/faultReasonChart?start=2025-06-15&end=2025-06-15&groupBy=reason${query}`, admin);
    const perDay = await reasons();
    expect(
      perDay.rows.map(({ name, failures, downtimeHours, share }) => ({ name, failures, downtimeHours, share })),
    ).toEqual([
      { name: 'Bearing', failures: 2, downtimeHours: '1.25', share: '66.67' },
      { name: expect.any(String), failures: 1, downtimeHours: '0.00', share: '33.33' },
    ]);
    expect((await reasons(`&workshopId=${ids.w2}`)).rows).toEqual(perDay.rows);
  });

  it('personnel: the same from the days each person finished orders as from the orders read one by one', async () => {
    // Unfiltered, the orders come from repair_person_days; a place filter reads each order (W1 holds every order).
    // Up to 12 March: O4, finished on the 11th in Shanghai, counts too.
    const personnel = (query = '') => get(`/api-list/report/personnel?start=2026-03-01&end=2026-03-12${query}`, admin);
    const perDay = await personnel();
    const oneByOne = await personnel(`&workshopId=${ids.w1}`);
    const orderFigures = (rows: Record<string, unknown>[]) =>
      rows.map(({ name, done, responseMinutes, repairHours, rework, reworkRate }) => ({
        name,
        done,
        responseMinutes,
        repairHours,
        rework,
        reworkRate,
      }));
    expect(orderFigures(perDay.rows)).toEqual(orderFigures(oneByOne.rows));
    expect(byName(perDay.rows, 'tech_b')).toMatchObject({
      done: 2,
      responseMinutes: '5.0',
      repairHours: '1.50',
      rework: 1,
      reworkRate: '50.00',
    });
    const one = await personnel(`&userId=${ids.b}`);
    expect(orderFigures(one.rows)).toEqual(orderFigures(perDay.rows).filter((row) => row.name === 'tech_b'));
  });

  it('personnel: checks of every kind finished in the period and the share done by their deadline', async () => {
    const c = (await tenantOf(t, await userWithCodes(t, tenantId, 'checker_c', []))).userId;
    await withTenant(t.db, tenantId, null, async (tx) => {
      const task = (v: Row) =>
        tx.insert('check_tasks', { kind: 2, equipment_id: ids.m1, workshop_id: ids.w1, state: 'done', ...v });
      await task({
        assignee_id: ids.a,
        due_at: '2026-03-02T00:00:00Z',
        finished_at: '2026-03-02T02:00:00Z',
        late: false,
      });
      await task({
        assignee_id: ids.a,
        due_at: '2026-03-03T00:00:00Z',
        finished_at: '2026-03-04T02:00:00Z',
        late: true,
      });
      await task({
        kind: 1,
        assignee_id: ids.a,
        due_at: '2026-03-05T00:00:00Z',
        finished_at: '2026-03-05T02:00:00Z',
        late: false,
      });
      await task({ assignee_id: c, due_at: '2026-03-06T00:00:00Z', finished_at: '2026-03-06T02:00:00Z', late: false });
      // After the period, still open, and on a machine the filter below leaves out.
      await task({ assignee_id: c, due_at: '2026-03-20T00:00:00Z', finished_at: '2026-03-20T02:00:00Z', late: false });
      await task({ assignee_id: c, due_at: '2026-03-07T00:00:00Z', state: 'pending' });
      await task({
        assignee_id: c,
        equipment_id: ids.m2,
        due_at: '2026-03-08T00:00:00Z',
        finished_at: '2026-03-08T02:00:00Z',
        late: true,
      });
      // A patrol route's task covers a route, not one machine: it counts for its person unless a place is filtered.
      await task({
        assignee_id: c,
        equipment_id: null,
        workshop_id: null,
        due_at: '2026-03-09T00:00:00Z',
        finished_at: '2026-03-09T02:00:00Z',
        late: false,
      });
    });
    const r = await report('personnel');
    expect(byName(r.rows, 'tech_a')).toMatchObject({ done: 2, checksDone: 3, checksOnTimeRate: '66.67' });
    expect(byName(r.rows, 'tech_b')).toMatchObject({ done: 1, checksDone: 0, checksOnTimeRate: null });
    expect(byName(r.rows, 'checker_c')).toMatchObject({ done: 0, rework: 0, checksDone: 3, checksOnTimeRate: '66.67' });
    const m1 = await report('personnel', `&equipmentId=${ids.m1}`);
    expect(byName(m1.rows, 'checker_c')).toMatchObject({ checksDone: 1, checksOnTimeRate: '100.00' });
    await withTenant(t.db, tenantId, null, (tx) =>
      tx.query('delete from check_tasks where tenant_id = $1 and kind in (1, 2) and assignee_id is not null', [
        tenantId,
      ]),
    );
  });

  it('equipment by status and workshop with the utilisation of the period', async () => {
    const s = await report('equipmentChart');
    expect(s.rows.map((x) => [x.key, x.machines, x.runningNow])).toEqual([
      ['running', 2, 2],
      ['repairing', 1, 0],
    ]);
    expect(s.rows.map((x) => [x.name, x.share, x.utilisation])).toEqual([
      ['运行', '66.67', '98.75'],
      ['维修中', '33.33', '97.50'],
    ]);
    const w = await report('equipmentChart', '&groupBy=workshop');
    expect(byName(w.rows, 'W1')).toMatchObject({ machines: 2, utilisation: '97.50' });
  });
});

describe('spare parts and maintenance reports', () => {
  /*
   * Issues posted in the period (Shanghai days 03-01..03-10): P1 ×2 for 40.00 to O1 (M1), P2 ×1 for 15.50 to O3
   * (M2), P1 ×1 for 20.00 to a cost centre; an issue after the period and a receipt do not count.
   * Parts recorded on finished orders: O1 P1 ×2 (03-02), O2 P1 ×1 (03-05), O3 P2 ×1 (03-01 08:00 local).
   * Maintenance tasks of M3 due in the period: done on time (30 min), done late (90 min), closed, open past its
   * deadline, open before it; one after the period and one spot check do not count.
   */
  beforeAll(async () => {
    await withTenant(t.db, tenantId, null, async (tx) => {
      const ins = async (table: string, values: Row) =>
        Number((await tx.insert<{ id: number }>(table, values, 'id')).id);
      ids.p1 = await ins('spare_parts', { code: 'P1', name: 'Bearing 6204', category: 'Bearings' });
      ids.p2 = await ins('spare_parts', { code: 'P2', name: 'Fuse', category: 'Electrical' });
      // An issue with the machine it served (its order's or task's), as posting records it: the quantity taken out.
      const move = async (v: Row) => {
        const id = await ins('spare_moves', { kind: 'out', ...v, quantity: -Number(v.quantity) });
        await tx.query(
          `update spare_moves mv set equipment_id = coalesce(
             (select o.equipment_id from repair_orders o where o.id = mv.order_id),
             (select c.equipment_id from check_tasks c where c.id = mv.check_task_id))
            where mv.id = $1`,
          [id],
        );
      };
      await move({
        spare_part_id: ids.p1,
        quantity: 2,
        amount: '40.00',
        order_id: ids.o1,
        moved_at: '2026-03-02T04:00:00Z',
      });
      await move({
        spare_part_id: ids.p2,
        quantity: 1,
        amount: '15.50',
        order_id: ids.o3,
        moved_at: '2026-03-03T04:00:00Z',
      });
      await move({
        spare_part_id: ids.p1,
        quantity: 1,
        amount: '20.00',
        cost_centre: 'CC1',
        moved_at: '2026-03-04T04:00:00Z',
      });
      await move({
        spare_part_id: ids.p1,
        quantity: 5,
        amount: '100.00',
        order_id: ids.o1,
        moved_at: '2026-03-12T00:00:00Z',
      });
      await move({
        kind: 'in',
        spare_part_id: ids.p1,
        quantity: 10,
        amount: '200.00',
        moved_at: '2026-03-02T00:00:00Z',
      });
      await ins('repair_parts', { order_id: ids.o1, spare_part_id: ids.p1, quantity: 2 });
      await ins('repair_parts', { order_id: ids.o2, spare_part_id: ids.p1, quantity: 1 });
      await ins('repair_parts', { order_id: ids.o3, spare_part_id: ids.p2, quantity: 1 });
      const task = (v: Row) => ins('check_tasks', { kind: 3, equipment_id: ids.m3, workshop_id: ids.w2, ...v });
      await task({
        due_at: '2026-03-02T00:00:00Z',
        state: 'done',
        late: false,
        started_at: '2026-03-02T01:00:00Z',
        finished_at: '2026-03-02T01:30:00Z',
      });
      await task({
        due_at: '2026-03-03T00:00:00Z',
        state: 'done',
        late: true,
        started_at: '2026-03-03T02:00:00Z',
        finished_at: '2026-03-03T03:30:00Z',
      });
      await task({ due_at: '2026-03-04T00:00:00Z', state: 'closed' });
      await task({ due_at: '2026-03-05T00:00:00Z', state: 'pending', deadline: '2026-03-06T00:00:00Z' });
      await task({ due_at: '2026-03-09T00:00:00Z', state: 'pending', deadline: '2099-01-01T00:00:00Z' });
      await task({ due_at: '2026-03-20T00:00:00Z', state: 'pending', deadline: '2026-03-21T00:00:00Z' });
      await task({ kind: 2, due_at: '2026-03-02T00:00:00Z', state: 'done', late: false });
      // A maintenance task of M2 due before the period and done in it, with P2 ×2 issued to it for 31.00.
      const t1 = await task({
        equipment_id: ids.m2,
        due_at: '2026-02-25T00:00:00Z',
        state: 'done',
        late: true,
        finished_at: '2026-03-06T02:00:00Z',
      });
      await ins('check_task_parts', { task_id: t1, spare_part_id: ids.p2, quantity: 2 });
      await move({
        spare_part_id: ids.p2,
        quantity: 2,
        amount: '31.00',
        check_task_id: t1,
        moved_at: '2026-03-06T04:00:00Z',
      });
    });
  });

  it('spareChart: the issues of the period by part, their cost and share; a machine filter keeps its orders only', async () => {
    const r = await report('spareChart', '&groupBy=part');
    expect(byName(r.rows, 'Bearing 6204')).toMatchObject({ quantity: '3.00', amount: '60.00', share: '56.3' });
    expect(byName(r.rows, 'Fuse')).toMatchObject({ quantity: '3.00', amount: '46.50', share: '43.7' });
    expect(r.total).toEqual({ quantity: '6.00', amount: '106.50' });
    const m1 = await report('spareChart', `&groupBy=part&equipmentId=${ids.m1}`);
    expect(m1.rows).toHaveLength(1);
    expect(m1.rows[0]).toMatchObject({ quantity: '2.00', amount: '40.00', share: '100.0' });
    // M2's parts came through a repair order and a maintenance task.
    const m2 = await report('spareChart', `&groupBy=part&equipmentId=${ids.m2}`);
    expect(m2.rows.map((x) => [x.quantity, x.amount])).toEqual([['3.00', '46.50']]);
  });

  it('sparecostList: the parts cost per machine, orders served and cost per order; a cost centre has no machine', async () => {
    const r = await report('sparecostList', '&groupBy=equipment');
    expect(byName(r.rows, 'M1')).toMatchObject({
      orders: 1,
      tasks: 0,
      quantity: '2.00',
      amount: '40.00',
      perOrder: '40.00',
    });
    expect(byName(r.rows, 'M2')).toMatchObject({
      orders: 1,
      tasks: 1,
      quantity: '3.00',
      amount: '46.50',
      perOrder: '23.25',
    });
    expect(r.rows.find((x) => x.key === null)).toMatchObject({ orders: 0, tasks: 0, amount: '20.00', perOrder: null });
  });

  it('replace: the parts replaced on each machine by orders finished and maintenance done in the period', async () => {
    const r = await report('replace');
    expect(r.rows.map((x) => [x.name, x.replacements, x.quantity, x.lastReplaced])).toEqual([
      ['E1 M1 · Bearing 6204', 2, '3.00', '2026-03-05'],
      ['E2 M2 · Fuse', 2, '3.00', '2026-03-06'],
    ]);
  });

  it('equipmentBYChart and maintenanceTable: maintenance due, on time, late, missed, open; how long it took', async () => {
    const done = await report('equipmentBYChart');
    expect(done.rows).toHaveLength(1);
    expect(byName(done.rows, 'M3')).toMatchObject({
      due: 5,
      onTime: 1,
      late: 1,
      missed: 2,
      open: 1,
      onTimeRate: '25.0',
    });
    const time = await report('maintenanceTable');
    expect(byName(time.rows, 'M3')).toMatchObject({ doneTasks: 2, avgMinutes: 60, maxMinutes: 90, totalHours: '2.00' });
    // The demo tenant's maintenance is not this tenant's.
    const other = await get<Report>(`/api-list/report/maintenanceTable?${PERIOD}`, demoAdmin);
    expect(other.rows.find((x) => x.name === 'E3 M3')).toBeUndefined();
  });
});

describe('guards', () => {
  it('answers every declared report under each of its groupings', async () => {
    const decls = await get<{ key: string; groups: string[] }[]>('/api-list/report');
    expect(decls.length).toBeGreaterThan(10);
    for (const d of decls)
      for (const g of d.groups) {
        const r = await report(d.key, `&groupBy=${g}`);
        expect(Array.isArray(r.rows), `${d.key} by ${g}`).toBe(true);
      }
  });

  it('each report sees only its own tenant', async () => {
    for (const key of [
      'mtchart',
      'faultRateChart',
      'oeechart',
      'workshopChart',
      'faultReasonChart',
      'personnel',
      'equipmentChart',
    ]) {
      const mine = await report(key, `&equipmentId=${ids.m1}`, demoAdmin);
      expect(
        mine.rows.filter((r) => r.key === ids.m1 || r.name === 'E1 M1' || r.name === 'W1'),
        key,
      ).toEqual([]);
    }
    const r = await report('faultReasonChart', '', demoAdmin);
    expect(r.rows.some((x) => x.name === 'Bearing')).toBe(false);
  });

  it('refuses a bad period with the field named, and a user without the report button', async () => {
    const bad = (await (
      await t.call('GET', '/api-list/report/mtchart?start=2026-03-10&end=2026-03-01', admin)
    ).json()) as Json;
    expect(bad).toMatchObject({ rtnCode: 201, field: 'end' });
    const nobody = await userWithCodes(t, tenantId, 'nobody', ['reportform:oeechart:view']);
    expect((await t.call('GET', `/api-list/report/mtchart?${PERIOD}`, nobody)).statusCode).toBe(403);
    expect((await t.call('GET', `/api-list/report/oeechart?${PERIOD}`, nobody)).statusCode).toBe(200);
  });

  it('queues an export to My downloads', async () => {
    const r = (await (
      await t.call('POST', '/api-list/report/mtchart/export', admin, { start: '2026-03-01', end: '2026-03-10' })
    ).json()) as Json<{ id: number }>;
    expect(r.rtnCode).toBe(200);
    // The file holds what the screen shows: the same rows and figures under the columns' titles.
    const [header, ...rows] = await readXlsx(await waitForDownload(t, admin, r.data.id));
    expect(header!.slice(0, 1)).toEqual(['名称']);
    const cell = (row: unknown[], title: string) => row[header!.indexOf(title)];
    const m1 = rows.find((row) => String(row[0]).endsWith('M1'))!;
    expect([cell(m1, '运行时间(h)'), cell(m1, '故障次数'), cell(m1, 'MTBF(h)'), cell(m1, 'MTTR(h)')]).toEqual([
      78, 2, 39, 1,
    ]);
    const m3 = rows.find((row) => String(row[0]).endsWith('M3'))!;
    expect(cell(m3, 'MTBF(h)') ?? '').toBe(''); // no failure, no MTBF: an empty cell, not 0
    expect(rows).toHaveLength((await report('mtchart')).rows.length);
  });
});

describe('a report with more rows than a page', () => {
  it('shows the first 500 machines and says how many there are; the export has them all', async () => {
    const big = await secondTenant(t, 'rptbig');
    // No machine yet: no row, a total of nothing, a trend of empty buckets.
    const none = await get<Report & { rowCount: number }>(`/api-list/report/mtchart?${PERIOD}`, big.token);
    expect([none.rows, none.rowCount]).toEqual([[], 0]);
    expect(none.total).toMatchObject({ plannedHours: null, failures: null, mtbf: null });
    expect(none.trend!.length).toBeGreaterThan(0);
    await withTenant(t.db, big.tenantId, null, async (tx) => {
      for (let i = 1; i <= 501; i++)
        await tx.insert('equipment', { code: `B${i}`, name: `Machine ${i}`, commissioning_date: IN_SERVICE });
    });
    const page = await get<Report & { rowCount: number }>(`/api-list/report/mtchart?${PERIOD}`, big.token);
    expect([page.rows.length, page.rowCount]).toEqual([500, 501]);
    expect(page.total).toMatchObject({ plannedHours: String((501 * 240).toFixed(2)) });
    const r = await post<{ id: number }>(
      '/api-list/report/mtchart/export',
      { start: '2026-03-01', end: '2026-03-10' },
      big.token,
    );
    const [, ...rows] = await readXlsx(await waitForDownload(t, big.token, r.id));
    expect(rows).toHaveLength(501);
    // The fault ranking per machine sends its first 500 rows too, their shares taken over all 501.
    await withTenant(t.db, big.tenantId, null, (tx) =>
      tx.query(
        `insert into repair_orders (tenant_id, code, equipment_id, phenomenon, state, reported_at)
         select tenant_id, 'F' || code, id, 'x', 'reported', '2026-03-02T00:00:00Z' from equipment`,
      ),
    );
    const ranking = await get<Report & { rowCount: number }>(
      `/api-list/report/faultReasonChart?${PERIOD}&groupBy=equipment`,
      big.token,
    );
    expect([ranking.rows.length, ranking.rowCount]).toEqual([500, 501]);
    expect(ranking.rows.at(-1)).toMatchObject({ share: '0.20', cumulative: '99.80' });
  });
});

describe('home panel and operation log', () => {
  it('answers open, overdue, stopped, the 30-day MTBF/MTTR against the 30 before, and only availability of OEE', async () => {
    await withTenant(t.db, tenantId, null, (tx) =>
      tx.insert('repair_orders', {
        code: 'O7',
        phenomenon: 'x',
        workshop_id: ids.w1,
        equipment_id: ids.m2,
        stopped: true,
        state: 'repairing',
        reported_at: new Date().toISOString(),
        due_at: new Date(Date.now() - 60_000).toISOString(),
      }),
    );
    const p = await get<Row>('/api-list/homepanel');
    expect(p).toMatchObject({ open: 2, overdue: 1, stopped: 1 });
    expect(p.reportedToday).toBeGreaterThanOrEqual(1);
    expect(p.current).toMatchObject({ failures: 1, repairs: 0, mttr: null });
    expect(p.oee).toMatchObject({ performance: null, quality: null });
    expect((p.ranking as Row[])[0]).toMatchObject({ code: 'E2', failures: 1 });
    const demo = await get<Row>('/api-list/homepanel', demoAdmin);
    expect((demo.ranking as Row[]).some((r) => r.code === 'E2' && r.equipmentId === ids.m2)).toBe(false);
  });

  it('lists the audit log by person, entity, action and period with before and after, only of the tenant', async () => {
    await withTenant(t.db, tenantId, ids.a!, async (tx) => {
      await auditChange(tx, 'equipment', ids.m1, 'update', { status: 'running' }, { status: 'repairing' });
      await auditChange(tx, 'workshop', ids.w1, 'create', null, { workshopname: 'W1' });
    });
    const all = (await (await t.call('GET', '/api-list/log/page?page=1&limit=10', admin)).json()) as Json<Row[]> & {
      count: number;
    };
    expect(all.count).toBe(2);
    const one = await get<Row[]>(`/api-list/log/page?entity=equipment&action=update&userId=${ids.a}`);
    expect(one).toHaveLength(1);
    expect(one[0]).toMatchObject({ userName: 'tech_a', before: { status: 'running' }, after: { status: 'repairing' } });
    expect(await get<Row[]>('/api-list/log/page?start=2020-01-01&end=2020-01-31')).toEqual([]);
    const demo = await get<Row[]>(`/api-list/log/page?entity=workshop&recordId=${ids.w1}`, demoAdmin);
    expect(demo.filter((r) => (r.after as Row | null)?.workshopname === 'W1' && r.recordId === String(ids.w1))).toEqual(
      [],
    );
  });
});

describe('boards', () => {
  it('a board link shows its workshop only, without a session, until it is revoked; a forged tenant fails', async () => {
    const board = (await (
      await t.call('POST', '/api-list/board/save', admin, { kind: 'repair', name: 'W1', workshopId: ids.w1 })
    ).json()) as Json<Row>;
    expect(board.rtnCode).toBe(200);
    const token = String(board.data.token);
    const view = (await (await t.call('GET', `/api-anon/board/${token}`, null)).json()) as Json<{
      orders: Row[];
      board: Row;
    }>;
    expect(view.rtnCode).toBe(200);
    expect(view.data.orders.map((o) => o.code).sort()).toEqual(['O5', 'O7']);
    expect(view.data.board).not.toHaveProperty('token');
    const wall = (await (
      await t.call('POST', '/api-list/board/save', admin, { kind: 'equipment', name: 'All' })
    ).json()) as Json<Row>;
    const machines = (await (await t.call('GET', `/api-anon/board/${wall.data.token}`, null)).json()) as Json<{
      machines: Row[];
    }>;
    expect(machines.data.machines.map((m) => m.code)).toEqual(['E1', 'E2', 'E3']);
    // The same random part under another tenant's id answers nothing.
    const forged = token.replace(/^\d+-/, '1-');
    expect((await t.call('GET', `/api-anon/board/${forged}`, null)).statusCode).toBe(404);
    const demoBoards = await get<Row[]>('/api-list/board/list', demoAdmin);
    expect(demoBoards.some((b) => b.token === token)).toBe(false);
    await t.call('POST', '/api-list/board/revoke', admin, { id: board.data.id });
    expect((await t.call('GET', `/api-anon/board/${token}`, null)).statusCode).toBe(404);
    const tech = await userWithCodes(t, tenantId, 'viewer', ['repair_admin:task:view']);
    expect((await t.call('POST', '/api-list/board/save', tech, { kind: 'repair', name: 'x' })).statusCode).toBe(403);
  });

  it("a TV's board socket hears its tenant's orders move, not another tenant's; an unknown or revoked link is closed", async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const open = (token: string) => new WebSocket(`ws://127.0.0.1:${port}/webSocket/board/${token}`);
    const closed = (socket: WebSocket) => new Promise<number>((resolve) => socket.once('close', (c) => resolve(c)));
    const board = await post<Row>('/api-list/board/save', { kind: 'repair', name: 'Live', workshopId: ids.w1 });
    const socket = open(String(board.token));
    const heard: Row[] = [];
    socket.on('message', (data) => heard.push(JSON.parse(String(data))));
    await expect.poll(() => heard[0]).toEqual({ type: 'hello' });

    const demoMachine = (await get<Row[]>('/api-manage/equipment/page?page=1&limit=1', demoAdmin))[0]!;
    await post('/api-manage/maintaintask/save', { equipmentId: demoMachine.id, phenomenon: '别家的故障' }, demoAdmin);
    const order = await post<Row>('/api-manage/maintaintask/save', { equipmentId: ids.m1, phenomenon: '看板实时' });
    await expect
      .poll(() => heard.filter((m) => m.type === 'record').map((m) => [m.entity, m.id]))
      .toEqual([['maintaintask', order.id]]);
    socket.close();

    expect(await closed(open(`${tenantId}-${'x'.repeat(24)}`))).toBe(4404);
    await post('/api-list/board/revoke', { id: board.id });
    expect(await closed(open(String(board.token)))).toBe(4404);
  });
});

describe('period helpers', () => {
  it('defaults to the last 30 days in the tenant zone and buckets days, weeks, months', () => {
    const p = periodOf({}, 'Asia/Shanghai', new Date('2026-03-10T17:00:00Z'));
    expect(p).toEqual({ start: '2026-02-10', end: '2026-03-11', timeZone: 'Asia/Shanghai' });
    expect(trendBuckets({ start: '2026-01-01', end: '2026-03-31', timeZone: 'UTC' })).toHaveLength(13);
    expect(trendBuckets({ start: '2026-01-15', end: '2026-12-31', timeZone: 'UTC' }).slice(0, 2)).toEqual([
      { start: '2026-01-15', end: '2026-01-31' },
      { start: '2026-02-01', end: '2026-02-28' },
    ]);
  });

  it('refuses a day that is no date as a bad date, naming the field', () => {
    for (const start of ['2026-02-30', '2026-13-45', '0000-00-00'])
      expect(() => periodOf({ start, end: '2026-03-01' }, 'UTC')).toThrow(
        expect.objectContaining({ kind: 'business', key: 'reports.errors.badDate', field: 'start' }),
      );
  });
});
