import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dictionaryTemplate } from '../../seed/dictionary.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { syncItemTemplates } from '../operator/tenants.js';
import { memberWithCodes, okCall, secondTenant } from './testkit.js';

let t: TestApp;
let admin: string;
let root: string;

interface Item {
  id: number;
  parentId: number | null;
  code: string;
  name: string;
  value: string | null;
  children?: Item[];
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  root = await t.login('root');
});
afterAll(() => t?.close());

const insert = async (body: Record<string, unknown>, token = admin, prefix = 'item') =>
  (await okCall<{ id: number }>(t, 'POST', `/api-user/${prefix}/insert`, token, body)).data.id;
const values = async (code: string, token = admin) =>
  (await okCall<Item[]>(t, 'GET', `/api-user/item/getItemListByCode?code=${code}`, token)).data;

describe('dictionary', () => {
  it('serves the values of a parent code to any member, in order', async () => {
    const nobody = await memberWithCodes(t, admin, 'plain', []);
    const workTypes = await values('WorkType', nobody.token);
    expect(workTypes.map((i) => i.code)).toEqual(['mechanic', 'electrician', 'fitter', 'welder', 'operator']);
    expect(workTypes[0]!.name).toBeTruthy();
    const energy = await okCall<Item>(t, 'GET', '/api-user/item/getItemByCode?encode=energytype', nobody.token);
    expect(energy.data.code).toBe('energytype');
    expect(energy.data.children?.map((c) => c.code)).toContain('electricity');
    const none = await okCall(t, 'GET', '/api-user/item/getItemByCode?encode=nothing', nobody.token);
    expect(none.data).toBeNull();
    expect((await t.call('GET', '/api-user/item/getItemTree', nobody.token)).statusCode).toBe(403);
  });

  it('adds a parent with values, lists parents paged, shows the tree, changes and deletes entries', async () => {
    const parent = await insert({ code: 'Shift', name: 'Shifts', sort: 99 });
    const night = await insert({ parentId: parent, code: 'night', name: 'Night', value: 'N', sort: 2 });
    await insert({ parentId: parent, code: 'day', name: 'Day', value: 'D', sort: 1 });
    expect((await values('Shift')).map((i) => i.code)).toEqual(['day', 'night']);

    const parents = await okCall<Item[]>(t, 'GET', '/api-user/item/getItemParent?page=1&limit=2', admin);
    expect(parents.data).toHaveLength(2);
    expect(parents.count).toBe(dictionaryTemplate.length + 1);
    const filtered = await okCall<Item[]>(t, 'GET', '/api-user/item/getItemParent?code=shi', admin);
    expect(filtered.data.map((i) => i.id)).toEqual([parent]);

    const shiftTree = await okCall<Item[]>(t, 'GET', '/api-user/item/getItemTree?code=Shift', admin);
    expect(shiftTree.data).toHaveLength(1);
    expect(shiftTree.data[0]!.children?.map((c) => c.code)).toEqual(['day', 'night']);
    const whole = await okCall<Item[]>(t, 'GET', '/api-user/item/getItemTree', admin);
    expect(whole.data).toHaveLength(dictionaryTemplate.length + 1);

    await okCall(t, 'POST', '/api-user/item/update', admin, { id: night, name: 'Night shift', value: null });
    expect((await values('Shift')).find((i) => i.id === night)).toMatchObject({ name: 'Night shift', value: null });
    // An entry stays under the parent it was made under.
    await okCall(t, 'POST', '/api-user/item/update', admin, { id: night, parentId: null, code: 'late' });
    expect((await values('Shift')).find((i) => i.id === night)).toMatchObject({ code: 'late', parentId: parent });
    await okCall(t, 'POST', '/api-user/item/del', admin, { id: night });
    expect((await values('Shift')).map((i) => i.code)).toEqual(['day']);
  });

  it('names the field of a broken rule: missing name, taken code, unknown parent, parent with values', async () => {
    const missing = await t.call('POST', '/api-user/item/insert', admin, { code: 'X' }, { lang: 'en' });
    expect(missing.json()).toMatchObject({ rtnCode: 201, field: 'name', msg: 'Name is required' });
    const parent = (await values('WorkType'))[0]!.parentId;
    const zh = await t.call('POST', '/api-user/item/insert', admin, { parentId: parent, code: 'welder', name: 'W' });
    expect(zh.json()).toMatchObject({ rtnCode: 201, field: 'code', msg: '字典编码 welder 已存在' });
    const en = await t.call('POST', '/api-user/item/insert', admin, { code: 'WorkType', name: 'W' }, { lang: 'en' });
    expect(en.json()).toMatchObject({ field: 'code', msg: 'The dictionary code WorkType is already in use' });
    // The same code under another parent is fine.
    const energy = (await values('energytype'))[0]!.parentId;
    await insert({ parentId: energy, code: 'welder', name: 'Welding gas' });
    const orphan = await t.call('POST', '/api-user/item/insert', admin, { parentId: 999999, code: 'o', name: 'O' });
    expect(orphan.json()).toMatchObject({ rtnCode: 201, field: 'parentId' });
    const del = await t.call('POST', '/api-user/item/del', admin, { id: parent }, { lang: 'en' });
    expect(del.json()).toMatchObject({
      rtnCode: 201,
      msg: 'This dictionary entry still has values (5); delete them first',
    });
  });

  it('refuses a member without the permission code', async () => {
    const viewer = await memberWithCodes(t, admin, 'dictviewer', ['setUp:dictionary:view']);
    expect((await t.call('GET', '/api-user/item/getItemTree', viewer.token)).statusCode).toBe(200);
    const r = await t.call('POST', '/api-user/item/insert', viewer.token, { code: 'Z', name: 'Z' });
    expect(r.statusCode).toBe(403);
    const id = (await values('WorkType'))[0]!.id;
    expect((await t.call('POST', '/api-user/item/del', viewer.token, { id })).statusCode).toBe(403);
  });

  it('keeps tenants apart: another company cannot see, change or delete these entries', async () => {
    const mine = await insert({ code: 'Secret', name: 'Secret' });
    const value = await insert({ parentId: mine, code: 's1', name: 'S1' });
    const other = await secondTenant(t, root);
    expect((await values('Secret', other.token)).length).toBe(0);
    expect((await values('WorkType', other.token)).length).toBe(5);
    const upd = await t.call('POST', '/api-user/item/update', other.token, { id: value, name: 'Changed' });
    expect(upd.statusCode).toBe(404);
    expect((await t.call('POST', '/api-user/item/del', other.token, { id: value })).statusCode).toBe(404);
    const under = await t.call('POST', '/api-user/item/insert', other.token, { parentId: mine, code: 'x', name: 'X' });
    expect(under.json()).toMatchObject({ rtnCode: 201, field: 'parentId' });
    expect((await values('Secret')).map((i) => i.name)).toEqual(['S1']);
  });
});

