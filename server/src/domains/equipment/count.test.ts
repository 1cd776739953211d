import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  type Json,
  readXlsx,
  secondTenant,
  tenantOf,
  userWithCodes,
  waitForDownload,
} from '../../platform/resources/testkit.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { scannedMachine } from './count.js';
import { COUNT } from './count-resources.js';

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

const get = (url: string, token = admin) => api<Row[]>(t, 'GET', url, token);
const post = (url: string, body: unknown, token = admin) => api<Row>(t, 'POST', url, token, body);
const fail = async (url: string, body: unknown, token = admin, lang = 'zh') =>
  (await t.call('POST', url, token, body, { lang })).json() as Json;
/** The message a scan answers with (the scanner shows it). */
const said = async (body: unknown) => (await fail('/api-manage/inventoryplan/scan', body)).msg;

describe('equipment stocktake', () => {
  it("expects a workshop's machines, counts scanned labels, and reports found, elsewhere, unexpected and missing", async () => {
    const shops = (await get('/api-user/workShop/tree')).data;
    const [here, there] = [shops[0]!, shops[1]!];
    const mine = (await get(`/api-manage/equipment/all?workshopId=${here.id}`)).data;
    const other = (await get(`/api-manage/equipment/page?page=1&limit=1&workshopId=${there.id}`)).data[0]!;
    expect(mine.length).toBeGreaterThan(1);

    const plan = (await post('/api-manage/inventoryplan/save', { name: '年度盘点', workshopId: here.id })).data;
    expect(plan).toMatchObject({ state: 'counting', expected: mine.length });
    expect(String(plan.code)).toMatch(/^PDE\d{8}-\d{3}$/);

    const [first, second] = mine as [Row, Row];
    // The label's QR is the record card's link; a typed code or EQ:<code> works too.
    const byLink = await post('/api-manage/inventoryplan/scan', {
      id: plan.id,
      code: `https://eam.example.com/equipment/ledger/detail/${first.id}`,
    });
    expect(byLink.data).toMatchObject({ equipmentId: first.id, result: 'found', expected: true });
    expect(await said({ id: plan.id, code: `EQ:${first.code}` })).toBe(`EQ:${first.code} 已盘过`);
    const away = await post('/api-manage/inventoryplan/scan', { id: plan.id, code: String(other.code) });
    expect(away.data).toMatchObject({ result: 'elsewhere', expected: false, registeredWorkshopId: there.id });
    const unknown = await post('/api-manage/inventoryplan/scan', { id: plan.id, code: 'NO-SUCH-MACHINE' });
    expect(unknown.data).toMatchObject({ result: 'unexpected', equipmentId: null, scannedCode: 'NO-SUCH-MACHINE' });
    const empty = await fail('/api-manage/inventoryplan/scan', { id: plan.id, code: '  ' });
    expect([empty.rtnCode, empty.field]).toEqual([400, 'code']);

    const closed = await post('/api-manage/inventoryplan/close', { id: plan.id });
    expect(closed.data).toMatchObject({ state: 'closed' });
    const lines = (await get(`/api-manage/inventory/all?planId=${plan.id}`)).data;
    const by = (result: string) => lines.filter((l) => l.result === result).length;
    expect([by('found'), by('elsewhere'), by('unexpected'), by('missing'), by('pending')]).toEqual([
      1,
      1,
      1,
      mine.length - 1,
      0,
    ]);
    expect(lines.find((l) => l.equipmentId === second.id)?.result).toBe('missing');
    const queued = await post(`/api-manage/inventory/exportexcel?planId=${plan.id}&result=missing`, {});
    const [header, ...missing] = await readXlsx(await waitForDownload(t, admin, Number(queued.data.id)));
    expect(header).toContain('结果');
    expect(missing).toHaveLength(mine.length - 1);
    expect(missing.every((r) => r.includes('盘亏'))).toBe(true);
    const late = await fail('/api-manage/inventoryplan/scan', { id: plan.id, code: String(second.code) }, admin, 'en');
    expect(late.msg).toBe('This count is closed; nothing more can be scanned');
    expect((await fail('/api-manage/inventoryplan/close', { id: plan.id })).rtnCode).toBe(201);
  });

  it('needs the stocktake button, and keeps to its tenant', async () => {
    const viewer = await userWithCodes(t, tenantId, 'ledger_viewer', ['equipment:ledger:view']);
    expect((await t.call('POST', '/api-manage/inventoryplan/save', viewer, { name: 'x' })).statusCode).toBe(403);
    const counter = await userWithCodes(t, tenantId, 'counter', [COUNT]);
    const plan = (await post('/api-manage/inventoryplan/save', { name: '全厂盘点' }, counter)).data;
    expect(Number(plan.expected)).toBeGreaterThan(0);
    const other = await secondTenant(t, 'count-b');
    const scan = await t.call('POST', '/api-manage/inventoryplan/scan', other.token, { id: plan.id, code: 'X' });
    expect(((await scan.json()) as Json).rtnCode).toBe(404);
    const close = await t.call('POST', '/api-manage/inventoryplan/close', other.token, { id: plan.id });
    expect(((await close.json()) as Json).rtnCode).toBe(404);
  });

  it('reads a label as a record-card link, EQ:<code> or a typed code', () => {
    expect(scannedMachine('http://x/equipment/ledger/detail/42?from=qr')).toEqual({ id: 42 });
    expect(scannedMachine('EQ:CNC-01')).toEqual({ code: 'CNC-01' });
    expect(scannedMachine('CNC-01')).toEqual({ code: 'CNC-01' });
  });
});
