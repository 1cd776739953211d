import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/index.js';
import { migrate } from '../../db/migrate.js';
import { freshDatabase } from '../../test/harness.js';
import { businessError } from '../http/errors.js';
import { withTenant } from '../tenancy/tenant-tx.js';
import { type Job, JobRunner, runSteps } from './runner.js';

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

  it('keeps a long job on the instance running it: its heartbeat moves the lock on, so another does not take it over', async () => {
    const ran: string[] = [];
    // A lock of one second; the job runs three.
    const a = new JobRunner(db, quiet, { pollMs: 10, lockSeconds: 1 });
    const b = new JobRunner(db, quiet, { pollMs: 10, lockSeconds: 1 });
    a.register('long', {
      run: async () => {
        ran.push('a');
        await new Promise((r) => setTimeout(r, 3000));
      },
    });
    b.register('long', { run: async () => void ran.push('b') });
    await withTenant(db, tenantId, null, (tx) => a.enqueue(tx, 'long', {}));
    a.start();
    await until(() => ran.length === 1);
    b.start();
    const claimed = await db.query<{ claimed_by: string }>("select claimed_by from jobs where kind = 'long'");
    expect(claimed.rows).toEqual([{ claimed_by: a.instance }]);
    await new Promise((r) => setTimeout(r, 3500));
    await Promise.all([a.stop(), b.stop()]);
    expect(ran).toEqual(['a']);
    const r = await db.query<{ status: string }>("select status from jobs where kind = 'long'");
    expect(r.rows).toEqual([{ status: 'done' }]);
  });

  it('leaves a company whose seed is not finished to the seed', async () => {
    const building = (
      await db.query<{ id: number }>("insert into companies(name, code) values ('S', 'seeding') returning id")
    ).rows[0]!.id;
    await db.query('insert into seed_progress(company_id) values ($1)', [building]);
    const runner = new JobRunner(db, quiet, { pollMs: 20 });
    const seen: number[] = [];
    runner.everyTenant('perTenant', 3600, async (tx) => void seen.push(tx.tenantId));
    runner.start();
    await until(() => seen.includes(tenantId));
    await runner.stop();
    expect(seen).not.toContain(building);
    await db.query('update seed_progress set finished_at = now() where company_id = $1', [building]);
    const after = new JobRunner(db, quiet, { pollMs: 20 });
    after.everyTenant('perTenantAfter', 3600, async (tx) => void seen.push(tx.tenantId));
    after.start();
    await until(() => seen.includes(building));
    await after.stop();
    await db.query("update companies set state = 0 where code = 'seeding'");
  });

  it("works a tenant's run in steps, each in its own transaction, while it says work is left", async () => {
    const runner = new JobRunner(db, quiet, { pollMs: 20 });
    const seen: { tenant: number; n: number; txid: string }[] = [];
    runner.everyTenant<{ n?: number }>('stepped', 3600, async (tx, step) => {
      step.n = (step.n ?? 0) + 1;
      const txid = (await tx.query<{ id: string }>('select txid_current()::text as id')).rows[0]!.id;
      seen.push({ tenant: tx.tenantId, n: step.n, txid });
      return step.n < 3;
    });
    runner.start();
    await until(() => seen.filter((s) => s.tenant === tenantId).length >= 3);
    await new Promise((r) => setTimeout(r, 100));
    await runner.stop();
    const mine = seen.filter((s) => s.tenant === tenantId);
    expect(mine.map((s) => s.n)).toEqual([1, 2, 3]);
    expect(new Set(mine.map((s) => s.txid)).size).toBe(3);
  });

  it('waits after each step as long as the step took (stepPause 1, the embedded database), leaving requests half the time', async () => {
    const runner = new JobRunner(db, quiet, { pollMs: 20, stepPause: 1 });
    const steps: { from: number; to: number }[] = [];
    runner.everyTenant<{ n?: number }>('paced', 3600, async (tx, step) => {
      if (tx.tenantId !== tenantId) return false;
      const from = performance.now();
      await tx.query('select pg_sleep(0.06)');
      steps.push({ from, to: performance.now() });
      step.n = (step.n ?? 0) + 1;
      return step.n < 3;
    });
    runner.start();
    await until(() => steps.length >= 3);
    await runner.stop();
    for (let k = 1; k < 3; k++) {
      const took = steps[k - 1]!.to - steps[k - 1]!.from;
      expect(took).toBeGreaterThanOrEqual(55);
      expect(steps[k]!.from - steps[k - 1]!.to).toBeGreaterThanOrEqual(took - 1);
    }
  });

  it('runs a job people wait for (an export) at once while a timed run is still in its steps', async () => {
    const runner = new JobRunner(db, quiet, { pollMs: 20, stepPause: 1 });
    let steps = 0;
    let runEnded = false;
    let exportSawRunEnded: boolean | null = null;
    runner.everyTenant<{ n?: number }>('long-timed', 3600, async (tx, step) => {
      if (tx.tenantId !== tenantId) return false;
      steps++;
      await tx.query('select pg_sleep(0.05)');
      step.n = (step.n ?? 0) + 1;
      if (step.n < 20) return true;
      runEnded = true;
      return false;
    });
    runner.register('export-now', {
      run: async () => {
        exportSawRunEnded = runEnded;
      },
    });
    runner.start();
    await until(() => steps >= 2);
    await withTenant(db, tenantId, null, (tx) => runner.enqueue(tx, 'export-now', {}));
    runner.wake();
    await until(() => exportSawRunEnded !== null);
    expect(exportSawRunEnded).toBe(false);
    await until(() => runEnded);
    await runner.stop();
  });

  it('goes on past failing tenants and ends the run done with errors, naming them without SQL internals', async () => {
    const company = async (code: string) =>
      Number(
        (await db.query<{ id: number }>('insert into companies(name, code) values ($1, $1) returning id', [code]))
          .rows[0]!.id,
      );
    const broken = await company('broken-db');
    const refused = await company('refused');
    const runner = new JobRunner(db, quiet, { pollMs: 20 });
    const done: number[] = [];
    runner.everyTenant('per-tenant', 3600, async (tx) => {
      if (tx.tenantId === broken) await tx.query('select * from no_such_table');
      if (tx.tenantId === refused) throw businessError('errors.version.notFound');
      done.push(tx.tenantId);
    });
    runner.start();
    let row: { status: string; error: string; payload: { tenantErrors: { tenantId: number }[] } } | undefined;
    for (let i = 0; i < 500 && !row; i++) {
      await new Promise((r) => setTimeout(r, 20));
      row = (
        await db.query<NonNullable<typeof row>>(
          "select status, error, payload from jobs where kind = 'per-tenant' and finished_at is not null",
        )
      ).rows[0];
    }
    await runner.stop();
    expect(done).toEqual([tenantId]);
    expect(row?.status).toBe('partial');
    expect(row!.payload.tenantErrors.map((f) => f.tenantId)).toEqual([broken, refused]);
    expect(row!.error).toBe(
      '3 家公司中 2 家失败：broken-db (broken-db): 数据库错误（42P01）; refused (refused): 版本不存在',
    );
    expect(row!.error).not.toContain('no_such_table');
    const next = await db.query("select 1 from jobs where kind = 'per-tenant' and status = 'queued'");
    expect(next.rows).toHaveLength(1);
  });
});

