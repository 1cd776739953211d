/** The hidden /setUp/shifts page keeps the shifts of the scheduling tab with its own menu's codes (spec 2.5). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, tenantOf, userWithCodes } from '../../platform/resources/testkit.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let tenantId: number;

beforeAll(async () => {
  t = await createTestApp();
  tenantId = (await tenantOf(t, await t.login('admin'))).tenantId;
});
afterAll(async () => t?.close());

describe('the shifts page', () => {
  it("lets a holder of the shifts menu's codes list and add shifts, and nobody else", async () => {
    const keeper = await userWithCodes(t, tenantId, 'shift_keeper', ['setUp:shifts:view', 'setUp:shifts:add']);
    const saved = await api<{ id: number }>(t, 'POST', '/api-user/shift/save', keeper, {
      code: 'SP-N',
      name: 'Night SP',
      startTime: '22:00',
      endTime: '06:00',
    });
    const list = await api<{ code: string }[]>(t, 'GET', '/api-user/shift/page?page=1&limit=50&code=SP-', keeper);
    expect(list.data.map((s) => s.code)).toEqual(['SP-N']);
    const meta = await api<{ can: Record<string, boolean> }>(t, 'GET', '/api-manage/meta/shift', keeper);
    expect(meta.data.can).toMatchObject({ view: true, add: true, edit: false, delete: false });
    const edit = await t.call('POST', '/api-user/shift/update', keeper, { id: saved.data.id, name: 'x' });
    expect(edit.statusCode).toBe(403);

    const stranger = await userWithCodes(t, tenantId, 'shift_stranger', ['setUp:team:view']);
    expect((await t.call('GET', '/api-user/shift/page?page=1&limit=5', stranger)).statusCode).toBe(403);
  });
});
