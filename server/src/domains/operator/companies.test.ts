import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuId } from '../../seed/menus.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { MEMBER_PASSWORD, memberWithCodes, okCall, secondTenant } from '../org/testkit.js';

let t: TestApp;
let admin: string;
let root: string;

interface Company {
  id: number;
  name: string;
  code: string;
  state: number;
  versionId: number | null;
  versionName: string | null;
  userCount?: number;
  adminUsername?: string;
  isPlatform: boolean;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  root = await t.login('root');
});
afterAll(() => t?.close());

const company = (code: string, extra: Record<string, unknown> = {}) => ({
  name: `Factory ${code}`,
  code,
  username: `${code}.boss`,
  password: MEMBER_PASSWORD,
  peoplename: 'Boss',
  expiryDate: '2030-12-31',
  ...extra,
});

describe('companies', () => {
  it('creates a tenant whose administrator must change the password at first login', async () => {
    const created = await okCall<{ id: number }>(t, 'POST', '/api-user/company/save', root, company('acme'));
    const boss = await t.login('acme.boss', MEMBER_PASSWORD);
    const me = await okCall<{ tenantid: number; updatePassword: boolean; roles: string[] }>(
      t,
      'GET',
      '/api-user/users/current',
      boss,
    );
    expect(me.data).toMatchObject({ tenantid: created.data.id, updatePassword: true, roles: ['admin'] });
    const own = await okCall<Company>(t, 'GET', '/api-user/company/getCompanyData', boss);
    expect(own.data).toMatchObject({ id: created.data.id, name: 'Factory acme', code: 'acme', isPlatform: false });
    expect(own.data.versionName).toBeTruthy();

    const listed = await okCall<Company[]>(t, 'GET', '/api-user/company/getCompanyManage?code=acme', root);
    expect(listed).toMatchObject({
      count: 1,
      data: [{ id: created.data.id, userCount: 1, adminUsername: 'acme.boss' }],
    });
    const page = await okCall<Company[]>(t, 'GET', '/api-user/company/getCompanyPage?page=1&limit=2', root);
    expect(page.count).toBe(3);
    expect(page.data).toHaveLength(2);
    const all = await okCall<Company[]>(t, 'GET', '/api-user/company/getCompanyList', root);
    expect(all.data.map((c) => c.code)).toEqual(['platform', 'demo', 'acme']);
  });

  it("keeps the new company's time zone, address and contact; an unknown zone is refused naming the field", async () => {
    const profile = { timezone: 'America/New_York', address: '5th Avenue', contact: 'Ms Ng', language: 'en' };
    await okCall(t, 'POST', '/api-user/company/save', root, company('nyc', profile));
    const boss = await t.login('nyc.boss', MEMBER_PASSWORD);
    const own = await okCall<Record<string, unknown>>(t, 'GET', '/api-user/company/getCompanyData', boss);
    expect(own.data).toMatchObject({ code: 'nyc', ...profile });

    for (const [lang, msg] of [
      ['en', 'timezone is invalid'],
      ['zh', 'timezone 无效'],
      ['tw', 'timezone 無效'],
    ]) {
      const bad = await t.call('POST', '/api-user/company/save', root, company('mars', { timezone: 'Mars/Olympus' }), {
        lang,
      });
      expect({ status: bad.statusCode, ...bad.json() }).toEqual({ status: 400, rtnCode: 400, field: 'timezone', msg });
    }
    const none = await okCall(t, 'GET', '/api-user/company/getCompanyPage?code=mars', root);
    expect(none.count).toBe(0);
  });

  it('names the field of a broken rule: missing name, taken code, taken login name, weak password', async () => {
    const missing = await t.call('POST', '/api-user/company/save', root, { ...company('x1'), name: undefined });
    expect(missing.json()).toMatchObject({ rtnCode: 400, field: 'name', msg: 'name 不能为空' });
    const code = await t.call('POST', '/api-user/company/save', root, company('demo'), { lang: 'en' });
    expect(code.json()).toMatchObject({ rtnCode: 201, field: 'code', msg: 'The company code demo is already in use' });
    const user = await t.call('POST', '/api-user/company/save', root, company('x2', { username: 'admin' }));
    expect(user.json()).toMatchObject({ rtnCode: 201, field: 'username', msg: '登录名 admin 已存在' });
    const weak = await t.call('POST', '/api-user/company/save', root, company('x3', { password: 'short1' }));
    expect(weak.json()).toMatchObject({ rtnCode: 201, field: 'password', msg: '密码长度最少8位数' });
    const version = await t.call('POST', '/api-user/company/save', root, company('x4', { versionId: 9999 }));
    expect(version.json()).toMatchObject({ rtnCode: 201, field: 'versionId' });
    const left = await okCall(t, 'GET', '/api-user/company/getCompanyPage?code=x', root);
    expect(left.count).toBe(0);
  });

  it('is refused to tenant users: the operator pages are for the platform only', async () => {
    const r = await t.call('POST', '/api-user/company/save', admin, company('sneaky'), { lang: 'en' });
    expect(r.statusCode).toBe(403);
    expect(r.json().error_description).toBe('Only platform operators can do this');
    expect((await t.call('GET', '/api-user/company/getCompanyPage', admin)).statusCode).toBe(403);
    expect((await t.call('POST', '/api-user/company/switch', admin, { id: 1, state: 0 })).statusCode).toBe(403);
  });

  it("a tenant administrator edits their own company's settings; a member without the code is refused", async () => {
    await okCall(t, 'POST', '/api-user/company/updateTemp', admin, {
      name: 'Demo Works',
      logo: '/files/logo.png',
      contact: 'Ms Chen',
      phone: '021-8888',
      address: 'Shanghai',
      language: 'en',
      timezone: 'Europe/Berlin',
    });
    const own = await okCall<Record<string, unknown>>(t, 'GET', '/api-user/company/getCompanyData', admin);
    expect(own.data).toMatchObject({
      name: 'Demo Works',
      logo: '/files/logo.png',
      language: 'en',
      timezone: 'Europe/Berlin',
    });
    const current = await okCall<{ company: { orglogo: string } }>(t, 'GET', '/api-user/users/current', admin);
    expect(current.data.company.orglogo).toBe('/files/logo.png');

    const tz = await t.call(
      'POST',
      '/api-user/company/updateTemp',
      admin,
      { timezone: 'Mars/Olympus' },
      { lang: 'en' },
    );
    expect(tz.json()).toMatchObject({ rtnCode: 400, field: 'timezone', msg: 'timezone is invalid' });
    const lang = await t.call('POST', '/api-user/company/updateTemp', admin, { language: 'fr' });
    expect(lang.json()).toMatchObject({ rtnCode: 400, field: 'language' });

    const member = await memberWithCodes(t, admin, 'clerk', ['setUp:organize:view']);
    expect((await t.call('GET', '/api-user/company/getCompanyData', member.token)).statusCode).toBe(200);
    const r = await t.call('POST', '/api-user/company/updateTemp', member.token, { name: 'Mine now' });
    expect(r.statusCode).toBe(403);
    expect(r.json().error_description).toContain('back:company:manage');
  });

  it("the operator changes a company's data and disables it, which ends its users' sessions", async () => {
    const other = await secondTenant(t, root, 'shut');
    await okCall(t, 'POST', '/api-user/company/update', root, {
      id: other.companyId,
      name: 'Shut Ltd',
      expiryDate: '',
    });
    const listed = await okCall<Company[]>(t, 'GET', '/api-user/company/getCompanyPage?code=shut', root);
    expect(listed.data[0]).toMatchObject({ name: 'Shut Ltd', state: 1 });
    await okCall(t, 'POST', '/api-user/company/switch', root, { id: other.companyId, state: 0 });
    expect((await t.call('GET', '/api-user/users/current', other.token)).statusCode).toBe(401);
    const login = await t.call('POST', '/sys/login', null, { username: 'shut-admin', password: MEMBER_PASSWORD });
    expect(login.statusCode).toBe(401);
    await okCall(t, 'POST', '/api-user/company/switch', root, { id: other.companyId, state: 1 });
    await t.login('shut-admin', MEMBER_PASSWORD);

    const platform = (await okCall<Company[]>(t, 'GET', '/api-user/company/getCompanyList', root)).data[0]!;
    const off = await t.call('POST', '/api-user/company/switch', root, { id: platform.id, state: 0 }, { lang: 'en' });
    expect(off.json()).toMatchObject({ rtnCode: 201 });
    expect(off.json().msg).toContain('platform company cannot be disabled');
    expect((await t.call('POST', '/api-user/company/update', root, { id: 99999, name: 'x' })).statusCode).toBe(404);
  });
});

