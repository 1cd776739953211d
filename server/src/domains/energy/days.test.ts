import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type Json, multipart, tenantOf, workbook } from '../../platform/resources/testkit.js';
import { withTenant } from '../../platform/tenancy/tenant-tx.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { type ConsumptionQuery, consumptionSql, rawConsumptionSql, rollupSql } from './consumption.js';
import { rebuildDays } from './days.js';

type Row = Record<string, unknown>;

let t: TestApp;
let admin: string;
let tenantId: number;
let workshopId: number;
let a: Row;
let b: Row;

const sh = (local: string) => new Date(`${local}:00+08:00`).toISOString();
const ok = async (url: string, body: unknown) => {
  const r = (await t.call('POST', url, admin, body)).json() as Json;
  if (r.rtnCode !== 200) throw new Error(`${url}: ${JSON.stringify(r)}`);
  return r.data as Row;
};
const read = (meter: Row, local: string, value: string, extra: Row = {}) =>
  ok('/api-manage/energys/reading/save', { meterId: meter.id, readAt: sh(local), value, ...extra });

const TARIFF = [
  { kind: 'valley', start: '00:00', end: '08:00', price: '0.3' },
  { kind: 'flat', start: '08:00', end: '10:00', price: '0.6' },
  { kind: 'peak', start: '10:00', end: '15:00', price: '1.0' },
  { kind: 'sharp', start: '15:00', end: '17:00', price: '1.5' },
  { kind: 'peak', start: '17:00', end: '22:00', price: '1.0' },
  { kind: 'flat', start: '22:00', end: '24:00', price: '0.6' },
];

const run = (q: { text: string; values: unknown[] }) =>
  withTenant(t.db, tenantId, null, async (tx) => (await tx.query<Row>(q.text, q.values)).rows);
const sorted = (rows: Row[]) => [...rows].sort((x, y) => `${x.bucket}|${x.key}`.localeCompare(`${y.bucket}|${y.key}`));
const base = { from: '2025-01-01', to: '2025-01-10', energyType: 'electricity', timeZone: 'Asia/Shanghai' };

/** Every report the kept days serve, set against the same report worked out from the readings themselves. */
async function expectKeptEqualsRaw(): Promise<void> {
  const cases: Omit<ConsumptionQuery, 'from' | 'to' | 'timeZone'>[] = [
    { bucket: 'day', groupBy: 'meter' },
    { bucket: 'day', groupBy: 'workshop' },
    { bucket: 'month', groupBy: 'type' },
    { bucket: 'all', groupBy: 'meter' },
    { bucket: 'day', groupBy: 'period' },
    { bucket: 'all', groupBy: 'none' },
  ];
  for (const c of cases) {
    const q = { ...base, ...c };
    const kept = sorted(await run(consumptionSql(q, tenantId)));
    const raw = sorted(await run(rawConsumptionSql(q, tenantId)));
    expect(kept, `${c.bucket} by ${c.groupBy}`).toEqual(raw);
  }
  // One day inside the period, read alone, is the same as that day of the whole period.
  const one = { ...base, from: '2025-01-03', to: '2025-01-03', bucket: 'day' as const, groupBy: 'meter' as const };
  expect(sorted(await run(consumptionSql(one, tenantId)))).toEqual(sorted(await run(rawConsumptionSql(one, tenantId))));
}

/** The kept rows as they stand, and as a rebuild from nothing writes them: the same. */
async function expectRebuildSame(): Promise<void> {
  const rows = () =>
    t.db
      .query<Row>(
        `select meter_id, day::text, quantity::text, cost::text, unpriced::text, sharp_q::text, peak_q::text, flat_q::text,
                valley_q::text, valley_c::text from energy_meter_days where tenant_id = $1 order by meter_id, day`,
        [tenantId],
      )
      .then((r) => r.rows);
  const kept = await rows();
  await withTenant(t.db, tenantId, null, (tx) => rebuildDays(tx));
  expect(await rows()).toEqual(kept);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  tenantId = (await tenantOf(t, admin)).tenantId;
  await t.db.query(`update companies set timezone = 'Asia/Shanghai' where id = $1`, [tenantId]);
  workshopId = Number((await api<Row[]>(t, 'GET', '/api-user/workShop/tree', admin)).data[0]!.id);
  a = await ok('/api-manage/energys/save', {
    code: 'D-A',
    name: '日表A',
    energyType: 'electricity',
    workshopId,
    multiplier: '2',
    registerMax: '999',
  });
  b = await ok('/api-manage/energys/save', { code: 'D-B', name: '日表B', energyType: 'electricity', parentId: a.id });
  await ok('/api-manage/energys/tariff/save', {
    code: 'D-T',
    name: '日表电价',
    energyType: 'electricity',
    validFrom: '2025-01-02',
    validTo: '2025-01-08',
    periods: TARIFF,
  });
});
afterAll(async () => t?.close());

