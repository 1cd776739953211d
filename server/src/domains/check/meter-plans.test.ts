import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secondTenant } from '../../platform/resources/testkit.js';
import { withTenant } from '../../platform/tenancy/tenant-tx.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { generateTasks } from './generate.js';

/*
 * Maintenance plans due by a meter (meter-plans.ts): every N runtime hours or parts, from the machine's device tag
 * or a reading entered by hand on the plan's machine, alone or whichever first with the calendar; one task per due
 * point, made once.
 */

type Row = Record<string, unknown>;
interface Json<T = Row> {
  rtnCode: number;
  msg: string;
  field?: string;
  data: T;
}

let t: TestApp;
let admin: string;
let tenantId: number;
let m0: number;
let m1: number;
let hoursTag: number;
let partsTag: number;
let seq = 0;
const today = new Date().toISOString().slice(0, 10);
const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

const call = async <T = Row>(url: string, body: unknown) =>
  (await (await t.call('POST', url, admin, body)).json()) as Json<T>;
const ok = async <T = Row>(url: string, body: unknown) => {
  const r = await call<T>(url, body);
  expect(r.rtnCode, `${url}: ${r.msg}`).toBe(200);
  return r.data;
};
const tx = <T>(fn: Parameters<typeof withTenant<T>>[3]) => withTenant(t.db, tenantId, null, fn);
const setMeter = (tag: number, v: number) =>
  tx((x) =>
    x.query(
      `insert into das_latest (tenant_id, tag_id, ts, v) values ($1, $2, now(), $3)
       on conflict (tenant_id, tag_id) do update set ts = excluded.ts, v = excluded.v`,
      [x.tenantId, tag, v],
    ),
  );
const run = (planId: unknown, at = new Date()) =>
  tx((x) => generateTasks(x, { now: at, catchUpDays: 0, planIds: [Number(planId)] }));
const tasks = async (planId: unknown) =>
  (
    await tx((x) =>
      x.query<{ id: number; equipment_id: number; state: string }>(
        'select id, equipment_id, state from check_tasks where tenant_id = $1 and plan_id = $2 order by id',
        [x.tenantId, planId],
      ),
    )
  ).rows.map((r) => ({ ...r, id: Number(r.id), equipment_id: Number(r.equipment_id) }));
const points = async (planId: unknown) =>
  (
    await tx((x) =>
      x.query<{ equipment_id: number; point: string; task_id: number | null }>(
        `select equipment_id, point::text, task_id from check_meter_points where tenant_id = $1 and plan_id = $2
          order by equipment_id, point`,
        [x.tenantId, planId],
      ),
    )
  ).rows.map((r) => [Number(r.equipment_id), r.point, r.task_id === null ? null : Number(r.task_id)]);

async function plan(fields: Row, machines: { id: number; meterReading?: number }[]) {
  const n = ++seq;
  const item = await ok('/api-manage/checkproject/save', {
    kind: 3,
    code: `MI${n}`,
    name: '换油',
    answerType: 'passfail',
  });
  const scheme = await ok('/api-manage/checkscheme/save', { kind: 3, code: `MS${n}`, name: `保养${n}` });
  await ok('/api-manage/checkschemedtl/save', { schemeId: scheme.id, projectId: item.id, sort: 0 });
  const p = await ok('/api-manage/checkplan/save', {
    kind: 3,
    code: `MP${n}`,
    name: `计量保养${n}`,
    schemeId: scheme.id,
    cycle: 'day',
    startDate: yesterday,
    ...fields,
  });
  const rows: Row[] = [];
  for (const { id, ...m } of machines)
    rows.push(await ok('/api-manage/checkplan/machine/save', { planId: p.id, equipmentId: id, ...m }));
  await ok('/api-manage/checkplan/enable', { id: p.id });
  return { plan: p, rows };
}

beforeAll(async () => {
  t = await createTestApp();
  const other = await secondTenant(t, 'meters');
  admin = other.token;
  tenantId = other.tenantId;
  await t.db.query(`update companies set timezone = 'UTC' where id = $1`, [tenantId]);
  await tx(async (x) => {
    const ins = async (table: string, values: Row) => Number((await x.insert<{ id: number }>(table, values, 'id')).id);
    const w = await ins('workshops', { workshopcode: 'W', workshopname: 'W' });
    m0 = await ins('equipment', { code: 'M0', name: 'M0', workshop_id: w, status: 'running' });
    m1 = await ins('equipment', { code: 'M1', name: 'M1', workshop_id: w, status: 'running' });
    const gw = await ins('das_gateways', { code: 'GW', name: 'GW' });
    const dev = await ins('das_devices', { code: 'D0', name: 'D0', gateway_id: gw, equipment_id: m0 });
    hoursTag = await ins('das_tags', { device_id: dev, key: 'hours', name: 'hours', role: 'runtimeHours' });
    partsTag = await ins('das_tags', { device_id: dev, key: 'parts', name: 'parts', role: 'totalCount' });
  });
});
afterAll(async () => t?.close());

