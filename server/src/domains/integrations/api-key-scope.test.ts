/**
 * An API key's data scope: never wider than its creator's when made, and a request with the key sees exactly the
 * records both the key and its creator see (AND), in the list and its total, the detail, the export, a workflow
 * document's steps and actions, and writes; on both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, readXlsx, tenantOf, userWithCodes, waitForDownload } from '../../platform/resources/testkit.js';
import { withTenant } from '../../platform/tenancy/tenant-tx.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { P as REPAIR } from '../repair/permissions.js';
import { P } from './http.js';

let t: TestApp;
let admin: string;
let tenantId: number;
const MARK = 'KSCOPE';
const LEDGER = ['equipment:ledger:view', 'equipment:ledger:edit', 'equipment:ledger:export'];
const codes = [...LEDGER, REPAIR.view, REPAIR.assign, P.keyAdd];
const id: Record<string, number> = {};
const member: Record<string, { token: string; userId: number }> = {};

const sql = (text: string, params: unknown[] = []) =>
  withTenant(t.db, tenantId, null, (tx) => tx.query<{ id: number }>(text, [tenantId, ...params]));

async function memberWith(name: string, scope: string): Promise<void> {
  const token = await userWithCodes(t, tenantId, `ks_${name}`, codes);
  const { userId } = await tenantOf(t, token);
  await sql('update roles set data_scope = $2 where tenant_id = $1 and name = $3', [scope, `role_ks_${name}`]);
  member[name] = { token, userId };
}

const withKey = (secret: string, method: string, url: string, body?: unknown) =>
  t.call(method, url, null, body, { authorization: `ApiKey ${secret}`, lang: 'en' });

async function keyOf(creator: string, dataScope?: string) {
  const r = await t.call(
    'POST',
    '/api-integration/apiKeys/save',
    member[creator]!.token,
    { name: `${MARK} ${creator} ${dataScope}`, permissions: codes.filter((c) => c !== P.keyAdd), dataScope },
    { lang: 'en' },
  );
  return r.json() as {
    rtnCode: number;
    msg: string;
    field?: string;
    data: { key: { dataScope: string }; secret: string };
  };
}

const machinesOf = async (secret: string) => {
  const r = await withKey(secret, 'GET', `/api-manage/equipment/page?page=1&limit=50&code=${MARK}`);
  const body = r.json() as { data: { code: string }[]; count: number };
  const names = body.data.map((m) => m.code.replace(`${MARK}-`, '')).sort();
  expect(body.count).toBe(names.length);
  return names;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  tenantId = (await tenantOf(t, admin)).tenantId;
  // Organisation Top > Below; workshop One belongs to Below, workshop Two to none; group One works in One.
  id.top = (await sql(`insert into organizations(tenant_id, organization_name) values ($1, 'KS Top') returning id`))
    .rows[0]!.id;
  id.below = (
    await sql(
      `insert into organizations(tenant_id, parent_id, organization_name) values ($1, $2, 'KS Below') returning id`,
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
  id.group = (
    await sql(`insert into work_groups(tenant_id, code, name, workshop_id) values ($1, $2, $2, $3) returning id`, [
      `${MARK}-group`,
      id.one,
    ])
  ).rows[0]!.id;

  // "boss" sees everything and works in group One; "org" sees organisation Top and below.
  await memberWith('boss', 'all');
  await memberWith('org', 'organization');
  await sql('insert into work_group_members(tenant_id, workgroup_id, user_id) values ($1, $2, $3)', [
    id.group,
    member.boss!.userId,
  ]);
  await sql('update users set organization_id = $2 where tenant_id = $1 and id = $3', [id.top, member.org!.userId]);

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
  await machine('m3', { workshopId: id.one, responsibleId: member.org!.userId });
  await machine('m4', { workshopId: id.two, responsibleId: member.org!.userId });
  await machine('m5', {});
  await sql('update act_flows set state = 0 where tenant_id = $1');
  for (const m of ['m1', 'm2'])
    id[`order_${m}`] = (
      await api<{ id: number }>(t, 'POST', '/api-manage/maintaintask/save', admin, {
        equipmentId: id[m],
        phenomenon: `${MARK} ${m}`,
        urgency: 'high',
      })
    ).data.id;
}, 120_000);
afterAll(async () => t?.close());

describe('the data scope of an API key', () => {
  it('is refused wider than its creator’s, naming the field in the reader’s language', async () => {
    const wider = await keyOf('org', 'all');
    expect(wider.rtnCode).toBe(201);
    expect(wider.field).toBe('dataScope');
    expect(wider.msg).toBe('The data scope “All records” is wider than your own (“Own organisation and below”)');
    const unknown = await keyOf('boss', 'everyone');
    expect(unknown.field).toBe('dataScope');
    expect(unknown.msg).toBe('The data scope is not one of the offered choices');
    // Without one given, the key has its creator's widest scope.
    expect((await keyOf('org')).data.key.dataScope).toBe('organization');
    expect((await keyOf('boss')).data.key.dataScope).toBe('all');
  });

  it('lists exactly the rows of key and creator both, with the total to match', async () => {
    const all = (await keyOf('boss', 'all')).data.secret;
    expect(await machinesOf(all)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    // Boss's workshop is that of group One.
    const shop = (await keyOf('boss', 'workshop')).data.secret;
    expect(await machinesOf(shop)).toEqual(['m1', 'm3']);
    // Org's own machines are m3 and m4, but m4 is outside org's organisation: the key sees m3 only.
    const own = (await keyOf('org', 'own')).data.secret;
    expect(await machinesOf(own)).toEqual(['m3']);
    const orgWide = (await keyOf('org', 'organization')).data.secret;
    expect(await machinesOf(orgWide)).toEqual(['m1', 'm3']);
    // The person themselves is not narrowed by their keys.
    const mine = await api<{ code: string }[]>(
      t,
      'GET',
      `/api-manage/equipment/page?page=1&limit=50&code=${MARK}`,
      member.boss!.token,
    );
    expect(mine.data).toHaveLength(5);
  });

  it('opens and changes a record of its scope and not one outside it', async () => {
    const shop = (await keyOf('boss', 'workshop')).data.secret;
    expect((await withKey(shop, 'GET', `/api-manage/equipment/get?id=${id.m1}`)).json().data.code).toBe(`${MARK}-m1`);
    expect((await withKey(shop, 'GET', `/api-manage/equipment/get?id=${id.m2}`)).statusCode).toBe(404);
    const changed = await withKey(shop, 'POST', '/api-manage/equipment/update', { id: id.m1, model: 'K-1' });
    expect(changed.json().data.model).toBe('K-1');
    expect((await withKey(shop, 'POST', '/api-manage/equipment/update', { id: id.m2, model: 'K-2' })).statusCode).toBe(
      404,
    );
    const m2 = await api<{ model: string | null }>(t, 'GET', `/api-manage/equipment/get?id=${id.m2}`, admin);
    expect(m2.data.model ?? null).toBe(null);
  });

  it('reads the steps of a document of its scope and acts on none outside it', async () => {
    const shop = (await keyOf('boss', 'workshop')).data.secret;
    const orders = await withKey(shop, 'GET', `/api-manage/maintaintask/page?page=1&limit=50&phenomenon=${MARK}`);
    expect(orders.json().data.map((o: { id: number }) => Number(o.id))).toEqual([id.order_m1]);
    expect((await withKey(shop, 'GET', `/api-manage/maintaintask/steps?id=${id.order_m1}`)).statusCode).toBe(200);
    expect((await withKey(shop, 'GET', `/api-manage/maintaintask/steps?id=${id.order_m2}`)).statusCode).toBe(404);
    const outside = await withKey(shop, 'POST', '/api-manage/maintaintask/dispatch', {
      id: id.order_m2,
      assigneeId: member.boss!.userId,
    });
    expect(outside.statusCode).toBe(404);
    const inside = await withKey(shop, 'POST', '/api-manage/maintaintask/dispatch', {
      id: id.order_m1,
      assigneeId: member.boss!.userId,
    });
    expect(inside.json().data.state).toBe('dispatched');
  });

  it('exports exactly the rows of its scope', async () => {
    const own = (await keyOf('org', 'own')).data.secret;
    const queued = await withKey(own, 'POST', `/api-manage/equipment/exportexcel?code=${MARK}`, {});
    const file = await waitForDownload(t, member.org!.token, queued.json().data.id);
    const cells = (await readXlsx(file)).flat().map(String);
    expect(cells.filter((c) => c.startsWith(`${MARK}-m`)).sort()).toEqual([`${MARK}-m3`]);
  });
});
