import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TenantTx, withTenant } from '../../platform/tenancy/tenant-tx.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { memberWithCodes, okCall, secondTenant } from '../org/testkit.js';

/*
 * The group page's figures (GET /api-user/group/getGroupData). Companies made by the operator: the lead "glead"
 * with members "gm1" and "gm2"; "olead" leads another group with "omem"; the demo company is in no group.
 *   gm1 works through the record routes today: 3 machines (one deleted), 4 repair orders (one cancelled, one
 *       finished) → 2 machines in service, 3 reported, 2 open, 1 repair.
 *   gm2 has a hand-made March 2026 (Asia/Shanghai): machines E1 (running) and E2 (scrapped); orders O1 (stopping,
 *       checked: 90 min repair, 120 min down), O2 (finished: 30 min repair), O3 cancelled, O4 open; check tasks due
 *       03-03 done on time, 03-04 done late, 03-05 closed, 03-06 open past its deadline, 04-01 outside; spare
 *       stock 10 × 2.5 + 3 × 1.3333.
 */

type Row = Record<string, unknown>;
interface GroupData {
  period: { start: string; end: string; timeZone: string };
  companies: (Row & { id: number; code: string })[];
  total: Row;
}

let t: TestApp;
let root: string;
let demoAdmin: string;
let lead: { companyId: number; token: string };
let gm1: { companyId: number; token: string };
let gm2: { companyId: number; token: string };
let olead: { companyId: number; token: string };
let omem: { companyId: number; token: string };

const URL = '/api-user/group/getGroupData';
const MARCH = 'start=2026-03-01&end=2026-03-31';
const group = async (token: string, query = '') => (await okCall<GroupData>(t, 'GET', `${URL}?${query}`, token)).data;
const rowOf = (d: GroupData, code: string) => d.companies.find((c) => c.code === code)!;
const post = async (token: string, url: string, body: Row) => (await okCall<Row>(t, 'POST', url, token, body)).data;

async function march(tx: TenantTx) {
  const ins = async (table: string, values: Row) => Number((await tx.insert<{ id: number }>(table, values, 'id')).id);
  const e1 = await ins('equipment', { code: 'E1', name: 'M1', status: 'running' });
  await ins('equipment', { code: 'E2', name: 'M2', status: 'scrapped' });
  const order = (code: string, v: Row) => ins('repair_orders', { code, phenomenon: 'x', equipment_id: e1, ...v });
  await order('O1', {
    stopped: true,
    state: 'checked',
    reported_at: '2026-03-02T01:00:00Z',
    finished_at: '2026-03-02T03:00:00Z',
    repair_minutes: 90,
    downtime_minutes: 120,
  });
  await order('O2', {
    state: 'finished',
    reported_at: '2026-03-05T02:00:00Z',
    finished_at: '2026-03-05T02:30:00Z',
    repair_minutes: 30,
    downtime_minutes: 0,
  });
  await order('O3', { state: 'cancelled', reported_at: '2026-03-06T02:00:00Z' });
  await order('O4', { state: 'repairing', reported_at: '2026-03-20T02:00:00Z' });
  const task = (due: string, v: Row) =>
    ins('check_tasks', { kind: 1, equipment_id: e1, due_at: due, deadline: due.replace('T00', 'T10'), ...v });
  await task('2026-03-03T00:00:00Z', { state: 'done', late: false, finished_at: '2026-03-03T05:00:00Z' });
  await task('2026-03-04T00:00:00Z', { state: 'done', late: true, finished_at: '2026-03-04T12:00:00Z' });
  await task('2026-03-05T00:00:00Z', { state: 'closed' });
  await task('2026-03-06T00:00:00Z', { state: 'pending' });
  await task('2026-04-01T00:00:00Z', { state: 'pending' });
  const store = await ins('warehouses', { code: 'W1', name: 'Store' });
  const p1 = await ins('spare_parts', { code: 'P1', name: 'Bearing' });
  const p2 = await ins('spare_parts', { code: 'P2', name: 'Belt' });
  await ins('spare_stocks', { spare_part_id: p1, warehouse_id: store, on_hand: '10', avg_cost: '2.5' });
  await ins('spare_stocks', { spare_part_id: p2, warehouse_id: store, on_hand: '3', avg_cost: '1.3333' });
}

