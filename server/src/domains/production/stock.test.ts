import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readXlsx, tenantOf, waitForDownload } from '../../platform/resources/testkit.js';
import { withTenant } from '../../platform/tenancy/tenant-tx.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

/*
 * Materials in stock (stock.ts): a work order draws the stock-kept components of its BOM from its workshop's
 * warehouse through the spare stock engine, all at release or by backflush on reports; stock never goes below
 * zero, every movement is kept, and what goes back (a deleted report, a cancelled order) is returned.
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
let seq = 0;

const call = async (url: string, body: unknown, token = admin) =>
  (await (await t.call('POST', url, token, body)).json()) as Json<Row>;
const ok = async (url: string, body: unknown, token = admin) => {
  const r = await call(url, body, token);
  expect(r.rtnCode, `${url}: ${r.msg}`).toBe(200);
  return r.data;
};
const get = async <T = Row[]>(url: string) => ((await (await t.call('GET', url, admin)).json()) as Json<T>).data;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  const { tenantId } = await tenantOf(t, admin);
  // Stock documents post straight away (no approval flow in the way of the set-up receipts).
  await withTenant(t.db, tenantId, null, (tx) =>
    tx.query('update act_flows set state = 0 where tenant_id = $1', [tenantId]),
  );
});
afterAll(async () => t?.close());

/** A spare part with `quantities` received into bins of a new warehouse. */
async function stocked(quantities: number[], unitCost = '2.5') {
  seq += 1;
  const part = await ok('/api-manage/spareparts/save', { code: `MS-${seq}`, name: `物料备件${seq}`, unit: '个' });
  const wh = await ok('/api-user/warehouses/save', { code: `MSW-${seq}`, name: `生产库${seq}`, type: 'spare' });
  for (const [i, quantity] of quantities.entries()) {
    const bin = await ok('/api-user/warehouseLines/save', { warehouseId: wh.id, code: `B${i}`, name: `库位${i}` });
    const d = await ok('/api-manage/spareparts/doc/save', {
      type: 'receipt',
      reason: 'purchase',
      warehouseId: wh.id,
      lines: [{ sparePartId: part.id, quantity, unitCost, binId: bin.id }],
    });
    for (const step of ['submit', 'approve', 'post']) await ok(`/api-manage/spareparts/doc/${step}`, { id: d.id });
  }
  return { part, wh };
}
const onHand = async (part: Row, wh: Row) =>
  Number((await get(`/api-manage/spareparts/stock/page?sparePartId=${part.id}&warehouseId=${wh.id}`))[0]?.onHand ?? 0);

/**
 * A product P of 2 × component C (linked to `part`, 10 % scrap allowance) and 1 × label L (not kept in stock),
 * made in one step on its own workshop, whose warehouse rule draws from `wh` in `mode`.
 */
async function plant(part: Row, wh: Row, mode: 'release' | 'backflush') {
  seq += 1;
  const ws = await ok('/api-user/workShop/save', { workshopcode: `MSWS-${seq}`, workshopname: `车间${seq}` });
  await ok('/api-wms/warehouserule/save', { warehouseId: wh.id, workshopId: ws.id, materialIssue: mode });
  const m = (code: string, kind: string, extra: Row = {}) =>
    ok('/api-proreport/material/save', { code: `${code}${seq}`, name: code, kind, unit: 'piece', ...extra });
  const product = await m('MSP', 'product');
  const comp = await m('MSC', 'component', { sparePartId: part.id });
  const label = await m('MSL', 'component');
  const b = await ok('/api-pm/planWorkBom/save', {
    code: `MSB${seq}`,
    materialId: product.id,
    version: 'V1',
    isCurrent: true,
  });
  await ok('/api-pm/planWorkBom/line/save', { bomId: b.id, materialId: comp.id, quantity: 2, scrapRate: 10 });
  await ok('/api-pm/planWorkBom/line/save', { bomId: b.id, materialId: label.id, quantity: 1 });
  const proc = await ok('/api-pm/procedure/save', {
    code: `MSOP${seq}`,
    name: 'Press',
    stationKind: 'machining',
    standardMinutes: 1,
    idealCycleSeconds: 10,
  });
  const routing = await ok('/api-pm/tecProcessMain/save', { code: `MSR${seq}`, name: 'R', materialId: product.id });
  await ok('/api-pm/tecProcessMain/saveSteps', { id: routing.id, steps: [{ procedureId: proc.id }] });
  const order = async (quantity: number) => {
    seq += 1;
    return ok('/api-pm/planWork/save', {
      code: `MSWO${seq}`,
      materialId: product.id,
      quantity,
      dueDate: '2030-01-31',
      workshopId: ws.id,
    });
  };
  return { product, comp, order };
}
const taskOf = async (orderId: unknown) => (await get(`/api-plantask/planTask/page?workOrderId=${orderId}`))[0]!;
const issuesOf = (orderId: unknown) => get(`/api-wms/materialIssue/page?workOrderId=${orderId}&sort=id&order=asc`);

