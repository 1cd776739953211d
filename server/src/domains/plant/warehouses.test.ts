import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type Json, tenantOf, userWithoutRights } from '../../platform/resources/testkit.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

type Row = Record<string, unknown>;

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(async () => t?.close());

const call = async (method: string, url: string, body?: unknown, token = admin) => {
  const r = await t.call(method, url, token, body);
  return { status: r.statusCode, json: r.json() as Json & { data: Row & Row[] } };
};

describe('warehouses', () => {
  it('has the demo spare-parts warehouse with its locations, listed by GET /api-user/warehouses', async () => {
    const list = await call('GET', '/api-user/warehouses?page=1&limit=10');
    // The spare-parts store, and the production demo's line-side store (production/demo.ts).
    expect(list.json.data.map((w) => w.code).sort()).toEqual(['WH-LINE', 'WH01']);
    const wh = list.json.data.find((w) => w.code === 'WH01')!;
    expect(wh).toMatchObject({ code: 'WH01', type: 'spare', state: 1 });
    expect(wh.keeperName).toBeTruthy();
    const one = await api<Row>(t, 'GET', `/api-user/warehouses/get?id=${wh.id}`, admin);
    expect((one.data.lines as Row[]).map((l) => l.code)).toContain('A-01-01');
  });

  it('creates with POST, changes with PUT and deletes with DELETE del, locations going with it', async () => {
    const created = await call('POST', '/api-user/warehouses', { code: 'WH-T', name: '试验库', type: 'mould' });
    expect(created.json.rtnCode).toBe(200);
    const id = created.json.data.id;
    const line = await api<Row>(t, 'POST', '/api-user/warehouseLines/save', admin, {
      warehouseId: id,
      code: 'L1',
      name: '一号位',
    });
    const put = await call('PUT', '/api-user/warehouses', { id, address: '二号厂房' });
    expect(put.json.data).toMatchObject({ name: '试验库', address: '二号厂房' });
    const bad = await call('POST', '/api-user/warehouses', { code: 'WH-T', name: 'x' });
    expect([bad.json.rtnCode, bad.json.field]).toEqual([201, 'code']);
    const del = await call('DELETE', `/api-user/warehouses/del?ids=${id}`);
    expect(del.json.data).toEqual({ deleted: 1 });
    expect((await t.call('GET', `/api-user/warehouseLines/get?id=${line.data.id}`, admin)).statusCode).toBe(404);
  });

  it('switches state only through the enable button, audited; update cannot change it', async () => {
    const wh = (await call('POST', '/api-user/warehouses', { code: 'WH-S', name: '开关库' })).json.data;
    const ignored = await call('PUT', '/api-user/warehouses', { id: wh.id, state: 0 });
    expect(ignored.json.data.state).toBe(1);
    const off = await call('POST', '/api-user/warehouses/updateState', { ids: [wh.id], state: 0 });
    expect(off.json.data).toEqual({ changed: 1 });
    const again = await call('POST', '/api-user/warehouses/updateState', { id: wh.id, state: 0 });
    expect(again.json.data).toEqual({ changed: 0 });
    const disabled = await call('GET', '/api-user/warehouses?page=1&limit=10&state=0');
    expect(disabled.json.data.map((w) => w.code)).toEqual(['WH-S']);
    const audit = await t.db.query<{ after: Row }>(
      "select after from audit_log where entity = 'warehouse' and record_id = $1 and action = 'update'",
      [String(wh.id)],
    );
    expect(audit.rows.map((r) => r.after.state)).toContain(0);
    expect((await call('POST', '/api-user/warehouses/updateState', { ids: [999999], state: 1 })).status).toBe(404);
  });

  it('refuses the enable switch without setUp:warehouse:enable', async () => {
    const { tenantId } = await tenantOf(t, admin);
    const nobody = await userWithoutRights(t, tenantId, 'nobody_wh');
    const wh = (await call('GET', '/api-user/warehouses?page=1&limit=1')).json.data[0]!;
    const r = await call('POST', '/api-user/warehouses/updateState', { ids: [wh.id], state: 0 }, nobody);
    expect(r.status).toBe(403);
  });
});
