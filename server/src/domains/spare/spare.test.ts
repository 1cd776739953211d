import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readXlsx, secondTenant, tenantOf, userWithCodes, waitForDownload } from '../../platform/resources/testkit.js';
import { withTenant } from '../../platform/tenancy/tenant-tx.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { P as RP } from '../repair/permissions.js';
import { amountOf, C, movingAverage, Q, text, units } from './decimal.js';
import { P } from './permissions.js';

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

const post = (url: string, body: unknown, token = admin) => t.call('POST', url, token, body);
const get = async <T = Row>(url: string, token = admin) => (await t.call('GET', url, token)).json() as Promise<Json<T>>;
const ok = async (url: string, body: unknown, token = admin) => {
  const r = (await (await post(url, body, token)).json()) as Json<Row>;
  expect(r.rtnCode, `${url}: ${r.msg}`).toBe(200);
  return r.data;
};
const refused = async (url: string, body: unknown, token = admin) =>
  (await (await post(url, body, token)).json()) as Json;

async function newPart(): Promise<Row> {
  seq += 1;
  return ok('/api-manage/spareparts/save', { code: `SP-T${seq}`, name: `测试备件${seq}`, unit: '个', price: 9 });
}
async function newWarehouse(keeperId?: number): Promise<{ wh: Row; bins: Row[] }> {
  seq += 1;
  const wh = await ok('/api-user/warehouses/save', {
    code: `WH-T${seq}`,
    name: `测试库${seq}`,
    type: 'spare',
    keeperId,
  });
  const bins = [
    await ok('/api-user/warehouseLines/save', { warehouseId: wh.id, code: 'B1', name: '一号位' }),
    await ok('/api-user/warehouseLines/save', { warehouseId: wh.id, code: 'B2', name: '二号位' }),
  ];
  return { wh, bins };
}

const save = (doc: Row, token = admin) => ok('/api-manage/spareparts/doc/save', doc, token);
const act = (action: string, id: unknown, token = admin, extra: Row = {}) =>
  ok(`/api-manage/spareparts/doc/${action}`, { id, ...extra }, token);
async function postDoc(doc: Row, token = admin): Promise<Row> {
  const d = await save(doc, token);
  await act('submit', d.id, token);
  await act('approve', d.id);
  return act('post', d.id, token);
}
async function stock(part: Row, wh: Row): Promise<Row | undefined> {
  const r = await get<Row[]>(`/api-manage/spareparts/stock/page?sparePartId=${part.id}&warehouseId=${wh.id}`);
  return r.data[0];
}
const receipt = (wh: Row, part: Row, quantity: number | string, unitCost: number | string, bin?: Row) =>
  postDoc({
    type: 'receipt',
    reason: 'purchase',
    warehouseId: wh.id,
    lines: [{ sparePartId: part.id, quantity, unitCost, binId: bin?.id }],
  });
const issue = (wh: Row, part: Row, quantity: number, bin?: Row, extra: Row = {}) =>
  postDoc({
    type: 'issue',
    reason: 'costCentre',
    costCentre: 'CC-1',
    warehouseId: wh.id,
    lines: [{ sparePartId: part.id, quantity, binId: bin?.id }],
    ...extra,
  });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  tenantId = (await tenantOf(t, admin)).tenantId;
  // The approval flows are the test's own (one test below enables one).
  await withTenant(t.db, tenantId, null, (tx) =>
    tx.query('update act_flows set state = 0 where tenant_id = $1', [tenantId]),
  );
});
afterAll(async () => t?.close());

describe('moving-average cost', () => {
  it('agrees with a hand-computed example (exact decimals)', () => {
    // 10 @ 2.00, then 5 @ 3.50: (20.00 + 17.50) / 15 = 2.5000
    const avg1 = movingAverage(units('10', Q), units('2', C), units('5', Q), units('3.5', C));
    expect(text(avg1, C)).toBe('2.5000');
    // 4 out at 2.5000 = 10.00; 6 left; 9 in @ 1.1111: (15.0000 + 9.9999) / 15 = 1.666660 → 1.6667
    expect(text(amountOf(units('4', Q), avg1), 2)).toBe('10.00');
    const avg2 = movingAverage(units('6', Q), avg1, units('9', Q), units('1.1111', C));
    expect(text(avg2, C)).toBe('1.6667');
    // 3 out at 1.6667 = 5.0001 → 5.00
    expect(text(amountOf(units('3', Q), avg2), 2)).toBe('5.00');
  });
});

