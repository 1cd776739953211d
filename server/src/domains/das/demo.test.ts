import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, tenantOf } from '../../platform/resources/testkit.js';
import { withTenant } from '../../platform/tenancy/tenant-tx.js';
import { freePort, until } from '../../test/das-kit.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { evaluateAlarms } from './alarms.js';
import { fillDasDemo } from './demo.js';
import { startDemoLive } from './demo-live.js';

type Row = Record<string, unknown>;
let t: TestApp;
let admin: string;
let tenantId: number;

beforeAll(async () => {
  t = await createTestApp({ mqttPort: await freePort(), mqttHost: '127.0.0.1' });
  admin = await t.login('admin');
  tenantId = (await tenantOf(t, admin)).tenantId;
});
afterAll(async () => t?.close());

const one = <T extends object>(q: string, params: unknown[] = []) =>
  withTenant(t.db, tenantId, null, (tx) => tx.query<T>(q, params)).then((r) => r.rows[0]!);

describe('the demo factory', () => {
  it('gets connected machines with three days of history, run states and alarm rules', async () => {
    await fillDasDemo(t.db, tenantId, true);
    const devices = (await api<Row[]>(t, 'GET', '/api-das/device/page?limit=50', admin)).data;
    expect(devices).toHaveLength(6);
    const counts = await one<{ points: string; days: string; states: string; kinds: string }>(
      `select (select count(*) from das_history) as points,
              (select count(distinct date_trunc('day', ts)) from das_history) as days,
              (select count(*) from das_states) as states,
              (select count(distinct state) from das_states) as kinds`,
    );
    expect(Number(counts.points)).toBeGreaterThan(6 * 7 * 3 * 1440 * 0.99);
    expect(Number(counts.days)).toBeGreaterThanOrEqual(3);
    expect(Number(counts.kinds)).toBeGreaterThanOrEqual(3);
    const live = (await api<Row>(t, 'GET', `/api-das/device/live?id=${devices[0]!.id}`, admin)).data;
    expect((live.tags as Row[]).every((x) => x.value !== null)).toBe(true);
    const temp = (live.tags as Row[]).find((x) => x.key === 'temp')!;
    const from = new Date(Date.now() - 3 * 86_400_000).toISOString();
    const series = (
      await api<Row[]>(t, 'GET', `/api-das/history/series?tagIds=${temp.id}&from=${from}&buckets=72`, admin)
    ).data;
    const buckets = series[0]!.buckets as { min: number; max: number }[];
    expect(buckets.length).toBeGreaterThanOrEqual(70);
    expect(Math.max(...buckets.map((b) => b.max))).toBeGreaterThan(55);
    expect(Math.min(...buckets.map((b) => b.min))).toBeLessThan(40);
    await withTenant(t.db, tenantId, null, (tx) => evaluateAlarms(tx));
  });

  it('keeps the demo machines publishing through the embedded broker as MQTT clients', async () => {
    const before = await one<{ n: string }>(
      "select count(*) as n from das_history where ts > now() - interval '1 minute'",
    );
    const stop = await startDemoLive(t.app);
    try {
      await until(async () => {
        const now = await one<{ n: string }>(
          "select count(*) as n from das_history where ts > now() - interval '1 minute'",
        );
        return Number(now.n) >= Number(before.n) + 6 * 7;
      }, 20_000);
      const gw = (await api<Row[]>(t, 'GET', '/api-das/gateway/page?limit=10', admin)).data;
      expect(gw.every((g) => g.online === true)).toBe(true);
    } finally {
      await stop();
    }
  });
});
