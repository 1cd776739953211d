import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuId } from '../../seed/menus.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { MEMBER_PASSWORD, memberWithCodes, okCall, rootOrgId, secondTenant } from './testkit.js';

let t: TestApp;
let admin: string;
let root: string;

interface Role {
  id: number;
  name: string;
  isAdmin: boolean;
  userCount: number;
  state: number;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  root = await t.login('root');
});
afterAll(() => t?.close());

const roles = async (token = admin, query = '') =>
  (await okCall<Role[]>(t, 'GET', `/api-user/role/all${query}`, token)).data;
const saveRole = async (body: Record<string, unknown>, token = admin) =>
  (await okCall<{ id: number }>(t, 'POST', '/api-user/role/save', token, body)).data.id;
const newMember = async (username: string) =>
  (
    await okCall<{ id: number }>(t, 'POST', '/api-user/users/save', admin, {
      peoplename: username,
      username,
      organizationid: await rootOrgId(t, admin),
      password: MEMBER_PASSWORD,
    })
  ).data.id;

describe('roles', () => {
  it('adds, lists (paged on request), renames and deletes a role', async () => {
    const id = await saveRole({ name: 'Inspectors', code: 'inspector', remark: 'walk the lines' });
    expect((await roles()).find((r) => r.id === id)).toMatchObject({ name: 'Inspectors', state: 1, userCount: 0 });
    const paged = await okCall<Role[]>(t, 'GET', '/api-user/role/all?page=1&limit=1&name=inspect', admin);
    expect(paged).toMatchObject({ count: 1, data: [{ id }] });
    await okCall(t, 'POST', '/api-user/role/update', admin, { id, name: 'Line inspectors', state: 0 });
    expect((await roles()).find((r) => r.id === id)).toMatchObject({ name: 'Line inspectors', state: 0 });
    await okCall(t, 'POST', '/api-user/role/del', admin, { id });
    expect((await roles()).some((r) => r.id === id)).toBe(false);
  });

  it('names the field of a missing or taken role name', async () => {
    const missing = await t.call('POST', '/api-user/role/save', admin, {}, { lang: 'en' });
    // The engine's validation: a business error naming the field by its label.
    expect(missing.json()).toMatchObject({ rtnCode: 201, field: 'name', msg: 'Role name is required' });
    await saveRole({ name: 'Twice' });
    const zh = await t.call('POST', '/api-user/role/save', admin, { name: 'Twice' });
    expect(zh.json()).toMatchObject({ rtnCode: 201, field: 'name', msg: '角色名称 Twice 已存在' });
    const en = await t.call('POST', '/api-user/role/save', admin, { name: 'Twice' }, { lang: 'en' });
    expect(en.json().msg).toBe('The role name Twice is already in use');
    const reserved = await t.call(
      'POST',
      '/api-user/role/save',
      admin,
      { name: 'Fake', code: 'Admin' },
      { lang: 'en' },
    );
    expect(reserved.json()).toMatchObject({
      rtnCode: 201,
      field: 'code',
      msg: 'The role code admin is reserved for the administrator role',
    });
  });

  it('lists the administrator role first, then the others oldest first, filtered by name and state', async () => {
    const a = await saveRole({ name: 'Order A' });
    const b = await saveRole({ name: 'Order B', state: 0 });
    const all = await roles();
    expect(all[0]!.isAdmin).toBe(true);
    const ids = all.slice(1).map((r) => r.id);
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    expect((await roles(admin, '?name=order')).map((r) => r.id)).toEqual([a, b]);
    expect((await roles(admin, '?name=order&state=1')).map((r) => r.id)).toEqual([a]);
    const bad = await t.call('GET', '/api-user/role/all?state=7', admin, undefined, { lang: 'en' });
    expect(bad.json()).toMatchObject({ rtnCode: 400, field: 'state' });
  });

  it('keeps the code admin for the administrator role on update too, and checks the template a role starts from', async () => {
    const id = await saveRole({ name: 'Coded', code: 'coded' });
    const taken = await t.call('POST', '/api-user/role/update', admin, { id, code: 'ADMIN' }, { lang: 'en' });
    expect(taken.json()).toMatchObject({ rtnCode: 201, field: 'code' });
    const renamed = await t.call('POST', '/api-user/role/update', admin, { id, name: 'Twice-upd' });
    expect(renamed.json().rtnCode).toBe(200);
    await saveRole({ name: 'Other name' });
    const clash = await t.call('POST', '/api-user/role/update', admin, { id, name: 'Other name' }, { lang: 'en' });
    expect(clash.json()).toMatchObject({
      rtnCode: 201,
      field: 'name',
      msg: 'The role name Other name is already in use',
    });
    const badType = await t.call('POST', '/api-user/role/save', admin, { name: 'Tpl', templateId: 'x' });
    expect(badType.json()).toMatchObject({ rtnCode: 400, field: 'templateId' });
    const unknown = await t.call('POST', '/api-user/role/save', admin, { name: 'Tpl', templateId: 987654 });
    expect(unknown.json()).toMatchObject({ rtnCode: 201, field: 'templateId' });
    expect((await roles()).some((r) => r.name === 'Tpl')).toBe(false);
    // The administrator role is made with the company only: isAdmin is never taken from a request.
    const sneaky = await saveRole({ name: 'Sneaky', isAdmin: true });
    await okCall(t, 'POST', '/api-user/role/update', admin, { id: sneaky, isAdmin: true });
    expect((await roles()).find((r) => r.id === sneaky)?.isAdmin).toBe(false);
  });

  it('lets only an administrator change the administrator role', async () => {
    const editor = await memberWithCodes(t, admin, 'roleeditor', ['setUp:role:view', 'setUp:role:edit']);
    const adminRole = (await roles()).find((r) => r.isAdmin)!;
    const r = await t.call(
      'POST',
      '/api-user/role/update',
      editor.token,
      { id: adminRole.id, remark: 'x' },
      { lang: 'en' },
    );
    expect(r.json()).toMatchObject({
      rtnCode: 201,
      msg: 'Only an administrator can grant or change the administrator role',
    });
    const own = await t.call('POST', '/api-user/role/update', editor.token, { id: editor.roleId, remark: 'mine' });
    expect(own.json().rtnCode).toBe(200);
    await okCall(t, 'POST', '/api-user/role/update', admin, { id: adminRole.id, remark: 'by the administrator' });
    const audit = await t.db.query<{ action: string }>(
      "select action from audit_log where entity = 'role' and record_id = $1",
      [String(adminRole.id)],
    );
    expect(audit.rows.map((x) => x.action)).toContain('update');
  });

  it('refuses to delete a role while members hold it, and never deletes or disables the administrator role', async () => {
    const roleId = await saveRole({ name: 'Held' });
    const userId = await newMember('holder');
    const orgId = await rootOrgId(t, admin);
    await okCall(t, 'POST', '/api-user/users/setRoleToOrgAndUser', admin, {
      roleId,
      userIds: [userId],
      organizationIds: [orgId],
    });
    const holders = await okCall<{ users: { id: number }[]; organizations: { id: number }[] }>(
      t,
      'GET',
      `/api-user/users/getOrgAndUserByRole?roleId=${roleId}`,
      admin,
    );
    expect(holders.data.users.map((u) => u.id)).toEqual([userId]);
    expect(holders.data.organizations.map((o) => o.id)).toEqual([orgId]);

    const zh = await t.call('POST', '/api-user/role/del', admin, { id: roleId });
    expect(zh.json()).toMatchObject({ rtnCode: 201, msg: '还有 1 名成员拥有该角色，请先取消他们的角色' });
    await okCall(t, 'POST', '/api-user/users/deleleMemeberRole', admin, { roleId, userIds: [userId] });
    await okCall(t, 'POST', '/api-user/role/del', admin, { id: roleId });

    const adminRole = (await roles()).find((r) => r.isAdmin)!;
    const del = await t.call('POST', '/api-user/role/del', admin, { id: adminRole.id }, { lang: 'en' });
    expect(del.json()).toMatchObject({ rtnCode: 201, msg: 'The administrator role cannot be disabled or deleted' });
    const off = await t.call('POST', '/api-user/role/update', admin, { id: adminRole.id, state: 0 });
    expect(off.json()).toMatchObject({ rtnCode: 201, field: 'state' });
  });

  it('a role given to a member takes effect at once (permissions are recomputed)', async () => {
    const m = await memberWithCodes(t, admin, 'rising', ['setUp:dictionary:view']);
    const add = { code: 'Shift', name: 'Shift' };
    expect((await t.call('POST', '/api-user/item/insert', m.token, add)).statusCode).toBe(403);
    const editor = await saveRole({ name: 'Dictionary editors' });
    const { data: buttons } = await okCall<{ id: string }[]>(
      t,
      'GET',
      `/api-user/sys/getButton?menuId=${menuId('setUp.dictionary')}`,
      admin,
    );
    await okCall(t, 'POST', '/api-user/sys/saveRoleAndMenuid', admin, {
      roleId: editor,
      menuIds: [menuId('setUp.dictionary')],
      buttonIds: buttons.map((b) => b.id),
    });
    await okCall(t, 'POST', '/api-user/users/setRoleToOrgAndUser', admin, { roleId: editor, userIds: [m.userId] });
    expect((await t.call('POST', '/api-user/item/insert', m.token, add)).json().rtnCode).toBe(200);
    await okCall(t, 'POST', '/api-user/users/deleleMemeberRole', admin, { roleId: editor, userIds: [m.userId] });
    expect((await t.call('POST', '/api-user/item/insert', m.token, { ...add, code: 'Shift2' })).statusCode).toBe(403);
  });

  it('refuses members without the permission code, and non-administrators the administrator role', async () => {
    const viewer = await memberWithCodes(t, admin, 'roleviewer', ['setUp:role:view']);
    expect((await t.call('GET', '/api-user/role/all', viewer.token)).statusCode).toBe(200);
    expect((await t.call('POST', '/api-user/role/save', viewer.token, { name: 'Nope' })).statusCode).toBe(403);
    expect((await t.call('POST', '/api-user/role/del', viewer.token, { id: viewer.roleId })).statusCode).toBe(403);

    const assigner = await memberWithCodes(t, admin, 'assigner', ['setUp:role:view', 'setUp:role:assignUsers']);
    const adminRole = (await roles()).find((r) => r.isAdmin)!;
    const r = await t.call(
      'POST',
      '/api-user/users/setRoleToOrgAndUser',
      assigner.token,
      { roleId: adminRole.id, userIds: [assigner.userId] },
      { lang: 'en' },
    );
    expect(r.json()).toMatchObject({
      rtnCode: 201,
      msg: 'Only an administrator can grant or change the administrator role',
    });
  });

  it('keeps tenants apart: another company cannot see, change, delete or hand out these roles', async () => {
    const roleId = await saveRole({ name: 'Private' });
    const other = await secondTenant(t, root);
    expect((await roles(other.token)).some((r) => r.id === roleId)).toBe(false);
    const upd = await t.call('POST', '/api-user/role/update', other.token, { id: roleId, name: 'Stolen' });
    expect(upd.statusCode).toBe(404);
    expect((await t.call('POST', '/api-user/role/del', other.token, { id: roleId })).statusCode).toBe(404);
    const me = await okCall<{ id: number }>(t, 'GET', '/api-user/users/current', other.token);
    const give = await t.call('POST', '/api-user/users/setRoleToOrgAndUser', other.token, {
      roleId,
      userIds: [me.data.id],
    });
    expect(give.statusCode).toBe(404);
    const holders = await t.call('GET', `/api-user/users/getOrgAndUserByRole?roleId=${roleId}`, other.token);
    expect(holders.statusCode).toBe(404);
    expect((await roles()).find((r) => r.id === roleId)?.name).toBe('Private');
  });
});

