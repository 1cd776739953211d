import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { MEMBER_PASSWORD, memberWithCodes, okCall, rootOrgId, secondTenant } from './testkit.js';

let t: TestApp;
let admin: string;
let rootOrg: number;

interface Node {
  id: number;
  organizationName: string;
  organizationCode: string | null;
  state: number;
  phone: string | null;
  ext1: string | null;
  children: Node[];
  users?: { id: number; peoplename: string; mobile: string | null }[];
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  rootOrg = await rootOrgId(t, admin);
});
afterAll(() => t?.close());

const insert = async (body: Record<string, unknown>) =>
  (await okCall<{ id: number }>(t, 'POST', '/api-user/organization/insert', admin, body)).data.id;
const tree = async (url = '/api-user/organization/getListByTree', token = admin) =>
  (await okCall<Node[]>(t, 'GET', url, token)).data;
const find = (nodes: Node[], id: number): Node | undefined => {
  for (const n of nodes) {
    if (n.id === id) return n;
    const hit = find(n.children, id);
    if (hit) return hit;
  }
  return undefined;
};

describe('organisations', () => {
  it('builds the tree with the node fields of the spec, ordered by sort', async () => {
    const plant = await insert({
      parentId: rootOrg,
      organizationName: 'Plant 1',
      organizationCode: 'P1',
      phone: '021-1234',
      ext1: 'north',
      sort: 2,
    });
    const plant0 = await insert({ parentId: rootOrg, organizationName: 'Plant 0', sort: 1 });
    const line = await insert({ parentId: plant, organizationName: 'Line A', organizationCode: 'P1-A' });
    const nodes = await tree();
    expect(nodes).toHaveLength(1);
    expect(nodes[0]!.children.map((c) => c.id)).toEqual([plant0, plant]);
    expect(find(nodes, plant)).toMatchObject({
      organizationName: 'Plant 1',
      organizationCode: 'P1',
      phone: '021-1234',
      ext1: 'north',
      state: 1,
    });
    expect(find(nodes, line)?.children).toEqual([]);

    await okCall(t, 'POST', '/api-user/organization/updatesort', admin, {
      list: [
        { id: plant, sort: 0 },
        { id: plant0, sort: 5 },
      ],
    });
    expect((await tree())[0]!.children.map((c) => c.id)).toEqual([plant, plant0]);
  });

  it('listtree leaves disabled organisations out; listContainPhone carries members with their mobile numbers', async () => {
    const closed = await insert({ parentId: rootOrg, organizationName: 'Closed', state: 0 });
    const open = await insert({ parentId: rootOrg, organizationName: 'Open' });
    await okCall(t, 'POST', '/api-user/users/save', admin, {
      peoplename: 'Wang',
      username: 'wang',
      organizationid: open,
      mobile: '13700000000',
      password: MEMBER_PASSWORD,
    });
    expect(find(await tree(), closed)).toBeDefined();
    expect(find(await tree('/api-user/organization/listtree'), closed)).toBeUndefined();
    const phones = await tree('/api-user/organization/listContainPhone');
    expect(find(phones, open)?.users).toEqual([expect.objectContaining({ peoplename: 'Wang', mobile: '13700000000' })]);
  });

  it('names the field of a broken rule: missing name, taken code, a parent below itself', async () => {
    const missing = await t.call('POST', '/api-user/organization/insert', admin, { parentId: rootOrg }, { lang: 'en' });
    // The engine's validation: a business error naming the field by its label.
    expect(missing.json()).toMatchObject({
      rtnCode: 201,
      field: 'organizationName',
      msg: 'Organisation name is required',
    });

    const a = await insert({ parentId: rootOrg, organizationName: 'A', organizationCode: 'DUP' });
    const taken = await t.call('POST', '/api-user/organization/insert', admin, {
      parentId: rootOrg,
      organizationName: 'B',
      organizationCode: 'DUP',
    });
    expect(taken.json()).toMatchObject({ rtnCode: 201, field: 'organizationCode', msg: '组织机构编码 DUP 已存在' });

    const child = await insert({ parentId: a, organizationName: 'A1' });
    const cycle = await t.call(
      'POST',
      '/api-user/organization/update',
      admin,
      { id: a, parentId: child },
      { lang: 'en' },
    );
    expect(cycle.json()).toMatchObject({ rtnCode: 201, field: 'parentId' });
    expect(cycle.json().msg).toContain('below itself');
    await okCall(t, 'POST', '/api-user/organization/update', admin, { id: a, organizationName: 'A renamed' });
    expect(find(await tree(), a)?.organizationName).toBe('A renamed');
  });

  it('refuses to delete an organisation with sub-organisations or members, then deletes an empty one', async () => {
    const parent = await insert({ parentId: rootOrg, organizationName: 'Parent' });
    const child = await insert({ parentId: parent, organizationName: 'Child' });
    const zh = await t.call('POST', '/api-user/organization/del', admin, { id: parent });
    expect(zh.json()).toMatchObject({ rtnCode: 201, msg: '该组织机构下还有 1 个下级机构，请先删除下级机构' });
    const en = await t.call('POST', '/api-user/organization/del', admin, { id: parent }, { lang: 'en' });
    expect(en.json().msg).toBe('This organisation still has sub-organisations (1); delete them first');

    const u = await okCall<{ id: number }>(t, 'POST', '/api-user/users/save', admin, {
      peoplename: 'Zhao',
      username: 'zhao',
      organizationid: child,
      password: MEMBER_PASSWORD,
    });
    const members = await t.call('POST', '/api-user/organization/del', admin, { id: child }, { lang: 'en' });
    expect(members.json()).toMatchObject({ rtnCode: 201 });
    expect(members.json().msg).toContain('members (1)');

    await okCall(t, 'POST', '/api-user/users/del', admin, { id: u.data.id });
    await okCall(t, 'POST', '/api-user/organization/del', admin, { id: child });
    await okCall(t, 'POST', '/api-user/organization/del', admin, { id: parent });
    expect(find(await tree(), parent)).toBeUndefined();
  });

  it('refuses a member without the permission code; anyone logged in may use the picker tree', async () => {
    const viewer = await memberWithCodes(t, admin, 'orgviewer', ['setUp:organize:view']);
    const r = await t.call('POST', '/api-user/organization/insert', viewer.token, {
      parentId: rootOrg,
      organizationName: 'X',
    });
    expect(r.statusCode).toBe(403);
    const nobody = await memberWithCodes(t, admin, 'nobody', []);
    expect((await t.call('GET', '/api-user/organization/getListByTree', nobody.token)).statusCode).toBe(403);
    expect((await t.call('GET', '/api-user/organization/listtree', nobody.token)).statusCode).toBe(200);
  });

  it('keeps tenants apart: another company cannot see, change, delete or build under these organisations', async () => {
    const mine = await insert({ parentId: rootOrg, organizationName: 'Mine', organizationCode: 'MINE' });
    const other = await secondTenant(t, await t.login('root'));
    const theirs = await tree('/api-user/organization/getListByTree', other.token);
    expect(theirs).toHaveLength(1);
    expect(find(theirs, mine)).toBeUndefined();
    const upd = await t.call('POST', '/api-user/organization/update', other.token, { id: mine, organizationName: 'X' });
    expect(upd.statusCode).toBe(404);
    expect((await t.call('POST', '/api-user/organization/del', other.token, { id: mine })).statusCode).toBe(404);
    const sort = await t.call('POST', '/api-user/organization/updatesort', other.token, {
      list: [{ id: mine, sort: 9 }],
    });
    expect(sort.statusCode).toBe(404);
    const under = await t.call('POST', '/api-user/organization/insert', other.token, {
      parentId: mine,
      organizationName: 'Squatter',
    });
    expect(under.json()).toMatchObject({ rtnCode: 201, field: 'parentId' });
    // The same code is free in another company.
    await okCall(t, 'POST', '/api-user/organization/insert', other.token, {
      organizationName: 'Theirs',
      organizationCode: 'MINE',
    });
    expect(find(await tree(), mine)).toMatchObject({ organizationName: 'Mine', organizationCode: 'MINE' });
  });

  it('writes each change through the record service: audit rows for insert, update, del and updatesort, and a table version bump', async () => {
    const audit = async (id: number) =>
      (
        await t.db.query<{ action: string; after: { sort?: number; parentId?: number } | null }>(
          "select action, after from audit_log where entity = 'organization' and record_id = $1 order by id",
          [String(id)],
        )
      ).rows;
    const version = async () =>
      (
        await t.db.query<{ version: string }>(
          "select version from table_versions where tbl = 'organizations' and tenant_id = (select tenant_id from organizations where id = $1)",
          [rootOrg],
        )
      ).rows[0]?.version;
    const a = await insert({ parentId: rootOrg, organizationName: 'Audited', organizationCode: 'AUD' });
    const b = await insert({ parentId: rootOrg, organizationName: 'Audited 2' });
    expect((await audit(a)).map((x) => x.action)).toEqual(['create']);
    await okCall(t, 'POST', '/api-user/organization/update', admin, { id: a, phone: '123' });
    const before = await version();
    expect(before).toBeDefined();
    await okCall(t, 'POST', '/api-user/organization/updatesort', admin, { list: [{ id: a, sort: 7, parentId: b }] });
    expect(Number(await version())).toBeGreaterThan(Number(before));
    const rows = await audit(a);
    expect(rows.map((x) => x.action)).toEqual(['create', 'update', 'update']);
    expect(rows[2]!.after).toMatchObject({ sort: 7, parentId: b });
    await okCall(t, 'POST', '/api-user/organization/del', admin, { id: a });
    expect((await audit(a)).map((x) => x.action)).toEqual(['create', 'update', 'update', 'delete']);
  });

  it('refuses a parent of another company or below itself on update and updatesort too, with the same messages', async () => {
    const other = await secondTenant(t, await t.login('root'), 'third');
    const theirs = await okCall<{ id: number }>(t, 'POST', '/api-user/organization/insert', other.token, {
      organizationName: 'Foreign parent',
    });
    const mine = await insert({ parentId: rootOrg, organizationName: 'Movable' });
    const child = await insert({ parentId: mine, organizationName: 'Movable child' });
    const noParent = { rtnCode: 201, field: 'parentId', msg: 'The parent organisation does not exist' };
    const en = (path: string, body: object) =>
      t.call('POST', `/api-user/organization/${path}`, admin, body, { lang: 'en' });
    expect((await en('update', { id: mine, parentId: theirs.data.id })).json()).toMatchObject(noParent);
    expect((await en('updatesort', { list: [{ id: mine, sort: 1, parentId: theirs.data.id }] })).json()).toMatchObject(
      noParent,
    );
    const loop = await en('updatesort', { list: [{ id: mine, sort: 1, parentId: child }] });
    expect(loop.json()).toMatchObject({ rtnCode: 201, field: 'parentId' });
    expect(loop.json().msg).toContain('below itself');
    expect(find(await tree(), child)).toBeDefined();
    expect(find(await tree(), mine)?.children.map((c) => c.id)).toEqual([child]);
    const clash = await insert({ parentId: rootOrg, organizationName: 'Coded', organizationCode: 'CODED' });
    const taken = await en('update', { id: mine, organizationCode: 'CODED' });
    expect(taken.json()).toMatchObject({
      rtnCode: 201,
      field: 'organizationCode',
      msg: 'The organisation code CODED is already in use',
    });
    expect(clash).toBeGreaterThan(0);
  });

  it("deletes an organisation a workshop names, clearing the workshop's organisation, and unlinks its deleted members", async () => {
    const org = await insert({ parentId: rootOrg, organizationName: 'Closing' });
    const ws = await okCall<{ id: number }>(t, 'POST', '/api-user/workShop/save', admin, {
      workshopcode: 'WS-CLOSE',
      workshopname: 'Closing workshop',
      organizationid: org,
    });
    const u = await okCall<{ id: number }>(t, 'POST', '/api-user/users/save', admin, {
      peoplename: 'Gone',
      username: 'gone',
      organizationid: org,
      password: MEMBER_PASSWORD,
    });
    await okCall(t, 'POST', '/api-user/users/del', admin, { id: u.data.id });
    await okCall(t, 'POST', '/api-user/organization/del', admin, { id: org });
    const w = await okCall<{ organizationid: number | null }>(
      t,
      'GET',
      `/api-user/workShop/get?id=${ws.data.id}`,
      admin,
    );
    expect(w.data.organizationid).toBeNull();
    const member = await t.db.query<{ organization_id: number | null }>(
      'select organization_id from users where id = $1',
      [u.data.id],
    );
    expect(member.rows[0]!.organization_id).toBeNull();
  });
});
