import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantOf, userWithCodes } from '../../platform/resources/testkit.js';
import { withTenant } from '../../platform/tenancy/tenant-tx.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { P as RP } from '../repair/permissions.js';

/*
 * A part recorded on a repair order (its 维修备件) is issued from stock at once, through the posting service, or
 * recorded as not from stock; removing it returns it. The spare reports count what the movements say.
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
let tenantId: number;
let seq = 0;

const call = async (url: string, body: unknown, token = admin) =>
  (await (await t.call('POST', url, token, body)).json()) as Json<Row>;
const ok = async (url: string, body: unknown, token = admin) => {
  const r = await call(url, body, token);
  expect(r.rtnCode, `${url}: ${r.msg}`).toBe(200);
  return r.data;
};
const get = async <T = Row>(url: string, token = admin) => (await t.call('GET', url, token)).json() as Promise<Json<T>>;

async function store(quantities: number[], unitCost: string) {
  seq += 1;
  const part = await ok('/api-manage/spareparts/save', { code: `OP-${seq}`, name: `工单备件${seq}`, unit: '个' });
  const wh = await ok('/api-user/warehouses/save', { code: `OPW-${seq}`, name: `工单库${seq}`, type: 'spare' });
  const bins: Row[] = [];
  for (const [i, quantity] of quantities.entries()) {
    const bin = await ok('/api-user/warehouseLines/save', { warehouseId: wh.id, code: `B${i}`, name: `库位${i}` });
    bins.push(bin);
    const d = await ok('/api-manage/spareparts/doc/save', {
      type: 'receipt',
      reason: 'purchase',
      warehouseId: wh.id,
      lines: [{ sparePartId: part.id, quantity, unitCost, binId: bin.id }],
    });
    for (const step of ['submit', 'approve', 'post']) await ok(`/api-manage/spareparts/doc/${step}`, { id: d.id });
  }
  return { part, wh, bins };
}
const stockOf = async (part: Row, wh: Row) =>
  (await get<Row[]>(`/api-manage/spareparts/stock/page?sparePartId=${part.id}&warehouseId=${wh.id}`)).data[0]!;
const orderOf = async (id: unknown) => (await get<Row>(`/api-manage/maintaintask/get?id=${id}`)).data;

/** Today in the tenant's zone (the reports' days). */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
async function reportRow(report: string, groupBy: string, key: unknown): Promise<{ quantity: number; amount: number }> {
  const r = await get<{ rows: Row[] }>(
    `/api-list/report/${report}?start=${today()}&end=${today()}&groupBy=${groupBy}&limit=500`,
  );
  expect(r.rtnCode, r.msg).toBe(200);
  const row = r.data.rows.find((x) => Number(x.key) === Number(key));
  return { quantity: Number(row?.quantity ?? 0), amount: Number(row?.amount ?? 0) };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  tenantId = (await tenantOf(t, admin)).tenantId;
  await withTenant(t.db, tenantId, null, (tx) =>
    tx.query('update act_flows set state = 0 where tenant_id = $1', [tenantId]),
  );
});
afterAll(async () => t?.close());

