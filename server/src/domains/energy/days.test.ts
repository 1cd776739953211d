import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type Json, multipart, tenantOf, workbook } from '../../platform/resources/testkit.js';
import { withTenant } from '../../platform/tenancy/tenant-tx.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import {
  type ConsumptionQuery,
  consumptionSql,
  placeLevel,
  rawConsumptionSql,
  rollupSql,
  totalSql,
} from './consumption.js';
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

/**
 * The kept place figures (energy_place_days, migration 0186) as they stand, and the meter days summed per place
 * and day here, by the rule written out again: a place counts its meters not deleted whose parent meter (not
 * deleted, of the same type) is not in that place too. Null sums are those no meter day gave a value.
 */
const PLACES_KEPT = `select level, place_id::int, energy_type, day::text, meters,
         round(quantity, 4)::text as quantity,
         round(case when cost_n > 0 then cost end, 4)::text as cost,
         round(case when unpriced_n > 0 then unpriced end, 4)::text as unpriced,
         round(case when sharp_q_n > 0 then sharp_q end, 4)::text as sharp_q,
         round(case when peak_c_n > 0 then peak_c end, 4)::text as peak_c,
         round(case when flat_q_n > 0 then flat_q end, 4)::text as flat_q,
         round(case when valley_q_n > 0 then valley_q end, 4)::text as valley_q,
         round(case when valley_c_n > 0 then valley_c end, 4)::text as valley_c
    from energy_place_days where tenant_id = $1 order by 1, 2, 3, 4`;
const PLACES_SUMMED = `with m as (
      select m.id, m.energy_type, m.organization_id as o, m.workshop_id as w, m.line_id as l,
             (p.id is not null and p.energy_type = m.energy_type) as inside,
             p.organization_id as po, p.workshop_id as pw, p.line_id as pl
        from energy_meters m left join energy_meters p on p.tenant_id = m.tenant_id and p.id = m.parent_id
                                                      and p.deleted_at is null
       where m.tenant_id = $1 and m.deleted_at is null),
    placed as (
      select 'none' as level, 0 as place_id, id, energy_type from m where not inside
      union all select 'organization', coalesce(o, 0), id, energy_type from m where not (inside and po is not distinct from o)
      union all select 'workshop', coalesce(w, 0), id, energy_type from m where not (inside and pw is not distinct from w)
      union all select 'line', coalesce(l, 0), id, energy_type from m where not (inside and pl is not distinct from l))
    select p.level, p.place_id::int, p.energy_type, d.day::text, count(*)::int as meters,
           round(sum(d.quantity), 4)::text as quantity, round(sum(d.cost), 4)::text as cost,
           round(sum(d.unpriced), 4)::text as unpriced, round(sum(d.sharp_q), 4)::text as sharp_q,
           round(sum(d.peak_c), 4)::text as peak_c, round(sum(d.flat_q), 4)::text as flat_q,
           round(sum(d.valley_q), 4)::text as valley_q, round(sum(d.valley_c), 4)::text as valley_c
      from placed p join energy_meter_days d on d.tenant_id = $1 and d.meter_id = p.id
     group by 1, 2, 3, 4 order by 1, 2, 3, 4`;

let shop2: number;
let line2: number;
let org1: number;

/**
 * The place figures equal the meter days summed, and every report they serve (grouped by place, type or tariff
 * period, or one place summed; with and without the energy type) equals the same report over the meter days.
 */