/** gm1's day through the record routes, as its administrator works. */
async function workInGm1() {
  const tk = gm1.token;
  const cat = await post(tk, '/api-manage/equipmentcategory/save', { code: 'C1', name: 'Lathes' });
  const reason = await post(tk, '/api-manage/equipmentcategory/faultreason/save', {
    categoryId: cat.id,
    code: 'R1',
    name: 'Bearing',
  });
  const machines: Row[] = [];
  for (const code of ['G1', 'G2', 'G3'])
    machines.push(await post(tk, '/api-manage/equipment/save', { code, name: `Lathe ${code}`, categoryId: cat.id }));
  await post(tk, '/api-manage/equipment/del', { ids: [machines[2]!.id] });
  const report = (m: Row, extra: Row = {}) =>
    post(tk, '/api-manage/maintaintask/save', { equipmentId: m.id, phenomenon: 'noise', ...extra });
  const o1 = await report(machines[0]!, { stopped: true });
  await report(machines[1]!);
  await report(machines[0]!);
  const o4 = await report(machines[1]!);
  await post(tk, '/api-manage/maintaintask/cancel', { id: o4.id, comment: 'reported twice' });
  await post(tk, '/api-manage/maintaintask/accept', { id: o1.id });
  await post(tk, '/api-manage/maintaintask/start', { id: o1.id });
  await post(tk, '/api-manage/maintaintask/finish', { id: o1.id, faultReasonId: reason.id });
}

beforeAll(async () => {
  t = await createTestApp();
  root = await t.login('root');
  demoAdmin = await t.login('admin');
  lead = await secondTenant(t, root, 'glead');
  gm1 = await secondTenant(t, root, 'gm1');
  gm2 = await secondTenant(t, root, 'gm2');
  olead = await secondTenant(t, root, 'olead');
  omem = await secondTenant(t, root, 'omem');
  await okCall(t, 'POST', '/api-user/company/addSysAssoce', root, {
    groupId: lead.companyId,
    companyIds: [gm1.companyId, gm2.companyId],
  });
  await okCall(t, 'POST', '/api-user/company/addSysAssoce', root, {
    groupId: olead.companyId,
    companyIds: [omem.companyId],
  });
  await workInGm1();
  await withTenant(t.db, gm2.companyId, null, march);
  // Work in the other group, which must never reach glead's page.
  await post(omem.token, '/api-manage/equipment/save', { code: 'X1', name: 'Press' });
});
afterAll(() => t?.close());

