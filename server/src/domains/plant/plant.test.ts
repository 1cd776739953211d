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

describe('workshops and lines', () => {
  it('answer on the spec paths: list (paged), tree with lines, getLinePage', async () => {
    const list = await get('/api-user/workShop/list?page=1&limit=10');
    expect(list.count).toBe(2);
    const tree = await get('/api-user/workShop/tree');
    expect((tree.data[1]!.lines as Row[]).map((l) => l.linecode)).toEqual(['L0201', 'L0202', 'L0203']);
    const lines = await get(`/api-user/line/getLinePage?page=1&limit=10&workshopid=${tree.data[1]!.id}`);
    expect(lines.count).toBe(3);
    expect(lines.data[0]!.workshopName).toBe('注塑冲压车间');
  });

  it('change their order with updatesort', async () => {
    const tree = await get('/api-user/workShop/tree');
    const [a, b] = tree.data;
    await post('/api-user/workShop/updatesort', {
      items: [
        { id: a!.id, sort: 20 },
        { id: b!.id, sort: 10 },
      ],
    });
    const after = await get('/api-user/workShop/tree');
    expect(after.data.map((w) => w.id)).toEqual([b!.id, a!.id]);
  });

  it('delete a workshop with its lines, unless equipment stands on one of them', async () => {
    const shop = await post('/api-user/workShop/save', { workshopcode: 'WS-T', workshopname: '试验车间' });
    const line = await post('/api-user/line/save', { linecode: 'L-T', linename: '试验线', workshopid: shop.data.id });
    const eq = await post('/api-manage/equipment/save', { code: 'EQ-L-T', name: '线上设备', lineId: line.data.id });
    const refused = (await t.call('POST', '/api-user/workShop/del', admin, { ids: [shop.data.id] })).json() as Json;
    expect(refused.rtnCode).toBe(201);
    expect(refused.msg).toContain('设备台账');
    await post('/api-manage/equipment/del', { ids: [eq.data.id] });
    await post('/api-user/workShop/del', { ids: [shop.data.id] });
    expect((await t.call('GET', `/api-user/line/get?id=${line.data.id}`, admin)).statusCode).toBe(404);
  });

  it('say in the caller language which record blocks a delete', async () => {
    const shop = await post('/api-user/workShop/save', { workshopcode: 'WS-E', workshopname: 'E' });
    await post('/api-manage/equipment/save', { code: 'EQ-E', name: 'E', workshopId: shop.data.id });
    const r = (
      await t.call('POST', '/api-user/workShop/del', admin, { ids: [shop.data.id] }, { lang: 'en' })
    ).json() as Json;
    expect(r.msg).toBe('This record is used by 1 Equipment ledger record(s) and cannot be deleted');
  });
});
