import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readXlsx, tenantOf, userWithCodes, waitForDownload } from '../../platform/resources/testkit.js';
import { withTenant } from '../../platform/tenancy/tenant-tx.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { P as R } from '../repair/permissions.js';
import { P } from './resources.js';

type Row = Record<string, unknown>;
interface Json<T = unknown> {
  rtnCode: number;
  msg: string;
  field?: string;
  data: T;
}

let t: TestApp;
let admin: string;
let tenantId: number;
let tech: string;
let techId: number;
let outsiderId: number;
let groupId: number;
let machine: Row;
let reason: Row;

const call = async (url: string, body: unknown, who = admin) =>
  (await (await t.call('POST', url, who, body, { lang: 'en' })).json()) as Json<Row>;
const ok = async (url: string, body: unknown, who = admin) => {
  const r = await call(url, body, who);
  expect(r.rtnCode, `${url}: ${r.msg}`).toBe(200);
  return r.data;
};
const get = async <T = Row>(url: string, who = admin) =>
  ((await (await t.call('GET', url, who)).json()) as Json<T>).data;
const today = () => new Date().toISOString().slice(0, 10);
const ledgerOf = (userId: number) =>
  get<Row[]>(`/api-manage/integralledger/page?page=1&limit=50&userId=${userId}`).then((rows) => rows ?? []);

/** A repair order of the given urgency, repaired by `who` and signed off. */
async function repairAndClose(who: string, whoId: number, urgency: string) {
  const order = await ok('/api-manage/maintaintask/save', { equipmentId: machine.id, phenomenon: '异响', urgency });
  await ok('/api-manage/maintaintask/dispatch', { id: order.id, assigneeId: whoId });
  await ok('/api-manage/maintaintask/accept', { id: order.id }, who);
  await ok('/api-manage/maintaintask/start', { id: order.id }, who);
  await ok('/api-manage/maintaintask/finish', { id: order.id, faultReasonId: reason.id }, who);
  return ok('/api-manage/maintaintask/check', { id: order.id });
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  tenantId = (await tenantOf(t, admin)).tenantId;
  await withTenant(t.db, tenantId, null, (tx) =>
    tx.query('update act_flows set state = 0 where tenant_id = $1', [tenantId]),
  );
  machine = (await get<Row[]>('/api-manage/equipment/page?page=1&limit=1'))[0]!;
  reason = (await get<Row[]>('/api-manage/equipmentcategory/faultreason/all'))[0]!;
  tech = await userWithCodes(t, tenantId, 'points_tech', [R.view, R.execute]);
  techId = (await tenantOf(t, tech)).userId;
  outsiderId = (await tenantOf(t, await userWithCodes(t, tenantId, 'points_out', [R.view, R.execute]))).userId;
  groupId = Number((await ok('/api-user/workgroup/save', { code: 'PTG1', name: '积分班' })).id);
  await ok('/api-user/workgroupmember/save', { workgroupId: groupId, userId: techId });
});
afterAll(async () => t?.close());

