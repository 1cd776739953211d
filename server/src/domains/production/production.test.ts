import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  type Json,
  multipart,
  readXlsx,
  tenantOf,
  userWithCodes,
  waitForDownload,
  workbook,
} from '../../platform/resources/testkit.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

type Row = Record<string, unknown>;

let t: TestApp;
let admin: string;
let tenantId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  tenantId = (await tenantOf(t, admin)).tenantId;
});
afterAll(async () => t?.close());

const post = async (url: string, body: unknown, token = admin) => {
  const r = (await t.call('POST', url, token, body)).json() as Json & { data: Row };
  if (r.rtnCode !== 200) throw new Error(`${url}: ${r.msg}`);
  return r.data;
};
const fail = async (url: string, body: unknown, token = admin) =>
  (await t.call('POST', url, token, body)).json() as Json & { data: Row[] };
const get = async (url: string) => (await api<Row[]>(t, 'GET', url, admin)).data;

const material = (code: string, kind: string) =>
  post('/api-proreport/material/save', { code, name: `${code} name`, kind, unit: 'piece' });
const bom = async (code: string, materialId: unknown, lines: [unknown, number, number?][], isCurrent = true) => {
  const b = await post('/api-pm/planWorkBom/save', { code, materialId, version: 'V1', isCurrent });
  for (const [m, quantity, scrapRate] of lines)
    await post('/api-pm/planWorkBom/line/save', { bomId: b.id, materialId: m, quantity, scrapRate: scrapRate ?? 0 });
  return b;
};

interface Plant {
  product: Row;
  semi: Row;
  c1: Row;
  c2: Row;
  routing: Row;
  procA: Row;
  procB: Row;
  machine: Row;
}

let plant: Plant;

async function makePlant(prefix: string): Promise<Plant> {
  const product = await material(`${prefix}P`, 'product');
  const semi = await material(`${prefix}S`, 'semi');
  const c1 = await material(`${prefix}C1`, 'component');
  const c2 = await material(`${prefix}C2`, 'component');
  await bom(`${prefix}BOM-P`, product.id, [
    [semi.id, 2],
    [c1.id, 1, 10],
  ]);
  await bom(`${prefix}BOM-S`, semi.id, [[c2.id, 3]]);
  const procA = await post('/api-pm/procedure/save', {
    code: `${prefix}OP10`,
    name: 'Turning',
    stationKind: 'machining',
    standardMinutes: 1,
    idealCycleSeconds: 30,
  });
  const procB = await post('/api-pm/procedure/save', {
    code: `${prefix}OP20`,
    name: 'Assembly',
    stationKind: 'assembly',
    standardMinutes: 2,
    idealCycleSeconds: 60,
  });
  const machine = (await get('/api-manage/equipment/page?page=1&limit=1'))[0]!;
  const routing = await post('/api-pm/tecProcessMain/save', {
    code: `${prefix}R`,
    name: 'Routing',
    materialId: product.id,
  });
  await post('/api-pm/tecProcessMain/saveSteps', {
    id: routing.id,
    steps: [
      { procedureId: procA.id },
      { procedureId: procA.id, repeatReason: 'second pass' },
      { procedureId: procB.id },
    ],
  });
  return { product, semi, c1, c2, routing, procA, procB, machine };
}

beforeAll(async () => {
  plant = await makePlant('T');
});

