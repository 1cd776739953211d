/**
 * Data scope (数据权限): a member whose roles see part of the tenant's records reads exactly those, in the list, the
 * detail, the total and the export, on both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { P as REPAIR } from '../../domains/repair/permissions.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { withTenant } from '../tenancy/tenant-tx.js';
import { api, readXlsx, tenantOf, userWithCodes, waitForDownload } from './testkit.js';

let t: TestApp;
let admin: string;
let tenantId: number;
const MARK = 'DSCOPE';
const codes = [
  'equipment:ledger:view',
  'equipment:ledger:edit',
  'equipment:ledger:delete',
  'equipment:ledger:export',
  REPAIR.view,
];
/** The test's workshops, work groups and machines by their names. */
const id: Record<string, number> = {};
/** A member's token and user id by name. */
const member: Record<string, { token: string; userId: number; roleId: number }> = {};

async function memberWith(name: string, scope: string): Promise<void> {
  const token = await userWithCodes(t, tenantId, `ds_${name}`, codes);
  const { userId } = await tenantOf(t, token);
  const role = await withTenant(t.db, tenantId, null, (tx) =>
    tx.query<{ role_id: number }>('select role_id from user_roles where tenant_id = $1 and user_id = $2', [
      tenantId,
      userId,
    ]),
  );
  const roleId = Number(role.rows[0]!.role_id);
  // Through the engine, as a tenant administrator sets it on the roles page.
  await api(t, 'POST', '/api-user/role/update', admin, { id: roleId, name: `role_ds_${name}`, dataScope: scope });
  member[name] = { token, userId, roleId };
}

const sql = (text: string, params: unknown[] = []) =>
  withTenant(t.db, tenantId, null, (tx) => tx.query<{ id: number }>(text, [tenantId, ...params]));

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  tenantId = (await tenantOf(t, admin)).tenantId;
  // Organisations: Top > Below; workshop One belongs to Below, workshop Two to no organisation.
  id.top = (await sql(`insert into organizations(tenant_id, organization_name) values ($1, 'Top') returning id`))
    .rows[0]!.id;
  id.below = (
    await sql(
      `insert into organizations(tenant_id, parent_id, organization_name) values ($1, $2, 'Below') returning id`,
      [id.top],
    )
  ).rows[0]!.id;
  for (const [name, org] of [
    ['one', id.below],
    ['two', null],
  ] as const)
    id[name] = (
      await sql(
        `insert into workshops(tenant_id, workshopcode, workshopname, organizationid) values ($1, $2, $2, $3) returning id`,
        [`${MARK}-${name}`, org],
      )
    ).rows[0]!.id;
  for (const [name, shop] of [
    ['groupOne', id.one],
    ['groupTwo', id.two],
  ] as const)
    id[name] = (
      await sql(`insert into work_groups(tenant_id, code, name, workshop_id) values ($1, $2, $2, $3) returning id`, [
        `${MARK}-${name}`,
        shop,
      ])
    ).rows[0]!.id;

  await memberWith('everything', 'all');
  await memberWith('organization', 'organization');
  await memberWith('workshop', 'workshop');
  await memberWith('group', 'workgroup');
  await memberWith('own', 'own');
  await memberWith('two', 'own');
  await sql('update users set organization_id = $2 where tenant_id = $1 and id = $3', [
    id.top,
    member.organization!.userId,
  ]);
  for (const [who, group] of [
    ['workshop', id.groupOne],
    ['group', id.groupOne],
    ['two', id.groupTwo],
  ] as const)
    await sql('insert into work_group_members(tenant_id, workgroup_id, user_id) values ($1, $2, $3)', [
      group,
      member[who]!.userId,
    ]);
  // Member "two" has a second role, of workshop scope: it sees what either role sees.
  const second = await sql(
    `insert into roles(tenant_id, name, data_scope) values ($1, 'ds second', 'workshop') returning id`,
  );
  await sql('insert into user_roles(tenant_id, user_id, role_id) values ($1, $2, $3)', [
    member.two!.userId,
    second.rows[0]!.id,
  ]);

  const machine = async (name: string, body: Record<string, unknown>) => {
    id[name] = (
      await api<{ id: number }>(t, 'POST', '/api-manage/equipment/save', admin, {
        code: `${MARK}-${name}`,
        name: `${MARK} ${name}`,
        ...body,
      })
    ).data.id;
  };
  await machine('m1', { workshopId: id.one });
  await machine('m2', { workshopId: id.two });
  await machine('m3', { workshopId: id.one, responsibleId: member.own!.userId });
  await machine('m4', { responsibleId: member.two!.userId });
  await machine('m5', {});
  // Repair orders on m1 (dispatched to group one) and m2.
  await withTenant(t.db, tenantId, null, (tx) =>
    tx.query(`update act_flows set state = 0 where tenant_id = $1`, [tenantId]),
  );
  for (const m of ['m1', 'm2'])
    id[`order_${m}`] = (
      await api<{ id: number }>(t, 'POST', '/api-manage/maintaintask/save', admin, {
        equipmentId: id[m],
        phenomenon: `${MARK} ${m}`,
        urgency: 'high',
      })
    ).data.id;
  await sql('update repair_orders set workgroup_id = $2 where tenant_id = $1 and id = $3', [id.groupOne, id.order_m1]);
}, 120_000);
afterAll(async () => t?.close());

