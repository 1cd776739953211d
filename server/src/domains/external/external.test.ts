import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secondTenant, tenantOf, userWithCodes } from '../../platform/resources/testkit.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { P } from './permissions.js';

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
let machine: Row;
let otherMachine: Row;
let seq = 0;

const call = async (url: string, body: unknown, who = admin, lang = 'en') =>
  (await (await t.call('POST', url, who, body, { lang })).json()) as Json;
const get = async <T = Row>(url: string, who = admin) => (await (await t.call('GET', url, who)).json()) as Json<T>;
const ok = async (url: string, body: unknown, who = admin) => {
  const r = await call(url, body, who);
  expect(r.rtnCode, `${url}: ${r.msg}`).toBe(200);
  return r.data;
};
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const O = '/api-manage/maintainexternal/order';

async function vendor(contract: Row = {}): Promise<{ vendor: Row; contract: Row }> {
  const v = await ok('/api-manage/maintainexternal/vendor/save', { code: `VT${++seq}`, name: `Vendor ${seq}` });
  const c = await ok('/api-manage/maintainexternal/vendor/contract/save', {
    vendorId: v.id,
    code: `HT-T${seq}`,
    validFrom: day(-10),
    validTo: day(100),
    jobLimit: '10000.00',
    ...contract,
  });
  return { vendor: v, contract: c };
}
const order = (v: Row, extra: Row = {}) =>
  ok(`${O}/save`, { equipmentId: machine.id, vendorId: v.id, kind: 'repair', description: 'spindle noise', ...extra });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  tenantId = (await tenantOf(t, admin)).tenantId;
  const page = await get<Row[]>('/api-manage/equipment/page?page=1&limit=50');
  machine = page.data[0]!;
  otherMachine = page.data.find((m) => m.categoryId !== machine.categoryId) ?? page.data[1]!;
});
afterAll(async () => t?.close());