describe('role templates', () => {
  it('the operator keeps templates; a company starts a role from one', async () => {
    const dictionary = menuId('setUp.dictionary');
    const operatorOnly = menuId('admin.company');
    const tpl = await okCall<{ id: number }>(t, 'POST', '/api-user/roletemplate/save', root, {
      name: 'Storekeeper',
      menuIds: [dictionary, operatorOnly],
    });
    const menus = await okCall<{ menuIds: string[]; menus: unknown[] }>(
      t,
      'GET',
      `/api-user/roletemplate/getAllMenusByRoleId?roleId=${tpl.data.id}`,
      root,
    );
    // The page comes with its group (the operator ticks pages); the operator's own page is left out.
    expect(menus.data.menuIds.sort()).toEqual([dictionary, menuId('setUp')].sort());
    expect(menus.data.menus.length).toBeGreaterThan(0);
    await okCall(t, 'POST', '/api-user/roletemplate/updateMenuToRole', root, {
      roleId: tpl.data.id,
      menuIds: [dictionary, menuId('setUp.organize')],
    });
    await okCall(t, 'POST', '/api-user/roletemplate/update', root, { id: tpl.data.id, remark: 'stores' });
    const list = await okCall<{ id: number; remark: string; menuCount: number }[]>(
      t,
      'GET',
      '/api-user/roletemplate/all?name=store',
      root,
    );
    expect(list).toMatchObject({ count: 1, data: [{ id: tpl.data.id, remark: 'stores', menuCount: 3 }] });

    // The company's administrator sees the templates to start a role from, counting the pages it has.
    const offered = await okCall<{ id: number; name: string; remark: string; pages: number }[]>(
      t,
      'GET',
      '/api-user/role/templates',
      admin,
    );
    expect(offered.data).toContainEqual({ id: tpl.data.id, name: 'Storekeeper', remark: 'stores', pages: 2 });
    await newMember('tplreader');
    const member = await t.call('GET', '/api-user/role/templates', await t.login('tplreader', MEMBER_PASSWORD));
    expect(member.statusCode).toBe(403);

    const roleId = await saveRole({ name: 'From template', templateId: tpl.data.id });
    const grants = await okCall<{ menuIds: string[]; buttonIds: string[] }>(
      t,
      'GET',
      `/api-user/sys/findAllMenusByRoleId?roleId=${roleId}`,
      admin,
    );
    expect(grants.data.menuIds.sort()).toEqual([dictionary, menuId('setUp.organize'), menuId('setUp')].sort());
    expect(grants.data.buttonIds.length).toBeGreaterThan(4);

    const dup = await t.call('POST', '/api-user/roletemplate/save', root, { name: 'Storekeeper' });
    expect(dup.json()).toMatchObject({ rtnCode: 201, field: 'name' });
    await okCall(t, 'POST', '/api-user/roletemplate/del', root, { id: tpl.data.id });
    expect((await t.call('POST', '/api-user/roletemplate/del', root, { id: tpl.data.id })).statusCode).toBe(404);
  });

  it('comes with three templates from the first start; a technician role starts from one', async () => {
    const offered = await okCall<{ id: number; name: string; pages: number }[]>(
      t,
      'GET',
      '/api-user/role/templates',
      admin,
    );
    expect(offered.data.map((x) => x.name)).toEqual(expect.arrayContaining(['设备管理员', '维修技术员', '备件仓管员']));
    const tech = offered.data.find((x) => x.name === '维修技术员')!;
    // Not the vendors and external orders of the repair group (a manager's work). The work board, repair orders, the three kinds of check task, maintenance by scan and the experience library.
    expect(tech.pages).toBe(7);
    const roleId = await saveRole({ name: 'Technicians', templateId: tech.id });
    const grants = await okCall<{ menuIds: string[] }>(
      t,
      'GET',
      `/api-user/sys/findAllMenusByRoleId?roleId=${roleId}`,
      admin,
    );
    expect(grants.data.menuIds).toEqual(
      expect.arrayContaining([
        menuId('repair_admin'),
        menuId('repair_admin.task'),
        menuId('patrol'),
        menuId('patrol.task'),
      ]),
    );
    expect(grants.data.menuIds).not.toContain(menuId('patrol.plan'));
    // Those seven pages and four groups (repairs, spot checks, patrols, maintenance).
    expect(grants.data.menuIds).toHaveLength(11);
  });

  it('is for the platform operator only', async () => {
    const r = await t.call('POST', '/api-user/roletemplate/save', admin, { name: 'Mine' }, { lang: 'en' });
    expect(r.statusCode).toBe(403);
    expect(r.json().error_description).toBe('Only platform operators can do this');
    expect((await t.call('GET', '/api-user/roletemplate/all', admin)).statusCode).toBe(403);
    const bad = await t.call('POST', '/api-user/roletemplate/updateMenuToRole', root, { roleId: 1, menuIds: ['x'] });
    expect(bad.json()).toMatchObject({ rtnCode: 400, field: 'menuIds.0' });
  });
});
