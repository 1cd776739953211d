import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  type Json,
  multipart,
  readXlsx,
  secondTenant,
  tenantOf,
  userWithoutRights,
  waitForDownload,
  workbook,
} from '../../platform/resources/testkit.js';
import { menuId } from '../../seed/menus.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { replaceCompanyMenus } from '../operator/company-menus.js';

type Row = Record<string, unknown>;

let t: TestApp;
let admin: string;
let tenantId: number;

const call = async (method: string, url: string, body?: unknown, token = admin, lang = 'zh') => {
  const r = await t.call(method, url, token, body, { lang });
  return { status: r.statusCode, json: r.json() as Json & { data: Row & Row[] } };
};

async function newForm(code: string, name: string, extra: Row = {}, token = admin): Promise<number> {
  return (await api(t, 'POST', '/api-manage/customform/save', token, { code, name, ...extra })).data.id as number;
}

const addField = (code: string, body: Row, token = admin) =>
  api(t, 'POST', `/api-manage/form/${code}/fields/save`, token, body);

/** A form "visit" with a required text field, a choice and a whole number. */
async function visitForm(code: string, token = admin): Promise<number> {
  const id = await newForm(code, '来访登记', { nameEn: 'Visitor log', nameTw: '來訪登記' }, token);
  await addField(
    code,
    { name: 'visitor', label: '访客', labelEn: 'Visitor', fieldType: 'string', required: true, filter: 'like' },
    token,
  );
  await addField(
    code,
    { name: 'purpose', label: '事由', labelEn: 'Purpose', fieldType: 'enum', options: '参观,维修,送货', filter: 'eq' },
    token,
  );
  await addField(code, { name: 'people', label: '人数', labelEn: 'People', fieldType: 'integer' }, token);
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  tenantId = (await tenantOf(t, admin)).tenantId;
});
afterAll(async () => t?.close());

describe('form definitions', () => {
  it('are created, listed and validated naming the field; the code never changes', async () => {
    const id = await newForm('survey', '满意度调查', { description: '年度' });
    const list = await api<Row[]>(t, 'GET', '/api-manage/customform/page?page=1&limit=10&code=survey', admin);
    expect(list.data).toEqual([
      expect.objectContaining({ id, code: 'survey', state: 1, fieldCount: 0, recordCount: 0, published: false }),
    ]);
    const bad = await call('POST', '/api-manage/customform/save', { code: 'Bad code', name: 'x' });
    expect(bad.json).toMatchObject({ rtnCode: 201, field: 'code' });
    const dup = await call('POST', '/api-manage/customform/save', { code: 'survey', name: 'y' });
    expect(dup.json).toMatchObject({ rtnCode: 201, field: 'code', msg: '表单编码“survey”已存在' });
    const renamed = await call('POST', '/api-manage/customform/update', { id, code: 'other' });
    expect(renamed.json).toMatchObject({ rtnCode: 201, field: 'code', msg: '表单编码不能修改' });
    expect((await call('POST', '/api-manage/customform/update', { id, name: '调查' })).json.rtnCode).toBe(200);
  });

  it('have fields designed with the rules of custom fields, kept apart from the field settings', async () => {
    await visitForm('visit');
    const meta = await call('GET', '/api-manage/meta/form/visit/fields', undefined, admin, 'en');
    expect(meta.json.data).toMatchObject({
      title: 'Visitor log - field design',
      paths: { save: '/api-manage/form/visit/fields/save' },
    });
    const names = (meta.json.data.fields as unknown as Row[]).map((f) => f.name);
    expect(names).not.toContain('entity');
    const fields = await api<Row[]>(t, 'GET', '/api-manage/form/visit/fields/all', admin);
    expect(fields.data.map((f) => f.name)).toEqual(['visitor', 'purpose', 'people']);
    const dup = await call('POST', '/api-manage/form/visit/fields/save', { name: 'people', label: 'x' });
    expect(dup.json).toMatchObject({ rtnCode: 201, field: 'name' });
    const noOptions = await call('POST', '/api-manage/form/visit/fields/save', {
      name: 'kind',
      label: '类别',
      fieldType: 'enum',
    });
    expect(noOptions.json).toMatchObject({ rtnCode: 201, field: 'options' });
    // The same key is free in another form; the field settings page cannot reach a form's fields.
    await newForm('visit2', '来访二');
    expect((await addField('visit2', { name: 'people', label: '人数', fieldType: 'integer' })).data.name).toBe(
      'people',
    );
    const viaSettings = await call('POST', '/api-manage/customfield/save', {
      entity: 'form/visit',
      name: 'sneak',
      label: 'x',
    });
    expect(viaSettings.json).toMatchObject({ rtnCode: 201, field: 'entity' });
    // Reordering.
    const ids = fields.data.map((f) => f.id as number);
    await api(t, 'POST', '/api-manage/form/visit/fields/sort', admin, { ids: [ids[2], ids[0], ids[1]] });
    const after = await api<Row[]>(t, 'GET', '/api-manage/form/visit/fields/all', admin);
    expect(after.data.map((f) => f.name)).toEqual(['people', 'visitor', 'purpose']);
    await api(t, 'POST', '/api-manage/form/visit/fields/sort', admin, { ids });
  });
});

