import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, tenantOf, userWithoutRights } from '../../platform/resources/testkit.js';
import { menuId } from '../../seed/menus.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

type Row = Record<string, unknown>;
interface Json {
  rtnCode: number;
  msg: string;
  field?: string;
  data: Row;
}

let t: TestApp;
let admin: string;
let tenantId: number;
let formId: number;

const call = async (method: string, url: string, body?: unknown, who = admin) => {
  const r = await t.call(method, url, who, body, { lang: 'en' });
  return { status: r.statusCode, json: r.json() as Json };
};

/** Every menu leaf of a tree, depth first. */
const leaves = (nodes: Row[]): Row[] =>
  nodes.flatMap((n) => ((n.children as Row[])?.length ? leaves(n.children as Row[]) : [n]));
const meOf = async (who: string) => leaves((await t.call('GET', '/api-user/sys/me', who)).json().me as Row[]);
const leafOf = async (who: string) => (await meOf(who)).find((m) => m.query === 'inspectpj');

/** A project form "inspectpj" (名 巡检项目) with one plan field and one execution field. */
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  tenantId = (await tenantOf(t, admin)).tenantId;
  formId = (
    await api(t, 'POST', '/api-manage/customform/save', admin, {
      code: 'inspectpj',
      name: '巡检项目',
      nameEn: 'Inspection projects',
      nameTw: '巡檢項目',
      project: true,
      executionFields: ['finding'],
    })
  ).data.id as number;
  const field = (body: Row) => api(t, 'POST', '/api-manage/form/inspectpj/fields/save', admin, body);
  await field({ name: 'area', label: '区域', labelEn: 'Area', fieldType: 'string', required: true });
  await field({ name: 'finding', label: '发现', labelEn: 'Finding', fieldType: 'string' });
});
afterAll(async () => t?.close());

