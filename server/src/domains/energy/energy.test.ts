import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  type Json,
  multipart,
  secondTenant,
  tenantOf,
  userWithCodes,
  workbook,
} from '../../platform/resources/testkit.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

type Row = Record<string, unknown>;

let t: TestApp;
let admin: string;
let tenantId: number;
let workshopId: number;
let otherWorkshopId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  tenantId = (await tenantOf(t, admin)).tenantId;
  // The hand-computed figures below are in Shanghai's wall-clock time (UTC+8, no summer time).
  await t.db.query(`update companies set timezone = 'Asia/Shanghai' where id = $1`, [tenantId]);
  const shops = (await api<Row[]>(t, 'GET', '/api-user/workShop/tree', admin)).data;
  workshopId = Number(shops[0]!.id);
  otherWorkshopId = Number(shops[1]!.id);
  // The demo factory's targets of this month (the tests set their own).
  const targets = (await api<Row[]>(t, 'GET', '/api-manage/energys/target/page?page=1&limit=100', admin)).data;
  if (targets.length) await api(t, 'POST', '/api-manage/energys/target/del', admin, { ids: targets.map((r) => r.id) });
});
afterAll(async () => t?.close());

const post = async (url: string, body: unknown, token = admin) =>
  (await t.call('POST', url, token, body)).json() as Json;
const ok = async (url: string, body: unknown, token = admin) => {
  const r = await post(url, body, token);
  if (r.rtnCode !== 200) throw new Error(`${url}: ${JSON.stringify(r)}`);
  return r.data as Row;
};
const get = async (url: string, token = admin) => (await t.call('GET', url, token)).json() as Json;
/** Shanghai wall-clock time as an instant. */
const sh = (local: string) => new Date(`${local}:00+08:00`).toISOString();
const count = async (table: string) =>
  Number(
    (await t.db.query<{ n: string }>(`select count(*) as n from ${table} where tenant_id = $1`, [tenantId])).rows[0]!.n,
  );

const TARIFF = [
  { kind: 'valley', start: '00:00', end: '08:00', price: '0.3' },
  { kind: 'flat', start: '08:00', end: '10:00', price: '0.6' },
  { kind: 'peak', start: '10:00', end: '15:00', price: '1.0' },
  { kind: 'sharp', start: '15:00', end: '17:00', price: '1.5' },
  { kind: 'peak', start: '17:00', end: '22:00', price: '1.0' },
  { kind: 'flat', start: '22:00', end: '24:00', price: '0.6' },
];

let main: Row;
let sub: Row;

