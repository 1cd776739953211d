import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, secondTenant } from '../../platform/resources/testkit.js';
import { withTenant } from '../../platform/tenancy/tenant-tx.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { fillDasDemo } from '../das/demo.js';
import { fillEquipmentDemo } from '../equipment/demo.js';
import { fillEnergyDemo } from './demo.js';
import { readMachineMeters, WINDOW_MS } from './machine.js';

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

  it('feeds two machine sub-meters from the energy tags of its connected machines, as the live ones go on', async () => {
    const { token, tenantId } = await secondTenant(t, 'energy_fed');
    await fillEquipmentDemo(t.db, tenantId);
    await fillDasDemo(t.db, tenantId, true);
    await fillEnergyDemo(t.db, tenantId, true);
    const q = <T extends object>(sql: string, params: unknown[] = []) =>
      withTenant(t.db, tenantId, null, (tx) => tx.query<T>(sql, params)).then((r) => r.rows);
    const fed = await q<{ id: number; code: string; tag_id: number; device_id: number; gateway_id: number }>(
      `select m.id, m.code, m.tag_id, d.id as device_id, d.gateway_id from energy_meters m
         join das_tags g on g.tenant_id = m.tenant_id and g.id = m.tag_id and g.role = 'energy'
         join das_devices d on d.tenant_id = g.tenant_id and d.id = g.device_id and d.equipment_id = m.equipment_id
        where m.tenant_id = $1 order by m.code`,
      [tenantId],
    );
    expect(fed.map((m) => m.code)).toEqual(['E-M1', 'E-M2']);
    const meter = fed[0]!;
    const readings = () =>
      q<{ read_at: Date; value: string; kind: string }>(
        'select read_at, value, kind from energy_readings where tenant_id = $1 and meter_id = $2 order by read_at',
        [tenantId, meter.id],
      );
    // A year of readings up to the machine's history, then the tag's values, counting on without a replacement
    // or a jump back.
    const before = await readings();
    expect(before.length).toBeGreaterThan(8000);
    expect(before.every((r) => r.kind === 'normal')).toBe(true);
    expect(before.every((r, i) => i === 0 || Number(r.value) >= Number(before[i - 1]!.value))).toBe(true);
    const [tag] = await q<{ first: Date; v: number }>(
      `select (select min(ts) from das_history where tenant_id = $1 and tag_id = $2) as first,
              (select v from das_latest where tenant_id = $1 and tag_id = $2) as v`,
      [tenantId, meter.tag_id],
    );
    const sinceTag = before.filter((r) => new Date(r.read_at) > new Date(tag!.first));
    expect(sinceTag.length).toBeGreaterThan(60);
    expect(Number(sinceTag.at(-1)!.value)).toBeLessThanOrEqual(Number(tag!.v) + 0.0001);
    const use = (
      await api<Row[]>(
        t,
        'GET',
        `/api-manage/energys/consumption?from=${day(new Date(Date.now() - 2 * 86_400_000))}&to=${day(new Date())}&bucket=day&groupBy=meter&meterId=${meter.id}`,
        token,
      )
    ).data;
    expect(use.some((r) => Number(r.quantity) > 0)).toBe(true);
    // The live machine publishes a value late in the last quarter: the machine job reads it as the meter's reading.
    const value = Number(tag!.v) + 4.5;
    const quarter = Math.floor(Date.now() / WINDOW_MS) * WINDOW_MS;
    t.app.das.writer.add(tenantId, meter.gateway_id, [{ tagId: meter.tag_id, ts: quarter - 1, v: value, s: null }], {
      rejected: false,
      deviceId: meter.device_id,
    });
    await t.app.das.writer.flush();
    const run = await withTenant(t.db, tenantId, null, (tx) => readMachineMeters(tx, new Date(quarter + 1000)));
    expect(run.written).toBeGreaterThanOrEqual(1);
    const after = await readings();
    expect(new Date(after.at(-1)!.read_at).getTime()).toBe(quarter);
    expect(after.at(-1)).toMatchObject({ value: value.toFixed(4), kind: 'normal' });
  }, 600_000);
});