describe('records of a form', () => {
  it('follow the form fields in metadata, labels and validation naming the field', async () => {
    const meta = await call('GET', '/api-manage/meta/form/visit', undefined, admin, 'en');
    expect(meta.json.data).toMatchObject({
      name: 'form/visit',
      title: 'Visitor log',
      paths: { page: '/api-manage/form/visit/page', save: '/api-manage/form/visit/save' },
      templateUrl: '/api-file/statics/template/file/form/visit.xlsx',
      can: { view: true, add: false },
    });
    expect((meta.json.data.fields as unknown as Row[]).map((f) => [f.name, f.label])).toEqual([
      ['custom.visitor', 'Visitor'],
      ['custom.purpose', 'Purpose'],
      ['custom.people', 'People'],
    ]);
    // Before the form is published only designers may look (no form permission codes yet).
    const refused = await call('POST', '/api-manage/form/visit/save', { custom: { visitor: '张三' } });
    expect(refused.status).toBe(403);
  });

  it('are reached from the menu once the form is published, with the form page permission codes', async () => {
    const groups = await api<Row[]>(t, 'GET', '/api-manage/customform/menuGroups', admin);
    const setUp = groups.data.find((g) => g.key === 'setUp')!;
    expect(setUp).toBeTruthy();
    const form = (await api<Row[]>(t, 'GET', '/api-manage/customform/page?page=1&limit=10&code=visit', admin)).data[0]!;
    const wrongParent = await call('POST', '/api-manage/customform/publish', {
      id: form.id,
      parentId: menuId('setUp.workshop'),
    });
    expect(wrongParent.json).toMatchObject({ field: 'parentId' });
    const published = await api<{ menuId: string }>(t, 'POST', '/api-manage/customform/publish', admin, {
      id: form.id,
      parentId: setUp.id,
    });
    const me = (await t.call('GET', '/api-user/sys/me', admin)).json().me as Row[];
    const leaf = ((me.find((m) => m.key === 'setUp')!.children as Row[]) ?? []).find(
      (m) => m.id === published.data.menuId,
    )!;
    expect(leaf).toMatchObject({ menuname: '来访登记', url: '/showform', query: 'visit' });
    expect((leaf.button as Row[]).map((b) => b.ext4)).toEqual([
      'diyform:visit:view',
      'diyform:visit:add',
      'diyform:visit:edit',
      'diyform:visit:delete',
      'diyform:visit:import',
      'diyform:visit:export',
    ]);
    const en = await api<Record<string, string>>(t, 'GET', '/api-user/sys/menuLocale?lang=en', admin);
    expect(en.data[published.data.menuId.replace(/-/g, '')]).toBe('Visitor log');
    const listed = await api<Row[]>(t, 'GET', '/api-manage/customform/page?page=1&limit=10&code=visit', admin);
    expect(listed.data[0]).toMatchObject({ published: true, menuParentId: setUp.id });
    // Publishing again moves the leaf, it does not add a second one.
    const again = await api<{ menuId: string }>(t, 'POST', '/api-manage/customform/publish', admin, {
      id: form.id,
      parentId: setUp.id,
    });
    expect(again.data.menuId).toBe(published.data.menuId);
  });

  it('are created, listed, filtered, read, updated and deleted, with an audit trail', async () => {
    const missing = await call('POST', '/api-manage/form/visit/save', { custom: { purpose: '参观' } });
    expect(missing.json).toMatchObject({ rtnCode: 201, field: 'custom.visitor', msg: '访客不能为空' });
    const wrong = await call('POST', '/api-manage/form/visit/save', { custom: { visitor: '张三', people: 'many' } });
    expect(wrong.json).toMatchObject({ rtnCode: 201, field: 'custom.people' });
    const badChoice = await call('POST', '/api-manage/form/visit/save', {
      custom: { visitor: '张三', purpose: '吃饭' },
    });
    expect(badChoice.json).toMatchObject({ rtnCode: 201, field: 'custom.purpose' });

    const a = (
      await api(t, 'POST', '/api-manage/form/visit/save', admin, {
        custom: { visitor: '张三', purpose: '参观', people: 2 },
      })
    ).data;
    expect(a.custom).toEqual({ visitor: '张三', purpose: '参观', people: 2 });
    await api(t, 'POST', '/api-manage/form/visit/save', admin, {
      custom: { visitor: '李四', purpose: '维修', people: 1 },
    });

    const page = await api<Row[]>(t, 'GET', '/api-manage/form/visit/page?page=1&limit=10', admin);
    expect(page.count).toBe(2);
    const filtered = await api<Row[]>(
      t,
      'GET',
      `/api-manage/form/visit/page?page=1&limit=10&custom.purpose=${encodeURIComponent('维修')}`,
      admin,
    );
    expect(filtered.data.map((r) => (r.custom as Row).visitor)).toEqual(['李四']);
    const keyword = await api<Row[]>(
      t,
      'GET',
      `/api-manage/form/visit/page?page=1&limit=10&keyword=${encodeURIComponent('张')}`,
      admin,
    );
    expect(keyword.data.map((r) => r.id)).toEqual([a.id]);
    const sorted = await api<Row[]>(
      t,
      'GET',
      '/api-manage/form/visit/page?page=1&limit=10&sort=custom.people&order=asc',
      admin,
    );
    expect(sorted.data.map((r) => (r.custom as Row).people)).toEqual([1, 2]);

    const updated = await api(t, 'POST', '/api-manage/form/visit/update', admin, { id: a.id, custom: { people: 3 } });
    expect(updated.data.custom).toEqual({ visitor: '张三', purpose: '参观', people: 3 });
    expect((await api(t, 'GET', `/api-manage/form/visit/get?id=${a.id}`, admin)).data.custom).toMatchObject({
      people: 3,
    });
    await api(t, 'POST', '/api-manage/form/visit/del', admin, { ids: [a.id] });
    expect((await call('GET', `/api-manage/form/visit/get?id=${a.id}`)).status).toBe(404);
    const audit = await t.db.query<{ action: string }>(
      'select action from audit_log where entity = $1 and record_id = $2 order by id',
      ['form/visit', String(a.id)],
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['create', 'update', 'delete']);
  });

  it("keep to their form: another form's ids are unknown here", async () => {
    await api(t, 'POST', '/api-manage/customform/publish', admin, {
      id: (await api<Row[]>(t, 'GET', '/api-manage/customform/page?page=1&limit=10&code=visit2', admin)).data[0]!.id,
      parentId: menuId('setUp'),
    });
    const other = (await api(t, 'POST', '/api-manage/form/visit2/save', admin, { custom: { people: 9 } })).data;
    expect((await call('GET', `/api-manage/form/visit/get?id=${other.id}`)).status).toBe(404);
    expect((await call('POST', '/api-manage/form/visit/del', { ids: [other.id] })).status).toBe(404);
    const page = await api<Row[]>(t, 'GET', '/api-manage/form/visit/page?page=1&limit=10', admin);
    expect(page.data.some((r) => r.id === other.id)).toBe(false);
  });

  it('import from the template (a bad file imports nothing) and export to My downloads', async () => {
    const tpl = await t.call('GET', `/api-file/statics/template/file/form/visit.xlsx?lang=en`, admin);
    expect(tpl.statusCode).toBe(200);
    const [header] = await readXlsx(tpl.rawPayload);
    expect(header).toEqual(['Visitor*', 'Purpose', 'People']);

    const bad = await workbook([
      ['访客', '事由', '人数'],
      ['王五', '参观', 1],
      ['', '送货', 'x'],
    ]);
    // One multipart body: its boundary is in both the payload and the header.
    const badBody = multipart(bad);
    const badRes = await t.call('POST', '/api-manage/form/visit/importexcel', admin, badBody.payload, badBody.headers);
    const badJson = badRes.json() as Json & { data: Row[] };
    expect(badJson.rtnCode).toBe(201);
    expect(badJson.data.map((i) => [i.row, i.field])).toEqual([
      [3, 'custom.visitor'],
      [3, 'custom.people'],
    ]);
    const before = await api<Row[]>(t, 'GET', '/api-manage/form/visit/page?page=1&limit=10', admin);

    const good = await workbook([
      ['Visitor', 'Purpose', 'People'],
      ['王五', '参观', 1],
      ['赵六', '送货', 4],
    ]);
    const body = multipart(good);
    const goodRes = await t.call('POST', '/api-manage/form/visit/importexcel', admin, body.payload, body.headers);
    expect(goodRes.json()).toMatchObject({ rtnCode: 200, data: { count: 2 } });
    const afterImport = await api<Row[]>(t, 'GET', '/api-manage/form/visit/page?page=1&limit=10', admin);
    expect(afterImport.count).toBe((before.count ?? 0) + 2);
    const imported = await t.db.query<{ n: number }>(
      "select count(*)::int as n from audit_log where entity = 'form/visit' and action = 'import'",
    );
    expect(imported.rows[0]!.n).toBe(2);

    const exp = await api<{ id: number }>(
      t,
      'POST',
      `/api-manage/form/visit/exportexcel?custom.purpose=${encodeURIComponent('送货')}`,
      admin,
      {},
    );
    const file = await waitForDownload(t, admin, exp.data.id);
    const rows = await readXlsx(file);
    expect(rows[0]).toEqual(['访客', '事由', '人数']);
    expect(rows.slice(1)).toEqual([['赵六', '送货', 4]]);
  });

  it('are refused to users without the form page permission codes', async () => {
    const nobody = await userWithoutRights(t, tenantId, 'nobody_form');
    expect((await call('GET', '/api-manage/form/visit/page?page=1&limit=10', undefined, nobody)).status).toBe(403);
    expect((await call('GET', '/api-manage/meta/form/visit', undefined, nobody)).status).toBe(403);
    expect((await call('POST', '/api-manage/form/visit/save', { custom: { visitor: 'x' } }, nobody)).status).toBe(403);
    expect((await call('GET', '/api-manage/form/visit/fields/page?page=1&limit=10', undefined, nobody)).status).toBe(
      403,
    );
    expect(
      (await call('POST', '/api-manage/customform/publish', { id: 1, parentId: menuId('setUp') }, nobody)).status,
    ).toBe(403);

    // A role granted the form page with view and add may record, not delete.
    const role = await api(t, 'POST', '/api-user/role/save', admin, { name: 'Reception', code: 'reception' });
    const me = (await t.call('GET', '/api-user/sys/all', admin)).json().data as Row[];
    const leaf = ((me.find((m) => m.key === 'setUp')!.children as Row[]) ?? []).find((m) => m.query === 'visit')!;
    const buttons = (leaf.button as Row[]).filter((b) =>
      ['diyform:visit:view', 'diyform:visit:add'].includes(String(b.ext4)),
    );
    await api(t, 'POST', '/api-user/sys/saveRoleAndMenuid', admin, {
      roleId: role.data.id,
      menuIds: [leaf.id, menuId('setUp')],
      buttonIds: buttons.map((b) => b.id),
    });
    const users = await t.db.query<{ id: number }>("select id from users where username = 'nobody_form'");
    await api(t, 'POST', '/api-user/users/setRoleToOrgAndUser', admin, {
      roleId: role.data.id,
      userIds: [users.rows[0]!.id],
    });
    const sidebar = (await t.call('GET', '/api-user/sys/me', nobody)).json().me as Row[];
    expect(JSON.stringify(sidebar)).toContain('"query":"visit"');
    const created = await call('POST', '/api-manage/form/visit/save', { custom: { visitor: '前台' } }, nobody);
    expect(created.json.rtnCode).toBe(200);
    const meta = await call('GET', '/api-manage/meta/form/visit', undefined, nobody);
    expect(meta.json.data.can).toMatchObject({ view: true, add: true, edit: false, delete: false });
    expect((await call('POST', '/api-manage/form/visit/del', { ids: [created.json.data.id] }, nobody)).status).toBe(
      403,
    );
  });

  it("stay within the tenant: another company's form of the same code is its own", async () => {
    const other = await secondTenant(t, 'formb');
    expect((await call('GET', '/api-manage/meta/form/visit', undefined, other.token)).status).toBe(404);
    await visitForm('visit', other.token);
    const formB = (await api<Row[]>(t, 'GET', '/api-manage/customform/page?page=1&limit=10', other.token)).data;
    expect(formB.map((f) => f.code)).toEqual(['visit']);
    const groups = await api<Row[]>(t, 'GET', '/api-manage/customform/menuGroups', other.token);
    await api(t, 'POST', '/api-manage/customform/publish', other.token, {
      id: formB[0]!.id,
      parentId: groups.data.find((g) => g.key === 'setUp')!.id,
    });
    const page = await api<Row[]>(t, 'GET', '/api-manage/form/visit/page?page=1&limit=10', other.token);
    expect(page.count).toBe(0);
    const aRecord = (await api<Row[]>(t, 'GET', '/api-manage/form/visit/page?page=1&limit=1', admin)).data[0]!;
    expect((await call('GET', `/api-manage/form/visit/get?id=${aRecord.id}`, undefined, other.token)).status).toBe(404);
    expect((await call('POST', '/api-manage/form/visit/del', { ids: [aRecord.id] }, other.token)).status).toBe(404);
    // Each company sees only its own menu leaf and titles.
    const localeA = await api<Record<string, string>>(t, 'GET', '/api-user/sys/menuLocale?lang=en', admin);
    const localeB = await api<Record<string, string>>(t, 'GET', '/api-user/sys/menuLocale?lang=en', other.token);
    expect(Object.values(localeA.data).filter((v) => v === 'Visitor log')).toHaveLength(1);
    expect(Object.values(localeB.data).filter((v) => v === 'Visitor log')).toHaveLength(1);
    expect(Object.keys(localeA.data).filter((k) => !(k in localeB.data))).toHaveLength(2);
    // A company created afterwards gets none of them.
    const third = await secondTenant(t, 'formc');
    const thirdMe = JSON.stringify((await t.call('GET', '/api-user/sys/me', third.token)).json().me);
    expect(thirdMe).not.toContain('/showform');
  });

  it("survive the operator replacing the company's menus", async () => {
    const before = await t.db.query<{ menu_id: string }>(
      'select menu_id from company_menus cm join menus m on m.id = cm.menu_id where cm.tenant_id = $1 and m.owner_tenant_id is null',
      [tenantId],
    );
    await t.db.transaction((tx) =>
      replaceCompanyMenus(
        tx,
        tenantId,
        before.rows.map((r) => r.menu_id),
      ),
    );
    const me = JSON.stringify((await t.call('GET', '/api-user/sys/me', admin)).json().me);
    expect(me).toContain('"query":"visit"');
  });
});