describe('the kept day figures of the meters', () => {
  it('hold by hand what the readings give: 2 × (5 + 10) kWh on 1 January, the interval over midnight on the day of its middle', async () => {
    await read(a, '2025-01-01T06:00', '100');
    await read(a, '2025-01-01T12:00', '105');
    await read(a, '2025-01-01T20:00', '115');
    // 20:00 → 06:00 next day: its middle (01:00 on 2 January) puts the 20 units, × 2, on 2 January, in the valley.
    await read(a, '2025-01-02T06:00', '135');
    const days = await t.db.query<Row>(
      `select day::text, round(quantity, 4)::text as quantity, round(cost, 2)::text as cost,
              round(valley_q, 4)::text as valley_q from energy_meter_days
        where tenant_id = $1 and meter_id = $2 order by day`,
      [tenantId, a.id],
    );
    expect(days.rows).toEqual([
      // 1 January: no tariff yet (it is valid from the 2nd), so no cost.
      { day: '2025-01-01', quantity: '30.0000', cost: null, valley_q: null },
      { day: '2025-01-02', quantity: '40.0000', cost: '12.00', valley_q: '40.0000' },
    ]);
    await expectKeptEqualsRaw();
  });

  it('stay equal to the readings through a rollover, a replacement, an edit, a move and a delete', async () => {
    await read(a, '2025-01-02T14:00', '990');
    await read(a, '2025-01-02T18:00', '12', { kind: 'rollover' });
    await read(a, '2025-01-03T09:00', '3', { kind: 'replacement', oldFinalValue: '30' });
    await read(a, '2025-01-04T09:00', '50');
    const moved = await read(a, '2025-01-05T09:00', '60');
    const gone = await read(a, '2025-01-06T09:00', '80');
    await read(a, '2025-01-07T23:00', '100');
    await read(b, '2025-01-03T08:00', '10');
    await read(b, '2025-01-05T16:00', '20');
    await expectKeptEqualsRaw();
    await expectRebuildSame();

    const edited = await api<Row>(t, 'GET', `/api-manage/energys/reading/get?id=${moved.id}`, admin);
    await ok('/api-manage/energys/reading/update', { id: moved.id, value: '70', updatedAt: edited.data.updatedAt });
    await expectKeptEqualsRaw();
    const again = await api<Row>(t, 'GET', `/api-manage/energys/reading/get?id=${moved.id}`, admin);
    await ok('/api-manage/energys/reading/update', {
      id: moved.id,
      readAt: sh('2025-01-04T21:00'),
      updatedAt: again.data.updatedAt,
    });
    await expectKeptEqualsRaw();
    await ok('/api-manage/energys/reading/del', { ids: [gone.id] });
    await expectKeptEqualsRaw();
    await expectRebuildSame();
  });

  it('take in an import, a new multiplier and a tariff changed or deleted', async () => {
    const file = await workbook([
      ['表计', '抄表时间', '读数', '读数类型'],
      ['D-B', '2025-01-06 10:00', '25', '正常'],
      ['D-B', '2025-01-08 02:00', '31', '正常'],
      ['D-B', '2025-01-09 16:00', '40', '正常'],
    ]);
    const { payload, headers } = multipart(file);
    const r = (await t.call('POST', '/api-manage/energys/reading/importexcel', admin, payload, headers)).json() as Json;
    expect(r.rtnCode).toBe(200);
    await expectKeptEqualsRaw();

    const meter = await api<Row>(t, 'GET', `/api-manage/energys/get?id=${b.id}`, admin);
    await ok('/api-manage/energys/update', { id: b.id, multiplier: '5', updatedAt: meter.data.updatedAt });
    await expectKeptEqualsRaw();

    const tariffs = await api<Row[]>(t, 'GET', '/api-manage/energys/tariff/page?page=1&limit=10', admin);
    const tariff = tariffs.data.find((x) => x.code === 'D-T')!;
    await ok('/api-manage/energys/tariff/update', {
      id: tariff.id,
      validTo: '2025-01-09',
      periods: TARIFF.map((p) => ({ ...p, price: (Number(p.price) * 2).toFixed(2) })),
      updatedAt: tariff.updatedAt,
    });
    await expectKeptEqualsRaw();
    const rollup = { ...base, bucket: 'all' as const, groupBy: 'meter' as const };
    const parent = (await run(rollupSql(rollup, tenantId))).find((x) => Number(x.id) === Number(a.id))!;
    expect(Number(parent.childrenQuantity)).toBeGreaterThan(0);

    await ok('/api-manage/energys/tariff/del', { ids: [tariff.id] });
    const priced = await t.db.query<{ n: string }>(
      'select count(*) as n from energy_meter_days where tenant_id = $1 and cost is not null',
      [tenantId],
    );
    expect(Number(priced.rows[0]!.n)).toBe(0);
    await expectKeptEqualsRaw();
    await expectRebuildSame();
  });
});
