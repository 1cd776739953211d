import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuId } from '../../seed/menus.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { okCall, secondTenant } from '../org/testkit.js';

let t: TestApp;
let admin: string;
let root: string;
let versionA: number;
let versionB: number;

const m = (...keys: string[]) => keys.map((k) => menuId(k)).sort();
const companyMenus = async (companyId: number) =>
  (
    await okCall<{ menuIds: string[] }>(
      t,
      'GET',
      `/api-user/company/findAllMenusByCompanyId?companyId=${companyId}`,
      root,
    )
  ).data.menuIds.sort();
const version = async (name: string, keys: string[]) =>
  (
    await okCall<{ id: number }>(t, 'POST', '/api-user/sysversion/insertOrUpdateVersion', root, {
      name,
      menuIds: keys.map((k) => menuId(k)),
    })
  ).data.id;
const companyOn = async (code: string, versionId: number) => {
  const c = await secondTenant(t, root, code);
  await okCall(t, 'POST', '/api-user/company/update', root, { id: c.companyId, versionId });
  await okCall(t, 'POST', '/api-user/sysversion/updateVersionMenu', root, { id: versionId });
  return c.companyId;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  root = await t.login('root');
  versionA = await version('A', ['setUp.dictionary', 'eqmold.scrap', 'equipment.machine']);
  versionB = await version('B', ['setUp.organize', 'equipment.machine']);
});
afterAll(() => t?.close());

describe('moving companies between versions', () => {
  it("takes the old version's menus, gives the new one's and keeps menus given to the company individually", async () => {
    const withExtras = await companyOn('extras', versionA);
    const plain = await companyOn('plain', versionA);
    expect(await companyMenus(plain)).toEqual(
      m('setUp', 'setUp.dictionary', 'eqmold', 'eqmold.scrap', 'equipment', 'equipment.machine'),
    );
    // Given individually: a page of another module, and a page under a group of version A.
    await okCall(t, 'POST', '/api-user/company/batchSaveCompanyMenuid', root, {
      companyIds: [withExtras],
      menuIds: [menuId('patrol.task'), menuId('eqmold.eqcategory')],
    });
    const body = { versionId: versionB, companyIds: [withExtras, plain] };

    const preview = await okCall<{ companies: { companyId: number; added: number; removed: number }[] }>(
      t,
      'POST',
      '/api-user/sysversion/previewMoveCompanies',
      root,
      body,
    );
    expect(preview.data).toMatchObject({ versionId: versionB, added: 2, removed: 5 });
    expect(preview.data.companies).toEqual([
      expect.objectContaining({ companyId: withExtras, fromVersionId: versionA, added: 1, removed: 2 }),
      expect.objectContaining({ companyId: plain, fromVersionId: versionA, added: 1, removed: 3 }),
    ]);
    expect(await companyMenus(plain)).toContain(menuId('setUp.dictionary'));

    const moved = await okCall(t, 'POST', '/api-user/sysversion/moveCompanies', root, body);
    expect(moved.data).toEqual(preview.data);
    expect(await companyMenus(withExtras)).toEqual(
      m(
        'setUp',
        'setUp.organize',
        'equipment',
        'equipment.machine',
        'patrol',
        'patrol.task',
        'eqmold',
        'eqmold.eqcategory',
      ),
    );
    expect(await companyMenus(plain)).toEqual(m('setUp', 'setUp.organize', 'equipment', 'equipment.machine'));
    const list = await okCall<{ id: number; versionId: number }[]>(
      t,
      'GET',
      '/api-user/company/getCompanyManage?limit=50',
      root,
    );
    expect(list.data.filter((c) => c.id === withExtras || c.id === plain).map((c) => c.versionId)).toEqual([
      versionB,
      versionB,
    ]);
    const audit = await t.db.query<{ record_id: string }>(
      "select record_id from audit_log where entity = 'operator' and record_id ilike '%movecompanies'",
    );
    expect(audit.rows.map((r) => r.record_id)).toEqual(['/api-user/sysversion/moveCompanies']);
  });

  it("changes a company's menus the same way when its version is edited on its own", async () => {
    const c = await companyOn('single', versionB);
    await okCall(t, 'POST', '/api-user/company/batchSaveCompanyMenuid', root, {
      companyIds: [c],
      menuIds: [menuId('patrol.task')],
    });
    const r = await okCall(t, 'POST', '/api-user/company/update', root, { id: c, versionId: versionA });
    expect(r.data).toEqual({ menusAdded: 3, menusRemoved: 1 });
    expect(await companyMenus(c)).toEqual(
      m(
        'setUp',
        'setUp.dictionary',
        'eqmold',
        'eqmold.scrap',
        'equipment',
        'equipment.machine',
        'patrol',
        'patrol.task',
      ),
    );
    const same = await okCall(t, 'POST', '/api-user/company/update', root, {
      id: c,
      versionId: versionA,
      name: 'Same',
    });
    expect(same.data).toBeNull();
  });

  it('is refused to a tenant administrator', async () => {
    for (const path of ['moveCompanies', 'previewMoveCompanies']) {
      const r = await t.call('POST', `/api-user/sysversion/${path}`, admin, { versionId: versionB, companyIds: [2] });
      expect(r.statusCode).toBe(403);
    }
  });

  it('names the field of a bad version or company list, and moves nothing then', async () => {
    const c = await companyOn('untouched', versionA);
    const before = await companyMenus(c);
    const cases: [Record<string, unknown>, string][] = [
      [{ versionId: 'x', companyIds: [c] }, 'versionId'],
      [{ versionId: 999_999, companyIds: [c] }, 'versionId'],
      [{ companyIds: [c] }, 'versionId'],
      [{ versionId: versionB, companyIds: [] }, 'companyIds'],
      [{ versionId: versionB, companyIds: [c, 999_999] }, 'companyIds'],
      [{ versionId: versionB, companyIds: [c, 1] }, 'companyIds'],
    ];
    for (const [body, field] of cases) {
      const r = await t.call('POST', '/api-user/sysversion/moveCompanies', root, body, { lang: 'en' });
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json()).toMatchObject({ rtnCode: 400, field });
    }
    const missing = await t.call('POST', '/api-user/sysversion/moveCompanies', root, cases[1]![0], { lang: 'en' });
    expect(missing.json().msg).toBe('The version does not exist');
    expect(await companyMenus(c)).toEqual(before);
  });
});
