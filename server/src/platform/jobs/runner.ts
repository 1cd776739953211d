import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { setImmediate, setTimeout as sleep } from 'node:timers/promises';
import type { Database, Queryable } from '../../db/index.js';
import { type TenantTx, withTenant } from '../tenancy/tenant-tx.js';
import { failureOf, type TenantFailure, TenantFailures } from './tenant-failures.js';

/** Transactions a tenant's run of a recurring job may take before the rest waits for the next run. */
const MAX_STEPS = 1000;

/**
 * Notices one transaction of a timed run marks, and the most a run marks (the rest wait a run). Each is a write
 * through the record service with its notification, about 13 ms on the embedded database at the large scale:
 * 50 made steps of 0.6-0.7 s that requests waited behind.
 */
export const NOTICES_PER_STEP = 20;
export const NOTICES_PER_RUN = 500;

/**
 * A step of a timed run that marks records in batches (overdue notices): `mark(n)` marks up to n and says how
 * many it marked; `place.marked` counts the run's. True while more may be left within the run's limit.
 */
export async function markInSteps(
  place: { marked?: number },
  mark: (n: number) => Promise<number>,
  batch = NOTICES_PER_STEP,
): Promise<boolean> {
  const done = place.marked ?? 0;
  const marked = await mark(Math.min(batch, NOTICES_PER_RUN - done));
  place.marked = done + marked;
  return marked === batch && place.marked < NOTICES_PER_RUN;
}

/**
 * A tenant's steps of a timed run, each call its own transaction, until a call says no work is left (or
 * MAX_STEPS calls). While `width(step)` is above one, that many lanes call at once (on PostgreSQL, each on a
 * connection and a core of its own), each lane until its call says it found nothing; the run goes on one call at
 * a time once every lane has ended, so what follows sees every lane's transaction committed. A lane's failure is
 * thrown once the other lanes have ended. `pause(ms)` follows each call of one, with the time it took.
 */
export async function runSteps<Step>(
  step: Step,
  call: () => Promise<unknown>,
  width: (step: Step) => number = () => 1,
  pause: (tookMs: number) => Promise<void> = async () => undefined,
): Promise<void> {
  let calls = 0;
  const lane = async () => {
    while (calls < MAX_STEPS) {
      calls++;
      if ((await call()) !== true) return;
    }
  };
  while (calls < MAX_STEPS) {
    const n = width(step);
    if (n > 1) {
      const ended = await Promise.allSettled(Array.from({ length: n }, lane));
      const failed = ended.find((r) => r.status === 'rejected');
      if (failed) throw failed.reason;
      continue;
    }
    // The embedded database works synchronously inside this process: without a turn of the event loop between
    // transactions, requests that arrived meanwhile are not even read until the run ends.
    await setImmediate();
    const began = performance.now();
    calls++;
    if ((await call()) !== true) return;
    await pause(performance.now() - began);
  }
}

export interface Job {
  id: number;
  /** The tenant whose transaction queued the job (eam_enqueue_job takes it from there, never from a payload). */
  tenantId: number | null;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  /** Runs fn in a transaction of the job's tenant as the request role (userId for the audit); throws without a tenant. */
  tenant<T>(userId: number | null, fn: (tx: TenantTx) => Promise<T>): Promise<T>;
}

export interface JobHandler {
  run(job: Job): Promise<void>;
  /** Called once a job has failed for the last time (for example to mark a download as failed). */
  failed?(job: Job, error: Error): Promise<void>;
}

export interface RunnerOptions {
  pollMs: number;
  /**
   * How long a claimed job stays ours without a heartbeat: while it runs, the instance moves its lock on every
   * third of this, so the job of an instance that died (killed, its machine lost) is taken over this soon after.
   */
  lockSeconds: number;
  maxAttempts: number;
  /**
   * After each step of a timed run, wait this many times as long as the step took (at most MAX_PAUSE_MS). On the
   * embedded database (one connection) a run of steps back to back still kept requests waiting up to 10 s,
   * each of their statements queued behind a step; waiting as long as the step leaves them half the time.
   */
  stepPause: number;
}