describe('BOM', () => {
  it('explodes a product over every level with quantities and scrap allowances, and shows where a part is used', async () => {
    const tree = await get(`/api-pm/planWorkBom/tree?materialId=${plant.product.id}&quantity=10`);
    const by = Object.fromEntries(tree.map((n) => [n.code, n]));
    expect(by.TS).toMatchObject({ level: 1, totalQuantity: '20.0000' });
    expect(by.TC1).toMatchObject({ level: 1, totalQuantity: '11.0000' });
    expect(by.TC2).toMatchObject({ level: 2, totalQuantity: '60.0000' });
    const used = await get(`/api-pm/planWorkBom/whereUsed?materialId=${plant.c2.id}`);
    expect(used.map((u) => [u.level, u.code])).toEqual([
      [1, 'TS'],
      [2, 'TP'],
    ]);
  });

  it('refuses a BOM that would contain itself, naming the component, and writes nothing', async () => {
    const semiBom = (await get(`/api-pm/planWorkBom/page?page=1&limit=5&materialId=${plant.semi.id}`))[0]!;
    const r = await fail('/api-pm/planWorkBom/line/save', {
      bomId: semiBom.id,
      materialId: plant.product.id,
      quantity: 1,
    });
    expect(r).toMatchObject({ rtnCode: 201, field: 'materialId' });
    expect(r.msg).toContain('组件物料');
    const own = await fail('/api-pm/planWorkBom/line/save', {
      bomId: semiBom.id,
      materialId: plant.semi.id,
      quantity: 1,
    });
    expect(own).toMatchObject({ rtnCode: 201, field: 'materialId' });
    expect((await get(`/api-pm/planWorkBom/line/page?page=1&limit=10&bomId=${semiBom.id}`)).length).toBe(1);
  });

  it('imports BOM lines from Excel, and a file with a line that loops imports nothing, naming the row', async () => {
    const lines = async () =>
      (await get(`/api-pm/planWorkBom/line/page?page=1&limit=50&materialId=${plant.c1.id}`)).length;
    const before = await lines();
    const upload = async (rows: unknown[][]) => {
      const b = multipart(await workbook([['所属BOM', '组件物料', '单位用量'], ...rows]));
      return (await t.call('POST', '/api-pm/planWorkImportBom', admin, b.payload, b.headers)).json() as Json & {
        data: Row[];
      };
    };
    const bad = await upload([
      ['TBOM-S', 'TC1', 2],
      ['TBOM-S', 'TP', 1],
    ]);
    expect(bad.rtnCode).toBe(201);
    expect(bad.data.map((i) => [i.row, i.field])).toEqual([[3, 'materialId']]);
    expect(String(bad.data[0]!.message)).toContain('循环');
    expect(await lines()).toBe(before);
    expect((await upload([['TBOM-S', 'TC1', 2]])).rtnCode).toBe(200);
    expect(await lines()).toBe(before + 1);
  });

  it('keeps one current BOM per product: making a new version current retires the old one', async () => {
    const m = await material('ONE', 'product');
    const v1 = await post('/api-pm/planWorkBom/save', {
      code: 'ONE-1',
      materialId: m.id,
      version: 'V1',
      isCurrent: true,
    });
    const v2 = await post('/api-pm/planWorkBom/save', {
      code: 'ONE-2',
      materialId: m.id,
      version: 'V2',
      isCurrent: true,
    });
    const rows = await get(`/api-pm/planWorkBom/page?page=1&limit=5&materialId=${m.id}`);
    expect(rows.find((b) => b.id === v1.id)!.isCurrent).toBe(false);
    expect(rows.find((b) => b.id === v2.id)!.isCurrent).toBe(true);
  });
});

describe('routings', () => {
  it('refuses the same procedure twice in a row without a reason, naming the field, and keeps the old steps', async () => {
    const r = await fail('/api-pm/tecProcessMain/saveSteps', {
      id: plant.routing.id,
      steps: [{ procedureId: plant.procA.id }, { procedureId: plant.procA.id }],
    });
    expect(r).toMatchObject({ rtnCode: 201, field: 'repeatReason' });
    const steps = await get(`/api-pm/tecProcessMain/step/page?page=1&limit=10&routingId=${plant.routing.id}`);
    expect(steps.map((s) => s.procedureId)).toEqual([plant.procA.id, plant.procA.id, plant.procB.id]);
    const one = await fail('/api-pm/tecProcessMain/step/save', {
      routingId: plant.routing.id,
      seq: 4,
      procedureId: plant.procB.id,
    });
    expect(one).toMatchObject({ rtnCode: 201, field: 'repeatReason' });
  });
});

const order = (code: string, quantity: number, extra: Row = {}) =>
  post('/api-pm/planWork/save', { code, materialId: plant.product.id, quantity, dueDate: '2030-01-31', ...extra });