describe('maintenance plans due by a meter', () => {
  it('a meter plan needs its meter and its step (a translated error naming the field)', async () => {
    const r = await call('/api-manage/checkplan/save', {
      kind: 3,
      code: 'BAD',
      name: 'bad',
      schemeId: (await ok('/api-manage/checkscheme/save', { kind: 3, code: 'BS', name: 'bs' })).id,
      cycle: 'day',
      startDate: today,
      dueBy: 'meter',
      meterKind: 'runtimeHours',
    });
    expect(r.rtnCode).toBe(201);
    expect(r.field).toBe('meterEvery');
  });

  it('every 100 runtime hours: from the device tag or the reading by hand, once per due point', async () => {
    await setMeter(hoursTag, 250);
    const { plan: p, rows } = await plan(
      { dueBy: 'meter', meterKind: 'runtimeHours', meterEvery: 100, meterStart: 0 },
      [{ id: m0 }, { id: m1, meterReading: 50 }],
    );
    // No calendar task although the plan has a daily cycle: M0 passed 200 h, M1 has 50 h by hand.
    expect(await run(p.id)).toMatchObject({ tasks: 1, items: 1 });
    const [first] = await tasks(p.id);
    expect(first).toMatchObject({ equipment_id: m0, state: 'pending' });
    expect(await points(p.id)).toEqual([[m0, '200.00', first!.id]]);
    expect(await run(p.id)).toMatchObject({ tasks: 0 });
    // 330 h while its task is still open: the point is reached, the open service covers it.
    await setMeter(hoursTag, 330);
    expect(await run(p.id)).toMatchObject({ tasks: 0 });
    expect(await points(p.id)).toEqual([
      [m0, '200.00', first!.id],
      [m0, '300.00', null],
    ]);
    await tx((x) =>
      x.query(`update check_tasks set state = 'done' where tenant_id = $1 and id = $2`, [x.tenantId, first!.id]),
    );
    await setMeter(hoursTag, 390);
    expect(await run(p.id)).toMatchObject({ tasks: 0 });
    await setMeter(hoursTag, 410);
    expect(await run(p.id)).toMatchObject({ tasks: 1 });
    // The reading entered by hand passes 100 h.
    await ok('/api-manage/checkplan/machine/save', { ...rows[1], meterReading: 120 });
    expect(await run(p.id)).toMatchObject({ tasks: 1 });
    expect((await tasks(p.id)).map((x) => x.equipment_id)).toEqual([m0, m0, m1]);
    expect((await points(p.id)).map(([m, point]) => [m, point])).toEqual([
      [m0, '200.00'],
      [m0, '300.00'],
      [m0, '400.00'],
      [m1, '100.00'],
    ]);
    expect(await run(p.id)).toMatchObject({ tasks: 0 });
  });

  it('calendar or every 1,000 parts, whichever first: the meter makes no second task beside an open one', async () => {
    const { plan: p } = await plan(
      { dueBy: 'either', meterKind: 'parts', meterEvery: 1000, meterStart: 500, dueTime: '00:00' },
      [{ id: m0 }],
    );
    await setMeter(partsTag, 1400);
    // The calendar: yesterday's (caught up) and today's task; the meter has not reached 1,500 parts.
    const calendar = await tx((x) => generateTasks(x, { now: new Date(), catchUpDays: 1, planIds: [Number(p.id)] }));
    expect(calendar.tasks).toBe(2);
    expect(await points(p.id)).toEqual([]);
    await setMeter(partsTag, 2600);
    expect(await run(p.id)).toMatchObject({ tasks: 0 });
    // 2,600 parts passed 1,500 and 2,500: one point, the highest, covered by the open calendar task.
    expect(await points(p.id)).toEqual([[m0, '2500.00', null]]);
    await tx((x) =>
      x.query(`update check_tasks set state = 'done' where tenant_id = $1 and plan_id = $2`, [x.tenantId, p.id]),
    );
    await setMeter(partsTag, 3550);
    expect(await run(p.id)).toMatchObject({ tasks: 1 });
    expect((await points(p.id)).map(([, point, task]) => [point, task !== null])).toEqual([
      ['2500.00', false],
      ['3500.00', true],
    ]);
  });
});