describe('a form', () => {
  it('when disabled, hides its menu leaf and refuses its records with a clear message', async () => {
    const form = (await api<Row[]>(t, 'GET', '/api-manage/customform/page?page=1&limit=10&code=visit', admin)).data[0]!;
    await api(t, 'POST', '/api-manage/customform/updateState', admin, { ids: [form.id], state: 0 });
    const r = await call('GET', '/api-manage/form/visit/page?page=1&limit=10', undefined, admin, 'en');
    expect(r.json).toMatchObject({ rtnCode: 201, msg: 'The form "Visitor log" is disabled' });
    const hidden = await t.db.query<{ hidden: boolean }>(
      "select hidden from menus where query = 'visit' and owner_tenant_id = $1",
      [tenantId],
    );
    expect(hidden.rows).toEqual([{ hidden: true }]);
    await api(t, 'POST', '/api-manage/customform/updateState', admin, { ids: [form.id], state: 1 });
    const unknown = await call('GET', '/api-manage/form/nosuch/page?page=1&limit=10', undefined, admin, 'en');
    expect(unknown).toMatchObject({ status: 404, json: { msg: 'The form does not exist' } });
  });

  it('with records cannot be deleted; without them it goes with its fields and menu leaf', async () => {
    const form = (await api<Row[]>(t, 'GET', '/api-manage/customform/page?page=1&limit=10&code=visit', admin)).data[0]!;
    const refused = await call('POST', '/api-manage/customform/del', { ids: [form.id] });
    expect(refused.json.rtnCode).toBe(201);
    expect(refused.json.msg).toMatch(/^表单 visit 已有 \d+ 条记录，不能删除/);
    const ids = (await api<Row[]>(t, 'GET', '/api-manage/form/visit/all', admin)).data.map((r) => r.id);
    await api(t, 'POST', '/api-manage/form/visit/del', admin, { ids });
    await api(t, 'POST', '/api-manage/customform/del', admin, { ids: [form.id] });
    const left = await t.db.query<{ n: number }>(
      `select (select count(*) from custom_fields where tenant_id = $1 and entity = 'form/visit')
            + (select count(*) from menus where owner_tenant_id = $1 and query = 'visit') as n`,
      [tenantId],
    );
    expect(Number(left.rows[0]!.n)).toBe(0);
    expect(JSON.stringify((await t.call('GET', '/api-user/sys/me', admin)).json().me)).not.toContain('"query":"visit"');
  });

  it('unpublished leaves the menu; a form without fields cannot be published', async () => {
    const visit2 = (await api<Row[]>(t, 'GET', '/api-manage/customform/page?page=1&limit=10&code=visit2', admin))
      .data[0]!;
    expect((await api(t, 'POST', '/api-manage/customform/unpublish', admin, { id: visit2.id })).data).toEqual({
      deleted: 1,
    });
    const survey = (await api<Row[]>(t, 'GET', '/api-manage/customform/page?page=1&limit=10&code=survey', admin))
      .data[0]!;
    const r = await call('POST', '/api-manage/customform/publish', { id: survey.id, parentId: menuId('setUp') });
    expect(r.json).toMatchObject({ rtnCode: 201, msg: '表单“调查”还没有字段，请先设计字段' });
    expect((await call('GET', '/api-manage/meta/form/survey')).json.rtnCode).toBe(201);
  });
});