describe('dictionary template', () => {
  it('the operator edits the template that new companies copy', async () => {
    const parent = await insert({ code: 'Priority', name: '优先级' }, root, 'itemtemplate');
    await insert({ parentId: parent, code: 'high', name: '高' }, root, 'itemtemplate');
    const tree = await okCall<Item[]>(t, 'GET', '/api-user/itemtemplate/getItemTree?code=Priority', root);
    expect(tree.data[0]!.children?.map((c) => c.code)).toEqual(['high']);
    const list = await okCall<Item[]>(t, 'GET', '/api-user/itemtemplate/getItemListByCode?code=WorkType', root);
    expect(list.data).toHaveLength(5);

    const other = await secondTenant(t, root, 'newco');
    expect((await values('Priority', other.token)).map((i) => [i.code, i.name])).toEqual([['high', '高']]);
    const copied = await okCall<Item>(t, 'GET', '/api-user/item/getItemByCode?encode=Priority', other.token);
    expect(copied.data.name).toBe('优先级');

    const dup = await t.call('POST', '/api-user/itemtemplate/insert', root, { code: 'Priority', name: 'P' });
    expect(dup.json()).toMatchObject({ rtnCode: 201, field: 'code' });
    await okCall(t, 'POST', '/api-user/itemtemplate/update', root, { id: parent, name: 'Priority' });
    const refused = await t.call('POST', '/api-user/itemtemplate/del', root, { id: parent });
    expect(refused.json().rtnCode).toBe(201);
  });

  it('is for the platform operator only', async () => {
    const r = await t.call('POST', '/api-user/itemtemplate/insert', admin, { code: 'Mine', name: 'Mine' });
    expect(r.statusCode).toBe(403);
    expect(r.json().error_description).toBe('仅平台运营人员可以执行此操作');
    expect((await t.call('GET', '/api-user/itemtemplate/getItemParent', admin)).statusCode).toBe(403);
  });
});

