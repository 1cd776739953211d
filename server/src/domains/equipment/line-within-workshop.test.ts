import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type Json, multipart, workbook } from '../../platform/resources/testkit.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

/*
 * Dependent references (FieldDef.within): a line is chosen within the row's workshop, in the choices, on
 * save and update, and on import (line names repeat across workshops).
 */

type Row = Record<string, unknown>;

let t: TestApp;
let admin: string;
const shop: number[] = [];
const line: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  for (const n of [1, 2]) {
    const w = await api(t, 'POST', '/api-user/workShop/save', admin, {
      workshopcode: `DW${n}`,
      workshopname: `依赖车间${n}`,
    });
    shop.push(Number(w.data.id));
    const l = await api(t, 'POST', '/api-user/line/save', admin, {
      linecode: `DL${n}`,
      linename: '依赖1号线',
      workshopid: w.data.id,
    });
    line.push(Number(l.data.id));
  }
});
afterAll(async () => t?.close());

const post = (url: string, body: unknown) => api<Row>(t, 'POST', url, admin, body);
const fail = async (url: string, body: unknown) => (await t.call('POST', url, admin, body)).json() as Json;
const options = async (url: string) => (await api<{ value: number }[]>(t, 'GET', url, admin)).data.map((o) => o.value);

describe('choices of a dependent reference', () => {
  it('tells the web which field a line depends on', async () => {
    const meta = await api<{ fields: Row[] }>(t, 'GET', '/api-manage/meta/equipmentallot', admin);
    expect(meta.data.fields.find((f) => f.name === 'toLineId')).toMatchObject({ within: 'toWorkshopId' });
    expect(meta.data.fields.find((f) => f.name === 'toWorkshopId')!.within).toBeUndefined();
    const ledger = await api<{ fields: Row[] }>(t, 'GET', '/api-manage/meta/equipment', admin);
    expect(ledger.data.fields.find((f) => f.name === 'lineId')).toMatchObject({ within: 'workshopId' });
  });

  it('offers only the lines of the workshop given as within, and every line without it', async () => {
    const url = '/api-manage/meta/equipmentallot/options/toLineId';
    expect(await options(`${url}?within=${shop[0]}&keyword=依赖`)).toEqual([line[0]]);
    expect(await options(`${url}?within=${shop[1]}&keyword=依赖`)).toEqual([line[1]]);
    expect((await options(`${url}?keyword=依赖`)).sort()).toEqual([...line].sort());
    expect(await options(`/api-manage/meta/equipment/options/lineId?within=${shop[1]}`)).toEqual([line[1]]);
    const bad = await t.call('GET', `${url}?within=abc`, admin);
    expect(bad.statusCode).toBe(400);
  });
});

describe('the labels of current values', () => {
  it('gives the choices of given ids whatever the first page holds, and refuses a malformed list', async () => {
    const url = '/api-manage/meta/equipment/options/lineId';
    expect((await options(`${url}?ids=${line[1]},${line[0]}`)).sort()).toEqual([...line].sort());
    expect(await options(`${url}?ids=${line[0]}&keyword=nothing-like-it`)).toEqual([line[0]]);
    expect(await options(`${url}?ids=999999999`)).toEqual([]);
    for (const bad of ['abc', '1,,2', '0', `${'1,'.repeat(100)}1`])
      expect((await t.call('GET', `${url}?ids=${bad}`, admin)).statusCode).toBe(400);
  });
});

describe('choices of a reference to a tree', () => {
  it('marks a ref to a tree and gives each choice its parent', async () => {
    const ledger = await api<{ fields: Row[] }>(t, 'GET', '/api-manage/meta/equipment', admin);
    expect(ledger.data.fields.find((f) => f.name === 'categoryId')).toMatchObject({ tree: true });
    expect(ledger.data.fields.find((f) => f.name === 'lineId')!.tree).toBeUndefined();
    const top = await post('/api-manage/equipmentcategory/save', { code: 'TREE-1', name: '树根类', category: 1 });
    const leaf = await post('/api-manage/equipmentcategory/save', {
      code: 'TREE-1-1',
      name: '树叶类',
      category: 1,
      parentId: top.data.id,
    });
    const choices = await api<{ value: number; parent: number | null }[]>(
      t,
      'GET',
      '/api-manage/meta/equipment/options/categoryId?keyword=TREE',
      admin,
    );
    expect(choices.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ value: top.data.id, parent: null }),
        expect.objectContaining({ value: leaf.data.id, parent: top.data.id }),
      ]),
    );
    const lines = await api<Row[]>(t, 'GET', '/api-manage/meta/equipment/options/lineId', admin);
    expect(lines.data[0]).not.toHaveProperty('parent');
  });
});