describe('work orders', () => {
  it('splits a planned order into parts that add up to it, or refuses naming the quantities and changes nothing', async () => {
    const o = await order('WO-SPLIT', 100);
    const bad = await fail('/api-pm/planWork/split', { id: o.id, quantities: [30, 30] });
    expect(bad).toMatchObject({ rtnCode: 201, field: 'quantities' });
    expect(bad.msg).toContain('60');
    expect((await get('/api-pm/planWork/page?page=1&limit=10&code=WO-SPLIT')).length).toBe(1);
    const parts = (await post('/api-pm/planWork/split', {
      id: o.id,
      quantities: [40, 35.5, 24.5],
    })) as unknown as Row[];
    expect(parts.map((p) => [p.code, p.quantity])).toEqual([
      ['WO-SPLIT', '40.00'],
      ['WO-SPLIT-1', '35.50'],
      ['WO-SPLIT-2', '24.50'],
    ]);
    expect(parts[1]!.parentId).toBe(o.id);
    await post('/api-pm/planWork/release', { id: o.id });
    expect((await fail('/api-pm/planWork/split', { id: o.id, quantities: [20, 20] })).rtnCode).toBe(201);
  });

  it('release fixes the routing and BOM as they are and makes one plan task per procedure', async () => {
    const o = await order('WO-REL', 10);
    const released = await post('/api-pm/planWork/release', { id: o.id });
    expect(released).toMatchObject({ state: 'released', routingId: plant.routing.id });
    expect((released.routingSnapshot as Row[]).map((s) => s.code)).toEqual(['TOP10', 'TOP10', 'TOP20']);
    expect((released.bomSnapshot as Row[]).find((n) => n.code === 'TC2')!.totalQuantity).toBe('60.0000');
    const tasks = await get(`/api-plantask/planTask/page?page=1&limit=10&workOrderId=${o.id}&sort=seq&order=asc`);
    expect(tasks.map((x) => [x.seq, x.planQty, x.state])).toEqual([
      [1, '10.00', 'waiting'],
      [2, '10.00', 'waiting'],
      [3, '10.00', 'waiting'],
    ]);
    expect((await fail('/api-pm/planWork/release', { id: o.id })).rtnCode).toBe(201);
  });

  it('refuses a release without a routing, naming it', async () => {
    const m = await material('NOROUTE', 'product');
    const o = await post('/api-pm/planWork/save', {
      code: 'WO-NR',
      materialId: m.id,
      quantity: 5,
      dueDate: '2030-01-01',
    });
    expect(await fail('/api-pm/planWork/release', { id: o.id })).toMatchObject({ rtnCode: 201, field: 'routingId' });
    expect((await get('/api-pm/planWork/page?page=1&limit=1&code=WO-NR'))[0]!.state).toBe('planned');
  });

  it('imports orders from Excel, and a file with a broken row imports nothing, naming the row', async () => {
    const count = async () => (await api<Row[]>(t, 'GET', '/api-pm/planWork/page?page=1&limit=1', admin)).count;
    const before = await count();
    const bad = await workbook([
      ['工单号', '产品', '计划数量', '交货日期'],
      ['IMP-1', 'TP', 5, '2030-02-01'],
      ['IMP-2', 'NOPE', -3, '2030-02-01'],
    ]);
    const b = multipart(bad);
    const r = (await t.call('POST', '/api-pm/planWorkImport', admin, b.payload, b.headers)).json() as Json & {
      data: Row[];
    };
    expect(r.rtnCode).toBe(201);
    expect(r.data.map((i) => [i.row, i.field])).toEqual([
      [3, 'materialId'],
      [3, 'quantity'],
    ]);
    expect(await count()).toBe(before);
    const good = multipart(
      await workbook([
        ['工单号', '产品', '计划数量', '交货日期'],
        ['IMP-1', 'TP', 5, '2030-02-01'],
        ['IMP-2', 'TP', 3, '2030-02-02'],
      ]),
    );
    const ok = (await t.call('POST', '/api-pm/planWorkImport', admin, good.payload, good.headers)).json() as Json;
    expect(ok.rtnCode).toBe(200);
    expect(await count()).toBe((before ?? 0) + 2);
  });

  it('holds each step to its permission code on the server', async () => {
    const o = await order('WO-PERM', 5);
    const viewer = await userWithCodes(t, tenantId, 'wo-viewer', ['production:planWork:view']);
    expect((await t.call('POST', '/api-pm/planWork/release', viewer, { id: o.id })).statusCode).toBe(403);
    expect((await t.call('POST', '/api-pm/planWork/split', viewer, { id: o.id, quantities: [1, 4] })).statusCode).toBe(
      403,
    );
  });
});

