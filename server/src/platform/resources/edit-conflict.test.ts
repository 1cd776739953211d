import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { api, type Json } from './testkit.js';

type Row = Record<string, unknown>;

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(async () => t?.close());

const update = async (body: Row, lang = 'zh') =>
  (await t.call('POST', '/api-manage/equipment/update', admin, body, { 'accept-language': lang })).json() as Json;

/** A machine as an edit form reads it. */
async function opened(): Promise<Row> {
  const first = (await api<Row[]>(t, 'GET', '/api-manage/equipment/page?page=1&limit=1', admin)).data[0]!;
  return (await api<Row>(t, 'GET', `/api-manage/equipment/get?id=${first.id}`, admin)).data;
}

describe('two people editing one record', () => {
  it('refuses the later save of a record read before the earlier one, naming why', async () => {
    const row = await opened();
    const mine = await update({ id: row.id, name: '甲改的名称', updatedAt: row.updatedAt });
    expect(mine.rtnCode).toBe(200);
    const theirs = await update({ id: row.id, name: '乙改的名称', updatedAt: row.updatedAt });
    expect(theirs.rtnCode).toBe(201);
    expect(theirs.msg).toBe('该记录在您打开后已被他人修改，请重新打开后再编辑');
    const now = (await api<Row>(t, 'GET', `/api-manage/equipment/get?id=${row.id}`, admin)).data;
    expect(now.name).toBe('甲改的名称');
    // Read again, the edit goes through.
    expect((await update({ id: row.id, name: '乙改的名称', updatedAt: now.updatedAt })).rtnCode).toBe(200);
    expect((await update({ id: row.id, name: 'x', updatedAt: now.updatedAt }, 'en')).msg).toMatch(/^Someone else/);
  });

  it('lets exactly one of two saves sent at the same moment through', async () => {
    const row = await opened();
    const both = await Promise.all(['丙', '丁'].map((name) => update({ id: row.id, name, updatedAt: row.updatedAt })));
    expect(both.map((r) => r.rtnCode).sort()).toEqual([200, 201]);
    const winner = both[0]!.rtnCode === 200 ? '丙' : '丁';
    expect((await api<Row>(t, 'GET', `/api-manage/equipment/get?id=${row.id}`, admin)).data.name).toBe(winner);
  });

  it('keeps a save without updatedAt (an API client) as before, and names a malformed one', async () => {
    const row = await opened();
    expect((await update({ id: row.id, name: '接口改名' })).rtnCode).toBe(200);
    const bad = await update({ id: row.id, name: '接口改名', updatedAt: 'yesterday' });
    expect(bad.rtnCode).toBe(400);
    expect(bad.field).toBe('updatedAt');
  });
});
