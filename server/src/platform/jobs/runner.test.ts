import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/index.js';
import { migrate } from '../../db/migrate.js';
import { freshDatabase } from '../../test/harness.js';
import { withTenant } from '../tenancy/tenant-tx.js';
import { type Job, JobRunner } from './runner.js';

let db: Database;
let dispose: () => Promise<void>;
let tenantId: number;
const quiet = { error: () => undefined };

beforeAll(async () => {
  ({ db, dispose } = await freshDatabase());
  await migrate(db);
  tenantId = (await db.query<{ id: number }>("insert into companies(name, code) values ('J', 'jobs') returning id"))
    .rows[0]!.id;
});
afterAll(async () => dispose?.());

const until = async (check: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('the job queue', () => {
  it('runs a job queued from a tenant transaction at once, with that tenant', async () => {
    const runner = new JobRunner(db, quiet, { pollMs: 10_000 });
    const seen: Job[] = [];
    runner.register('probe', { run: async (job) => void seen.push(job) });
    runner.start();
    await withTenant(db, tenantId, null, (tx) => runner.enqueue(tx, 'probe', { n: 1 }));
    runner.wake();
    await until(() => seen.length === 1);
    expect(seen[0]).toMatchObject({ tenantId, kind: 'probe', payload: { n: 1 } });
    await runner.stop();
    const r = await db.query<{ status: string }>("select status from jobs where kind = 'probe'");
    expect(r.rows).toEqual([{ status: 'done' }]);
  });

  it('retries a failing job, then marks it failed and tells its handler', async () => {
    const runner = new JobRunner(db, quiet, { pollMs: 20, maxAttempts: 2 });
    let attempts = 0;
    let failed: Error | null = null;
    runner.register('flaky', {
      run: async () => {
        attempts++;
        throw new Error('disk full');
      },
      failed: async (_job, err) => {
        failed = err;
      },
    });
    await db.query("update jobs set run_at = now() where kind = 'flaky'");
    runner.start();
    await withTenant(db, tenantId, null, (tx) => runner.enqueue(tx, 'flaky', {}));
    await db.query("update jobs set run_at = now() where kind = 'flaky'");
    await until(() => attempts === 1);
    await db.query("update jobs set run_at = now() where kind = 'flaky' and status = 'queued'");
    await until(() => failed !== null);
    await runner.stop();
    expect(attempts).toBe(2);
    const r = await db.query<{ status: string; error: string }>("select status, error from jobs where kind = 'flaky'");
    expect(r.rows).toEqual([{ status: 'failed', error: 'disk full' }]);
  });

  it('lets two runners share the queue without running a job twice', async () => {
    const ran: number[] = [];
    const a = new JobRunner(db, quiet, { pollMs: 10 });
    const b = new JobRunner(db, quiet, { pollMs: 10 });
    for (const r of [a, b]) r.register('shared', { run: async (job) => void ran.push(job.id) });
    await withTenant(db, tenantId, null, async (tx) => {
      for (let i = 0; i < 20; i++) await a.enqueue(tx, 'shared', { i });
    });
    a.start();
    b.start();
    await until(() => ran.length >= 20);
    await Promise.all([a.stop(), b.stop()]);
    expect(new Set(ran).size).toBe(20);
    expect(ran).toHaveLength(20);
  });
});