describe('external maintenance', () => {
  it('comes with the demo factory: vendors with contacts and contracts, orders in every state, rated jobs', async () => {
    const states = await t.db.query<{ state: string }>(
      'select distinct state from external_orders where tenant_id = $1',
      [tenantId],
    );
    expect(new Set(states.rows.map((r) => r.state))).toEqual(
      new Set(['draft', 'quoted', 'approved', 'inProgress', 'executed', 'accepted', 'cancelled']),
    );
    const vendors = await get<Row[]>('/api-manage/maintainexternal/vendor/all');
    expect(vendors.data.length).toBeGreaterThanOrEqual(3);
    expect(vendors.data.some((v) => Number(v.rating) > 0 && Number(v.jobs) > 0)).toBe(true);
    const full = vendors.data.find((v) => Array.isArray(v.contacts) && (v.contacts as Row[]).length > 0)!;
    expect((full.contracts as Row[]).length).toBeGreaterThan(0);
  });

  it('takes an order through quotation, approval, execution and acceptance; the cost reaches the repair order, the machine and the report', async () => {
    const { vendor: v, contract } = await vendor();
    const repair = await ok('/api-manage/maintaintask/save', { equipmentId: machine.id, phenomenon: 'spindle noise' });
    const made = await order(v, { contractId: contract.id, repairOrderId: repair.id });
    expect(made).toMatchObject({ state: 'draft', vendorName: v.name });
    expect(String(made.code)).toMatch(/^WW\d{8}-\d{4}$/);
    const before = await get<Row>(`${O}/machine?equipmentId=${machine.id}`);

    expect(await ok(`${O}/quote`, { id: made.id, quotedCost: '4000', quoteNote: 'parts and labour' })).toMatchObject({
      state: 'quoted',
      quotedCost: '4000.00',
    });
    await ok(`${O}/approve`, { id: made.id });
    await ok(`${O}/start`, { id: made.id });
    await ok(`${O}/finish`, { id: made.id, actualCost: '4250.50', workNote: 'bearing replaced' });
    const accepted = await ok(`${O}/accept`, { id: made.id, rating: 4, ratingComment: 'on time' });
    expect(accepted).toMatchObject({ state: 'accepted', rating: 4, actualCost: '4250.50' });
    expect(accepted.acceptedAt).toBeTruthy();

    const steps = (await get<{ steps: Row[] }>(`${O}/steps?id=${made.id}`)).data.steps.map((s) => s.action);
    expect(steps).toEqual(['quote', 'approve', 'start', 'finish', 'accept']);
    // The repair order carries the outside cost as one of its lines.
    const r = (await get<Row>(`/api-manage/maintaintask/get?id=${repair.id}`)).data;
    expect(r.externalCost).toBe('4250.50');
    expect((r.externals as Row[]).map((x) => [x.vendor, x.cost])).toEqual([[v.name, '4250.50']]);
    // The machine's history counts it.
    const after = (await get<Row>(`${O}/machine?equipmentId=${machine.id}`)).data;
    expect(after.accepted).toBe(Number(before.data.accepted) + 1);
    expect(Number(after.cost) - Number(before.data.cost)).toBeCloseTo(4250.5, 2);
    // The vendor's rating is its accepted jobs' average.
    const rated = (await get<Row>(`/api-manage/maintainexternal/vendor/get?id=${v.id}`)).data;
    expect(rated).toMatchObject({ rating: '4.00', jobs: 1 });
    // The external cost report, per vendor, around today (the factory's day may differ from UTC's).
    const rep = await get<{ rows: Row[]; total: Row }>(
      `/api-list/report/externalCost?start=${day(-1)}&end=${day(1)}&groupBy=vendor`,
    );
    expect(rep.rtnCode).toBe(200);
    expect(rep.data.rows.find((x) => Number(x.key) === Number(v.id))).toMatchObject({
      name: v.name,
      externalOrders: 1,
      quotedCost: '4000.00',
      actualCost: '4250.50',
      overQuote: '250.50',
    });
  });

  it('refuses bad input naming the field: an ended contract, one of another category, a quotation over the limit, no rating', async () => {
    const { vendor: v, contract } = await vendor({ categoryId: machine.categoryId, jobLimit: '1000.00' });
    const ended = await ok('/api-manage/maintainexternal/vendor/contract/save', {
      vendorId: v.id,
      code: `HT-END${++seq}`,
      validFrom: day(-100),
      validTo: day(-1),
    });
    const e1 = await call(`${O}/save`, {
      equipmentId: machine.id,
      vendorId: v.id,
      kind: 'repair',
      description: 'x',
      contractId: ended.id,
    });
    expect(e1).toMatchObject({ rtnCode: 201, field: 'contractId' });
    expect(e1.msg).toBe('The contract is not in force');
    if (otherMachine.categoryId !== machine.categoryId) {
      const e2 = await call(`${O}/save`, {
        equipmentId: otherMachine.id,
        vendorId: v.id,
        kind: 'repair',
        description: 'x',
        contractId: contract.id,
      });
      expect(e2).toMatchObject({ rtnCode: 201, field: 'contractId' });
    }
    const backwards = await call('/api-manage/maintainexternal/vendor/contract/save', {
      vendorId: v.id,
      code: `HT-BW${++seq}`,
      validFrom: day(5),
      validTo: day(1),
    });
    expect(backwards).toMatchObject({ rtnCode: 201, field: 'validTo' });

    const made = await order(v, { contractId: contract.id });
    await ok(`${O}/quote`, { id: made.id, quotedCost: '1500' });
    const over = await call(`${O}/approve`, { id: made.id });
    expect(over).toMatchObject({ rtnCode: 201, field: 'quotedCost' });
    expect(over.msg).toContain('1000.00');
    // A quoted order no longer changes; a new quotation within the limit is approved.
    const edit = await call(`${O}/update`, { id: made.id, description: 'changed' });
    expect(edit.rtnCode).toBe(201);
    expect(edit.msg).toBe('The order has been quoted and can no longer be changed');
    await ok(`${O}/quote`, { id: made.id, quotedCost: '900' });
    await ok(`${O}/approve`, { id: made.id });
    await ok(`${O}/start`, { id: made.id });
    expect(await call(`${O}/finish`, { id: made.id })).toMatchObject({ rtnCode: 201, field: 'actualCost' });
    await ok(`${O}/finish`, { id: made.id, actualCost: '900' });
    expect(await call(`${O}/accept`, { id: made.id, rating: 9 })).toMatchObject({ rtnCode: 201, field: 'rating' });
    const stored = (await get<Row>(`${O}/get?id=${made.id}`)).data;
    expect(stored).toMatchObject({ state: 'executed', rating: null });
    // Rejected work goes back to the vendor.
    expect(await call(`${O}/rejectWork`, { id: made.id })).toMatchObject({ rtnCode: 201, field: 'comment' });
    expect(await ok(`${O}/rejectWork`, { id: made.id, comment: 'leaks again' })).toMatchObject({ state: 'inProgress' });
  });

  it('keeps each step to its permission code, other tenants out, and lets one of two approvers win', async () => {
    const { vendor: v } = await vendor();
    const made = await order(v);
    await ok(`${O}/quote`, { id: made.id, quotedCost: '100' });
    const viewer = await userWithCodes(t, tenantId, 'ext_viewer', [P.view]);
    const refused = await t.call('POST', `${O}/approve`, viewer, { id: made.id });
    expect(refused.statusCode).toBe(403);
    const other = (await secondTenant(t, 'extother')).token;
    const foreign = await t.call('POST', `${O}/approve`, other, { id: made.id }, { lang: 'en' });
    expect([404, 200]).toContain(foreign.statusCode);
    expect((foreign.json() as Json).rtnCode).not.toBe(200);
    const approver = await userWithCodes(t, tenantId, 'ext_approver', [P.view, P.approve]);
    const [a, b] = await Promise.all([
      call(`${O}/approve`, { id: made.id }),
      call(`${O}/approve`, { id: made.id }, approver),
    ]);
    expect([a.rtnCode, b.rtnCode].sort()).toEqual([200, 201]);
    expect((a.rtnCode === 201 ? a : b).msg).not.toMatch(/\{\w+\}|workflow\./);
    // A started order cannot be deleted; a cancelled one can.
    expect((await call(`${O}/del`, { ids: [made.id] })).rtnCode).toBe(201);
    await ok(`${O}/cancel`, { id: made.id, comment: 'not needed' });
    await ok(`${O}/del`, { ids: [made.id] });
  });

  it('refuses to accept work for a repair order that has been closed meanwhile', async () => {
    const { vendor: v } = await vendor();
    const repair = await ok('/api-manage/maintaintask/save', { equipmentId: machine.id, phenomenon: 'leak' });
    const made = await order(v, { repairOrderId: repair.id });
    for (const [action, body] of [
      ['quote', { quotedCost: '50' }],
      ['approve', {}],
      ['start', {}],
      ['finish', { actualCost: '50' }],
    ] as const)
      await ok(`${O}/${action}`, { id: made.id, ...body });
    await ok('/api-manage/maintaintask/cancel', { id: repair.id, comment: 'duplicate' });
    const r = await call(`${O}/accept`, { id: made.id, rating: 3 });
    expect(r.rtnCode).toBe(201);
    expect(r.msg).toBe('The repair order is closed; the cost cannot be added to it');
    expect((await get<Row>(`${O}/get?id=${made.id}`)).data.state).toBe('executed');
  });
});
