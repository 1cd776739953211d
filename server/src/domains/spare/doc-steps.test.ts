import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantOf, userWithCodes } from '../../platform/resources/testkit.js';
import { withTenant } from '../../platform/tenancy/tenant-tx.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { P } from './permissions.js';

/*
 * The steps of a stock document a keeper meets: a line without a bin takes the bin its part lies in (or must
 * name one), an approved document can be cancelled (releasing what it reserved), and without an approval flow a
 * keeper who may approve posts a draft in one step.
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
const act = (action: string, id: unknown, token = admin) => ok(`/api-manage/spareparts/doc/${action}`, { id }, token);

async function store(quantities: number[]) {
  seq += 1;
  const part = await ok('/api-manage/spareparts/save', { code: `DS-${seq}`, name: `单据备件${seq}`, unit: '个' });
  const wh = await ok('/api-user/warehouses/save', { code: `DSW-${seq}`, name: `单据库${seq}`, type: 'spare' });
  const bins: Row[] = [];
  for (const [i, quantity] of quantities.entries()) {
    const bin = await ok('/api-user/warehouseLines/save', { warehouseId: wh.id, code: `B${i}`, name: `库位${i}` });
    bins.push(bin);
    const d = await ok('/api-manage/spareparts/doc/save', {
      type: 'receipt',
      reason: 'purchase',
      warehouseId: wh.id,
      lines: [{ sparePartId: part.id, quantity, unitCost: 3, binId: bin.id, batch: `L${i}` }],
    });
    for (const step of ['submit', 'approve', 'post']) await act(step, d.id);
  }
  return { part, wh, bins };
}
const stockOf = async (part: Row, wh: Row) =>
  (await get<Row[]>(`/api-manage/spareparts/stock/page?sparePartId=${part.id}&warehouseId=${wh.id}`)).data[0]!;
const issueDraft = (wh: Row, part: Row, quantity: number, line: Row = {}) =>
  call('/api-manage/spareparts/doc/save', {
    type: 'issue',
    reason: 'costCentre',
    costCentre: 'CC-9',
    warehouseId: wh.id,
    lines: [{ sparePartId: part.id, quantity, ...line }],
  });
const linesOf = async (id: unknown) => (await get<Row>(`/api-manage/spareparts/doc/get?id=${id}`)).data.lines as Row[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  tenantId = (await tenantOf(t, admin)).tenantId;
  await withTenant(t.db, tenantId, null, (tx) =>
    tx.query('update act_flows set state = 0 where tenant_id = $1', [tenantId]),
  );
});
afterAll(async () => t?.close());

describe('the bin of a line taking stock out', () => {
  it('is the one its part lies in when left empty, and the issue posts from it', async () => {
    const { part, wh, bins } = await store([62]);
    const saved = await issueDraft(wh, part, 2);
    expect(saved.rtnCode, saved.msg).toBe(200);
    expect((await linesOf(saved.data.id)).map((l) => [l.binId, l.batch])).toEqual([[bins[0]!.id, 'L0']]);
    for (const step of ['submit', 'approve', 'post']) await act(step, saved.data.id);
    const s = await stockOf(part, wh);
    expect([s.onHand, s.reserved]).toEqual(['60.00', '0.00']);
  });

  it('must be picked when the part lies in several', async () => {
    const { part, wh, bins } = await store([5, 6]);
    const unpicked = await issueDraft(wh, part, 2);
    expect(unpicked.rtnCode).not.toBe(200);
    expect(unpicked.field).toBe('lines.0.binId');
    const picked = await issueDraft(wh, part, 2, { binId: bins[1]!.id });
    expect((await linesOf(picked.data.id)).map((l) => [l.binId, l.batch])).toEqual([[bins[1]!.id, 'L1']]);
  });
});

describe('an approved document', () => {
  it('can be cancelled, which releases what it reserved; it is then neither posted nor cancelled again', async () => {
    const { part, wh } = await store([10]);
    const d = (await issueDraft(wh, part, 2)).data;
    await act('submit', d.id);
    await act('approve', d.id);
    expect((await stockOf(part, wh)).reserved).toBe('2.00');
    const meta = await get<{ workflow: { actions: { name: string; from: string[]; label: string }[] } }>(
      '/api-manage/meta/sparedoc',
    );
    const cancel = meta.data.workflow.actions.find((a) => a.name === 'cancel')!;
    expect([cancel.from, cancel.label]).toEqual([['approved'], '作废']);
    const clerk = await userWithCodes(t, tenantId, 'doc_steps_viewer', [P.outView]);
    expect((await t.call('POST', '/api-manage/spareparts/doc/cancel', clerk, { id: d.id })).statusCode).toBe(403);
    const cancelled = await act('cancel', d.id);
    expect(cancelled.state).toBe('cancelled');
    const s = await stockOf(part, wh);
    expect([s.onHand, s.reserved, s.available]).toEqual(['10.00', '0.00', '10.00']);
    expect((await call('/api-manage/spareparts/doc/post', { id: d.id })).rtnCode).not.toBe(200);
    expect((await call('/api-manage/spareparts/doc/cancel', { id: d.id })).rtnCode).not.toBe(200);
  });
});

describe('posting in one step', () => {
  it('posts a draft receipt at once without an approval flow, by one who may approve; refused while a flow is on', async () => {
    const { part, wh } = await store([]);
    const receipt = (token = admin) =>
      ok(
        '/api-manage/spareparts/doc/save',
        {
          type: 'receipt',
          reason: 'purchase',
          warehouseId: wh.id,
          lines: [{ sparePartId: part.id, quantity: 4, unitCost: 2.5 }],
        },
        token,
      );
    const clerk = await userWithCodes(t, tenantId, 'doc_steps_clerk', [P.inboundView, P.inboundStockIn]);
    const byClerk = await receipt(clerk);
    expect((await t.call('POST', '/api-manage/spareparts/doc/postNow', clerk, { id: byClerk.id })).statusCode).toBe(
      403,
    );
    const d = await receipt();
    const posted = await act('postNow', d.id);
    expect([posted.state, posted.totalAmount]).toEqual(['posted', '10.00']);
    expect(posted.postedAt && posted.submittedAt && posted.approvedAt).toBeTruthy();
    expect((await stockOf(part, wh)).onHand).toBe('4.00');

    const flow = await ok('/api-flow/actFlows/save', { code: 'DS-IN', name: '入库审批', businessType: 'spareIn' });
    await withTenant(t.db, tenantId, null, async (tx) => {
      await tx.insert('act_nodes', {
        flow_id: flow.id,
        sort: 1,
        name: '主管',
        approver_kind: 'user',
        approver_ids: '[]',
      });
      await tx.query('update act_flows set state = 1 where tenant_id = $1 and id = $2', [tenantId, flow.id]);
    });
    const gated = await receipt();
    const refused = await call('/api-manage/spareparts/doc/postNow', { id: gated.id });
    expect(refused.msg).toBe('该类单据已启用审批流程，请提交审批');
    expect((await stockOf(part, wh)).onHand).toBe('4.00');
  });

  it('an issue posted in one step takes only what approved documents have not reserved', async () => {
    const { part, wh } = await store([5]);
    const held = (await issueDraft(wh, part, 4)).data;
    await act('submit', held.id);
    await act('approve', held.id);
    const d = (await issueDraft(wh, part, 2)).data;
    const refused = await call('/api-manage/spareparts/doc/postNow', { id: d.id });
    expect(refused.msg).toContain('库存不足：可用 1.00，需要 2.00');
    expect((await stockOf(part, wh)).onHand).toBe('5.00');
  });
});

describe('the menu', () => {
  it('has 备件入库 (receipts) beside 备件出库, titled in every language, with its buttons', async () => {
    const tree = (await (await t.call('GET', '/api-user/sys/me', admin)).json()).me as Row[];
    const find = (nodes: Row[]): Row | undefined => {
      for (const n of nodes) {
        if (Object.values(n).includes('/spare/in')) return n;
        const below = find((Object.values(n).find((v) => Array.isArray(v) && typeof v[0] === 'object') as Row[]) ?? []);
        if (below) return below;
      }
      return undefined;
    };
    const entry = find(tree)!;
    expect(entry).toBeTruthy();
    expect(JSON.stringify(entry)).toContain('备件入库');
    const titles = async (lang: string) =>
      (await get<Record<string, string>>(`/api-user/sys/menuLocale?lang=${lang}`)).data[
        String(entry.id).replace(/-/g, '')
      ];
    expect([await titles('zh'), await titles('en'), await titles('tw')]).toEqual(['备件入库', 'Stock In', '備件入庫']);
    const keeper = await userWithCodes(t, tenantId, 'doc_steps_keeper', [P.inView, P.inAdd, P.inStockIn]);
    const { part, wh } = await store([]);
    const d = await ok(
      '/api-manage/spareparts/doc/save',
      {
        type: 'receipt',
        reason: 'purchase',
        warehouseId: wh.id,
        lines: [{ sparePartId: part.id, quantity: 1, unitCost: 1 }],
      },
      keeper,
    );
    expect((await act('submit', d.id, keeper)).state).toBe('submitted');
  });
});
