/** The machines of a work group (GET /api-manage/equipment/querybyworkgroup): its lines' machines, paged, scoped. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, tenantOf, userWithCodes } from '../../platform/resources/testkit.js';
import { withTenant } from '../../platform/tenancy/tenant-tx.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let admin: string;
let tenantId: number;
let own: { token: string; userId: number };
const MARK = 'QBWG';
const id: Record<string, number> = {};

const sql = (text: string, params: unknown[] = []) =>
  withTenant(t.db, tenantId, null, (tx) => tx.query<{ id: number }>(text, [tenantId, ...params]));
const insert = async (text: string, params: unknown[]) => Number((await sql(text, params)).rows[0]!.id);
const url = (q: string) => `/api-manage/equipment/querybyworkgroup?${q}`;
const codesOn = async (q: string, token = admin) => {
  const r = await api<{ code: string }[]>(t, 'GET', url(q), token);
  return { codes: r.data.map((e) => e.code.replace(`${MARK}-`, '')), count: r.count };
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  tenantId = (await tenantOf(t, admin)).tenantId;
  const shop = await insert(
    `insert into workshops(tenant_id, workshopcode, workshopname) values ($1, $2, $2) returning id`,
    [MARK],
  );
  for (const line of ['l1', 'l2', 'l3'])
    id[line] = await insert(
      `insert into lines(tenant_id, linecode, linename, workshopid) values ($1, $2, $2, $3) returning id`,
      [`${MARK}-${line}`, shop],
    );
  for (const g of ['g1', 'g2', 'empty'])
    id[g] = await insert(`insert into work_groups(tenant_id, code, name) values ($1, $2, $2) returning id`, [
      `${MARK}-${g}`,
    ]);
  for (const [g, line] of [
    ['g1', 'l1'],
    ['g1', 'l2'],
    ['g2', 'l3'],
  ] as const)
    await sql('insert into work_group_lines(tenant_id, workgroup_id, line_id) values ($1, $2, $3)', [id[g], id[line]]);
  const token = await userWithCodes(t, tenantId, 'qbwg_own', ['equipment:ledger:view']);
  own = { token, userId: (await tenantOf(t, token)).userId };
  await sql(
    `update roles set data_scope = 'own' where tenant_id = $1 and id in (select role_id from user_roles where tenant_id = $1 and user_id = $2)`,
    [own.userId],
  );
  const machine = async (name: string, line: string, body: Record<string, unknown> = {}) => {
    const r = await api<{ id: number }>(t, 'POST', '/api-manage/equipment/save', admin, {
      code: `${MARK}-${name}`,
      name: `${MARK} ${name}`,
      workshopId: shop,
      lineId: id[line],
      ...body,
    });
    id[name] = r.data.id;
  };
  await machine('m1', 'l1');
  await machine('m2', 'l2', { responsibleId: own.userId });
  await machine('m3', 'l2');
  await machine('m4', 'l3');
  await api(t, 'POST', '/api-manage/equipment/del', admin, { ids: [id.m3] });
  await machine('m5', 'l1');
}, 120_000);
afterAll(async () => t?.close());

describe('the machines of a work group', () => {
  it("lists the live machines on the group's lines, paged with the total, with the list's filters", async () => {
    expect(await codesOn(`workgroupId=${id.g1}&page=1&limit=10&sort=code&order=asc`)).toEqual({
      codes: ['m1', 'm2', 'm5'],
      count: 3,
    });
    expect(await codesOn(`workgroupId=${id.g1}&page=2&limit=2&sort=code&order=asc`)).toEqual({
      codes: ['m5'],
      count: 3,
    });
    expect(await codesOn(`workgroupId=${id.g1}&page=1&limit=10&code=${MARK}-m2`)).toEqual({ codes: ['m2'], count: 1 });
    expect(await codesOn(`workgroupId=${id.g2}&page=1&limit=10`)).toEqual({ codes: ['m4'], count: 1 });
    expect(await codesOn(`workgroupId=${id.empty}&page=1&limit=10`)).toEqual({ codes: [], count: 0 });
  });

  it("keeps to the member's data scope", async () => {
    expect(await codesOn(`workgroupId=${id.g1}&page=1&limit=10`, own.token)).toEqual({ codes: ['m2'], count: 1 });
    expect(await codesOn(`workgroupId=${id.g2}&page=1&limit=10`, own.token)).toEqual({ codes: [], count: 0 });
  });

  it('names the field of an unknown or missing work group, in the reader language', async () => {
    const r = await t.call('GET', url('workgroupId=999999999&page=1&limit=10'), admin, undefined, { lang: 'en' });
    expect(r.json()).toMatchObject({
      rtnCode: 201,
      field: 'workgroupId',
      msg: 'The work group 999999999 was not found',
    });
    const missing = await t.call('GET', url('page=1&limit=10'), admin);
    expect(missing.statusCode).toBe(400);
    expect((await t.call('GET', url(`workgroupId=${id.g1}&page=1&limit=10`), null)).statusCode).toBe(401);
  });
});
