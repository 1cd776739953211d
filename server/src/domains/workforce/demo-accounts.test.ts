/** The demo factory's team leader and technicians: they sign in with the admin's password and walk a repair. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantOf } from '../../platform/resources/testkit.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { DEMO_ACCOUNTS } from './demo-accounts.js';

type Row = Record<string, unknown>;
interface Json<T = Row> {
  rtnCode: number;
  msg: string;
  data: T;
}

let t: TestApp;
const post = (url: string, body: unknown, token: string) => t.call('POST', url, token, body);
const ok = async (url: string, body: unknown, token: string) => {
  const r = (await (await post(url, body, token)).json()) as Json;
  expect(r.rtnCode, `${url}: ${r.msg}`).toBe(200);
  return r.data;
};

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('the demo accounts', () => {
  it('are seeded with roles in 机加一班: the leader dispatches and approves, a technician takes and finishes, and may not dispatch', async () => {
    const admin = await t.login('admin');
    const leader = await t.login(DEMO_ACCOUNTS.teamLeader);
    const [tech, otherTech] = await Promise.all(DEMO_ACCOUNTS.technicians.map((u) => t.login(u)));
    const techId = (await tenantOf(t, tech!)).userId;
    const group = await t.db.query<{ name: string; role: string; username: string }>(
      `select g.name, m.role, u.username from work_group_members m
         join work_groups g on g.tenant_id = m.tenant_id and g.id = m.workgroup_id
         join users u on u.tenant_id = m.tenant_id and u.id = m.user_id
        where u.username = any($1::text[]) order by u.username`,
      [[DEMO_ACCOUNTS.teamLeader, ...DEMO_ACCOUNTS.technicians]],
    );
    expect(group.rows.map((r) => [r.username, r.name, r.role])).toEqual([
      ['demo_liqiang', '机加一班', 'member'],
      ['demo_wangfang', '机加一班', 'member'],
      ['demo_zhangwei', '机加一班', 'leader'],
    ]);

    const machine = (
      (await (await t.call('GET', '/api-manage/equipment/page?page=1&limit=1', admin)).json()) as Json<Row[]>
    ).data[0]!;
    const reason = (
      (await (await t.call('GET', '/api-manage/equipmentcategory/faultreason/all', admin)).json()) as Json<Row[]>
    ).data[0]!;
    const order = await ok(
      '/api-manage/maintaintask/save',
      { equipmentId: machine.id, phenomenon: '主轴异响', urgency: 'high' },
      admin,
    );
    // A technician may not dispatch; the team leader does.
    expect(
      (await post('/api-manage/maintaintask/dispatch', { id: order.id, assigneeId: techId }, otherTech!)).statusCode,
    ).toBe(403);
    expect((await ok('/api-manage/maintaintask/dispatch', { id: order.id, assigneeId: techId }, leader)).state).toBe(
      'dispatched',
    );
    await ok('/api-manage/maintaintask/accept', { id: order.id }, tech!);
    await ok('/api-manage/maintaintask/start', { id: order.id }, tech!);
    const finished = await ok('/api-manage/maintaintask/finish', { id: order.id, faultReasonId: reason.id }, tech!);
    expect(finished.state).toBe('finished');
    // The demo's repair approval: the technician's group leader, then the administrator.
    const waiting = async (token: string) =>
      ((await (await t.call('GET', '/api-flow/approval/mine?page=1&limit=50', token)).json()) as Json<Row[]>).data.find(
        (a) => a.recordId === order.id,
      );
    const forLeader = await waiting(leader);
    expect(forLeader).toBeTruthy();
    await ok('/api-flow/approval/approve', { id: forLeader!.id }, leader);
    const forAdmin = await waiting(admin);
    expect((await ok('/api-flow/approval/approve', { id: forAdmin!.id }, admin)).state).toBe('checked');
  });
});
