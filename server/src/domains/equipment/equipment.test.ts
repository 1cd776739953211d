import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type Json } from '../../platform/resources/testkit.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

type Row = Record<string, unknown>;

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(async () => t?.close());

const get = (url: string) => api<Row[]>(t, 'GET', url, admin);
const post = (url: string, body: unknown) => api<Row>(t, 'POST', url, admin, body);
const fail = async (url: string, body: unknown) => (await t.call('POST', url, admin, body)).json() as Json;

async function firstOf(url: string): Promise<Row> {
  return (await get(url)).data[0]!;
}

describe('the demo factory', () => {
  it('has two workshops with lines, about sixty machines and twenty moulds, in Chinese', async () => {
    const shops = await get('/api-user/workShop/tree');
    expect(shops.data.map((w) => w.workshopname)).toEqual(['机加工车间', '注塑冲压车间']);
    expect((shops.data[0]!.lines as Row[]).map((l) => l.linename)).toContain('车削线');
    const eq = await get('/api-manage/equipment/page?page=1&limit=5');
    expect(eq.count).toBe(60);
    expect(eq.data[0]!.categoryName).toBeTruthy();
    expect(eq.data[0]!.statusName).toMatch(/运行|待机|维修中|停机/);
    const moulds = await get('/api-manage/eqmold/page?page=1&limit=50');
    expect(moulds.count).toBe(20);
    expect(moulds.data.some((m) => m.lifeWarning === true)).toBe(true);
    expect(moulds.data.some((m) => m.lifeWarning === false)).toBe(true);
  });
});

describe('equipment ledger', () => {
  it('filters by dictionary values, text, date range and sorts, with the count', async () => {
    const running = await get('/api-manage/equipment/page?page=1&limit=100&status=running');
    expect(running.data.every((e) => e.status === 'running')).toBe(true);
    const two = await get('/api-manage/equipment/page?page=1&limit=100&status=running,standby&name=数控车床');
    expect(
      two.data.every((e) => ['running', 'standby'].includes(String(e.status)) && String(e.name).includes('数控车床')),
    ).toBe(true);
    expect(two.count).toBe(two.data.length);
    const dated = await get(
      '/api-manage/equipment/page?page=1&limit=100&purchaseDateFrom=2020-01-01&purchaseDateTo=2021-12-31&sort=purchaseDate&order=asc',
    );
    const dates = dated.data.map((e) => String(e.purchaseDate));
    expect(dates).toEqual([...dates].sort());
    expect(dates.every((d) => d >= '2020-01-01' && d <= '2021-12-31')).toBe(true);
  });

  it('refuses a filter value of the wrong type with 400 naming the field', async () => {
    const r = await t.call('GET', '/api-manage/equipment/page?page=1&limit=5&purchaseDateFrom=yesterday', admin);
    expect(r.statusCode).toBe(400);
    expect(r.json().field).toBe('purchaseDate');
  });

  it('keeps a timeline: creation, status changes and moves, and added records, shown by getEqInfo', async () => {
    const line = await firstOf('/api-user/line/getLinePage?page=1&limit=1&linecode=L0101');
    const eq = await post('/api-manage/equipment/save', {
      code: 'EQ-T-1',
      name: '测试车床',
      status: 'running',
      workshopId: line.workshopid,
      lineId: line.id,
    });
    await post('/api-manage/equipment/update', { id: eq.data.id, status: 'repairing' });
    await post('/api-manage/equipment/addEqRecord', { equipmentId: eq.data.id, content: '更换主轴轴承' });
    const info = (
      await api<Row & { records: Row[] }>(t, 'GET', `/api-manage/equipment/getEqInfo?id=${eq.data.id}`, admin)
    ).data;
    expect(info.code).toBe('EQ-T-1');
    expect(info.records.map((r) => r.recordType)).toEqual(expect.arrayContaining(['create', 'status', 'note']));
    expect(info.records.find((r) => r.recordType === 'status')!.content).toBe('运行 → 维修中');
  });

  it('refuses a line of another workshop, and a mould type as an equipment type', async () => {
    const shops = await get('/api-user/workShop/tree');
    const otherLine = (shops.data[1]!.lines as Row[])[0]!;
    const r = await fail('/api-manage/equipment/save', {
      code: 'EQ-T-2',
      name: 'x',
      workshopId: shops.data[0]!.id,
      lineId: otherLine.id,
    });
    expect(r).toMatchObject({ rtnCode: 201, field: 'lineId' });
    const mouldType = await firstOf('/api-manage/equipmentcategory/page?page=1&limit=1&category=2');
    const m = await fail('/api-manage/equipment/save', { code: 'EQ-T-3', name: 'x', categoryId: mouldType.id });
    expect(m).toMatchObject({ rtnCode: 201, field: 'categoryId' });
  });

  it('keeps a deleted machine readable in history while its code can be used again', async () => {
    const eq = await post('/api-manage/equipment/save', { code: 'EQ-T-4', name: '待删除' });
    await post('/api-manage/equipment/del', { ids: [eq.data.id] });
    expect((await t.call('GET', `/api-manage/equipment/get?id=${eq.data.id}`, admin)).statusCode).toBe(404);
    const again = await post('/api-manage/equipment/save', { code: 'EQ-T-4', name: '新设备' });
    expect(again.data.id).not.toBe(eq.data.id);
    const kept = await t.db.query('select deleted_at from equipment where id = $1', [eq.data.id]);
    expect(kept.rows[0]!.deleted_at).not.toBeNull();
  });

  it('refuses to delete a machine a mould is mounted on', async () => {
    const mould = (await get('/api-manage/eqmold/page?page=1&limit=50')).data.find((m) => m.equipmentId)!;
    const r = await fail('/api-manage/equipment/del', { ids: [mould.equipmentId] });
    expect(r.rtnCode).toBe(201);
    expect(r.msg).toContain('模具清单');
  });
});

describe('equipment categories', () => {
  it('form a tree and refuse a parent that is the category itself or below it', async () => {
    const parent = await post('/api-manage/equipmentcategory/save', { code: 'T-P', name: '父类', category: 1 });
    const child = await post('/api-manage/equipmentcategory/save', {
      code: 'T-C',
      name: '子类',
      category: 1,
      parentId: parent.data.id,
    });
    expect(child.data.parentName).toBe('父类');
    const loop = await fail('/api-manage/equipmentcategory/update', { id: parent.data.id, parentId: child.data.id });
    expect(loop).toMatchObject({ rtnCode: 201, field: 'parentId' });
  });

  it('take their fault reasons with them when deleted', async () => {
    const cat = await post('/api-manage/equipmentcategory/save', { code: 'T-F', name: '带故障原因', category: 1 });
    const reason = await post('/api-manage/equipmentcategory/faultreason/save', {
      categoryId: cat.data.id,
      code: 'R1',
      name: '异响',
      faultType: 'mechanical',
    });
    expect(reason.data.faultTypeName).toBe('机械故障');
    await post('/api-manage/equipmentcategory/del', { ids: [cat.data.id] });
    const left = await get(`/api-manage/equipmentcategory/faultreason/page?page=1&limit=10&categoryId=${cat.data.id}`);
    expect(left.count).toBe(0);
  });
});
