import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secondTenant } from '../../platform/resources/testkit.js';
import { withTenant } from '../../platform/tenancy/tenant-tx.js';
import { menuId } from '../../seed/menus.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { saveOwnMenu } from './tenant-menus.js';

let t: TestApp;
let root: string;
let admin: string;
let other: { token: string; tenantId: number };
let ownMenu: string;
let ownButton: string;

const SECRET_CODE = 'diyform:secretform:view';

beforeAll(async () => {
  t = await createTestApp();
  root = await t.login('root');
  admin = await t.login('admin');
  other = await secondTenant(t, 'menub');
  // Tenant B's own menu: the page of a custom form, with buttons whose codes name the form.
  ownMenu = await withTenant(t.db, other.tenantId, null, (tx) =>
    saveOwnMenu(tx, {
      parentId: menuId('setUp'),
      menuname: 'Secret form',
      titles: { en: 'Secret form', tw: 'Secret form' },
      url: '/showform',
      query: 'secretform',
      hidden: false,
      buttons: [{ name: 'View', ext4: SECRET_CODE }],
    }),
  );
  const b = await t.db.query<{ id: string }>('select id from menu_buttons where menu_id = $1', [ownMenu]);
  ownButton = b.rows[0]!.id;
});
afterAll(async () => t?.close());

const buttonCount = async () =>
  (await t.db.query<{ n: number }>('select count(*)::int as n from menu_buttons where menu_id = $1', [ownMenu]))
    .rows[0]!.n;

describe("a company's own menus", () => {
  it('show their buttons to the company itself', async () => {
    const r = await t.call('GET', `/api-user/sys/getButton?menuId=${ownMenu}`, other.token);
    expect(r.json().data.map((b: { ext4: string }) => b.ext4)).toEqual([SECRET_CODE]);
  });

  it("never show their buttons to another company, nor to the operator's", async () => {
    for (const token of [admin, root]) {
      const r = await t.call('GET', `/api-user/sys/getButton?menuId=${ownMenu}`, token);
      expect(r.statusCode).toBe(200);
      expect(r.json().data).toEqual([]);
      expect(r.body).not.toContain('secretform');
    }
    // Shared menus still answer their buttons.
    const shared = await t.call('GET', `/api-user/sys/getButton?menuId=${menuId('setUp.dictionary')}`, admin);
    expect(shared.json().data.length).toBeGreaterThan(0);
  });

  it("keep their titles out of another company's menu locale", async () => {
    const mine = await t.call('GET', '/api-user/sys/menuLocale?lang=en', other.token);
    expect(mine.json().data[ownMenu.replace(/-/g, '')]).toBe('Secret form');
    const theirs = await t.call('GET', '/api-user/sys/menuLocale?lang=en', admin);
    expect(theirs.body).not.toContain('Secret form');
  });

  it("are not the operator's menu editor's to change, delete or give buttons to", async () => {
    const del = await t.call('POST', '/api-user/sys/delButton', root, { id: ownButton });
    expect(del.json()).toMatchObject({ rtnCode: 400, field: 'id' });
    expect(await buttonCount()).toBe(1);

    const add = await t.call('POST', '/api-user/sys/saveButton', root, { menuId: ownMenu, name: 'x', ext4: 'x:y' });
    expect(add.json()).toMatchObject({ rtnCode: 400, field: 'menuId' });
    expect(await buttonCount()).toBe(1);

    const upd = await t.call('POST', '/api-user/sys/update', root, { id: ownMenu, menuname: 'taken' });
    expect(upd.json()).toMatchObject({ rtnCode: 400, field: 'id' });
    const under = await t.call('POST', '/api-user/sys/save', root, { menuname: 'under', parentId: ownMenu });
    expect(under.json()).toMatchObject({ rtnCode: 400, field: 'parentId' });
    const moved = await t.call('POST', '/api-user/sys/update', root, {
      id: menuId('setUp.dictionary'),
      parentId: ownMenu,
    });
    expect(moved.json()).toMatchObject({ rtnCode: 400, field: 'parentId' });

    // A shared group whose only page is the company's own is not deleted with that page.
    const group = (await t.call('POST', '/api-user/sys/save', root, { menuname: 'Group' })).json().data.id as string;
    await withTenant(t.db, other.tenantId, null, (tx) =>
      saveOwnMenu(tx, {
        parentId: group,
        menuname: 'Form in group',
        titles: { en: 'Form in group', tw: 'Form in group' },
        url: '/showform',
        query: 'ingroup',
        hidden: false,
        buttons: [],
      }),
    );
    const delGroup = await t.call('POST', '/api-user/sys/del', root, { id: group });
    expect(delGroup.json()).toMatchObject({ rtnCode: 201 });
    const inGroup = await t.db.query("select 1 from menus where query = 'ingroup'");
    expect(inGroup.rows.length).toBe(1);
    const own = await t.call('POST', '/api-user/sys/del', root, { id: ownMenu });
    expect(own.json()).toMatchObject({ rtnCode: 400, field: 'id' });
    const left = await t.db.query('select menuname, parent_id from menus where id = $1', [ownMenu]);
    expect(left.rows).toEqual([{ menuname: 'Secret form', parent_id: menuId('setUp') }]);
  });

  it('stay with the company when the operator takes menus away from it', async () => {
    const r = await t.call('POST', '/api-user/company/batchRemoveCompanyMenuid', root, {
      companyIds: [other.tenantId],
      menuIds: [ownMenu],
    });
    expect(r.json().rtnCode).toBe(200);
    const still = await t.call('GET', `/api-user/sys/all`, other.token);
    expect(still.body).toContain(SECRET_CODE);
  });
});

interface MeNode {
  key: string | null;
  url: string | null;
  button: { ext4: string }[];
  children: MeNode[];
}
const flat = (nodes: MeNode[]): MeNode[] => nodes.flatMap((n) => [n, ...flat(n.children)]);

describe("root's menus (issue 45 #22)", () => {
  it("are the operator's console, not the tenant business menus of the empty platform company", async () => {
    const me = (await t.call('GET', '/api-user/sys/me', root)).json().me as MeNode[];
    expect(me.map((n) => n.key)).toEqual(['admin', 'operatesys', 'info', 'mes']);
    const keys = flat(me).map((n) => n.key);
    expect(keys).toContain('admin.company');
    expect(keys).toContain('operatesys.version');
    for (const business of ['workboard', 'setUp', 'equipment', 'check', 'repair_admin', 'spare', 'reportform', 'log'])
      expect(keys.filter((k) => k === business || k?.startsWith(`${business}.`))).toEqual([]);
    // The buttons come with their menus: the console's, and the navbar's configuration code.
    const codes = flat(me).flatMap((n) => n.button.map((b) => b.ext4));
    expect(codes).toContain('admin:company:add');
    expect(codes).toContain('back:company:manage');
    expect(codes.some((c) => c.startsWith('repair_admin:'))).toBe(false);
  });

  it("leave a tenant administrator's menus whole, without the operator's groups", async () => {
    const me = (await t.call('GET', '/api-user/sys/me', admin)).json().me as MeNode[];
    const keys = me.map((n) => n.key);
    expect(keys).toEqual(expect.arrayContaining(['workboard', 'setUp', 'equipment', 'repair_admin', 'reportform']));
    expect(keys).not.toContain('admin');
    expect(keys).not.toContain('operatesys');
  });
});