describe('points for work', () => {
  it('come with the demo factory: a model with rules, a set per work group and adjustments in the ledger', async () => {
    const models = await get<Row[]>('/api-manage/IntegralModel/all?code=JF01');
    expect(((models[0]?.rules as Row[]) ?? []).length).toBeGreaterThanOrEqual(5);
    const sets = await get<Row[]>(`/api-manage/IntegralSet/page?page=1&limit=50&modelId=${models[0]!.id}`);
    expect(sets.length).toBeGreaterThanOrEqual(1);
    const manual = await get<Row[]>('/api-manage/integralledger/page?page=1&limit=10&reason=manual');
    expect(manual.length).toBeGreaterThanOrEqual(2);
  });

  it('writes the points of a signed-off repair order to the ledger, by urgency and timing, for the set of the group', async () => {
    const model = await ok('/api-manage/IntegralModel/save', { code: 'PM1', name: '维修积分' });
    for (const rule of [
      { event: 'repairClosed', urgency: 'high', timing: 'onTime', points: 10 },
      { event: 'repairClosed', timing: 'any', points: 2 },
      { event: 'repairClosed', timing: 'late', points: -5 },
    ])
      await ok('/api-manage/IntegralModel/rule/save', { modelId: model.id, ...rule });
    await ok('/api-manage/IntegralSet/save', {
      name: '本月维修积分',
      modelId: model.id,
      workgroupId: groupId,
      startDate: today(),
      endDate: '2099-12-31',
    });

    const order = await repairAndClose(tech, techId, 'high');
    const rows = await ledgerOf(techId);
    expect(rows.map((r) => r.points).sort()).toEqual([10, 2]);
    expect(rows.every((r) => r.recordNo === order.code && r.reason === 'repairClosed')).toBe(true);
    expect(rows[0]).toMatchObject({ workgroupId: groupId, workgroupName: '积分班' });

    await repairAndClose(tech, techId, 'normal');
    expect((await ledgerOf(techId)).length).toBe(3);
    // Someone outside every group with a set earns nothing.
    const outsider = await t.login('points_out', 'Nobody12345');
    await repairAndClose(outsider, outsiderId, 'high');
    expect(await ledgerOf(outsiderId)).toEqual([]);
  });

  it('refuses a second active set of a group in the same period, and an end before the start', async () => {
    const model = await ok('/api-manage/IntegralModel/save', { code: 'PM2', name: '备用' });
    const overlap = await call('/api-manage/IntegralSet/save', {
      name: '重叠',
      modelId: model.id,
      workgroupId: groupId,
      startDate: today(),
      endDate: today(),
    });
    expect(overlap).toMatchObject({ rtnCode: 201, field: 'startDate' });
    expect(overlap.msg).toContain('本月维修积分');
    const reversed = await call('/api-manage/IntegralSet/save', {
      name: '倒置',
      modelId: model.id,
      workgroupId: groupId,
      startDate: '2030-02-01',
      endDate: '2030-01-01',
    });
    expect(reversed).toMatchObject({ rtnCode: 201, field: 'endDate' });
  });

  it('takes a manual adjustment only with a reason and the permission', async () => {
    const noReason = await t.call('POST', '/api-manage/integralledger/adjust', admin, {
      userId: techId,
      points: 5,
      comment: '  ',
    });
    expect(noReason.statusCode).toBe(400);
    expect(((await noReason.json()) as Json).field).toBe('comment');
    const zero = await t.call('POST', '/api-manage/integralledger/adjust', admin, {
      userId: techId,
      points: 0,
      comment: 'x',
    });
    expect(((await zero.json()) as Json).field).toBe('points');
    expect(
      (
        await t.call('POST', '/api-manage/integralledger/adjust', tech, {
          userId: techId,
          points: 50,
          comment: '自己加分',
        })
      ).statusCode,
    ).toBe(403);
    const made = await ok('/api-manage/integralledger/adjust', { userId: techId, points: -3, comment: '工具未归位' });
    expect(made).toMatchObject({ reason: 'manual', points: -3, comment: '工具未归位', workgroupId: groupId });
    // The ledger has no save or edit route of its own: entries are never changed.
    expect(
      (await t.call('POST', '/api-manage/integralledger/save', admin, { userId: techId, points: 9 })).statusCode,
    ).toBe(404);
  });

  it("ranks the month's points per person and per group", async () => {
    const month = new Date().toISOString().slice(0, 7);
    const people = await get<{ rows: Row[] }>(`/api-manage/integralledger/ranking?month=${month}&by=person`);
    const me = people.rows.find((r) => r.id === techId);
    expect(me).toMatchObject({ name: 'points_tech', points: 10 + 2 + 2 - 3, entries: 4 });
    expect(people.rows[0]!.rank).toBe(1);
    const groups = await get<{ rows: Row[] }>(
      `/api-manage/integralledger/ranking?month=${month}&by=group&workgroupId=${groupId}`,
    );
    expect(groups.rows).toEqual([{ id: groupId, name: '积分班', points: 11, entries: 4, rank: 1 }]);
    const bad = await t.call('GET', '/api-manage/integralledger/ranking?month=2026-13', admin);
    expect(((await bad.json()) as Json).field).toBe('month');
    const exp = await ok(`/api-manage/integralledger/exportexcel?userId=${techId}`, {});
    const [header, ...lines] = await readXlsx(await waitForDownload(t, admin, Number(exp.id)));
    expect(header).toContain('Points');
    expect(lines).toHaveLength(4);
    const viewer = await userWithCodes(t, tenantId, 'points_viewer', [P.ledgerView]);
    expect((await t.call('GET', '/api-manage/integralledger/ranking', viewer)).statusCode).toBe(200);
  });
});
