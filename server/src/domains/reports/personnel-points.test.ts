import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, tenantOf, userWithCodes } from '../../platform/resources/testkit.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

type Row = Record<string, unknown>;

let t: TestApp;
let admin: string;
let personId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  const { tenantId } = await tenantOf(t, admin);
  personId = (await tenantOf(t, await userWithCodes(t, tenantId, 'pts_person', []))).userId;
});
afterAll(async () => t?.close());

describe('the personnel quality report', () => {
  it("shows each person's points of the period from the points ledger", async () => {
    // The days around today: the factory's day (Shanghai) may not be UTC's.
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const report = async () =>
      (await api<{ rows: Row[] }>(t, 'GET', `/api-list/report/personnel?start=${day(-1)}&end=${day(1)}`, admin)).data;
    expect((await report()).rows.find((r) => Number(r.key) === personId)).toBeUndefined();
    for (const points of [7, -2])
      await api(t, 'POST', '/api-manage/integralledger/adjust', admin, { userId: personId, points, comment: 'test' });
    const row = (await report()).rows.find((r) => Number(r.key) === personId);
    expect(row).toMatchObject({ name: 'pts_person', points: 5, done: 0, checksDone: 0 });
    // Narrowed to the person, only they are listed; a period before the entries has none of their points.
    const mine = await api<{ rows: Row[] }>(
      t,
      'GET',
      `/api-list/report/personnel?start=${day(-1)}&end=${day(1)}&userId=${personId}`,
      admin,
    );
    expect(mine.data.rows.map((r) => [r.key, r.points])).toEqual([[personId, 5]]);
    const before = await api<{ rows: Row[] }>(
      t,
      'GET',
      '/api-list/report/personnel?start=2020-01-01&end=2020-01-31',
      admin,
    );
    expect(before.data.rows.find((r) => Number(r.key) === personId)).toBeUndefined();
  });
});
