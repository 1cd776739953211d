import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, secondTenant, tenantOf, userWithCodes } from '../../platform/resources/testkit.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

type Row = Record<string, unknown>;
interface Json {
  rtnCode: number;
  msg: string;
  field?: string;
  data: Row;
}

let t: TestApp;
let admin: string;
let root: string;
let tenantId: number;
let planner: string;
let watcher: string;

const call = async (url: string, body: unknown, who: string, lang = 'en') =>
  (await (await t.call('POST', url, who, body, { lang })).json()) as Json;
const register = (who: string, tenantID: unknown, account: string, lang = 'en') =>
  call('/api-mes/message/notifyRegister', { tenantID, account }, who, lang);
const setMes = async (isMes: boolean) => {
  const r = await call('/api-user/company/update', { id: tenantId, isMes }, root);
  expect(r.rtnCode, r.msg).toBe(200);
};
const profile = async (who: string) =>
  (await api<Row>(t, 'GET', '/api-user/users/current', who)).data as Row & { isMes: boolean };
/** The watcher's messages about production orders. */
const orderMessages = async () => {
  const r = await t.db.query<{ n: number }>(
    "select count(*)::int as n from messages m join users u on u.tenant_id = m.tenant_id and u.id = m.user_id where u.username = 'mes_watcher' and m.type_code = 'workorder'",
  );
  return r.rows[0]!.n;
};
/** A planned work order of a new product, cancelled by the planner (a step every order may take). */
const cancelAnOrder = async (code: string) => {
  const product = await api(t, 'POST', '/api-proreport/material/save', admin, {
    code: `${code}-P`,
    name: code,
    kind: 'product',
    unit: 'piece',
  });
  const order = await api(t, 'POST', '/api-pm/planWork/save', admin, {
    code,
    materialId: product.data.id,
    quantity: 5,
    dueDate: '2030-01-31',
  });
  const r = await call('/api-pm/planWork/cancel', { id: order.data.id, comment: 'not needed' }, planner);
  expect(r.rtnCode, r.msg).toBe(200);
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  root = await t.login('root');
  tenantId = (await tenantOf(t, admin)).tenantId;
  planner = await userWithCodes(t, tenantId, 'mes_planner', ['production:planWork:view', 'production:planWork:cancel']);
  watcher = await userWithCodes(t, tenantId, 'mes_watcher', []);
});
afterAll(async () => t?.close());

describe('MES message-notify registration', () => {
  it('is refused, translated, while the company is not an MES company, and the profile says isMes false', async () => {
    expect((await profile(watcher)).isMes).toBe(false);
    const r = await register(watcher, tenantId, 'mes_watcher');
    expect(r).toMatchObject({ rtnCode: 201, msg: 'Your company does not use MES; MES messages cannot be registered' });
    expect((await register(watcher, tenantId, 'mes_watcher', 'zh')).msg).toBe('本公司未开通MES，不能注册MES消息提醒');
    const rows = await t.db.query('select 1 from mes_notify_registrations where tenant_id = $1', [tenantId]);
    expect(rows.rows).toEqual([]);
  });

  it("takes identity from the token: another tenant's id or another account is refused, naming the field", async () => {
    await setMes(true);
    expect((await profile(watcher)).isMes).toBe(true);
    const other = await secondTenant(t, 'mesother');
    expect(await register(watcher, other.tenantId, 'mes_watcher')).toMatchObject({ rtnCode: 400, field: 'tenantID' });
    expect(await register(watcher, tenantId, 'admin')).toMatchObject({ rtnCode: 400, field: 'account' });
    expect((await t.call('POST', '/api-mes/message/notifyRegister', undefined, { tenantID: 1 })).statusCode).toBe(401);
    const rows = await t.db.query('select 1 from mes_notify_registrations where tenant_id = $1', [tenantId]);
    expect(rows.rows).toEqual([]);
  });

  it("registers the account once (again renews it), and production orders' steps then reach it", async () => {
    await cancelAnOrder('MES-1');
    expect(await orderMessages()).toBe(0);
    const first = await register(watcher, String(tenantId), 'mes_watcher');
    expect(first).toMatchObject({ rtnCode: 200, msg: 'Registered for MES messages', data: { account: 'mes_watcher' } });
    const again = await register(watcher, tenantId, 'MES_watcher');
    expect(again.data.id).toBe(first.data.id);
    const listed = await api<Row[]>(t, 'GET', '/api-mes/notify/page?page=1&limit=10', admin);
    expect(listed.data.map((r) => r.account)).toEqual(['mes_watcher']);
    await cancelAnOrder('MES-2');
    expect(await orderMessages()).toBe(1);
    // The company no longer MES: its registrations are kept and not used.
    await setMes(false);
    await cancelAnOrder('MES-3');
    expect(await orderMessages()).toBe(1);
  });
});
