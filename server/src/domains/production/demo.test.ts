import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, tenantOf } from '../../platform/resources/testkit.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { fillProductionHistory, LINE_STORE } from './demo.js';

type Row = Record<string, unknown>;
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  await fillProductionHistory(t.db, (await tenantOf(t, admin)).tenantId);
}, 120_000);
afterAll(async () => t?.close());

const day = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);

describe('the demo factory', () => {
  it('has a product with a two-level BOM, a routing and a month of reported orders', async () => {
    const tree = (await api<Row[]>(t, 'GET', '/api-pm/planWorkBom/tree?materialId=1', admin)).data;
    expect(tree.some((n) => n.level === 2)).toBe(true);
    const orders = await api<Row[]>(t, 'GET', '/api-pm/planWork/page?page=1&limit=1&state=closed', admin);
    expect(orders.count).toBeGreaterThanOrEqual(25);
  });

  it('shows OEE with all three factors for the machines of its stations', async () => {
    const r = (await api<{ rows: Row[] }>(t, 'GET', `/api-list/report/oeechart?start=${day(-29)}&end=${day(0)}`, admin))
      .data;
    const measured = r.rows.filter((x) => x.productionData === true);
    expect(measured.length).toBe(3);
    for (const m of measured) {
      expect(Number(m.availability)).toBeGreaterThan(0);
      expect(Number(m.performance)).toBeGreaterThan(30);
      expect(Number(m.performance)).toBeLessThan(100);
      expect(Number(m.quality)).toBeGreaterThan(95);
      expect(Number(m.oee)).toBeGreaterThan(0);
    }
  });

  it('draws the components of its orders from the line-side store by BOM, and of an order a new user releases', async () => {
    const one = async (url: string) => (await api<Row[]>(t, 'GET', url, admin)).data[0]!;
    const store = await one(`/api-user/warehouses/page?code=${LINE_STORE}`);
    const bearing = await one('/api-manage/spareparts/page?code=SP-BRG-6205');
    const onHand = async () =>
      Number((await one(`/api-manage/spareparts/stock/page?sparePartId=${bearing.id}&warehouseId=${store.id}`)).onHand);
    // The month of orders drew on release: a closed one shows its five stocked components, two bearings a unit.
    const closed = await one(`/api-pm/planWork/page?code=WO-${day(-20).replaceAll('-', '')}`);
    expect(closed).toMatchObject({ state: 'closed', warehouseId: store.id, materialIssue: 'release' });
    const drawn = (await api<Row[]>(t, 'GET', `/api-wms/materialIssue/page?workOrderId=${closed.id}`, admin)).data;
    expect(drawn).toHaveLength(5);
    expect(drawn.every((d) => d.kind === 'release' && Number(d.quantity) > 0)).toBe(true);
    expect(Number(drawn.find((d) => d.sparePartId === bearing.id)!.quantity)).toBe(2 * Number(closed.quantity));
    // Next week's orders are planned: releasing one moves the stock.
    const planned = await one(`/api-pm/planWork/page?code=WO-${day(6).replaceAll('-', '')}`);
    expect(planned.state).toBe('planned');
    const before = await onHand();
    await api(t, 'POST', '/api-pm/planWork/release', admin, { id: planned.id });
    expect(await onHand()).toBe(before - 2 * Number(planned.quantity));
    const issues = (await api<Row[]>(t, 'GET', `/api-wms/materialIssue/page?workOrderId=${planned.id}`, admin)).data;
    expect(issues.map((d) => d.kind)).toEqual(['release', 'release', 'release', 'release', 'release']);
  });
});
