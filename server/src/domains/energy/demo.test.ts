import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, secondTenant } from '../../platform/resources/testkit.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { fillEnergyDemo } from './demo.js';

type Row = Record<string, unknown>;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const day = (d: Date) => d.toISOString().slice(0, 10);

describe('the demo factory energy', () => {
  it('gives a new company a year of hourly readings whose charts show use, cost and what sub-meters miss', async () => {
    const { token, tenantId } = await secondTenant(t, 'energy_demo');
    await fillEnergyDemo(t.db, tenantId, true);
    const readings = await t.db.query<{ n: string; meters: string }>(
      'select count(*) as n, count(distinct meter_id) as meters from energy_readings where tenant_id = $1',
      [tenantId],
    );
    expect(Number(readings.rows[0]!.meters)).toBeGreaterThanOrEqual(6);
    expect(Number(readings.rows[0]!.n)).toBeGreaterThan(6 * 8700);
    const to = day(new Date());
    const from = day(new Date(Date.now() - 29 * 86_400_000));
    const q = `from=${from}&to=${to}&energyType=electricity`;
    const trend = (await api<Row[]>(t, 'GET', `/api-manage/energys/consumption?${q}&bucket=day&groupBy=none`, token))
      .data;
    expect(trend.length).toBeGreaterThanOrEqual(29);
    expect(trend.every((r) => Number(r.quantity) > 0 && Number(r.cost) > 0)).toBe(true);
    const periods = (
      await api<Row[]>(t, 'GET', `/api-manage/energys/consumption?${q}&bucket=all&groupBy=period`, token)
    ).data;
    expect(periods.map((r) => r.key).sort()).toEqual(['flat', 'peak', 'sharp', 'valley']);
    const rollup = (await api<Row[]>(t, 'GET', `/api-manage/energys/rollup?${q}`, token)).data;
    const main = rollup.find((r) => r.code === 'E-000')!;
    expect(Number(main.unmetered)).toBeGreaterThan(0);
    expect(Number(main.childrenQuantity)).toBeGreaterThan(Number(main.unmetered));
    const compare = (await api<Row>(t, 'GET', '/api-manage/energys/compare?energyType=electricity', token)).data;
    expect(Number((compare.previous as Row).quantity)).toBeGreaterThan(0);
    expect(Number((compare.lastYear as Row).quantity)).toBeGreaterThanOrEqual(0);
  });
});