describe('work reporting', () => {
  const tasksOf = (id: unknown) =>
    get(`/api-plantask/planTask/page?page=1&limit=10&workOrderId=${id}&sort=seq&order=asc`);
  const released = async (code: string, quantity: number) => {
    const o = await order(code, quantity);
    await post('/api-pm/planWork/release', { id: o.id });
    return { order: o, tasks: await tasksOf(o.id) };
  };
  const orderRow = async (id: unknown) => (await api<Row>(t, 'GET', `/api-pm/planWork/get?id=${id}`, admin)).data;

  it('starts the order with its first report and refuses more than the order may make without a reason', async () => {
    const { order: o, tasks } = await released('WO-REP', 50);
    const first = await post('/api-proreport/workReport/save', {
      planTaskId: tasks[0]!.id,
      goodQty: 30,
      scrapQty: 2,
      scrapReason: 'dimension',
      equipmentId: plant.machine.id,
    });
    expect(first).toMatchObject({ workOrderId: o.id, procedureId: plant.procA.id, idealCycleSeconds: '30.000' });
    expect((await orderRow(o.id)).state).toBe('inProgress');
    const over = await fail('/api-proreport/workReport/save', { planTaskId: tasks[0]!.id, goodQty: 25 });
    expect(over).toMatchObject({ rtnCode: 201, field: 'goodQty' });
    expect(over.msg).toContain('20');
    await post('/api-proreport/workReport/save', { planTaskId: tasks[0]!.id, goodQty: 25, overReason: 'extra blank' });
    expect((await tasksOf(o.id))[0]).toMatchObject({ goodQty: '55.00', scrapQty: '2.00', state: 'running' });
    const noReason = await fail('/api-proreport/workReport/save', {
      planTaskId: tasks[1]!.id,
      goodQty: 1,
      scrapQty: 1,
    });
    expect(noReason).toMatchObject({ rtnCode: 201, field: 'scrapReason' });
    for (const bad of [-1, 1e12, 'x'])
      expect((await fail('/api-proreport/workReport/save', { planTaskId: tasks[1]!.id, goodQty: bad })).rtnCode).toBe(
        201,
      );
    const progress = await get(`/api-pm/planWork/progress?id=${o.id}`);
    expect(progress.map((p) => p.goodQty)).toEqual(['55.00', '0.00', '0.00']);
  });

  it('counts two reports sent at once both, each once, and a resent one not again', async () => {
    const { order: o, tasks } = await released('WO-RACE', 100);
    const last = tasks[2]!.id;
    const results = await Promise.all(
      [0, 1].map(() => t.call('POST', '/api-proreport/workReport/save', admin, { planTaskId: last, goodQty: 10 })),
    );
    expect(results.map((r) => (r.json() as Json).rtnCode)).toEqual([200, 200]);
    const a = await post('/api-proreport/workReport/save', { planTaskId: last, goodQty: 5, clientKey: 'phone-1-42' });
    const again = await post('/api-proreport/workReport/save', {
      planTaskId: last,
      goodQty: 5,
      clientKey: 'phone-1-42',
    });
    expect(again.id).toBe(a.id);
    expect(await orderRow(o.id)).toMatchObject({ goodQty: '25.00', progress: '25.0' });
    const n = await t.db.query<{ n: number }>(
      'select count(*)::int as n from work_reports where tenant_id = $1 and plan_task_id = $2',
      [tenantId, last],
    );
    expect(n.rows[0]!.n).toBe(3);
    const queued = await post(`/api-proreport/workReport/exportexcel?workOrderId=${o.id}`, {});
    const [header, ...lines] = await readXlsx(await waitForDownload(t, admin, queued.id as number));
    expect(header).toContain('合格数量');
    expect(lines).toHaveLength(3);
    // A report made in error is deleted and the order counted again.
    await post('/api-proreport/workReport/del', { ids: [a.id] });
    expect(await orderRow(o.id)).toMatchObject({ goodQty: '20.00' });
  });

  it('refuses reports on a closed order and on one not released', async () => {
    const { order: o, tasks } = await released('WO-CLOSED', 5);
    await post('/api-pm/planWork/start', { id: o.id });
    await post('/api-pm/planWork/finish', { id: o.id });
    await post('/api-pm/planWork/close', { id: o.id });
    const r = await fail('/api-proreport/workReport/save', { planTaskId: tasks[0]!.id, goodQty: 1 });
    expect(r.rtnCode).toBe(201);
    expect(r.msg).toContain('WO-CLOSED');
    expect((await tasksOf(o.id))[0]!.goodQty).toBe('0.00');
  });

  it('finds the open tasks behind a scanned order code', async () => {
    const { tasks } = await released('WO-SCAN', 5);
    const r = await api<{ kind: string; tasks: Row[] }>(
      t,
      'GET',
      `/api-proreport/scan?code=${encodeURIComponent('https://x/report?code=WO-SCAN')}`,
      admin,
    );
    expect(r.data.kind).toBe('order');
    expect(r.data.tasks.map((x) => x.id)).toEqual(tasks.map((x) => x.id));
  });
});

