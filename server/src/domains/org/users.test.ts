import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { MEMBER_PASSWORD, memberWithCodes, okCall, rootOrgId, secondTenant } from './testkit.js';

let t: TestApp;
let admin: string;
let root: string;
let rootOrg: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  root = await t.login('root');
  rootOrg = await rootOrgId(t, admin);
});
afterAll(() => t?.close());

const member = (username: string, extra: Record<string, unknown> = {}) => ({
  peoplename: `Name ${username}`,
  username,
  organizationid: rootOrg,
  password: MEMBER_PASSWORD,
  ...extra,
});

describe('members', () => {
  it('an administrator adds a member who must change the initial password at first login', async () => {
    const { data } = await okCall<{ id: number }>(
      t,
      'POST',
      '/api-user/users/save',
      admin,
      member('zhang.san', {
        number: 'E001',
        mobile: '13800000001',
        is_repairman: true,
        is_repair_leader: false,
        email: 'zs@example.com',
        sex: 1,
        pinyin: 'zhangsan',
        entry_date: '2024-03-01',
        birthday: '',
        landline: '021-5555',
        note: 'night shift',
        label: 'electric',
        usertype: 1,
      }),
    );
    const info = await okCall<Record<string, unknown>>(t, 'GET', `/api-user/users/getUseInfo?id=${data.id}`, admin);
    expect(info.data).toMatchObject({
      id: data.id,
      peoplename: 'Name zhang.san',
      username: 'zhang.san',
      number: 'E001',
      organizationid: rootOrg,
      is_repairman: true,
      entry_date: '2024-03-01',
      birthday: null,
      mustChangePassword: true,
      state: 1,
      roleIds: [],
    });
    const token = await t.login('zhang.san', MEMBER_PASSWORD);
    const me = await okCall<{ updatePassword: boolean }>(t, 'GET', '/api-user/users/current', token);
    expect(me.data.updatePassword).toBe(true);
  });

  it('lists members paged and filtered in the database, an organisation including its sub-organisations', async () => {
    const dept = await okCall<{ id: number }>(t, 'POST', '/api-user/organization/insert', admin, {
      parentId: rootOrg,
      organizationName: 'Maintenance',
    });
    const team = await okCall<{ id: number }>(t, 'POST', '/api-user/organization/insert', admin, {
      parentId: dept.data.id,
      organizationName: 'Night team',
    });
    const other = await okCall<{ id: number }>(t, 'POST', '/api-user/organization/insert', admin, {
      parentId: rootOrg,
      organizationName: 'Office',
    });
    for (const [i, org] of [dept.data.id, team.data.id, team.data.id].entries())
      await okCall(t, 'POST', '/api-user/users/save', admin, member(`fitter${i}`, { organizationid: org }));

    const byDept = await okCall<{ username: string }[]>(
      t,
      'GET',
      `/api-user/users/all?organizationid=${dept.data.id}`,
      admin,
    );
    expect(byDept.count).toBe(3);
    expect(byDept.data.map((u) => u.username).sort()).toEqual(['fitter0', 'fitter1', 'fitter2']);
    const byOther = await okCall(t, 'GET', `/api-user/users/all?organizationid=${other.data.id}`, admin);
    expect(byOther.count).toBe(0);

    const paged = await okCall<unknown[]>(t, 'GET', '/api-user/users/all?username=FITTER&page=2&limit=2', admin);
    expect(paged.count).toBe(3);
    expect(paged.data).toHaveLength(1);
    const none = await okCall(t, 'GET', '/api-user/users/all?peoplename=%25', admin);
    expect(none.count).toBe(0);
  });

  it('names the missing field, in the caller language', async () => {
    const zh = await t.call('POST', '/api-user/users/save', admin, { username: 'x1', organizationid: rootOrg });
    expect(zh.statusCode).toBe(400);
    expect(zh.json()).toMatchObject({ field: 'peoplename', msg: 'peoplename 不能为空' });
    const en = await t.call(
      'POST',
      '/api-user/users/save',
      admin,
      { username: 'x1', organizationid: rootOrg },
      {
        lang: 'en',
      },
    );
    expect(en.json()).toMatchObject({ field: 'peoplename', msg: 'peoplename is required' });
  });

  it('refuses a login name already used anywhere on the service, naming the field', async () => {
    const zh = await t.call('POST', '/api-user/users/save', admin, member('ROOT'));
    expect(zh.json()).toMatchObject({ rtnCode: 201, field: 'username', msg: '登录名 ROOT 已存在' });
    const en = await t.call('POST', '/api-user/users/save', admin, member('admin'), { lang: 'en' });
    expect(en.json()).toMatchObject({ rtnCode: 201, field: 'username', msg: 'The login name admin is already in use' });
  });

  it('checks the initial password against the password rules', async () => {
    const r = await t.call('POST', '/api-user/users/save', admin, member('weak', { password: 'abcdefgh' }), {
      lang: 'en',
    });
    expect(r.json()).toMatchObject({ rtnCode: 201, field: 'password' });
    expect(r.json().msg).toContain('too simple');
    const zh = await t.call('POST', '/api-user/users/save', admin, member('weak', { password: '' }));
    expect(zh.json()).toMatchObject({ rtnCode: 201, field: 'password', msg: '请输入密码' });
  });

  it('updates fields and roles; a disabled member is logged out and cannot log in', async () => {
    const role = await okCall<{ id: number }>(t, 'POST', '/api-user/role/save', admin, { name: 'Fitters' });
    const u = await okCall<{ id: number }>(t, 'POST', '/api-user/users/save', admin, member('li.si'));
    await okCall(t, 'POST', '/api-user/users/update', admin, {
      id: u.data.id,
      peoplename: 'Li Si',
      mobile: '13900000000',
      roleIds: [role.data.id],
    });
    const info = await okCall<Record<string, unknown>>(t, 'GET', `/api-user/users/getUseInfo?id=${u.data.id}`, admin);
    expect(info.data).toMatchObject({ peoplename: 'Li Si', mobile: '13900000000', roleIds: [role.data.id] });

    const token = await t.login('li.si', MEMBER_PASSWORD);
    const off = await okCall<{ state: number }>(t, 'POST', '/api-user/users/switch', admin, {
      id: u.data.id,
      state: 0,
    });
    expect(off.data.state).toBe(0);
    expect((await t.call('GET', '/api-user/users/current', token)).statusCode).toBe(401);
    const login = await t.call('POST', '/sys/login', null, { username: 'li.si', password: MEMBER_PASSWORD });
    expect(login.statusCode).toBe(401);
    const on = await okCall<{ state: number }>(t, 'POST', '/api-user/users/switch', admin, { id: u.data.id });
    expect(on.data.state).toBe(1);
    await t.login('li.si', MEMBER_PASSWORD);
  });

  it('an administrator cannot disable or delete their own account', async () => {
    const me = await okCall<{ id: number }>(t, 'GET', '/api-user/users/current', admin);
    const off = await t.call('POST', '/api-user/users/switch', admin, { id: me.data.id, state: 0 }, { lang: 'en' });
    expect(off.json()).toMatchObject({ rtnCode: 201, msg: 'You cannot disable your own account' });
    const check = await okCall<{ canDelete: boolean; reasons: string[] }>(
      t,
      'POST',
      '/api-user/users/delCheck',
      admin,
      { id: me.data.id },
    );
    expect(check.data.canDelete).toBe(false);
    expect(check.data.reasons).toContain('不能删除自己的账号');
    const del = await t.call('POST', '/api-user/users/del', admin, { id: me.data.id });
    expect(del.json()).toMatchObject({ rtnCode: 201, msg: '不能删除自己的账号' });
  });

  it('deletes a member softly: gone from lists, logged out, and the login name is free again', async () => {
    const u = await okCall<{ id: number }>(t, 'POST', '/api-user/users/save', admin, member('leaver'));
    const token = await t.login('leaver', MEMBER_PASSWORD);
    const check = await okCall<{ canDelete: boolean }>(t, 'POST', '/api-user/users/delCheck', admin, { id: u.data.id });
    expect(check.data.canDelete).toBe(true);
    await okCall(t, 'POST', '/api-user/users/del', admin, { ids: [u.data.id] });
    expect((await t.call('GET', '/api-user/users/current', token)).statusCode).toBe(401);
    expect((await t.call('GET', `/api-user/users/getUseInfo?id=${u.data.id}`, admin)).statusCode).toBe(404);
    expect((await okCall(t, 'GET', '/api-user/users/all?username=leaver', admin)).count).toBe(0);
    const row = await t.db.query<{ deleted: boolean }>('select deleted from users where id = $1', [u.data.id]);
    expect(row.rows[0]!.deleted).toBe(true);
    await okCall(t, 'POST', '/api-user/users/save', admin, member('leaver'));
  });

  it('refuses a member without the permission code (403) and lets them read with the view code', async () => {
    const viewer = await memberWithCodes(t, admin, 'viewer', ['setUp:organize:view']);
    expect((await t.call('GET', '/api-user/users/all', viewer.token)).statusCode).toBe(200);
    const r = await t.call('POST', '/api-user/users/save', viewer.token, member('sneaky'), { lang: 'en' });
    expect(r.statusCode).toBe(403);
    expect(r.json().error_description).toContain('setUp:organize:add');
    expect((await t.call('POST', '/api-user/users/del', viewer.token, { id: viewer.userId })).statusCode).toBe(403);
  });

  it('a manager who is not an administrator cannot hand out the administrator role', async () => {
    const manager = await memberWithCodes(t, admin, 'manager', ['setUp:organize:view', 'setUp:organize:add']);
    const roles = await okCall<{ id: number; isAdmin: boolean }[]>(t, 'GET', '/api-user/role/all', admin);
    const adminRole = roles.data.find((r) => r.isAdmin)!;
    const r = await t.call(
      'POST',
      '/api-user/users/save',
      manager.token,
      member('promoted', { roleIds: [adminRole.id] }),
    );
    expect(r.json()).toMatchObject({ rtnCode: 201, field: 'roleIds' });
  });

  it("keeps tenants apart: another company's administrator cannot read, change or delete these members", async () => {
    const victim = await okCall<{ id: number }>(t, 'POST', '/api-user/users/save', admin, member('victim'));
    const other = await secondTenant(t, root);
    const get = await t.call('GET', `/api-user/users/getUseInfo?id=${victim.data.id}`, other.token);
    expect(get.statusCode).toBe(404);
    const upd = await t.call('POST', '/api-user/users/update', other.token, {
      id: victim.data.id,
      peoplename: 'Pwned',
    });
    expect(upd.statusCode).toBe(404);
    expect((await t.call('POST', '/api-user/users/switch', other.token, { id: victim.data.id })).statusCode).toBe(404);
    expect((await t.call('POST', '/api-user/users/del', other.token, { id: victim.data.id })).statusCode).toBe(404);
    const list = await okCall<{ username: string }[]>(t, 'GET', '/api-user/users/all?limit=1000', other.token);
    expect(list.data.map((u) => u.username)).toEqual(['other-admin']);
    const moved = await t.call('POST', '/api-user/users/save', other.token, member('intruder'));
    expect(moved.json()).toMatchObject({ rtnCode: 201, field: 'organizationid' });

    const info = await okCall<{ peoplename: string; state: number }>(
      t,
      'GET',
      `/api-user/users/getUseInfo?id=${victim.data.id}`,
      admin,
    );
    expect(info.data).toMatchObject({ peoplename: 'Name victim', state: 1 });
  });
});