describe('saving a dependent reference', () => {
  it('refuses an allotment to a line of another workshop, naming the field', async () => {
    const r = await fail('/api-manage/equipmentallot/save', {
      toWorkshopId: shop[0],
      toLineId: line[1],
      reason: '调拨',
    });
    expect(r).toMatchObject({ rtnCode: 201, field: 'toLineId', msg: '调入产线不属于所选的调入车间' });
    const en = await t.call(
      'POST',
      '/api-manage/equipmentallot/save',
      admin,
      { toWorkshopId: shop[0], toLineId: line[1], reason: 'x' },
      { lang: 'en' },
    );
    expect((en.json() as Json).msg).toMatch(/does not belong to the selected/);
    const good = await post('/api-manage/equipmentallot/save', {
      toWorkshopId: shop[1],
      toLineId: line[1],
      reason: '调拨',
    });
    expect(good.data.toLineName).toBe('依赖1号线');
  });

  it('checks an update of one of the two fields against the stored other one', async () => {
    const eq = await post('/api-manage/equipment/save', {
      code: 'DEP-1',
      name: '依赖设备',
      workshopId: shop[0],
      lineId: line[0],
    });
    const id = eq.data.id;
    expect(await fail('/api-manage/equipment/update', { id, workshopId: shop[1] })).toMatchObject({
      rtnCode: 201,
      field: 'lineId',
    });
    expect(await fail('/api-manage/equipment/update', { id, lineId: line[1] })).toMatchObject({
      rtnCode: 201,
      field: 'lineId',
    });
    await post('/api-manage/equipment/update', { id, name: '改名' });
    const moved = await post('/api-manage/equipment/update', { id, workshopId: shop[1], lineId: line[1] });
    expect(moved.data).toMatchObject({ workshopId: shop[1], lineId: line[1] });
    // Clearing the workshop leaves a line without a parent to belong to: nothing to check.
    await post('/api-manage/equipment/update', { id, workshopId: null });
  });

  it('applies to moulds as well', async () => {
    const r = await fail('/api-manage/eqmold/save', { code: 'DEP-M', name: 'x', workshopId: shop[1], lineId: line[0] });
    expect(r).toMatchObject({ rtnCode: 201, field: 'lineId' });
  });
});

describe('importing a dependent reference', () => {
  async function upload(rows: unknown[][], lang = 'zh'): Promise<Json> {
    const { payload, headers } = multipart(await workbook(rows));
    const r = await t.app.inject({
      method: 'POST',
      url: '/api-manage/equipment/import',
      headers: { ...headers, authorization: `Bearer ${admin}`, lang },
      payload,
    });
    return r.json() as Json;
  }

  it('resolves a repeated line name within the row workshop', async () => {
    const json = await upload([
      ['code', 'name', 'lineId', 'workshopId'],
      ['DEP-I1', '导入一', '依赖1号线', 'DW1'],
      ['DEP-I2', '导入二', '依赖1号线', '依赖车间2'],
      ['DEP-I3', '导入三', 'DL2', 'DW2'],
    ]);
    expect(json.rtnCode, JSON.stringify(json)).toBe(200);
    const rows = (await api<Row[]>(t, 'GET', '/api-manage/equipment/page?page=1&limit=10&code=DEP-I', admin)).data;
    const byCode = new Map(rows.map((r) => [r.code, r]));
    expect(byCode.get('DEP-I1')).toMatchObject({ workshopId: shop[0], lineId: line[0] });
    expect(byCode.get('DEP-I2')).toMatchObject({ workshopId: shop[1], lineId: line[1] });
    expect(byCode.get('DEP-I3')).toMatchObject({ workshopId: shop[1], lineId: line[1] });
  });

  it('reports a row whose line does not belong to its workshop, and imports nothing', async () => {
    const json = await upload([
      ['code', 'name', 'workshopId', 'lineId'],
      ['DEP-J1', '好', 'DW1', 'DL1'],
      ['DEP-J2', '坏', 'DW1', 'DL2'],
      ['DEP-J3', '重名', '', '依赖1号线'],
    ]);
    expect(json.rtnCode).toBe(201);
    const report = json.data as { row: number; field: string; message: string }[];
    expect(report).toContainEqual({
      row: 3,
      column: 'lineId',
      field: 'lineId',
      message: '所属产线不属于所选的所属车间',
    });
    expect(report).toContainEqual(expect.objectContaining({ row: 4, field: 'lineId' }));
    expect(report).toHaveLength(2);
    const rows = await api<Row[]>(t, 'GET', '/api-manage/equipment/page?page=1&limit=10&code=DEP-J', admin);
    expect(rows.count).toBe(0);
  });
});