describe('posting rules', () => {
  it('a receipt, then an issue: only posting moves stock; costs follow the moving average; movements with balances', async () => {
    const part = await newPart();
    const { wh, bins } = await newWarehouse();
    const draft = await save({
      type: 'receipt',
      reason: 'purchase',
      warehouseId: wh.id,
      lines: [{ sparePartId: part.id, quantity: 10, unitCost: 2, binId: bins[0]!.id, batch: 'LOT-1' }],
    });
    expect(draft.code).toMatch(/^RK\d{8}-\d{4}$/);
    expect(draft.state).toBe('draft');
    await act('submit', draft.id);
    await act('approve', draft.id);
    expect(await stock(part, wh)).toBeUndefined();
    const posted = await act('post', draft.id);
    expect(posted.state).toBe('posted');
    expect(posted.totalAmount).toBe('20.00');
    await receipt(wh, part, 5, '3.5', bins[0]);
    let s = (await stock(part, wh))!;
    expect(s.onHand).toBe('15.00');
    expect(s.avgCost).toBe('2.5000');

    const out = await issue(wh, part, 4, bins[0]);
    expect(out.code).toMatch(/^CK/);
    expect(out.totalAmount).toBe('10.00');
    await receipt(wh, part, 9, '1.1111', bins[1]);
    s = (await stock(part, wh))!;
    expect(s.onHand).toBe('20.00');
    expect(s.avgCost).toBe('1.8750'); // (11 × 2.5 + 9 × 1.1111) / 20 = 1.874995

    const moves = await get<Row[]>(
      `/api-manage/maintainsparepart/spareRecordList?sparePartId=${part.id}&sort=movedAt&order=asc&limit=50`,
    );
    expect(moves.data.map((m) => [m.kind, m.quantity, m.balance])).toEqual([
      ['in', '10.00', '10.00'],
      ['in', '5.00', '15.00'],
      ['out', '-4.00', '11.00'],
      ['in', '9.00', '20.00'],
    ]);
    const bins1 = await get<Row[]>(`/api-manage/spareparts/binstock/page?sparePartId=${part.id}&limit=10`);
    expect(bins1.data.map((b) => [b.binName, b.batch, b.quantity]).sort()).toEqual(
      [
        ['一号位', 'LOT-1', '10.00'],
        ['一号位', null, '1.00'],
        ['二号位', null, '9.00'],
      ].sort(),
    );
  });

  it('a transfer moves stock and its cost to the other warehouse; an adjustment corrects a count', async () => {
    const part = await newPart();
    const a = await newWarehouse();
    const b = await newWarehouse();
    await receipt(a.wh, part, 10, 4);
    const tr = await postDoc({
      type: 'transfer',
      warehouseId: a.wh.id,
      toWarehouseId: b.wh.id,
      lines: [{ sparePartId: part.id, quantity: 6, toBinId: b.bins[1]!.id }],
    });
    expect(tr.code).toMatch(/^DB/);
    expect((await stock(part, a.wh))!.onHand).toBe('4.00');
    const sb = (await stock(part, b.wh))!;
    expect([sb.onHand, sb.avgCost]).toEqual(['6.00', '4.0000']);
    const adj = await postDoc({
      type: 'adjust',
      reason: 'stocktake',
      warehouseId: b.wh.id,
      lines: [{ sparePartId: part.id, quantity: -2, binId: b.bins[1]!.id }],
    });
    expect(adj.code).toMatch(/^PD/);
    expect((await stock(part, b.wh))!.onHand).toBe('4.00');
  });

  it("refuses a keeper's save of a draft another keeper has saved since it was opened; the first one's lines stay", async () => {
    const part = await newPart();
    const { wh } = await newWarehouse();
    const line = (quantity: number) => [{ sparePartId: part.id, quantity, unitCost: 2 }];
    const draft = await save({ type: 'receipt', reason: 'purchase', warehouseId: wh.id, lines: line(1) });
    const read = draft.updatedAt;
    await save({ id: draft.id, updatedAt: read, reason: 'purchase', warehouseId: wh.id, lines: line(5) });
    const late = await refused('/api-manage/spareparts/doc/save', {
      id: draft.id,
      updatedAt: read,
      reason: 'purchase',
      warehouseId: wh.id,
      lines: line(9),
    });
    expect([late.rtnCode, late.msg]).toEqual([201, '该记录在您打开后已被他人修改，请重新打开后再编辑']);
    const now = (await get<Row>(`/api-manage/spareparts/doc/get?id=${draft.id}`)).data;
    expect((now.lines as Row[]).map((l) => Number(l.quantity))).toEqual([5]);
  });

  it('names the field of a bad line and of a missing header value; writes nothing', async () => {
    const part = await newPart();
    const { wh } = await newWarehouse();
    const other = await newWarehouse();
    const noCost = await refused('/api-manage/spareparts/doc/save', {
      type: 'receipt',
      reason: 'purchase',
      warehouseId: wh.id,
      lines: [
        { sparePartId: part.id, quantity: 1, unitCost: 1 },
        { sparePartId: part.id, quantity: 1 },
      ],
    });
    expect([noCost.rtnCode, noCost.field]).toEqual([201, 'lines.1.unitCost']);
    const badBin = await refused('/api-manage/spareparts/doc/save', {
      type: 'receipt',
      reason: 'purchase',
      warehouseId: wh.id,
      lines: [{ sparePartId: part.id, quantity: 1, unitCost: 1, binId: other.bins[0]!.id }],
    });
    expect(badBin.field).toBe('lines.0.binId');
    const zero = await refused('/api-manage/spareparts/doc/save', {
      type: 'issue',
      reason: 'costCentre',
      costCentre: 'X',
      warehouseId: wh.id,
      lines: [{ sparePartId: part.id, quantity: 0 }],
    });
    expect(zero.field).toBe('lines.0.quantity');
    const noOrder = await refused('/api-manage/spareparts/doc/save', {
      type: 'issue',
      reason: 'order',
      warehouseId: wh.id,
      lines: [{ sparePartId: part.id, quantity: 1 }],
    });
    expect(noOrder.field).toBe('orderId');
    const none = await refused('/api-manage/spareparts/doc/save', {
      type: 'receipt',
      reason: 'purchase',
      warehouseId: wh.id,
      lines: [],
    });
    expect(none.field).toBe('lines');
    const docs = await get<Row[]>(`/api-manage/spareparts/doc/page?warehouseId=${wh.id}`);
    expect(docs.data).toEqual([]);
  });

  it('refuses to issue more than is available, at submit and at approval (reserved for approved issues)', async () => {
    const part = await newPart();
    const { wh } = await newWarehouse();
    await receipt(wh, part, 5, 1);
    const big = await save({
      type: 'issue',
      reason: 'other',
      warehouseId: wh.id,
      lines: [{ sparePartId: part.id, quantity: 6 }],
    });
    const r = await refused('/api-manage/spareparts/doc/submit', { id: big.id });
    expect(r.rtnCode).toBe(201);
    expect(r.msg).toContain('5.00');
    const first = await save({
      type: 'issue',
      reason: 'other',
      warehouseId: wh.id,
      lines: [{ sparePartId: part.id, quantity: 3 }],
    });
    const second = await save({
      type: 'issue',
      reason: 'other',
      warehouseId: wh.id,
      lines: [{ sparePartId: part.id, quantity: 3 }],
    });
    await act('submit', first.id);
    await act('submit', second.id);
    await act('approve', first.id);
    const s = (await stock(part, wh))!;
    expect([s.onHand, s.reserved, s.available]).toEqual(['5.00', '3.00', '2.00']);
    expect((await refused('/api-manage/spareparts/doc/approve', { id: second.id })).rtnCode).toBe(201);
    await act('post', first.id);
    const after = (await stock(part, wh))!;
    expect([after.onHand, after.reserved]).toEqual(['2.00', '0.00']);
  });
});