describe('company menus', () => {
  it("sets a company's menus; its users' permissions follow at once", async () => {
    const other = await secondTenant(t, root, 'menus');
    const dictionary = menuId('setUp.dictionary');
    const setUp = menuId('setUp');
    const before = await okCall<{ menuIds: string[]; menus: { id: string }[] }>(
      t,
      'GET',
      `/api-user/company/findAllMenusByCompanyId?companyId=${other.companyId}`,
      root,
    );
    expect(before.data.menuIds).toContain(dictionary);
    expect(before.data.menus.some((m) => m.id === menuId('admin'))).toBe(false);
    const insert = { code: 'Z1', name: 'Z1' };
    expect((await t.call('POST', '/api-user/item/insert', other.token, insert)).json().rtnCode).toBe(200);

    const kept = before.data.menuIds.filter((m) => m !== dictionary);
    await okCall(t, 'POST', '/api-user/company/saveCompanyMenuid', root, { companyId: other.companyId, menuIds: kept });
    expect((await t.call('POST', '/api-user/item/insert', other.token, { ...insert, code: 'Z2' })).statusCode).toBe(
      403,
    );

    await okCall(t, 'POST', '/api-user/company/batchSaveCompanyMenuid', root, {
      companyIds: [other.companyId],
      menuIds: [dictionary, menuId('admin.company')],
    });
    const after = await okCall<{ menuIds: string[] }>(
      t,
      'GET',
      `/api-user/company/findAllMenusByCompanyId?companyId=${other.companyId}`,
      root,
    );
    expect(after.data.menuIds).toContain(dictionary);
    expect(after.data.menuIds).not.toContain(menuId('admin.company'));
    expect((await t.call('POST', '/api-user/item/insert', other.token, { ...insert, code: 'Z3' })).json().rtnCode).toBe(
      200,
    );

    await okCall(t, 'POST', '/api-user/company/batchRemoveCompanyMenuid', root, {
      companyIds: [other.companyId],
      menuIds: [setUp],
    });
    const removed = await okCall<{ menuIds: string[] }>(
      t,
      'GET',
      `/api-user/company/findAllMenusByCompanyId?companyId=${other.companyId}`,
      root,
    );
    expect(removed.data.menuIds).not.toContain(setUp);
    expect(removed.data.menuIds).not.toContain(dictionary);
    expect((await t.call('GET', '/api-user/users/all', other.token)).statusCode).toBe(403);
  });

  it("refuses to change the platform company's menus, unknown companies and tenant callers", async () => {
    const platform = (await okCall<Company[]>(t, 'GET', '/api-user/company/getCompanyList', root)).data[0]!;
    const r = await t.call('POST', '/api-user/company/saveCompanyMenuid', root, {
      companyId: platform.id,
      menuIds: [],
    });
    expect(r.json()).toMatchObject({ rtnCode: 201, msg: '平台运营公司不能停用，也不能修改其菜单' });
    const unknown = await t.call('POST', '/api-user/company/batchSaveCompanyMenuid', root, {
      companyIds: [99999],
      menuIds: [],
    });
    expect(unknown.statusCode).toBe(404);
    const tenant = await t.call('POST', '/api-user/company/batchRemoveCompanyMenuid', admin, {
      companyIds: [2],
      menuIds: [],
    });
    expect(tenant.statusCode).toBe(403);
    const bad = await t.call('POST', '/api-user/company/batchSaveCompanyMenuid', root, { companyIds: [], menuIds: [] });
    expect(bad.json()).toMatchObject({ rtnCode: 400, field: 'companyIds' });
  });
});