describe('materials issued on release', () => {
  it('draws the whole order from the bins, fullest first, keeps every movement and gives it back on cancel', async () => {
    const { part, wh } = await stocked([30, 50]);
    const p = await plant(part, wh, 'release');
    const o = await p.order(20);
    const released = await ok('/api-pm/planWork/release', { id: o.id });
    expect(released).toMatchObject({ warehouseId: wh.id, materialIssue: 'release' });
    // 20 × 2 × 1.10 = 44, from the bin of 50; the label is not kept in stock.
    expect(await onHand(part, wh)).toBe(36);
    const issues = await issuesOf(o.id);
    expect(issues.map((i) => [i.kind, i.materialId, i.quantity, i.amount])).toEqual([
      ['release', p.comp.id, '44.00', '110.00'],
    ]);
    const moves = await get(
      `/api-manage/maintainsparepart/spareRecordList?sparePartId=${part.id}&warehouseId=${wh.id}&sort=id&order=asc`,
    );
    expect(moves.map((m) => [m.kind, m.quantity, m.balance])).toEqual([
      ['in', '30.00', '30.00'],
      ['in', '50.00', '80.00'],
      ['out', '-44.00', '36.00'],
    ]);
    await ok('/api-pm/planWork/cancel', { id: o.id, comment: 'customer withdrew' });
    expect(await onHand(part, wh)).toBe(80);
    expect((await issuesOf(o.id)).map((i) => [i.kind, i.quantity])).toEqual([
      ['release', '44.00'],
      ['return', '-44.00'],
    ]);
    // The issues of the order export to My downloads, their kinds in the reader's language.
    const queued = (await call(`/api-wms/materialIssue/exportexcel?workOrderId=${o.id}`, {})) as Json<{ id: number }>;
    expect(queued.rtnCode, queued.msg).toBe(200);
    const [header, ...rows] = await readXlsx(await waitForDownload(t, admin, (queued.data as { id: number }).id));
    expect(header!.length).toBeGreaterThan(3);
    expect(rows).toHaveLength(2);
    expect(rows.flat().map(String)).not.toContain('release');
  });

  it('refuses a release the warehouse cannot serve, naming the part, and writes nothing', async () => {
    const { part, wh } = await stocked([10]);
    const p = await plant(part, wh, 'release');
    const o = await p.order(5); // needs 11
    const r = await call('/api-pm/planWork/release', { id: o.id });
    expect(r.rtnCode).toBe(201);
    expect(r.msg).toContain(String(part.code));
    expect(await onHand(part, wh)).toBe(10);
    expect((await get<Row>(`/api-pm/planWork/get?id=${o.id}`)).state).toBe('planned');
    expect(await get(`/api-plantask/planTask/page?workOrderId=${o.id}`)).toHaveLength(0);
    expect(await issuesOf(o.id)).toHaveLength(0);
  });
});

describe('backflush on reporting', () => {
  it('draws what the units reported need, returns it when a report is deleted', async () => {
    const { part, wh } = await stocked([100]);
    const p = await plant(part, wh, 'backflush');
    const o = await p.order(10);
    await ok('/api-pm/planWork/release', { id: o.id });
    expect(await onHand(part, wh)).toBe(100);
    const task = await taskOf(o.id);
    await ok('/api-proreport/workReport/save', { planTaskId: task.id, goodQty: 3 });
    expect(await onHand(part, wh)).toBe(93.4); // 3 × 2.2
    const second = await ok('/api-proreport/workReport/save', {
      planTaskId: task.id,
      goodQty: 1,
      scrapQty: 1,
      scrapReason: 'material',
    });
    expect(await onHand(part, wh)).toBe(89); // 5 × 2.2 = 11 in all, no rounding drift
    await ok('/api-proreport/workReport/del', { id: second.id });
    expect(await onHand(part, wh)).toBe(93.4);
    expect((await issuesOf(o.id)).map((i) => [i.kind, i.quantity])).toEqual([
      ['backflush', '6.60'],
      ['backflush', '4.40'],
      ['return', '-4.40'],
    ]);
  });

  it('refuses a report the stock cannot cover, and counts nothing', async () => {
    const { part, wh } = await stocked([5]);
    const p = await plant(part, wh, 'backflush');
    const o = await p.order(10);
    await ok('/api-pm/planWork/release', { id: o.id });
    const task = await taskOf(o.id);
    const r = await call('/api-proreport/workReport/save', { planTaskId: task.id, goodQty: 3 }); // needs 6.6
    expect(r.rtnCode).toBe(201);
    expect(r.msg).toContain(String(part.code));
    expect(await onHand(part, wh)).toBe(5);
    expect(await get(`/api-proreport/workReport/page?workOrderId=${o.id}`)).toHaveLength(0);
  });

  it('two orders reporting at once on the last of a part: one is served, the other refused; never below zero', async () => {
    const { part, wh } = await stocked([10]);
    const p = await plant(part, wh, 'backflush');
    const tasks: Row[] = [];
    for (let i = 0; i < 2; i++) {
      const o = await p.order(10);
      await ok('/api-pm/planWork/release', { id: o.id });
      tasks.push(await taskOf(o.id));
    }
    // Each report needs 4 × 2.2 = 8.8 of the 10 in stock.
    const results = await Promise.all(
      tasks.map((task) => call('/api-proreport/workReport/save', { planTaskId: task.id, goodQty: 4 })),
    );
    expect(results.map((r) => r.rtnCode).sort()).toEqual([200, 201]);
    expect(await onHand(part, wh)).toBe(1.2);
    const bins = await get(`/api-manage/spareparts/binstock/page?sparePartId=${part.id}&warehouseId=${wh.id}`);
    expect(bins.every((b) => Number(b.quantity) >= 0)).toBe(true);
  });
});
