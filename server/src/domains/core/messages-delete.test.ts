import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secondTenant, tenantOf } from '../../platform/resources/testkit.js';
import { withTenant } from '../../platform/tenancy/tenant-tx.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const message = (tenantId: number, userId: number, title: string) =>
  withTenant(t.db, tenantId, null, async (tx) =>
    Number((await tx.insert<{ id: string }>('messages', { user_id: userId, type_code: 'test', title }, 'id')).id),
  );
const exists = async (id: number) => (await t.db.query('select 1 from messages where id = $1', [id])).rows.length === 1;

describe('deleting my messages (msg/delMessageList)', () => {
  it("deletes the caller's own messages only, never another person's or another tenant's", async () => {
    const admin = await t.login('admin');
    const me = await tenantOf(t, admin);
    const other = await secondTenant(t, 'msg-del');
    const them = await tenantOf(t, other.token);
    const mine = [await message(me.tenantId, me.userId, '一'), await message(me.tenantId, me.userId, '二')];
    const theirs = await message(them.tenantId, them.userId, '外司');

    const r = await t.call('POST', '/api-core/msg/delMessageList', admin, { ids: [...mine, theirs] }, { lang: 'en' });
    const body = (await r.json()) as { rtnCode: number; msg: string; data: { deleted: number } };
    expect(body).toMatchObject({ rtnCode: 200, data: { deleted: 2 }, msg: '2 message(s) deleted' });
    expect(await exists(mine[0]!)).toBe(false);
    expect(await exists(theirs)).toBe(true);

    const empty = await t.call('POST', '/api-core/msg/delMessageList', admin, { ids: [] });
    expect(empty.statusCode).toBe(400);
    expect((await t.call('POST', '/api-core/msg/delMessageList', null, { ids: [theirs] })).statusCode).toBe(401);
  });
});
