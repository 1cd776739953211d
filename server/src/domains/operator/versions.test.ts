import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuId } from '../../seed/menus.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { MEMBER_PASSWORD, okCall } from '../org/testkit.js';

let t: TestApp;
let admin: string;
let root: string;

interface Version {
  id: number;
  name: string;
  isDefault: boolean;
  companyCount: number;
  menuCount: number;
}
interface MenuNode {
  id: string;
  children: MenuNode[];
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  root = await t.login('root');
});
afterAll(() => t?.close());

const versions = async () => (await okCall<Version[]>(t, 'GET', '/api-user/sysversion/getVersionPage', root)).data;
const companyMenus = async (companyId: number) =>
  (
    await okCall<{ menuIds: string[] }>(
      t,
      'GET',
      `/api-user/company/findAllMenusByCompanyId?companyId=${companyId}`,
      root,
    )
  ).data.menuIds;

describe('system versions', () => {
  it('adds a version whose menus bring their groups, and shows it as ids and as a tree', async () => {
    const [seeded] = await versions();
    expect(seeded).toMatchObject({ isDefault: true, companyCount: 1 });
    const { data } = await okCall<{ id: number }>(t, 'POST', '/api-user/sysversion/insertOrUpdateVersion', root, {
      name: 'Basic',
      remark: 'equipment only',
      menuIds: [menuId('equipment.machine'), menuId('admin.menu')],
    });
    const ids = await okCall<{ menuIds: string[] }>(
      t,
      'GET',
      `/api-user/sysversion/findMenuByVersionId?versionId=${data.id}`,
      root,
    );
    expect(ids.data.menuIds.sort()).toEqual([menuId('equipment'), menuId('equipment.machine')].sort());
    const tree = await okCall<MenuNode[]>(
      t,
      'GET',
      `/api-user/sysversion/getMenuByVersionId?versionId=${data.id}`,
      root,
    );
    expect(tree.data.map((n) => n.id)).toEqual([menuId('equipment')]);
    expect(tree.data[0]!.children.map((n) => n.id)).toEqual([menuId('equipment.machine')]);

    await okCall(t, 'POST', '/api-user/sysversion/insertOrUpdateVersion', root, { id: data.id, name: 'Basic 2' });
    const row = (await versions()).find((v) => v.id === data.id);
    expect(row).toMatchObject({ name: 'Basic 2', isDefault: false, menuCount: 2, companyCount: 0 });
  });

  it('keeps exactly one default version', async () => {
    const { data } = await okCall<{ id: number }>(t, 'POST', '/api-user/sysversion/insertOrUpdateVersion', root, {
      name: 'Premium',
    });
    await okCall(t, 'POST', '/api-user/sysversion/updateVersionDefault', root, { id: data.id });
    let all = await versions();
    expect(all.filter((v) => v.isDefault).map((v) => v.id)).toEqual([data.id]);
    const seeded = all.find((v) => v.id !== data.id && v.companyCount > 0)!;
    await okCall(t, 'POST', '/api-user/sysversion/updateVersionDefault', root, { id: seeded.id });
    all = await versions();
    expect(all.filter((v) => v.isDefault).map((v) => v.id)).toEqual([seeded.id]);
  });

  it('refuses to delete a version in use or the default one, in the caller language', async () => {
    const seeded = (await versions()).find((v) => v.isDefault)!;
    const zh = await t.call('POST', '/api-user/sysversion/delVersion', root, { id: seeded.id });
    expect(zh.json()).toMatchObject({ rtnCode: 201, msg: '还有 1 家公司使用该版本，不能删除' });
    const en = await t.call('POST', '/api-user/sysversion/delVersion', root, { id: seeded.id }, { lang: 'en' });
    expect(en.json().msg).toBe('Companies still using this version: 1; it cannot be deleted');
    const { data } = await okCall<{ id: number }>(t, 'POST', '/api-user/sysversion/insertOrUpdateVersion', root, {
      name: 'Short-lived',
    });
    await okCall(t, 'POST', '/api-user/sysversion/delVersion', root, { id: data.id });
    expect((await versions()).some((v) => v.id === data.id)).toBe(false);
    expect((await t.call('POST', '/api-user/sysversion/delVersion', root, { id: data.id })).statusCode).toBe(404);
  });

  it('names the field of a missing or taken version name', async () => {
    const missing = await t.call('POST', '/api-user/sysversion/insertOrUpdateVersion', root, {}, { lang: 'en' });
    expect(missing.json()).toMatchObject({ rtnCode: 400, field: 'name', msg: 'name is required' });
    await okCall(t, 'POST', '/api-user/sysversion/insertOrUpdateVersion', root, { name: 'Same' });
    const dup = await t.call('POST', '/api-user/sysversion/insertOrUpdateVersion', root, { name: 'Same' });
    expect(dup.json()).toMatchObject({ rtnCode: 201, field: 'name', msg: '版本名称 Same 已存在' });
  });

  it("pushes a version's menus to the companies that use it", async () => {
    const { data: v } = await okCall<{ id: number }>(t, 'POST', '/api-user/sysversion/insertOrUpdateVersion', root, {
      name: 'Maintenance',
      menuIds: [menuId('setUp.dictionary')],
    });
    const { data: c } = await okCall<{ id: number }>(t, 'POST', '/api-user/company/save', root, {
      name: 'Small plant',
      code: 'small',
      versionId: v.id,
      username: 'small.boss',
      password: MEMBER_PASSWORD,
      peoplename: 'Boss',
    });
    expect((await companyMenus(c.id)).sort()).toEqual([menuId('setUp'), menuId('setUp.dictionary')].sort());
    const boss = await t.login('small.boss', MEMBER_PASSWORD);
    expect((await t.call('GET', '/api-user/users/all', boss)).statusCode).toBe(403);

    await okCall(t, 'POST', '/api-user/sysversion/saveVersionMenuid', root, {
      versionId: v.id,
      menuIds: [menuId('setUp.dictionary'), menuId('setUp.organize')],
    });
    expect(await companyMenus(c.id)).not.toContain(menuId('setUp.organize'));
    const pushed = await okCall<{ companies: number }>(t, 'POST', '/api-user/sysversion/updateVersionMenu', root, {
      id: v.id,
    });
    expect(pushed.data.companies).toBe(1);
    expect(await companyMenus(c.id)).toContain(menuId('setUp.organize'));
    expect((await t.call('GET', '/api-user/users/all', boss)).statusCode).toBe(200);
  });

  it('is for the platform operator only', async () => {
    const r = await t.call('POST', '/api-user/sysversion/insertOrUpdateVersion', admin, { name: 'Mine' });
    expect(r.statusCode).toBe(403);
    expect((await t.call('GET', '/api-user/sysversion/getVersionPage', admin)).statusCode).toBe(403);
    expect((await t.call('POST', '/api-user/sysversion/updateVersionDefault', admin, { id: 1 })).statusCode).toBe(403);
  });
});