const machinesSeenBy = async (token: string) =>
  (await api<{ code: string }[]>(t, 'GET', `/api-manage/equipment/page?page=1&limit=50&code=${MARK}`, token)).data
    .map((r) => r.code.replace(`${MARK}-`, ''))
    .sort();
const ordersSeenBy = async (token: string) =>
  (
    await api<{ id: number }[]>(t, 'GET', `/api-manage/maintaintask/page?page=1&limit=50&phenomenon=${MARK}`, token)
  ).data
    .map((r) =>
      Object.keys(id)
        .find((k) => k.startsWith('order_') && id[k] === Number(r.id))!
        .replace('order_', ''),
    )
    .sort();

describe('a role of limited data scope', () => {
  const expected: Record<string, { machines: string[]; orders: string[] }> = {
    everything: { machines: ['m1', 'm2', 'm3', 'm4', 'm5'], orders: ['m1', 'm2'] },
    // Workshop one belongs to an organisation below the member's.
    organization: { machines: ['m1', 'm3'], orders: ['m1'] },
    // The workshop of the member's work group.
    workshop: { machines: ['m1', 'm3'], orders: ['m1'] },
    // Machines have no work group: the next wider dimension, the workshop, keeps them; orders by their group.
    group: { machines: ['m1', 'm3'], orders: ['m1'] },
    // The machines the member is responsible for; no order is the member's own.
    own: { machines: ['m3'], orders: [] },
    // Own records, or those of workshop two (the second role's scope, through work group two).
    two: { machines: ['m2', 'm4'], orders: ['m2'] },
  };

  it('lists exactly the records of its scope, with the total to match', async () => {
    for (const [who, want] of Object.entries(expected)) {
      expect({ who, machines: await machinesSeenBy(member[who]!.token) }).toEqual({ who, machines: want.machines });
      expect({ who, orders: await ordersSeenBy(member[who]!.token) }).toEqual({ who, orders: want.orders });
      const page = await api(t, 'GET', `/api-manage/equipment/page?page=1&limit=1&code=${MARK}`, member[who]!.token);
      expect({ who, count: page.count }).toEqual({ who, count: want.machines.length });
    }
    expect(await machinesSeenBy(admin)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
  });

  it('opens a record of its scope and not one outside it', async () => {
    const { token } = member.own!;
    expect((await api<{ code: string }>(t, 'GET', `/api-manage/equipment/get?id=${id.m3}`, token)).data.code).toBe(
      `${MARK}-m3`,
    );
    const outside = await t.call('GET', `/api-manage/equipment/get?id=${id.m1}`, token);
    expect(outside.statusCode).toBe(404);
    expect(outside.body).not.toContain(`${MARK}-m1`);
  });

  it('changes and deletes a record of its scope and not one outside it', async () => {
    const { token } = member.own!;
    const changed = await api<{ model: string }>(t, 'POST', '/api-manage/equipment/update', token, {
      id: id.m3,
      model: 'X-3',
    });
    expect(changed.data.model).toBe('X-3');
    const outside = await t.call('POST', '/api-manage/equipment/update', token, { id: id.m1, model: 'X-1' });
    expect(outside.statusCode).toBe(404);
    const del = await t.call('POST', '/api-manage/equipment/del', token, { ids: [id.m3, id.m1] });
    expect(del.statusCode).toBe(404);
    const m1 = await api<{ model: string | null }>(t, 'GET', `/api-manage/equipment/get?id=${id.m1}`, admin);
    expect(m1.data.model ?? null).toBe(null);
    expect(await machinesSeenBy(admin)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
  });

  it('exports exactly the records of its scope', async () => {
    const { token } = member.workshop!;
    const queued = await api<{ id: number }>(t, 'POST', `/api-manage/equipment/exportexcel?code=${MARK}`, token, {});
    const rows = await readXlsx(await waitForDownload(t, token, queued.data.id));
    const cells = rows.flat().map(String);
    expect(cells.filter((c) => c.startsWith(`${MARK}-m`)).sort()).toEqual([`${MARK}-m1`, `${MARK}-m3`]);
  });

  it('sees everything again once its role is of scope all, at once', async () => {
    const { token, roleId } = member.own!;
    await api(t, 'POST', '/api-user/role/update', admin, { id: roleId, name: 'role_ds_own', dataScope: 'all' });
    expect(await machinesSeenBy(token)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    await api(t, 'POST', '/api-user/role/update', admin, { id: roleId, name: 'role_ds_own', dataScope: 'own' });
    expect(await machinesSeenBy(token)).toEqual(['m3']);
  });

  it('refuses a scope that does not exist, naming the field', async () => {
    const r = await t.call(
      'POST',
      '/api-user/role/update',
      admin,
      { id: member.own!.roleId, name: 'role_ds_own', dataScope: 'everyone' },
      { lang: 'en' },
    );
    const body = r.json();
    expect(body.rtnCode).not.toBe(200);
    expect(body.msg).toContain('Data scope');
  });
});
