import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantOf } from '../../platform/resources/testkit.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { endThrough } from './task-move.js';

/*
 * The schedule board's drag (task-move.ts): a planner moves a plan task to a station and a start; the server
 * checks the station's shifts, a machine under repair, the kind of station and the tasks already there, and
 * refuses with a translated message naming the field. Tenant zone Asia/Shanghai: 09:00 local is 01:00 UTC.
 */

type Row = Record<string, unknown>;
interface Json<T = unknown> {
  rtnCode: number;
  msg: string;
  field?: string;
  data: T;
}

let t: TestApp;
let admin: string;
const call = async (url: string, body: unknown) => (await (await t.call('POST', url, admin, body)).json()) as Json<Row>;
const ok = async (url: string, body: unknown) => {
  const r = await call(url, body);
  expect(r.rtnCode, `${url}: ${r.msg}`).toBe(200);
  return r.data;
};
const get = async <T = Row[]>(url: string) => ((await (await t.call('GET', url, admin)).json()) as Json<T>).data;

let s1: Row;
let s2: Row;
let s3: Row;
let shift: Row;
let n = 0;
/** A released order of one 60-minute turning task; its task. */
async function task(): Promise<Row> {
  n += 1;
  const o = await ok('/api-pm/planWork/save', {
    code: `MV-WO${n}`,
    materialId: product.id,
    quantity: 60,
    dueDate: '2030-01-05',
  });
  await ok('/api-pm/planWork/release', { id: o.id });
  return (await get(`/api-plantask/planTask/page?workOrderId=${o.id}`))[0]!;
}
let product: Row;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  const { tenantId } = await tenantOf(t, admin);
  await t.db.query(`update companies set timezone = 'Asia/Shanghai' where id = $1`, [tenantId]);
  const [m1, m2] = await get('/api-manage/equipment/page?page=1&limit=2&sort=id&order=asc');
  shift = await ok('/api-user/shift/save', { code: 'MV-D', name: 'Day', startTime: '08:00', endTime: '16:00' });
  for (const m of [m1!, m2!])
    await ok('/api-user/equipmentShifts/save', {
      equipmentId: m.id,
      shiftId: shift.id,
      startDate: '2030-01-01',
      endDate: '2030-01-10',
    });
  const st = (code: string, kind: string, extra: Row) =>
    ok('/api-pm/Station/save', { code, name: code, kind, workshopId: m1!.workshopId, ...extra });
  s1 = await st('MV-S1', 'machining', { equipmentId: m1!.id });
  s2 = await st('MV-S2', 'machining', { equipmentId: m2!.id });
  s3 = await st('MV-S3', 'assembly', { shiftId: shift.id });
  await ok('/api-manage/equipment/update', { id: m2!.id, status: 'repairing' });
  product = await ok('/api-proreport/material/save', { code: 'MV-P', name: 'P', kind: 'product' });
  const proc = await ok('/api-pm/procedure/save', {
    code: 'MV-OP',
    name: 'Turning',
    stationKind: 'machining',
    standardMinutes: 1,
    idealCycleSeconds: 30,
  });
  const routing = await ok('/api-pm/tecProcessMain/save', { code: 'MV-R', name: 'R', materialId: product.id });
  await ok('/api-pm/tecProcessMain/saveSteps', { id: routing.id, steps: [{ procedureId: proc.id }] });
});
afterAll(async () => t?.close());

describe('moving a plan task on the schedule board', () => {
  it('places it at the start given, in the shift there, running on into the next shift when it must', async () => {
    const a = await task();
    const moved = await ok('/api-plantask/planTask/move', {
      id: a.id,
      stationId: s1.id,
      start: '2030-01-02T01:00:00Z',
    });
    expect(moved).toMatchObject({ stationId: s1.id, shiftId: shift.id, planDate: '2030-01-02', state: 'scheduled' });
    expect(Date.parse(String(moved.planEnd))).toBe(Date.parse('2030-01-02T02:00:00Z'));
    // 15:30 local: half an hour today, the other half from 08:00 the next day.
    const b = await task();
    const late = await ok('/api-plantask/planTask/move', { id: b.id, stationId: s1.id, start: '2030-01-02T07:30:00Z' });
    expect(Date.parse(String(late.planEnd))).toBe(Date.parse('2030-01-03T00:30:00Z'));
    const board = await get<{ stations: Row[]; tasks: Row[] }>('/api-plantask/planTask/board?day=2030-01-02');
    expect(board.tasks.filter((x) => x.stationId === s1.id).map((x) => x.id)).toEqual([a.id, b.id]);
    expect((board.stations.find((s) => s.id === s1.id)!.windows as Row[])[0]).toMatchObject({
      start: '2030-01-02T00:00:00.000Z',
    });
  });

  it('refuses a start outside the shifts, on a machine under repair, a station of another kind, or a taken time', async () => {
    const c = await task();
    const move = (stationId: unknown, start: string) =>
      call('/api-plantask/planTask/move', { id: c.id, stationId, start });
    const outside = await move(s1.id, '2030-01-02T09:00:00Z');
    expect(outside).toMatchObject({ rtnCode: 201, field: 'start' });
    expect(outside.msg).toContain('MV-S1');
    const repair = await move(s2.id, '2030-01-02T01:00:00Z');
    expect(repair).toMatchObject({ rtnCode: 201, field: 'start' });
    expect(repair.msg).not.toBe(outside.msg);
    expect(await move(s3.id, '2030-01-02T01:00:00Z')).toMatchObject({ rtnCode: 201, field: 'stationId' });
    // 09:30 local overlaps the first test's 09:00–10:00 on MV-S1.
    const taken = await move(s1.id, '2030-01-02T01:30:00Z');
    expect(taken).toMatchObject({ rtnCode: 201, field: 'start' });
    expect(taken.msg).toContain('MV-WO1');
    expect(await move(s1.id, 'not a time')).toMatchObject({ rtnCode: 201, field: 'start' });
    const unchanged = await get<Row>(`/api-plantask/planTask/get?id=${c.id}`);
    expect(unchanged).toMatchObject({ stationId: null, state: 'waiting' });
  });

  it('two planners dropping two tasks on the same free time: one is placed, the other told why', async () => {
    const [d, e] = [await task(), await task()];
    const results = await Promise.all(
      [d, e].map((x) =>
        call('/api-plantask/planTask/move', { id: x.id, stationId: s1.id, start: '2030-01-04T01:00:00Z' }),
      ),
    );
    expect(results.map((r) => r.rtnCode).sort()).toEqual([200, 201]);
  });

  it('works the minutes through the windows from a start inside one', () => {
    const w = [
      { start: 0, end: 60_000 * 60, shiftId: 1 },
      { start: 60_000 * 120, end: 60_000 * 180, shiftId: 2 },
    ];
    expect(endThrough(w, 60_000 * 30, 60)).toEqual({ end: 60_000 * 150, shiftId: 1 });
    expect(endThrough(w, 60_000 * 90, 10)).toBeNull();
    expect(endThrough(w, 0, 200)).toBeNull();
  });
});
