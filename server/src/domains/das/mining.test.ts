/**
 * History mining (/api-das/mining): on forty hand-placed points the distribution, trend and outliers are the
 * figures computed by hand below.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, tenantOf, userWithCodes } from '../../platform/resources/testkit.js';
import { withTenant } from '../../platform/tenancy/tenant-tx.js';
import { makeRig, type Rig } from '../../test/das-kit.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

type Row = Record<string, unknown>;

let t: TestApp;
let admin: string;
let tenantId: number;
let rig: Rig;
const base = Date.UTC(2026, 1, 3, 8, 0, 0);
const from = new Date(base).toISOString();
const to = new Date(base + 40 * 60_000).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  tenantId = (await tenantOf(t, admin)).tenantId;
  rig = await makeRig(t, admin, 'MINE');
  // One point a minute for forty minutes: minutes 0..37 alternate 9 and 11, minute 38 is 100, minute 39 is -80;
  // one point after the period (not counted).
  await withTenant(t.db, tenantId, null, async (tx) => {
    await tx.query("select das_history_partition('2026-02-03')");
    await tx.query(
      `insert into das_history (tenant_id, tag_id, ts, v)
       select $1, $2, to_timestamp($3 / 1000.0) + make_interval(mins => i),
              case when i = 38 then 100 when i = 39 then -80 when i = 40 then 1000 when i % 2 = 0 then 9 else 11 end
         from generate_series(0, 40) i`,
      [tenantId, rig.tags.temp, base],
    );
  });
});
afterAll(async () => t?.close());

const q = (path: string, extra = '') => `/api-das/mining/${path}?tagId=${rig.tags.temp}&from=${from}&to=${to}${extra}`;

describe('mining a tag over a period', () => {
  it('gives the statistics, the distribution in equal bins and the trend in time buckets', async () => {
    const r = await api<Row>(t, 'GET', q('analysis', '&bins=10&buckets=2'), admin);
    // n = 40, sum = 19·9 + 19·11 + 100 − 80 = 400, mean 10; squared deviations 38·1 + 90² + 90² = 16238.
    const stats = r.data.stats as Row;
    expect(stats).toMatchObject({ count: 40, min: -80, max: 100, mean: 10 });
    expect(stats.stddev as number).toBeCloseTo(Math.sqrt(16238 / 40), 9);
    // Ten bins of 18 from −80 to 100: −80 in the first, the 9s in [−8, 10), the 11s in [10, 28), 100 in the last.
    const bins = r.data.histogram as { bin: number; lower: number; upper: number; count: number }[];
    expect(bins.map((b) => b.count)).toEqual([1, 0, 0, 0, 19, 19, 0, 0, 0, 1]);
    expect(bins[4]).toMatchObject({ lower: -8, upper: 10 });
    expect(bins[9]!.upper).toBe(100);
    // Two buckets of twenty minutes: minutes 0..19 are ten 9s and ten 11s; 20..39 add 100 and −80 (sum 200).
    expect(r.data.trend).toEqual([
      { t: from, min: 9, avg: 10, max: 11 },
      { t: new Date(base + 20 * 60_000).toISOString(), min: -80, avg: 10, max: 100 },
    ]);
    expect(r.data.tag).toMatchObject({ id: rig.tags.temp, key: 'temp', deviceCode: rig.device.code });
  });

  it('pages the points beyond mean ± 3σ, the farthest first', async () => {
    // 3σ = 3·√405.95 ≈ 60.4: only 100 and −80 (each 90 from the mean, z ≈ ±4.47) are beyond it.
    const z = 90 / Math.sqrt(16238 / 40);
    const first = await api<{ ts: string; v: number; z: number }[]>(t, 'GET', q('outliers', '&limit=1'), admin);
    expect(first.count).toBe(2);
    expect(first.data).toHaveLength(1);
    expect(first.data[0]!.v).toBe(-80);
    expect(first.data[0]!.z).toBeCloseTo(-z, 9);
    const second = await api<{ v: number; ts: string }[]>(t, 'GET', q('outliers', '&limit=1&page=2'), admin);
    expect(second.data.map((p) => p.v)).toEqual([100]);
    expect(second.data[0]!.ts).toBe(new Date(base + 38 * 60_000).toISOString());
    const past = await api<Row[]>(t, 'GET', q('outliers', '&limit=1&page=3'), admin);
    expect({ n: past.data.length, count: past.count }).toEqual({ n: 0, count: 2 });
  });

  it('offers the numeric tags only, refuses a text tag naming the field, and needs a das reading right', async () => {
    const tags = await api<{ key: string }[]>(t, 'GET', `/api-das/mining/tags?deviceId=${rig.device.id}`, admin);
    expect(tags.data.map((x) => x.key).sort()).toEqual(['count', 'run', 'temp']);
    const text = await t.call(
      'GET',
      q('analysis').replace(`tagId=${rig.tags.temp}`, `tagId=${rig.tags.note}`),
      admin,
      undefined,
      {
        lang: 'en',
      },
    );
    expect(text.json()).toMatchObject({ field: 'tagId', msg: 'Note holds text: only a numeric tag can be analysed' });
    expect((await t.call('GET', q('analysis').replace(/tagId=\d+/, 'tagId=999999999'), admin)).statusCode).toBe(404);
    const bad = await t.call('GET', `/api-das/mining/analysis?tagId=${rig.tags.temp}&from=${to}&to=${from}`, admin);
    expect(bad.json()).toMatchObject({ field: 'to' });
    const miner = await userWithCodes(t, tenantId, 'miner', ['das:mining:view']);
    expect((await api<Row>(t, 'GET', q('analysis'), miner)).data.stats).toMatchObject({ count: 40 });
    const stranger = await userWithCodes(t, tenantId, 'no_das', ['equipment:ledger:view']);
    expect((await t.call('GET', q('analysis'), stranger)).statusCode).toBe(403);
  });
});