describe("a group company's page", () => {
  it("shows the lead and exactly its members, the lead first, with gm1's work of today", async () => {
    const d = await group(lead.token);
    expect(d.companies.map((c) => c.id)).toEqual([lead.companyId, gm1.companyId, gm2.companyId]);
    expect(d.companies.map((c) => [c.lead, c.stopped])).toEqual([
      [true, false],
      [false, false],
      [false, false],
    ]);
    // This month up to today in the lead's zone.
    expect(d.period.timeZone).toBe('Asia/Shanghai');
    expect(d.period.start).toBe(`${d.period.end.slice(0, 8)}01`);
    expect(rowOf(d, 'gm1')).toMatchObject({
      name: 'Company gm1',
      equipment: 2,
      reported: 3,
      open: 2,
      repairs: 1,
      checksDue: 0,
      onTimeRate: null,
      stockValue: '0.00',
    });
    expect(rowOf(d, 'glead')).toMatchObject({ equipment: 0, reported: 0, open: 0, repairs: 0, mttr: null });
    // gm2's orders are of March: only its open order and its machine in service count this month.
    expect(rowOf(d, 'gm2')).toMatchObject({ equipment: 1, reported: 0, open: 1, repairs: 0, stockValue: '29.00' });
    expect(d.total).toMatchObject({
      companies: 3,
      equipment: 3,
      reported: 3,
      open: 3,
      repairs: 1,
      stockValue: '29.00',
    });
  });

  it("agrees with each member's own reports for the same days", async () => {
    const d = await group(lead.token, MARCH);
    expect(d.period).toEqual({ start: '2026-03-01', end: '2026-03-31', timeZone: 'Asia/Shanghai' });
    const row = rowOf(d, 'gm2');
    expect(row).toMatchObject({
      equipment: 1,
      reported: 3,
      open: 1,
      repairs: 2,
      downtimeHours: '2.00',
      mttr: '1.00',
      checksDue: 4,
      checksOnTime: 1,
      checksMissed: 2,
      onTimeRate: '25.00',
      stockValue: '29.00',
    });
    const mt = (await okCall<{ total: Row }>(t, 'GET', `/api-list/report/mtchart?${MARCH}`, gm2.token)).data.total;
    expect({ reported: row.reported, repairs: row.repairs, mttr: row.mttr }).toEqual({
      reported: mt.failures,
      repairs: mt.repairs,
      mttr: mt.mttr,
    });
    const checks = (
      await okCall<Row[]>(t, 'GET', '/api-list/checksummary?from=2026-03-01&to=2026-03-31&groupBy=month', gm2.token)
    ).data;
    expect(checks).toMatchObject([{ total: 4, onTime: 1, missed: 2 }]);
    const stock = await okCall<Row[]>(t, 'GET', '/api-manage/spareparts/stock/page?page=1&limit=10', gm2.token);
    expect(stock.data.map((s) => s.stockValue).sort()).toEqual(['25.00', '4.00']);

    const today = (await group(lead.token)).period;
    const gm1Report = (
      await okCall<{ total: Row }>(
        t,
        'GET',
        `/api-list/report/mtchart?start=${today.start}&end=${today.end}`,
        gm1.token,
      )
    ).data.total;
    const gm1Row = rowOf(await group(lead.token), 'gm1');
    expect([gm1Row.reported, gm1Row.repairs, gm1Row.mttr]).toEqual([
      gm1Report.failures,
      gm1Report.repairs,
      gm1Report.mttr,
    ]);

    // Totals: the same formulas over the group's sums.
    expect(d.total).toMatchObject({ reported: 3, repairs: 2, mttr: '1.00', checksDue: 4, onTimeRate: '25.00' });
  });

  it('is refused, translated, to a member company and to a company in no group', async () => {
    for (const token of [gm1.token, omem.token, demoAdmin]) {
      const r = await t.call('GET', URL, token, undefined, { lang: 'en' });
      expect(r.statusCode).toBe(403);
      expect(r.json().error_description).toBe(
        "Your company does not lead a group: only a group company sees its member companies' figures",
      );
    }
    const zh = await t.call('GET', URL, gm1.token);
    expect(zh.json().error_description).toContain('集团');
  });

  it('shows another group only its own companies', async () => {
    const d = await group(olead.token);
    expect(d.companies.map((c) => c.code)).toEqual(['olead', 'omem']);
    expect(rowOf(d, 'omem')).toMatchObject({ equipment: 1 });
    expect(d.companies.map((c) => c.id)).not.toContain(gm1.companyId);
  });

  it("refuses a lead's user without the company manager's code with 403", async () => {
    const clerk = await memberWithCodes(t, lead.token, 'glead-clerk', ['workboard:view']);
    const r = await t.call('GET', URL, clerk.token, undefined, { lang: 'en' });
    expect(r.statusCode).toBe(403);
    expect(r.json().error_description).toContain('back:company:manage');
  });

  it('refuses a malformed period with 400 and an impossible one with a business error', async () => {
    expect((await t.call('GET', `${URL}?start=March`, lead.token)).statusCode).toBe(400);
    const backwards = await t.call('GET', `${URL}?start=2026-03-10&end=2026-03-01`, lead.token);
    expect(backwards.json()).toMatchObject({ rtnCode: 201, field: 'end' });
    const noDay = await t.call('GET', `${URL}?start=2026-13-45&end=2026-13-46`, lead.token);
    expect(noDay.json()).toMatchObject({ rtnCode: 201, field: 'start' });
  });

  it('tells the web which company leads a group', async () => {
    const flag = async (token: string) =>
      (await okCall<{ company: { groupLead: boolean } }>(t, 'GET', '/api-user/users/current', token)).data.company
        .groupLead;
    expect([await flag(lead.token), await flag(gm1.token), await flag(demoAdmin)]).toEqual([true, false, false]);
  });

  it('keeps a stopped member in the list, marked stopped', async () => {
    await okCall(t, 'POST', '/api-user/company/switch', root, { id: gm2.companyId, state: 0 });
    const d = await group(lead.token, MARCH);
    expect(rowOf(d, 'gm2')).toMatchObject({ stopped: true, reported: 3 });
    expect(d.total).toMatchObject({ companies: 3 });
  });
});