async function expectPlacesKept(): Promise<void> {
  const kept = await t.db.query<Row>(PLACES_KEPT, [tenantId]);
  const summed = await t.db.query<Row>(PLACES_SUMMED, [tenantId]);
  expect(kept.rows.length).toBeGreaterThan(0);
  expect(kept.rows).toEqual(summed.rows);
  const { energyType: _, ...anyType } = base;
  const cases: Omit<ConsumptionQuery, 'timeZone'>[] = [];
  for (const period of [base, anyType]) {
    cases.push(
      { ...period, bucket: 'day', groupBy: 'workshop' },
      { ...period, bucket: 'day', groupBy: 'organization' },
      { ...period, bucket: 'all', groupBy: 'line' },
      { ...period, bucket: 'month', groupBy: 'type' },
      { ...period, bucket: 'day', groupBy: 'period' },
      { ...period, bucket: 'all', groupBy: 'none' },
      { ...period, bucket: 'day', groupBy: 'workshop', workshopId: shop2 },
      { ...period, bucket: 'all', groupBy: 'type', workshopId: shop2 },
      { ...period, bucket: 'day', groupBy: 'period', workshopId },
      { ...period, bucket: 'all', groupBy: 'none', lineId: line2 },
      { ...period, bucket: 'month', groupBy: 'line', lineId: line2 },
      { ...period, bucket: 'day', groupBy: 'none', organizationId: org1 },
    );
  }
  for (const c of cases) {
    const q = { ...c, timeZone: base.timeZone };
    const label = JSON.stringify(c);
    expect(placeLevel(q, q.groupBy), label).not.toBeNull();
    const placed = sorted(await run(consumptionSql(q, tenantId)));
    const fromMeters = sorted(await run(consumptionSql(q, tenantId, { placeDays: false })));
    expect(placed, label).toEqual(fromMeters);
  }
  const total = { ...base, workshopId: shop2 };
  expect(await run(totalSql(total, tenantId))).toEqual(await run(totalSql(total, tenantId, { placeDays: false })));
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
  org1 = Number(a.organizationId);
  shop2 = Number((await ok('/api-user/workShop/save', { workshopcode: 'D-W2', workshopname: '日表二车间' })).id);
  line2 = Number((await ok('/api-user/line/save', { linecode: 'D-L2', linename: '日表二线', workshopid: shop2 })).id);
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
    await expectPlacesKept();
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
    await expectPlacesKept();
    const again = await api<Row>(t, 'GET', `/api-manage/energys/reading/get?id=${moved.id}`, admin);
    await ok('/api-manage/energys/reading/update', {
      id: moved.id,
      readAt: sh('2025-01-04T21:00'),
      updatedAt: again.data.updatedAt,
    });
    await expectKeptEqualsRaw();
    await expectPlacesKept();
    await ok('/api-manage/energys/reading/del', { ids: [gone.id] });
    await expectKeptEqualsRaw();
    await expectRebuildSame();
    await expectPlacesKept();
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
    await expectPlacesKept();

    const meter = await api<Row>(t, 'GET', `/api-manage/energys/get?id=${b.id}`, admin);
    await ok('/api-manage/energys/update', { id: b.id, multiplier: '5', updatedAt: meter.data.updatedAt });
    await expectKeptEqualsRaw();
    await expectPlacesKept();

    const tariffs = await api<Row[]>(t, 'GET', '/api-manage/energys/tariff/page?page=1&limit=10', admin);
    const tariff = tariffs.data.find((x) => x.code === 'D-T')!;
    await ok('/api-manage/energys/tariff/update', {
      id: tariff.id,
      validTo: '2025-01-09',
      periods: TARIFF.map((p) => ({ ...p, price: (Number(p.price) * 2).toFixed(2) })),
      updatedAt: tariff.updatedAt,
    });
    await expectKeptEqualsRaw();
    await expectPlacesKept();
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
    await expectPlacesKept();
  });

  it('keep the place figures equal to the meter days through a move, a new parent, another type and deletes', async () => {
    const update = async (meter: Row, change: Row) => {
      const now = await api<Row>(t, 'GET', `/api-manage/energys/get?id=${meter.id}`, admin);
      return ok('/api-manage/energys/update', { id: meter.id, ...change, updatedAt: now.data.updatedAt });
    };
    // A sub-meter of A on a line of the second workshop: counted in that workshop, inside A for the whole tenant.
    const c = await ok('/api-manage/energys/save', {
      code: 'D-C',
      name: '日表C',
      energyType: 'electricity',
      lineId: line2,
      workshopId: shop2,
      parentId: a.id,
    });
    const readsOfC = [
      await read(c, '2025-01-02T08:00', '0'),
      await read(c, '2025-01-04T12:00', '8'),
      await read(c, '2025-01-06T16:00', '20'),
    ];
    await expectKeptEqualsRaw();
    await expectPlacesKept();

    // B moved into A's workshop: inside A there too.
    await update(b, { workshopId });
    await expectPlacesKept();
    // A moved to the second workshop: C is inside it there (not on C's line), B counts in A's old workshop.
    await update(a, { workshopId: shop2, organizationId: null });
    await expectKeptEqualsRaw();
    await expectPlacesKept();
    // B without a parent, then given one again.
    await update(b, { parentId: null });
    await expectPlacesKept();
    await update(b, { parentId: a.id });
    await expectPlacesKept();
    // A of another energy type: its sub-meters count for themselves, its days under its new type.
    await update(a, { energyType: 'water' });
    await expectKeptEqualsRaw();
    await expectPlacesKept();
    await update(a, { energyType: 'electricity' });
    await expectPlacesKept();
    // A deleted (the record service refuses a meter with readings or sub-meters; here by hand in the database) and
    // brought back: its sub-meters count for themselves meanwhile.
    const softDelete = (at: string | null) =>
      withTenant(t.db, tenantId, null, (tx) =>
        tx.query('update energy_meters set deleted_at = $3 where tenant_id = $1 and id = $2', [tenantId, a.id, at]),
      );
    await softDelete(new Date().toISOString());
    await expectPlacesKept();
    await softDelete(null);
    await expectPlacesKept();
    // C's readings deleted, then C: nothing of it is left anywhere.
    await ok('/api-manage/energys/reading/del', { ids: readsOfC.map((r) => r.id) });
    await ok('/api-manage/energys/del', { ids: [c.id] });
    await expectKeptEqualsRaw();
    await expectPlacesKept();

    // A meter taken out of the table with its readings (by hand, in the database): its days leave every place.
    const e = await ok('/api-manage/energys/save', {
      code: 'D-E',
      name: '日表E',
      energyType: 'electricity',
      lineId: line2,
    });
    await read(e, '2025-01-03T08:00', '1');
    await read(e, '2025-01-05T08:00', '9');
    await expectPlacesKept();
    await withTenant(t.db, tenantId, null, async (tx) => {
      await tx.query('delete from energy_readings where tenant_id = $1 and meter_id = $2', [tenantId, e.id]);
      await tx.query('delete from energy_meters where tenant_id = $1 and id = $2', [tenantId, e.id]);
    });
    await expectPlacesKept();

    await expectRebuildSame();
    await expectPlacesKept();
  });
});
