import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, tenantOf } from '../../platform/resources/testkit.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { fillProductionHistory } from './demo.js';

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
});