describe('a project form published as a menu', () => {
  it('becomes a fromproject leaf under the chosen group, opening its projects, with the project codes', async () => {
    const group = menuId('equipment');
    const published = await call('POST', '/api-manage/customform/publish', { id: formId, parentId: group });
    expect(published.json.rtnCode, published.json.msg).toBe(200);
    const menuIdOf = String(published.json.data.menuId);
    const me = (await t.call('GET', '/api-user/sys/me', admin)).json().me as Row[];
    const parent = me.find((m) => m.id === group)!;
    const leaf = (parent.children as Row[]).find((m) => m.id === menuIdOf)!;
    expect(leaf).toMatchObject({ menuname: '巡检项目', url: '/project/index', query: 'inspectpj', fromproject: true });
    expect((leaf.button as Row[]).map((b) => b.ext4)).toEqual([
      'project:view',
      'project:add',
      'project:edit',
      'project:delete',
      'project:execute',
      'project:audit',
      'project:export',
    ]);
    const en = await api<Record<string, string>>(t, 'GET', '/api-user/sys/menuLocale?lang=en', admin);
    expect(en.data[menuIdOf.replace(/-/g, '')]).toBe('Inspection projects');
    const listed = await api<Row[]>(t, 'GET', '/api-manage/customform/page?page=1&limit=10&code=inspectpj', admin);
    expect(listed.data[0]).toMatchObject({ published: true, menuParentId: group });
    // The leaf's page finds its form by the code in the menu.
    const info = await call('GET', '/api-manage/project/form?code=inspectpj');
    expect(info.json.data).toMatchObject({ formId, formCode: 'inspectpj', executionFields: ['finding'] });
    expect((await call('GET', '/api-manage/project/form?code=nosuchform')).json.rtnCode).toBe(404);
    expect((await call('GET', '/api-manage/project/form')).json).toMatchObject({ rtnCode: 400, field: 'formId' });
    // Publishing again moves it; an ordinary form is still a /showform leaf, not a project one.
    const moved = await call('POST', '/api-manage/customform/publish', { id: formId, parentId: menuId('setUp') });
    expect(moved.json.data.menuId).toBe(menuIdOf);
    expect((await leafOf(admin))?.parentId).toBe(menuId('setUp'));
  });

  it('is granted to a role like any menu: its people list, add and execute the form projects', async () => {
    const clerk = await userWithoutRights(t, tenantId, 'pj_clerk');
    expect((await call('GET', '/api-manage/project/page?page=1&limit=10', undefined, clerk)).status).toBe(403);
    expect(await leafOf(clerk)).toBeUndefined();
    const role = await api(t, 'POST', '/api-user/role/save', admin, { name: 'Inspectors', code: 'inspectors' });
    const all = leaves((await t.call('GET', '/api-user/sys/all', admin)).json().data as Row[]);
    const leaf = all.find((m) => m.query === 'inspectpj')!;
    const buttons = (leaf.button as Row[]).filter((b) =>
      ['project:view', 'project:add', 'project:execute'].includes(String(b.ext4)),
    );
    await api(t, 'POST', '/api-user/sys/saveRoleAndMenuid', admin, {
      roleId: role.data.id,
      menuIds: [leaf.id, menuId('setUp')],
      buttonIds: buttons.map((b) => b.id),
    });
    const users = await t.db.query<{ id: number }>("select id from users where username = 'pj_clerk'");
    await api(t, 'POST', '/api-user/users/setRoleToOrgAndUser', admin, {
      roleId: role.data.id,
      userIds: [users.rows[0]!.id],
    });
    expect(await leafOf(clerk)).toMatchObject({ fromproject: true, url: '/project/index' });
    // The form's fields are read for the project page, the project is added and listed by form.
    expect((await call('GET', '/api-manage/meta/form/inspectpj', undefined, clerk)).json.rtnCode).toBe(200);
    const made = await call(
      'POST',
      '/api-manage/project/save',
      { formId, name: 'Line 2 walk', values: { area: 'L2' } },
      clerk,
    );
    expect(made.json.rtnCode, made.json.msg).toBe(200);
    const page = await call('GET', `/api-manage/project/page?page=1&limit=10&formId=${formId}`, undefined, clerk);
    expect((page.json.data as unknown as Row[]).map((r) => r.name)).toEqual(['Line 2 walk']);
    // Not granted: delete.
    expect((await call('POST', '/api-manage/project/del', { ids: [made.json.data.id] }, clerk)).status).toBe(403);
  });

  it('keeps its kind while published, follows the form state, and is removed cleanly with its grants', async () => {
    const flip = await call('POST', '/api-manage/customform/update', { id: formId, project: false });
    expect(flip.json).toMatchObject({ rtnCode: 201, field: 'project' });
    expect(flip.json.msg).toContain('unpublish');
    await api(t, 'POST', '/api-manage/customform/updateState', admin, { ids: [formId], state: 0 });
    expect(await leafOf(admin)).toMatchObject({ hidden: true });
    await api(t, 'POST', '/api-manage/customform/updateState', admin, { ids: [formId], state: 1 });
    expect(await leafOf(admin)).toMatchObject({ hidden: false });
    const menu = String((await leafOf(admin))!.id);
    const gone = await call('POST', '/api-manage/customform/unpublish', { id: formId });
    expect(gone.json.data).toEqual({ deleted: 1 });
    expect(await leafOf(admin)).toBeUndefined();
    const left = await t.db.query(
      `select 1 from menus where id = $1 union all select 1 from role_menus where menu_id = $1
       union all select 1 from menu_buttons where menu_id = $1`,
      [menu],
    );
    expect(left.rows).toEqual([]);
    const listed = await api<Row[]>(t, 'GET', '/api-manage/customform/page?page=1&limit=10&code=inspectpj', admin);
    expect(listed.data[0]).toMatchObject({ published: false });
    // Unpublished, the form may become an ordinary form again.
    expect((await call('POST', '/api-manage/customform/update', { id: formId, project: false })).json.rtnCode).toBe(
      200,
    );
  });
});
