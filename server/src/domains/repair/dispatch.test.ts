import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secondTenant, tenantOf, userWithCodes } from '../../platform/resources/testkit.js';
import { withTenant } from '../../platform/tenancy/tenant-tx.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { P } from './permissions.js';

type Row = Record<string, unknown>;
interface Json<T = unknown> {
  rtnCode: number;
  msg: string;
  data: T;
}

let t: TestApp;
let admin: string;
let tenantId: number;
const ids: Record<string, number> = {};
let groupId: number;
let otherGroupId: number;

const ok = async (url: string, body: unknown, token = admin) => {
  const r = (await (await t.call('POST', url, token, body)).json()) as Json<Row>;
  expect(r.rtnCode, `${url}: ${r.msg}`).toBe(200);
  return r.data;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  tenantId = (await tenantOf(t, admin)).tenantId;
  for (const name of ['dsp_leader', 'dsp_member', 'dsp_member_off', 'dsp_other'])
    ids[name] = (await tenantOf(t, await userWithCodes(t, tenantId, name, [P.view, P.execute]))).userId;
  await withTenant(t.db, tenantId, null, async (tx) => {
    await tx.query("update companies set timezone = 'Asia/Shanghai' where id = $1", [tenantId]);
    // The order's group: a leader named on the group only, a member on shift now, one off shift.
    groupId = Number(
      (await tx.insert<{ id: number }>('work_groups', { code: 'DSP-A', name: '甲组', leader_id: ids.dsp_leader }, 'id'))
        .id,
    );
    otherGroupId = Number((await tx.insert<{ id: number }>('work_groups', { code: 'DSP-B', name: '乙组' }, 'id')).id);
    for (const [group, user] of [
      [groupId, ids.dsp_member],
      [groupId, ids.dsp_member_off],
      [otherGroupId, ids.dsp_other],
    ] as const)
      await tx.insert('work_group_members', { workgroup_id: group, user_id: user });
    // A shift around this moment for the member on shift and the other group's member (dated by its start).
    await tx.query(
      `with here as (select now() at time zone 'Asia/Shanghai' as at),
            s as (insert into shifts(tenant_id, code, name, start_time, end_time)
                  select $1, 'DSP-NOW', '当班', to_char(at - interval '1 hour', 'HH24:MI'),
                         to_char(at + interval '1 hour', 'HH24:MI') from here returning id)
       insert into member_shifts(tenant_id, user_id, work_date, shift_id, workgroup_id)
       select $1, u.id, (at - interval '1 hour')::date, s.id, u.g
         from here, s, unnest($2::bigint[], $3::bigint[]) as u(id, g)`,
      [tenantId, [ids.dsp_member, ids.dsp_other], [groupId, otherGroupId]],
    );
  });
});
afterAll(async () => t?.close());

async function anOrderOfTheGroup() {
  const machine = (
    (await (await t.call('GET', '/api-manage/equipment/page?page=1&limit=1', admin)).json()) as Json<Row[]>
  ).data[0]!;
  const order = await ok('/api-manage/maintaintask/save', { equipmentId: machine.id, phenomenon: '漏油' });
  const placed = await ok('/api-manage/maintaintask/dispatch', {
    id: order.id,
    assigneeId: ids.dsp_member,
    workgroupId: groupId,
  });
  expect(Number(placed.workgroupId)).toBe(groupId);
  return order;
}

describe('dispatching an order', () => {
  it("offers the order's work group first, its leader first and marked, then the others on shift", async () => {
    const order = await anOrderOfTheGroup();
    const r = (await (await t.call('GET', `/api-manage/maintaintask/assignees?id=${order.id}`, admin)).json()) as Json<
      Row[]
    >;
    expect(r.rtnCode).toBe(200);
    const [leader, member, off, ...others] = r.data;
    expect(leader).toMatchObject({ id: ids.dsp_leader, member: true, leader: true, shiftName: null });
    expect(leader!.workgroupName).toBe('甲组');
    expect(member).toMatchObject({ id: ids.dsp_member, member: true, leader: false, shiftName: '当班' });
    expect(off).toMatchObject({ id: ids.dsp_member_off, member: true, leader: false, shiftName: null });
    // The other group's member on shift comes after the group, not before; nobody else is a member.
    expect(others.find((o) => o.id === ids.dsp_other)).toMatchObject({ member: false, workgroupName: '乙组' });
    expect(others.every((o) => o.member === false && o.shiftName)).toBe(true);
  });

  it("keeps the order's work group when the dispatch leaves the group empty, and changes it when one is named", async () => {
    const order = await anOrderOfTheGroup();
    const omitted = await ok('/api-manage/maintaintask/dispatch', { id: order.id, assigneeId: ids.dsp_leader });
    expect(Number(omitted.workgroupId)).toBe(groupId);
    expect(Number(omitted.assigneeId)).toBe(ids.dsp_leader);
    const empty = await ok('/api-manage/maintaintask/dispatch', {
      id: order.id,
      assigneeId: ids.dsp_member,
      workgroupId: null,
    });
    expect(Number(empty.workgroupId)).toBe(groupId);
    const moved = await ok('/api-manage/maintaintask/dispatch', {
      id: order.id,
      assigneeId: ids.dsp_other,
      workgroupId: otherGroupId,
    });
    expect(Number(moved.workgroupId)).toBe(otherGroupId);
  });

  it('lists assignees only for who may dispatch, and only for an order of the tenant', async () => {
    const order = await anOrderOfTheGroup();
    const tech = await t.login('dsp_member', 'Nobody12345');
    expect((await t.call('GET', `/api-manage/maintaintask/assignees?id=${order.id}`, tech)).statusCode).toBe(403);
    expect((await t.call('GET', '/api-manage/maintaintask/assignees?id=987654321', admin)).statusCode).toBe(404);
    const other = await secondTenant(t, 'dspother');
    expect((await t.call('GET', `/api-manage/maintaintask/assignees?id=${order.id}`, other.token)).statusCode).toBe(
      404,
    );
    expect((await t.call('GET', '/api-manage/maintaintask/assignees?id=abc', admin)).statusCode).toBe(400);
  });
});