describe('the schedule', () => {
  it("plans a released order's procedures on stations of their kind in their shifts, past a machine under repair", async () => {
    const [m1, m2] = await get('/api-manage/equipment/page?page=1&limit=2&sort=id&order=asc');
    const shift = await post('/api-user/shift/save', {
      code: 'SCH-D',
      name: 'Day',
      startTime: '08:00',
      endTime: '16:00',
    });
    for (const m of [m1!, m2!])
      await post('/api-user/equipmentShifts/save', {
        equipmentId: m.id,
        shiftId: shift.id,
        startDate: '2030-01-01',
        endDate: '2030-01-10',
      });
    const workshopId = m1!.workshopId;
    // The demo factory's stations are switched off: this plant's own stations are the only ones.
    for (const s of await get('/api-pm/Station/page?page=1&limit=100'))
      await post('/api-pm/Station/update', { id: s.id, state: 0 });
    const st = (code: string, kind: string, extra: Row) =>
      post('/api-pm/Station/save', { code, name: code, kind, workshopId, ...extra });
    const s1 = await st('ST-1', 'machining', { equipmentId: m1!.id });
    const s2 = await st('ST-2', 'machining', { equipmentId: m2!.id });
    const s3 = await st('ST-3', 'assembly', { shiftId: shift.id });
    await post('/api-manage/equipment/update', { id: m1!.id, status: 'repairing' });
    const o = await order('WO-SCH', 10, { dueDate: '2030-01-02', priority: 1 });
    await post('/api-pm/planWork/release', { id: o.id });
    const r = await post('/api-plantask/planTask/schedule', { from: '2030-01-02', days: 3 });
    expect(r.scheduled).toBeGreaterThanOrEqual(3);
    const tasks = await get(`/api-plantask/planTask/page?page=1&limit=10&workOrderId=${o.id}&sort=seq&order=asc`);
    expect(tasks.map((x) => [x.stationId, x.state, x.planDate, x.shiftId])).toEqual([
      [s2.id, 'scheduled', '2030-01-02', shift.id],
      [s2.id, 'scheduled', '2030-01-02', shift.id],
      [s3.id, 'scheduled', '2030-01-02', shift.id],
    ]);
    expect(tasks.some((x) => x.stationId === s1.id)).toBe(false);
    // Each procedure after the one before it: 10 minutes of turning, twice, then 20 of assembly.
    const times = tasks.map((x) => [Date.parse(String(x.planStart)), Date.parse(String(x.planEnd))]);
    expect(times[0]![1]! - times[0]![0]!).toBe(10 * 60_000);
    expect(times[1]![0]).toBeGreaterThanOrEqual(times[0]![1]!);
    expect(times[2]![0]).toBeGreaterThanOrEqual(times[1]![1]!);
    expect(times[2]![1]! - times[2]![0]!).toBe(20 * 60_000);
    // The dispatch list of a station: its tasks in the order they are planned.
    const list = await get(`/api-plantask/planTask/page?page=1&limit=50&stationId=${s2.id}`);
    expect(list.map((x) => x.id).slice(0, 2)).toEqual([tasks[0]!.id, tasks[1]!.id]);
    await post('/api-manage/equipment/update', { id: m1!.id, status: 'running' });
    expect((await fail('/api-plantask/planTask/schedule', { days: 99 })).rtnCode).not.toBe(200);
  });
});