const MAX_PAUSE_MS = 2000;

interface Lane {
  /** The recurring jobs' lane, or the other jobs'. */
  timed: boolean;
  timer: NodeJS.Timeout | null;
  busy: Promise<void> | null;
  again: boolean;
}

interface Logger {
  error(obj: object, msg: string): void;
}

/**
 * Background jobs on the database: rows of `jobs`, claimed with FOR UPDATE SKIP LOCKED so any number of
 * server instances share the queue (works on PGlite too). Polls every ~500 ms and wakes at once when a job
 * is enqueued in this process. A crashed instance's jobs are retried once their lock runs out: seconds after
 * its heartbeat stopped.
 */
export class JobRunner {
  private readonly handlers = new Map<string, JobHandler>();
  /** Names this instance on the jobs it claims (its heartbeat keeps only its own). */
  readonly instance = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private readonly opts: RunnerOptions;
  private running = false;
  /**
   * Two lanes drain the queue side by side: the timed runs, and the work people wait for (exports, imports,
   * pushes). An export queued while a big tenant's check run works through its steps starts at once.
   */
  private readonly lanes: Lane[] = [
    { timed: true, timer: null, busy: null, again: false },
    { timed: false, timer: null, busy: null, again: false },
  ];

  constructor(
    private readonly db: Database,
    private readonly log: Logger,
    opts: Partial<RunnerOptions> = {},
  ) {
    this.opts = { pollMs: 500, lockSeconds: 15, maxAttempts: 3, stepPause: db.kind === 'pglite' ? 1 : 0, ...opts };
  }

  /** The database the steps run on: the embedded one serves requests only between them (steps sized for it). */
  get databaseKind(): Database['kind'] {
    return this.db.kind;
  }

  register(kind: string, handler: JobHandler): void {
    this.handlers.set(kind, handler);
  }

  /**
   * A platform job that runs every `seconds` (overdue checks, plan generation): one queued row of its kind at a
   * time, shared by every instance; each run queues the next one when it ends, whether it worked or not.
   */
  every(kind: string, seconds: number, run: () => Promise<void>): void {
    this.recurring.set(kind, seconds);
    this.register(kind, {
      run: async (job) => {
        try {
          // A run brought forward by the operator (force) runs even while the task is paused.
          if (job.payload.force || !(await this.paused(kind))) await run();
          else await this.db.query(`update jobs set payload = payload || '{"skipped":true}' where id = $1`, [job.id]);
        } finally {
          await this.queueRecurring(kind, seconds);
        }
      },
    });
  }

  /**
   * A recurring job that works tenant by tenant: each run opens every active company's own transaction in
   * turn (row-level security applies) and hands it to `run`. One tenant's failure does not stop the others;
   * the run then ends done with errors ('partial'), naming the companies that failed (TenantFailures).
   *
   * A run with much to do works in steps: it returns `true` while work is left, and is called again in a new
   * transaction with the same `step` object (where it keeps its place). The embedded database has one
   * connection and serves waiting requests between transactions, so a step is as long as a request can be
   * held up (a big tenant's check generation in one transaction held every request for seconds each minute).
   * While `width(step)` is above one, that many steps go at once (runSteps); the step object is theirs to share.
   */
  everyTenant<Step extends object = object>(
    kind: string,
    seconds: number,
    run: (tx: TenantTx, step: Step) => Promise<unknown>,
    width: (step: Step) => number = () => 1,
  ): void {
    this.every(kind, seconds, async () => {
      const companies = await this.db.query<{ id: number; code: string; name: string }>(
        // A company whose seed is not finished (being built, or left half-built by a server that died) is the
        // seed's alone: it resumes it on the next start (seed/index.ts).
        `select id, code, name from companies c where not is_platform and state = 1
            and not exists (select 1 from seed_progress s where s.company_id = c.id and s.finished_at is null)
          order by id`,
      );
      const failures: TenantFailure[] = [];
      for (const c of companies.rows) {
        const step = {} as Step;
        try {
          await runSteps(
            step,
            () => withTenant(this.db, Number(c.id), null, (tx) => run(tx, step)),
            width,
            async (took) => {
              const pause = Math.min(MAX_PAUSE_MS, took * this.opts.stepPause);
              if (pause >= 1 && this.running) await sleep(pause);
            },
          );
        } catch (err) {
          this.log.error({ err, kind, tenant: c.id }, 'tenant job failed');
          failures.push(failureOf({ ...c, id: Number(c.id) }, err));
        }
      }
      if (failures.length) throw new TenantFailures(failures, companies.rows.length);
    });
  }