describe('export', () => {
  it('exports the movements, documents and bin stock of a part through My downloads, with the ERP warehouse code', async () => {
    const part = await newPart();
    const { wh } = await newWarehouse();
    await ok('/api-wms/sapwarehouse/save', { warehouseId: wh.id, sapCode: `SAP-${seq}` });
    const d = await receipt(wh, part, 3, 2);
    const moves = await ok(`/api-manage/maintainsparepart/exportexcel?sparePartId=${part.id}`, {});
    const [header, ...rows] = await readXlsx(await waitForDownload(t, admin, Number(moves.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain(`SAP-${seq}`);
    expect(header).toContain('ERP仓库编码');
    const docs = await ok(`/api-manage/spareparts/doc/exportexcel?code=${d.code}`, {});
    expect((await readXlsx(await waitForDownload(t, admin, Number(docs.id)))).length).toBe(2);
    const bins = await ok(`/api-manage/spareparts/binstock/exportexcel?sparePartId=${part.id}`, {});
    expect((await readXlsx(await waitForDownload(t, admin, Number(bins.id)))).length).toBe(2);
  });
});

describe('recall, reject and approval flows', () => {
  it('recall and reject return a submitted document to draft; a rejection needs a comment; posted ones stay', async () => {
    const part = await newPart();
    const { wh } = await newWarehouse();
    const d = await save({
      type: 'receipt',
      reason: 'purchase',
      warehouseId: wh.id,
      lines: [{ sparePartId: part.id, quantity: 1, unitCost: 1 }],
    });
    await act('submit', d.id);
    expect((await act('recall', d.id)).state).toBe('draft');
    const edited = await save({
      id: d.id,
      warehouseId: wh.id,
      reason: 'purchase',
      lines: [{ sparePartId: part.id, quantity: 2, unitCost: 1 }],
    });
    expect(edited.totalQuantity).toBe('2.00');
    await act('submit', d.id);
    expect(
      (
        await refused('/api-manage/spareparts/doc/save', {
          id: d.id,
          reason: 'purchase',
          warehouseId: wh.id,
          lines: [],
        })
      ).rtnCode,
    ).toBe(201);
    expect((await refused('/api-manage/spareparts/doc/reject', { id: d.id })).field).toBe('comment');
    expect((await act('reject', d.id, admin, { comment: '数量不对' })).state).toBe('draft');
    await act('submit', d.id);
    await ok('/api-manage/spareparts/audit', { id: d.id });
    expect((await act('post', d.id)).state).toBe('posted');
    expect((await refused('/api-manage/spareparts/doc/recall', { id: d.id })).rtnCode).toBe(201);
    expect((await refused('/api-manage/spareparts/doc/del', { ids: [d.id] })).rtnCode).toBe(201);
    const steps = await get<{ steps: Row[] }>(`/api-manage/spareparts/doc/steps?id=${d.id}`);
    expect(steps.data.steps.map((s) => s.action)).toEqual([
      'submit',
      'recall',
      'submit',
      'reject',
      'submit',
      'approve',
      'post',
    ]);
  });

  it('a receipt goes through the enabled flow of its type; its approval approves it', async () => {
    const approverToken = await userWithCodes(t, tenantId, 'spare_approver', [P.auditView]);
    const approverId = (await tenantOf(t, approverToken)).userId;
    const flow = await ok('/api-flow/actFlows/save', { code: 'SPARE-IN', name: '入库审批', businessType: 'spareIn' });
    await withTenant(t.db, tenantId, null, async (tx) => {
      await tx.insert('act_nodes', {
        flow_id: flow.id,
        sort: 1,
        name: '主管',
        approver_kind: 'user',
        approver_ids: JSON.stringify([approverId]),
      });
      await tx.query('update act_flows set state = 1 where tenant_id = $1 and id = $2', [tenantId, flow.id]);
    });
    try {
      const part = await newPart();
      const { wh } = await newWarehouse();
      const d = await save({
        type: 'receipt',
        reason: 'purchase',
        warehouseId: wh.id,
        lines: [{ sparePartId: part.id, quantity: 1, unitCost: 1 }],
      });
      expect((await act('submit', d.id)).state).toBe('submitted');
      expect((await refused('/api-manage/spareparts/doc/approve', { id: d.id })).rtnCode).toBe(201);
      // An issue is of another type: no flow, approved by hand.
      const mine = await get<Row[]>('/api-flow/approval/mine?page=1&limit=20', approverToken);
      const pending = mine.data.find((x) => Number(x.recordId) === Number(d.id))!;
      expect(pending).toBeTruthy();
      await ok('/api-flow/approval/approve', { id: pending.id }, approverToken);
      const row = await get<Row>(`/api-manage/spareparts/doc/get?id=${d.id}`);
      expect(row.data.state).toBe('approved');
    } finally {
      await withTenant(t.db, tenantId, null, (tx) =>
        tx.query('update act_flows set state = 0 where tenant_id = $1', [tenantId]),
      );
    }
  });
});

describe('never negative', () => {
  it('two approvals of the last units at once: exactly one wins', async () => {
    const part = await newPart();
    const { wh } = await newWarehouse();
    await receipt(wh, part, 5, 1);
    const docs = [];
    for (let i = 0; i < 2; i++) {
      const d = await save({
        type: 'issue',
        reason: 'other',
        warehouseId: wh.id,
        lines: [{ sparePartId: part.id, quantity: 5 }],
      });
      await act('submit', d.id);
      docs.push(d);
    }
    const results = await Promise.all(docs.map((d) => refused('/api-manage/spareparts/doc/approve', { id: d.id })));
    expect(results.map((r) => r.rtnCode).sort()).toEqual([200, 201]);
    const s = (await stock(part, wh))!;
    expect([s.onHand, s.reserved]).toEqual(['5.00', '5.00']);
  });

  it('two postings taking the last units at once: exactly one wins, stock stays at zero', async () => {
    const part = await newPart();
    const { wh } = await newWarehouse();
    await receipt(wh, part, 5, 1);
    const docs = [];
    for (let i = 0; i < 2; i++) {
      // Adjustments reserve nothing, so both reach posting.
      const d = await save({
        type: 'adjust',
        reason: 'stocktake',
        warehouseId: wh.id,
        lines: [{ sparePartId: part.id, quantity: -5 }],
      });
      await act('submit', d.id);
      await act('approve', d.id);
      docs.push(d);
    }
    const results = await Promise.all(docs.map((d) => refused('/api-manage/spareparts/doc/post', { id: d.id })));
    expect(results.map((r) => r.rtnCode).sort()).toEqual([200, 201]);
    expect((await stock(part, wh))!.onHand).toBe('0.00');
    const moves = await get<Row[]>(`/api-manage/maintainsparepart/spareRecordList?sparePartId=${part.id}`);
    expect(moves.data).toHaveLength(2);
  });

  it('the tables themselves refuse a negative stock', async () => {
    await expect(
      withTenant(t.db, tenantId, null, (tx) =>
        tx.query('update spare_stocks set on_hand = -1 where tenant_id = $1', [tenantId]),
      ),
    ).rejects.toThrow(/check/i);
  });
});

describe('an issue to a repair order', () => {
  it("makes the order's parts cost real (its part rows at the issue's cost)", async () => {
    const part = await newPart();
    const { wh } = await newWarehouse();
    await receipt(wh, part, 4, '12.5');
    const machines = await get<Row[]>('/api-manage/equipment/page?page=1&limit=1');
    const order = await ok('/api-manage/maintaintask/save', {
      equipmentId: machines.data[0]!.id,
      phenomenon: '漏油',
      urgency: 'normal',
    });
    const d = await issue(wh, part, 2, undefined, { reason: 'order', orderId: order.id, costCentre: null });
    expect(d.totalAmount).toBe('25.00');
    const o = await get<Row>(`/api-manage/maintaintask/get?id=${order.id}`);
    expect(o.data.partsCost).toBe('25.00');
    const parts = o.data.parts as Row[];
    expect(parts.map((p) => [p.quantity, p.unitPrice, p.remark])).toEqual([['2.00', '12.5000', d.code]]);
    const moves = await get<Row[]>(`/api-manage/maintainsparepart/spareRecordList?orderId=${order.id}`);
    // The movement records the machine the part went to (the spare reports group by it).
    expect(moves.data.map((m) => [m.amount, m.equipmentId])).toEqual([['25.00', machines.data[0]!.id]]);
  });
});

describe('an issue to a maintenance task', () => {
  it("writes the task's parts used at the issue's cost, also after the task is done", async () => {
    const part = await newPart();
    const { wh } = await newWarehouse();
    await receipt(wh, part, 5, '8');
    const machines = await get<Row[]>('/api-manage/equipment/page?page=1&limit=1');
    const n = Date.now() % 1_000_000;
    const project = await ok('/api-manage/checkproject/save', {
      kind: 3,
      code: `SPB${n}`,
      name: '换滤芯',
      answerType: 'text',
    });
    const scheme = await ok('/api-manage/checkscheme/save', { kind: 3, code: `SPS${n}`, name: '保养' });
    await ok('/api-manage/checkschemedtl/save', { schemeId: scheme.id, projectId: project.id });
    const plan = await ok('/api-manage/checkplan/save', {
      kind: 3,
      code: `SPP${n}`,
      name: '领料保养',
      schemeId: scheme.id,
      cycle: 'day',
      startDate: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10),
    });
    await ok('/api-manage/checkplan/machine/save', { planId: plan.id, equipmentId: machines.data[0]!.id });
    await ok('/api-manage/checkplan/enable', { id: plan.id });
    await ok('/api-manage/checkplan/generate', { id: plan.id });
    const task = (await get<Row[]>(`/api-manage/checktask/page?planId=${plan.id}&limit=1`)).data[0]!;
    const missing = await refused('/api-manage/spareparts/doc/save', {
      type: 'issue',
      reason: 'task',
      warehouseId: wh.id,
      lines: [{ sparePartId: part.id, quantity: 1 }],
    });
    expect(missing.field).toBe('checkTaskId');
    await ok('/api-manage/checktask/close', { id: task.id, comment: '外包' });
    const d = await issue(wh, part, 3, undefined, { reason: 'task', checkTaskId: task.id, costCentre: null });
    expect(d.totalAmount).toBe('24.00');
    const parts = await get<Row[]>(`/api-manage/checktask/part/page?taskId=${task.id}`);
    expect(parts.data.map((p) => [p.sparePartId, p.quantity, p.unitPrice, p.remark])).toEqual([
      [part.id, '3.00', '8.0000', d.code],
    ]);
    expect((await get<Row>(`/api-manage/checktask/get?id=${task.id}`)).data.partsCost).toBe('24.00');
    const moves = await get<Row[]>(`/api-manage/maintainsparepart/spareRecordList?checkTaskId=${task.id}`);
    expect(moves.data.map((m) => [m.kind, m.amount, m.equipmentId])).toEqual([['out', '24.00', machines.data[0]!.id]]);
  });
});

describe('levels', () => {
  it('below the minimum shows in the stock list with a reorder quantity, and the keeper hears once', async () => {
    const keeper = await userWithCodes(t, tenantId, 'spare_keeper', [P.stockView]);
    const keeperId = (await tenantOf(t, keeper)).userId;
    const part = await newPart();
    const { wh } = await newWarehouse(keeperId);
    await receipt(wh, part, 10, 1);
    const s = (await stock(part, wh))!;
    await ok('/api-manage/spareparts/stock/update', { id: s.id, minQty: 5, maxQty: 20 });
    expect((await refused('/api-manage/spareparts/stock/update', { id: s.id, maxQty: 1 })).field).toBe('maxQty');
    await issue(wh, part, 6);
    const low = await get<Row[]>(`/api-manage/spareparts/stock/page?belowMin=true&warehouseId=${wh.id}`);
    expect(low.data.map((r) => [r.onHand, r.reorderQty])).toEqual([['4.00', '16.00']]);
    await issue(wh, part, 1);
    const msgs = await withTenant(t.db, tenantId, null, (tx) =>
      tx.query<{ n: string }>(
        "select count(*) as n from messages where tenant_id = $1 and user_id = $2 and type_code = 'sparestock'",
        [tenantId, keeperId],
      ),
    );
    expect(Number(msgs.rows[0]!.n)).toBe(1);
  });
});

describe('stocktake', () => {
  it('plans a blind count with book quantities, takes scanned counts, and makes the adjustment of the differences', async () => {
    const part = await newPart();
    const extra = await newPart();
    const { wh, bins } = await newWarehouse();
    await receipt(wh, part, 10, 3, bins[0]);
    const count = await ok('/api-manage/spareparts/count/save', { warehouseId: wh.id, blind: true });
    expect(count.code).toMatch(/^PDJ/);
    let lines = await get<{ blind: boolean; lines: Row[] }>(`/api-manage/spareparts/count/lines?id=${count.id}`);
    expect(lines.data.blind).toBe(true);
    expect(lines.data.lines.map((l) => [l.partCode, l.binCode, l.bookQty])).toEqual([[part.code, 'B1', null]]);
    // Nor do the engine's reads of the lines show it: the page, the count with its lines, a filter on it.
    const blindPage = await get<Row[]>(`/api-manage/spareparts/count/line/page?countId=${count.id}`);
    expect(blindPage.data.map((l) => [l.bookQty, l.difference])).toEqual([[null, null]]);
    const withLines = await get<Row>(`/api-manage/spareparts/count/get?id=${count.id}`);
    expect((withLines.data.lines as Row[]).map((l) => l.bookQty)).toEqual([null]);
    const sorted = await get<Row[]>(
      `/api-manage/spareparts/count/line/page?countId=${count.id}&sort=bookQty&order=desc`,
    );
    expect(sorted.data.map((l) => l.bookQty)).toEqual([null]);
    await ok('/api-manage/spareparts/count/enter', {
      id: count.id,
      partCode: `SP:${part.code}`,
      binCode: 'BIN:B1',
      countedQty: '8',
    });
    await ok('/api-manage/spareparts/count/enter', {
      id: count.id,
      partCode: extra.code,
      binCode: 'B2',
      countedQty: '1',
    });
    const bad = await refused('/api-manage/spareparts/count/enter', {
      id: count.id,
      partCode: 'NO-SUCH',
      countedQty: '1',
    });
    expect([bad.rtnCode, bad.field]).toEqual([201, 'partCode']);
    const doc = await ok('/api-manage/spareparts/count/adjust', { id: count.id });
    expect(doc.type).toBe('adjust');
    const lineRows = (await get<Row>(`/api-manage/spareparts/doc/get?id=${doc.id}`)).data.lines as Row[];
    expect(lineRows.map((l) => [l.sparePartId, l.quantity]).sort()).toEqual(
      [
        [part.id, '-2.00'],
        [extra.id, '1.00'],
      ].sort(),
    );
    lines = await get<{ blind: boolean; lines: Row[] }>(`/api-manage/spareparts/count/lines?id=${count.id}`);
    expect(lines.data.lines.find((l) => l.partCode === part.code)!.difference).toBe('-2.00');
    const counted = await get<Row[]>(
      `/api-manage/spareparts/count/line/page?countId=${count.id}&sparePartId=${part.id}`,
    );
    expect(counted.data.map((l) => [l.bookQty, l.countedQty, l.difference])).toEqual([['10.00', '8.00', '-2.00']]);
    expect((await refused('/api-manage/spareparts/count/adjust', { id: count.id })).rtnCode).toBe(201);
    await act('submit', doc.id);
    await act('approve', doc.id);
    await act('post', doc.id);
    expect((await stock(part, wh))!.onHand).toBe('8.00');
    expect((await stock(extra, wh))!.onHand).toBe('1.00');
  });
});

describe('permissions and tenants', () => {
  it('a receipt clerk neither issues nor approves; another company sees none of the stock', async () => {
    const clerk = await userWithCodes(t, tenantId, 'spare_clerk', [P.inboundView, P.inboundStockIn]);
    const part = await newPart();
    const { wh } = await newWarehouse();
    const d = await save(
      {
        type: 'receipt',
        reason: 'purchase',
        warehouseId: wh.id,
        lines: [{ sparePartId: part.id, quantity: 3, unitCost: 1 }],
      },
      clerk,
    );
    await act('submit', d.id, clerk);
    expect((await post('/api-manage/spareparts/doc/approve', { id: d.id }, clerk)).statusCode).toBe(403);
    await act('approve', d.id);
    await act('post', d.id, clerk);
    const issueTry = await post(
      '/api-manage/spareparts/doc/save',
      { type: 'issue', reason: 'other', warehouseId: wh.id, lines: [{ sparePartId: part.id, quantity: 1 }] },
      clerk,
    );
    expect(issueTry.statusCode).toBe(403);
    const nobody = await userWithCodes(t, tenantId, 'spare_nobody', [RP.view]);
    expect((await post('/api-manage/spareparts/doc/save', { type: 'receipt' }, nobody)).statusCode).toBe(403);

    const other = await secondTenant(t, 'spare2');
    const theirs = await get<Row[]>('/api-manage/spareparts/stock/page?limit=100', other.token);
    expect(theirs.data.some((r) => Number(r.sparePartId) === Number(part.id))).toBe(false);
    expect((await post('/api-manage/spareparts/doc/recall', { id: d.id }, other.token)).statusCode).toBe(404);
    const moves = await get<Row[]>(`/api-manage/maintainsparepart/spareRecordList?sparePartId=${part.id}`, other.token);
    expect(moves.data).toEqual([]);
  });
});