describe('energy meters, readings and consumption', () => {
  it('keeps a meter with its unit from the energy type and its workshop', async () => {
    main = await ok('/api-manage/energys/save', {
      code: 'E-MAIN',
      name: '一车间总表',
      energyType: 'electricity',
      workshopId,
      multiplier: '10',
    });
    expect(main).toMatchObject({ unit: 'kWh', workshopId, multiplier: '10.0000' });
    sub = await ok('/api-manage/energys/save', {
      code: 'E-SUB',
      name: '空压机分表',
      energyType: 'electricity',
      workshopId,
      parentId: main.id,
      registerMax: '999',
    });
    expect(sub.parentId).toBe(main.id);
  });

  it('refuses a parent meter that makes a ring, or of another energy type, naming the field', async () => {
    const ring = await post('/api-manage/energys/update', { id: main.id, parentId: sub.id });
    expect(ring).toMatchObject({ rtnCode: 201, field: 'parentId' });
    expect(ring.msg).toContain('上级表计');
    const water = await ok('/api-manage/energys/save', { code: 'W-1', name: '水表', energyType: 'water' });
    expect(water.unit).toBe('m³');
    const mixed = await post('/api-manage/energys/update', { id: water.id, parentId: main.id });
    expect(mixed).toMatchObject({ rtnCode: 201, field: 'parentId' });
    expect((await get(`/api-manage/energys/get?id=${main.id}`)).data).toMatchObject({ parentId: null });
  });

  it('refuses a tariff whose periods overlap or leave hours uncovered, naming the field, and writes nothing', async () => {
    const before = await count('energy_tariffs');
    const base = {
      code: 'T-E',
      name: '工业电价',
      energyType: 'electricity',
      validFrom: '2024-01-01',
      validTo: '2024-12-31',
    };
    const overlap = await post('/api-manage/energys/tariff/save', {
      ...base,
      periods: [...TARIFF.slice(0, 5), { kind: 'flat', start: '21:00', end: '24:00', price: '0.6' }],
    });
    expect(overlap).toMatchObject({ rtnCode: 201, field: 'periods' });
    expect(overlap.msg).toBe('时段：第 5 个与第 6 个时段在 21:00 重叠');
    const gap = await post('/api-manage/energys/tariff/save', { ...base, periods: TARIFF.slice(0, 5) });
    expect(gap).toMatchObject({ rtnCode: 201, field: 'periods' });
    expect(gap.msg).toBe('时段：22:00 至 24:00 没有时段覆盖');
    const en = (
      await t.call(
        'POST',
        '/api-manage/energys/tariff/save',
        admin,
        { ...base, periods: TARIFF.slice(1) },
        {
          lang: 'en',
        },
      )
    ).json() as Json;
    expect(en.msg).toBe('Periods: no period covers 00:00 to 08:00');
    expect(await count('energy_tariffs')).toBe(before);
    await ok('/api-manage/energys/tariff/save', { ...base, periods: TARIFF });
    const twice = await post('/api-manage/energys/tariff/save', {
      ...base,
      code: 'T-E2',
      validFrom: '2024-06-01',
      periods: TARIFF,
    });
    expect(twice).toMatchObject({ rtnCode: 201, field: 'validFrom' });
  });

  it('refuses readings in the future, negative, lower than the last or of another tenant, writing nothing', async () => {
    await ok('/api-manage/energys/reading/save', { meterId: main.id, readAt: sh('2024-03-10T07:00'), value: '100' });
    const before = await count('energy_readings');
    const future = await post('/api-manage/energys/reading/save', {
      meterId: main.id,
      readAt: new Date(Date.now() + 3_600_000).toISOString(),
      value: '200',
    });
    expect(future).toMatchObject({ rtnCode: 201, field: 'readAt' });
    expect(future.msg).toBe('抄表时间：不能晚于当前时间');
    const negative = await post('/api-manage/energys/reading/save', {
      meterId: main.id,
      readAt: sh('2024-03-10T08:00'),
      value: '-1',
    });
    expect(negative).toMatchObject({ rtnCode: 201, field: 'value' });
    const lower = await post('/api-manage/energys/reading/save', {
      meterId: main.id,
      readAt: sh('2024-03-10T08:00'),
      value: '99',
    });
    expect(lower).toMatchObject({ rtnCode: 201, field: 'value' });
    expect(lower.msg).toContain('100');
    const other = await secondTenant(t, 'energy_other');
    const theirs = await ok(
      '/api-manage/energys/save',
      { code: 'X-1', name: 'x', energyType: 'electricity' },
      other.token,
    );
    const foreign = await post('/api-manage/energys/reading/save', {
      meterId: theirs.id,
      readAt: sh('2024-03-10T08:00'),
      value: '120',
    });
    expect(foreign).toMatchObject({ rtnCode: 201, field: 'meterId' });
    const rollover = await post('/api-manage/energys/reading/save', {
      meterId: main.id,
      readAt: sh('2024-03-10T08:00'),
      value: '5',
      kind: 'rollover',
    });
    expect(rollover).toMatchObject({ rtnCode: 201, field: 'kind' });
    expect(await count('energy_readings')).toBe(before);
  });

  it('works out consumption and cost by tariff period, through a replacement and a rollover', async () => {
    const read = (meter: Row, local: string, value: string, extra: Row = {}) =>
      ok('/api-manage/energys/reading/save', { meterId: meter.id, readAt: sh(local), value, ...extra });
    await read(main, '2024-03-10T09:00', '110');
    await read(main, '2024-03-10T11:00', '112');
    await read(main, '2024-03-11T01:00', '130');
    const replacement = await post('/api-manage/energys/reading/save', {
      meterId: main.id,
      readAt: sh('2024-03-11T03:00'),
      value: '5',
      kind: 'replacement',
    });
    expect(replacement).toMatchObject({ rtnCode: 201, field: 'oldFinalValue' });
    await read(main, '2024-03-11T03:00', '5', { kind: 'replacement', oldFinalValue: '131' });
    await read(main, '2024-03-11T05:00', '7');
    await read(sub, '2024-03-10T07:00', '990');
    await read(sub, '2024-03-10T09:00', '40', { kind: 'rollover' });
    await read(sub, '2024-03-10T11:00', '60');

    const q = 'from=2024-03-10&to=2024-03-11&energyType=electricity';
    const byMeter = (await get(`/api-manage/energys/consumption?${q}&bucket=all&groupBy=meter`)).data as Row[];
    expect(byMeter.map((r) => [r.name, r.quantity, r.cost])).toEqual([
      ['E-MAIN 一车间总表', '330.0000', '269.00'],
      ['E-SUB 空压机分表', '69.0000', '49.40'],
    ]);
    // The workshop counts its main meter only: the sub-meter is inside it.
    const byDay = (await get(`/api-manage/energys/consumption?${q}&bucket=day&groupBy=workshop`)).data as Row[];
    expect(byDay.map((r) => [r.bucket, r.key, r.quantity, r.cost])).toEqual([
      ['2024-03-10', String(workshopId), '300.0000', '260.00'],
      ['2024-03-11', String(workshopId), '30.0000', '9.00'],
    ]);
    const byPeriod = (await get(`/api-manage/energys/consumption?${q}&bucket=all&groupBy=period`)).data as Row[];
    expect(Object.fromEntries(byPeriod.map((r) => [r.name, r.quantity]))).toEqual({
      峰: '200.0000',
      平: '100.0000',
      谷: '30.0000',
    });
    const rollup = (await get(`/api-manage/energys/rollup?${q}`)).data as Row[];
    expect(rollup.find((r) => r.code === 'E-MAIN')).toMatchObject({
      quantity: '330.0000',
      childrenQuantity: '69.0000',
      unmetered: '261.0000',
    });
    const other = (
      await get(`/api-manage/energys/consumption?${q}&bucket=all&groupBy=workshop&workshopId=${otherWorkshopId}`)
    ).data as Row[];
    expect(other).toEqual([]);
  });

  it('says there is no output data for energy per part, and refuses a period in the wrong order', async () => {
    const r = await get('/api-manage/energys/perPart?from=2024-03-10&to=2024-03-11&energyType=electricity');
    expect(r.data).toMatchObject({ quantity: '330.0000', perPart: null, goodParts: null });
    expect(String((r.data as Row).note)).toContain('暂无产量数据');
    const wrong = await get('/api-manage/energys/consumption?from=2024-03-11&to=2024-03-10&energyType=electricity');
    expect(wrong).toMatchObject({ rtnCode: 201, field: 'to' });
    const noType = await get('/api-manage/energys/consumption?from=2024-03-10&to=2024-03-11&groupBy=workshop');
    expect(noType).toMatchObject({ rtnCode: 201, field: 'energyType' });
  });

  it('imports readings with an error per row and writes none of them when one is wrong', async () => {
    const header = ['表计', '抄表时间', '读数', '读数类型'];
    const before = await count('energy_readings');
    const bad = await workbook([
      header,
      ['E-SUB', '2024-03-10 13:00', '70', '正常'],
      ['E-SUB', '2024-03-10 15:00', '65', '正常'],
      ['E-SUB', '2099-01-01 00:00', '80', '正常'],
    ]);
    const { payload, headers } = multipart(bad);
    const r = (await t.call('POST', '/api-manage/energys/reading/importexcel', admin, payload, headers)).json() as Json;
    expect(r.rtnCode).toBe(201);
    const issues = r.data as { row: number; field: string }[];
    expect(issues.map((i) => [i.row, i.field])).toEqual([
      [3, 'value'],
      [4, 'readAt'],
    ]);
    expect(await count('energy_readings')).toBe(before);
    const good = await workbook([header, ['E-SUB', '2024-03-10 13:00', '70', '正常']]);
    const g = multipart(good);
    const done = (
      await t.call('POST', '/api-manage/energys/reading/importexcel', admin, g.payload, g.headers)
    ).json() as Json;
    expect(done.rtnCode).toBe(200);
    expect(await count('energy_readings')).toBe(before + 1);
  });

  it('flags a reading far above the usual for a second look', async () => {
    const m = await ok('/api-manage/energys/save', { code: 'E-FLAG', name: '焊机表', energyType: 'electricity' });
    for (const [h, v] of [
      ['01', '0'],
      ['02', '10'],
      ['03', '20'],
      ['04', '30'],
      ['05', '40'],
    ])
      await ok('/api-manage/energys/reading/save', { meterId: m.id, readAt: sh(`2024-03-12T${h}:00`), value: v });
    const high = await ok('/api-manage/energys/reading/save', {
      meterId: m.id,
      readAt: sh('2024-03-12T06:00'),
      value: '200',
    });
    expect(high.flagged).toBe(false);
    const stored = (await get(`/api-manage/energys/reading/get?id=${high.id}`)).data as Row;
    expect(stored.flagged).toBe(true);
    const usual = await ok('/api-manage/energys/reading/save', {
      meterId: m.id,
      readAt: sh('2024-03-12T07:00'),
      value: '210',
    });
    expect((await get(`/api-manage/energys/reading/get?id=${usual.id}`)).data).toMatchObject({ flagged: false });
  });

  it("tells the place's responsible person once when this month's consumption passes the target", async () => {
    const keeper = await userWithCodes(t, tenantId, 'energy_keeper', ['energy:view']);
    const keeperId = (await tenantOf(t, keeper)).userId;
    const now = new Date();
    const local = new Date(now.getTime() + 8 * 3_600_000);
    const month = local.toISOString().slice(0, 7);
    const meter = await ok('/api-manage/energys/save', {
      code: 'E-TGT',
      name: '二车间总表',
      energyType: 'electricity',
      workshopId: otherWorkshopId,
    });
    await ok('/api-manage/energys/target/save', {
      month,
      energyType: 'electricity',
      workshopId: otherWorkshopId,
      target: '50',
      responsibleId: keeperId,
    });
    const dup = await post('/api-manage/energys/target/save', {
      month,
      energyType: 'electricity',
      workshopId: otherWorkshopId,
      target: '60',
    });
    expect(dup).toMatchObject({ rtnCode: 201, field: 'month' });
    const messages = async () =>
      Number(
        (
          await t.db.query<{ n: string }>(
            `select count(*) as n from messages where tenant_id = $1 and user_id = $2 and type_code = 'energytarget'`,
            [tenantId, keeperId],
          )
        ).rows[0]!.n,
      );
    const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000).toISOString();
    // Readings early in the month's first day would cross into last month; read within the last hour.
    await ok('/api-manage/energys/reading/save', { meterId: meter.id, readAt: at(40), value: '0' });
    await ok('/api-manage/energys/reading/save', { meterId: meter.id, readAt: at(30), value: '40' });
    expect(await messages()).toBe(0);
    await ok('/api-manage/energys/reading/save', { meterId: meter.id, readAt: at(20), value: '60' });
    expect(await messages()).toBe(1);
    await ok('/api-manage/energys/reading/save', { meterId: meter.id, readAt: at(10), value: '80' });
    expect(await messages()).toBe(1);
    // The home panel's energy figure: this month's electricity over the main meters (the other meters read in 2024).
    const panel = (await get('/api-list/homepanel')).data as Row;
    expect(panel.energy).toMatchObject({ energyType: 'electricity', unit: 'kWh', month, quantity: '80.0000' });
  });

  it('finds a meter by the code on its label, with its last reading', async () => {
    const r = await get('/api-manage/energys/byCode?code=E-SUB');
    expect(r.data).toMatchObject({ code: 'E-SUB', lastValue: '70.0000', energyTypeName: '电' });
    const none = await get('/api-manage/energys/byCode?code=NOPE');
    expect(none).toMatchObject({ rtnCode: 201, field: 'code' });
  });

  it('refuses a reading without the read or add button', async () => {
    const viewer = await userWithCodes(t, tenantId, 'energy_viewer', ['energy:view']);
    const r = await t.call('POST', '/api-manage/energys/reading/save', viewer, {
      meterId: main.id,
      readAt: sh('2024-03-11T06:00'),
      value: '8',
    });
    expect(r.statusCode).toBe(403);
    const reader = await userWithCodes(t, tenantId, 'energy_reader', ['energy:read']);
    const saved = await post(
      '/api-manage/energys/reading/save',
      { meterId: main.id, readAt: sh('2024-03-11T06:00'), value: '8' },
      reader,
    );
    expect(saved.rtnCode).toBe(200);
  });
});