  private readonly recurring = new Map<string, number>();

  /** The recurring jobs of this process and their period in seconds (the operator's timed tasks). */
  recurringJobs(): { kind: string; seconds: number }[] {
    return [...this.recurring].map(([kind, seconds]) => ({ kind, seconds }));
  }

  /** A paused timed task skips its runs (the next one is still queued) until it is resumed. */
  private async paused(kind: string): Promise<boolean> {
    const r = await this.db.query<{ paused: boolean }>('select paused from job_schedules where kind = $1', [kind]);
    return r.rows[0]?.paused ?? false;
  }

  /** Brings a recurring job's next run forward to now (queues one if none is waiting); it runs even if paused. */
  async runNow(kind: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`jobs.recurring.${kind}`]);
      const r = await tx.query(
        `update jobs set run_at = now(), payload = payload || '{"force":true}' where kind = $1 and status = 'queued'`,
        [kind],
      );
      if (r.rowCount === 0) await tx.query(`insert into jobs(kind, payload) values ($1, '{"force":true}')`, [kind]);
    });
    this.wake();
  }

  /** Queues the next run of a recurring job unless one is already waiting (serialised across instances). */
  private async queueRecurring(kind: string, seconds: number, now = false): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`jobs.recurring.${kind}`]);
      await tx.query(
        `insert into jobs(kind, run_at) select $1, now() + make_interval(secs => $2)
          where not exists (select 1 from jobs where kind = $1 and status = 'queued')`,
        [kind, now ? 0 : seconds],
      );
    });
  }

  /**
   * Queues a job in the caller's transaction. Inside a tenant transaction (the request role) it goes
   * through eam_enqueue_job, which takes the tenant from the transaction itself.
   */
  async enqueue(q: Queryable, kind: string, payload: Record<string, unknown>): Promise<number> {
    const r = await q.query<{ id: number }>('select eam_enqueue_job($1, $2::jsonb) as id', [
      kind,
      JSON.stringify(payload),
    ]);
    setTimeout(() => this.wake(), 20).unref();
    return r.rows[0]!.id;
  }

  /** Look for work now (call after the transaction that enqueued has committed). */
  wake(): void {
    for (const lane of this.lanes) this.wakeLane(lane);
  }

  private wakeLane(lane: Lane): void {
    if (!this.running) return;
    if (lane.busy) {
      lane.again = true;
      return;
    }
    if (lane.timer) clearTimeout(lane.timer);
    lane.timer = null;
    lane.busy = this.drain(lane).finally(() => {
      lane.busy = null;
      if (!this.running) return;
      if (lane.again) {
        lane.again = false;
        this.wakeLane(lane);
      } else {
        lane.timer = setTimeout(() => this.wakeLane(lane), this.opts.pollMs);
        lane.timer.unref();
      }
    });
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    const first = [...this.recurring].map(([kind, seconds]) => this.queueRecurring(kind, seconds, true));
    Promise.all(first)
      .catch((err: unknown) => this.log.error({ err }, 'could not queue recurring jobs'))
      .finally(() => this.wake());
  }

  async stop(): Promise<void> {
    this.running = false;
    for (const lane of this.lanes) {
      if (lane.timer) clearTimeout(lane.timer);
      lane.timer = null;
    }
    await Promise.all(this.lanes.map((lane) => lane.busy));
  }

  private async drain(lane: Lane): Promise<void> {
    while (this.running) {
      await setImmediate();
      let job: Job | null;
      try {
        job = await this.claim(lane);
      } catch (err) {
        this.log.error({ err }, 'job queue unavailable');
        return;
      }
      if (!job) return;
      await this.execute(job);
    }
  }

  private async claim(lane: Lane): Promise<Job | null> {
    const kinds = [...this.handlers.keys()].filter((kind) => this.recurring.has(kind) === lane.timed);
    if (kinds.length === 0) return null;
    const r = await this.db.query<{
      id: number;
      tenant_id: number | null;
      kind: string;
      payload: Record<string, unknown>;
      attempts: number;
    }>(
      `update jobs set status = 'running', attempts = attempts + 1, started_at = now(),
              locked_until = now() + make_interval(secs => $1), claimed_by = $3
        where id = (select id from jobs
                     where kind = any($2::text[])
                       and ((status = 'queued' and run_at <= now()) or (status = 'running' and locked_until < now()))
                     order by run_at, id limit 1 for update skip locked)
        returning id, tenant_id, kind, payload, attempts`,
      [this.opts.lockSeconds, kinds, this.instance],
    );
    const row = r.rows[0];
    if (!row) return null;
    const tenantId = row.tenant_id === null ? null : Number(row.tenant_id);
    const db = this.db;
    return {
      id: row.id,
      tenantId,
      kind: row.kind,
      payload: row.payload,
      attempts: row.attempts,
      tenant(userId, fn) {
        if (tenantId === null) throw new Error(`job ${row.id} (${row.kind}) belongs to no tenant`);
        return withTenant(db, tenantId, userId, fn);
      },
    };
  }

  /** Keeps the claimed job ours while it runs: its lock moves on every third of lockSeconds. */
  private heartbeat(job: Job): () => void {
    const beat = setInterval(
      () => {
        this.db
          .query(
            `update jobs set locked_until = now() + make_interval(secs => $2)
              where id = $1 and status = 'running' and claimed_by = $3`,
            [job.id, this.opts.lockSeconds, this.instance],
          )
          .catch((err: unknown) => this.log.error({ err, job: job.id }, 'could not renew the lock of a job'));
      },
      (this.opts.lockSeconds * 1000) / 3,
    );
    beat.unref();
    return () => clearInterval(beat);
  }

  private async execute(job: Job): Promise<void> {
    const handler = this.handlers.get(job.kind)!;
    const stopBeat = this.heartbeat(job);
    try {
      await handler.run(job);
      await this.db.query(
        "update jobs set status = 'done', finished_at = now(), locked_until = null, error = null where id = $1",
        [job.id],
      );
    } catch (e) {
      if (e instanceof TenantFailures) return this.recordTenantFailures(job, e);
      const err = e instanceof Error ? e : new Error(String(e));
      this.log.error({ err, job: job.id, kind: job.kind }, 'job failed');
      const last = job.attempts >= this.opts.maxAttempts;
      await this.db
        .query(
          last
            ? "update jobs set status = 'failed', finished_at = now(), locked_until = null, error = $2 where id = $1"
            : "update jobs set status = 'queued', locked_until = null, error = $2, run_at = now() + make_interval(secs => power(2, attempts)::int) where id = $1",
          [job.id, err.message.slice(0, 2000)],
        )
        .catch((dbErr: unknown) => this.log.error({ err: dbErr }, 'could not record job failure'));
      if (last) await handler.failed?.(job, err).catch(() => undefined);
    } finally {
      stopBeat();
    }
  }

  /** A per-tenant run that went through every company, some of which failed: done with errors, no retry. */
  private async recordTenantFailures(job: Job, e: TenantFailures): Promise<void> {
    await this.db
      .query(
        `update jobs set status = 'partial', finished_at = now(), locked_until = null, error = $2,
                payload = payload || $3::jsonb where id = $1`,
        [job.id, e.message.slice(0, 2000), JSON.stringify({ tenantErrors: e.failures, tenantCount: e.total })],
      )
      .catch((dbErr: unknown) => this.log.error({ err: dbErr }, 'could not record job failure'));
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The background job queue (exports and other long work). */
    jobs: JobRunner;
  }
}
