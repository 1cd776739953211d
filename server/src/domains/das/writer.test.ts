import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantOf } from '../../platform/resources/testkit.js';
import { withTenant } from '../../platform/tenancy/tenant-tx.js';
import { makeRig, type Rig, until } from '../../test/das-kit.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import type { OpenTenant } from './directory.js';
import { upTopic } from './ingest.js';
import { dropOldHistory } from './jobs.js';
import { FLUSH_MS, HistoryWriter } from './writer.js';

let t: TestApp;
let tenantId: number;
let rig: Rig;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.login('admin');
  tenantId = (await tenantOf(t, admin)).tenantId;
  rig = await makeRig(t, admin, 'W');
});
afterAll(async () => t?.close());

const rows = async (tagId: number) =>
  Number(
    (
      await withTenant(t.db, tenantId, null, (tx) =>
        tx.query<{ n: string }>('select count(*) as n from das_history where tag_id = $1', [tagId]),
      )
    ).rows[0]!.n,
  );
const points = (n: number, start: number) =>
  Array.from({ length: n }, (_, i) => ({ tagId: rig.tags.temp!, ts: start + i, v: i, s: null }));

describe('the history writer', () => {
  it('writes what arrives within its flush interval, without being asked', async () => {
    expect(FLUSH_MS).toBeLessThanOrEqual(500);
    const before = await rows(rig.tags.count!);
    const outcome = await t.app.das.ingest.handle(
      rig.gateway.clientId,
      upTopic(rig.gateway.clientId, rig.device.code),
      JSON.stringify({ values: { count: 5 } }),
    );
    expect(outcome).toBe('taken');
    expect(t.app.das.writer.pending).toBe(1);
    await until(async () => (await rows(rig.tags.count!)) === before + 1, 5000);
    expect(t.app.das.writer.pending).toBe(0);
  });

  it('keeps points while the database is away, up to its bound, then writes them; beyond the bound it counts drops', async () => {
    let down = true;
    const open: OpenTenant = (id, fn) => (down ? Promise.reject(new Error('database away')) : t.app.das.open(id, fn));
    const writer = new HistoryWriter(open, t.app.log, 100, 60_000);
    const start = Date.now() - 3_600_000;
    writer.add(tenantId, rig.gateway.id, points(50, start), { rejected: false });
    await writer.flush();
    expect(writer.failures).toBe(1);
    expect(writer.pending).toBe(50);
    writer.add(tenantId, rig.gateway.id, points(80, start + 1000), { rejected: false });
    expect(writer.dropped).toBe(30);
    expect(writer.pending).toBe(100);
    const before = await rows(rig.tags.temp!);
    down = false;
    await writer.close();
    expect(writer.pending).toBe(0);
    expect(await rows(rig.tags.temp!)).toBe(before + 100);
  });

  it('drops the day partitions older than the retention, and keeps the others', async () => {
    const part = (day: string) =>
      withTenant(t.db, tenantId, null, (tx) => tx.query('select das_history_partition($1::date)', [day]));
    await part('2020-01-01');
    await part('2020-01-02');
    const parts = async () =>
      (
        await t.db.query<{ relname: string }>(
          `select c.relname from pg_inherits i join pg_class c on c.oid = i.inhrelid
            where i.inhparent = 'das_history'::regclass order by 1`,
        )
      ).rows.map((r) => r.relname);
    expect(await parts()).toContain('das_history_20200101');
    // 400 days kept (the default) back from 2021-02-06 reach 2020-01-03: the two days before go, today's stays.
    expect(await dropOldHistory(t.app, new Date('2021-02-06T00:00:00Z'))).toBe(2);
    const left = await parts();
    expect(left).not.toContain('das_history_20200101');
    expect(left.length).toBeGreaterThan(0);
  });

  it('loses no point on a clean stop: closing the server writes what it holds', async () => {
    const before = await rows(rig.tags.temp!);
    const start = Date.now() - 7_200_000;
    for (let i = 0; i < 10; i++)
      t.app.das.writer.add(tenantId, rig.gateway.id, points(500, start + i * 500), { rejected: false });
    expect(t.app.das.writer.pending).toBe(5000);
    await t.app.close();
    expect(await rows(rig.tags.temp!)).toBe(before + 5000);
  });
});