describe('names in every language', () => {
  const page = async (lang: string) => {
    const r = await t.call('GET', '/api-manage/equipment/page?page=1&limit=100&status=running', admin, undefined, {
      lang,
    });
    return (r.json() as { data: { statusName: string; importance: string; importanceName: string }[] }).data;
  };
  const lookup = async (code: string, lang: string, token = admin) =>
    (await t.call('GET', `/api-user/item/getItemListByCode?code=${code}`, token, undefined, { lang })).json()
      .data as Item[];

  it('shows the built-in values of a record in the language asked for', async () => {
    expect((await page('zh'))[0]!.statusName).toBe('运行');
    expect((await page('en'))[0]!.statusName).toBe('Running');
    expect((await page('tw'))[0]!.statusName).toBe('運行');
    const a = (await page('en')).find((e) => e.importance === 'A');
    expect(a?.importanceName).toBe('A (critical)');
    expect((await lookup('eqstatus', 'en')).map((i) => i.name)).toContain('Under repair');
    const tree = await okCall<Item[]>(t, 'GET', '/api-user/item/getItemTree?code=eqstatus', admin);
    expect(tree.data[0]).toMatchObject({ name: '设备状态', names: { zh: '设备状态', en: 'Equipment status' } });
  });

  it('a value the tenant adds shows its translations, else the name given', async () => {
    const parent = (await lookup('eqstatus', 'zh'))[0]!.parentId;
    const idle = await insert({ parentId: parent, code: 'idle', name: '闲置', names: { en: 'Idle', tw: ' ' } });
    await insert({ parentId: parent, code: 'loaned', name: '借出' });
    const en = await lookup('eqstatus', 'en');
    expect(en.filter((i) => ['idle', 'loaned'].includes(i.code)).map((i) => i.name)).toEqual(['Idle', '借出']);
    const tw = await lookup('eqstatus', 'tw');
    expect(tw.filter((i) => ['idle', 'loaned'].includes(i.code)).map((i) => i.name)).toEqual(['闲置', '借出']);

    const meta = await t.call('GET', '/api-manage/meta/equipment', admin, undefined, { lang: 'en' });
    const status = (meta.json().data.fields as { name: string; options: { value: string; label: string }[] }[]).find(
      (f) => f.name === 'status',
    );
    expect(status?.options.filter((o) => ['idle', 'loaned'].includes(o.value)).map((o) => o.label)).toEqual([
      'Idle',
      '借出',
    ]);

    await okCall(t, 'POST', '/api-user/item/update', admin, { id: idle, names: { tw: '閒置' } });
    expect((await lookup('eqstatus', 'tw')).find((i) => i.code === 'idle')?.name).toBe('閒置');
    expect((await lookup('eqstatus', 'en')).find((i) => i.code === 'idle')?.name).toBe('闲置');
    for (const names of [{ fr: 'Inactif' }, { en: 'x'.repeat(101) }, ['Idle']]) {
      const bad = await t.call('POST', '/api-user/item/update', admin, { id: idle, names }, { lang: 'en' });
      expect(bad.json()).toMatchObject({
        rtnCode: 201,
        field: 'names',
        msg: expect.stringContaining('100 characters'),
      });
    }
    expect((await lookup('eqstatus', 'tw')).find((i) => i.code === 'idle')?.name).toBe('閒置');
  });

  it('a company made before the translations gets them at the next start, unless it renamed the entry', async () => {
    const other = await secondTenant(t, root, 'oldco');
    await t.db.query(`update items set names = null where tenant_id = $1`, [other.companyId]);
    await t.db.query(`update items set name = '开动' where tenant_id = $1 and code = 'running'`, [other.companyId]);
    await syncItemTemplates(t.db);
    const en = await lookup('eqstatus', 'en', other.token);
    expect(en.map((i) => i.name).slice(0, 3)).toEqual(['开动', 'Standby', 'Under repair']);
  });
});