describe("a repair order's parts", () => {
  it('are issued from the bin they lie in when recorded, the reports count them as issued, removing returns them', async () => {
    const { part, wh, bins } = await store([10], '18.5');
    const machine = (await get<Row[]>('/api-manage/equipment/page?page=1&limit=1')).data[0]!;
    const order = await ok('/api-manage/maintaintask/save', {
      equipmentId: machine.id,
      phenomenon: '轴承异响',
      urgency: 'normal',
    });
    const chartBefore = await reportRow('spareChart', 'part', part.id);
    const costBefore = await reportRow('sparecostList', 'equipment', machine.id);
    const tech = await userWithCodes(t, tenantId, 'order_parts_tech', [RP.view, RP.execute]);

    // What the part form pre-fills: the price it will be issued at, what is available, where it lies.
    const lookup = await get<Row>(
      `/api-manage/maintaintask/part/stock?sparePartId=${part.id}&warehouseId=${wh.id}`,
      tech,
    );
    expect(lookup.data).toMatchObject({ avgCost: '18.5000', available: '10.00' });
    expect((lookup.data.bins as Row[]).map((b) => [b.value, b.quantity])).toEqual([[bins[0]!.id, '10.00']]);
    const saved = await ok(
      '/api-manage/maintaintask/part/save',
      { orderId: order.id, sparePartId: part.id, warehouseId: wh.id, quantity: 2 },
      tech,
    );
    const row = (await get<Row>(`/api-manage/maintaintask/part/get?id=${saved.id}`)).data;
    expect([row.fromStock, row.binId, row.unitPrice]).toEqual([true, bins[0]!.id, '18.5000']);
    expect(row.docId).toBeTruthy();
    const s = await stockOf(part, wh);
    expect([s.onHand, s.available]).toEqual(['8.00', '8.00']);
    const moves = await get<Row[]>(`/api-manage/maintainsparepart/spareRecordList?orderId=${order.id}`);
    expect(moves.data.map((m) => [m.kind, m.quantity, m.amount, m.binId, m.equipmentId])).toEqual([
      ['out', '-2.00', '37.00', bins[0]!.id, machine.id],
    ]);
    expect((await orderOf(order.id)).partsCost).toBe('37.00');
    // The issue counts as 2 parts for 37.00 in both reports, as the movement says.
    const chart = await reportRow('spareChart', 'part', part.id);
    expect([chart.quantity - chartBefore.quantity, chart.amount - chartBefore.amount]).toEqual([2, 37]);
    const cost = await reportRow('sparecostList', 'equipment', machine.id);
    expect([cost.quantity - costBefore.quantity, cost.amount - costBefore.amount]).toEqual([2, 37]);

    // More than is available: refused in the reader's language, nothing written.
    const tooMany = await call(
      '/api-manage/maintaintask/part/save',
      { orderId: order.id, sparePartId: part.id, warehouseId: wh.id, quantity: 9 },
      tech,
    );
    expect(tooMany.rtnCode).not.toBe(200);
    expect(tooMany.msg).toContain('库存不足：可用 8.00，需要 9.00');
    expect((await stockOf(part, wh)).onHand).toBe('8.00');
    expect(((await orderOf(order.id)).parts as Row[]).length).toBe(1);
    // From stock needs the warehouse; not from stock moves nothing and is valued at its price.
    const noWarehouse = await call('/api-manage/maintaintask/part/save', {
      orderId: order.id,
      sparePartId: part.id,
      quantity: 1,
    });
    expect(noWarehouse.field).toBe('warehouseId');
    await ok('/api-manage/maintaintask/part/save', {
      orderId: order.id,
      sparePartId: part.id,
      fromStock: false,
      quantity: 1,
      unitPrice: 5,
    });
    expect((await stockOf(part, wh)).onHand).toBe('8.00');
    expect((await orderOf(order.id)).partsCost).toBe('42.00');
    // An issued row is not edited behind the stock's back.
    const edit = await call('/api-manage/maintaintask/part/update', { id: row.id, quantity: 1 }, tech);
    expect(edit.msg).toBe('已从仓库领出的备件不能修改，请删除后重新登记');

    await ok('/api-manage/maintaintask/part/del', { ids: [row.id] }, tech);
    expect((await stockOf(part, wh)).onHand).toBe('10.00');
    expect((await orderOf(order.id)).partsCost).toBe('5.00');
    const back = await reportRow('spareChart', 'part', part.id);
    expect([back.quantity - chartBefore.quantity, back.amount - chartBefore.amount]).toEqual([0, 0]);
    const costBack = await reportRow('sparecostList', 'equipment', machine.id);
    expect([costBack.quantity - costBefore.quantity, costBack.amount - costBefore.amount]).toEqual([0, 0]);
  });

  it('a part lying in several bins needs its bin picked', async () => {
    const { part, wh, bins } = await store([3, 4], '2');
    const machine = (await get<Row[]>('/api-manage/equipment/page?page=1&limit=1')).data[0]!;
    const order = await ok('/api-manage/maintaintask/save', { equipmentId: machine.id, phenomenon: '漏气' });
    const unpicked = await call('/api-manage/maintaintask/part/save', {
      orderId: order.id,
      sparePartId: part.id,
      warehouseId: wh.id,
      quantity: 1,
    });
    expect(unpicked.field).toBe('binId');
    const picked = await ok('/api-manage/maintaintask/part/save', {
      orderId: order.id,
      sparePartId: part.id,
      warehouseId: wh.id,
      binId: bins[1]!.id,
      quantity: 4,
    });
    expect((await get<Row>(`/api-manage/maintaintask/part/get?id=${picked.id}`)).data.binId).toBe(bins[1]!.id);
    expect((await stockOf(part, wh)).onHand).toBe('3.00');
  });
});