describe("a run's steps in lanes (runSteps)", () => {
  const tick = () => new Promise((r) => setTimeout(r, 5));

  it('runs the lanes at once while the width says so, then one step at a time after every lane has ended', async () => {
    const place = { left: 7, lanesEnded: 0, inFlight: 0, most: 0, after: [] as number[] };
    await runSteps(
      place,
      async () => {
        place.inFlight++;
        place.most = Math.max(place.most, place.inFlight);
        await tick();
        place.inFlight--;
        if (place.left > 0) {
          place.left--;
          return true;
        }
        if (place.lanesEnded < 2) {
          place.lanesEnded++;
          return false;
        }
        // After the lanes: what the run does one step at a time sees them all ended.
        place.after.push(place.inFlight);
        return place.after.length < 3;
      },
      (p) => (p.lanesEnded < 2 ? 2 : 1),
    );
    expect(place.most).toBe(2);
    expect(place.left).toBe(0);
    expect(place.after).toEqual([0, 0, 0]);
  });

  it("throws a lane's failure only once the other lane has ended", async () => {
    let other = 'running';
    let calls = 0;
    const run = runSteps(
      {},
      async () => {
        const mine = ++calls;
        if (mine === 1) throw new Error('step failed');
        await tick();
        if (mine >= 4) {
          other = 'ended';
          return false;
        }
        return true;
      },
      () => 2,
    );
    await expect(run).rejects.toThrow('step failed');
    expect(other).toBe('ended');
  });
});
