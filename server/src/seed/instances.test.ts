/**
 * Several server processes on one PostgreSQL schema (what instances behind a load balancer are): they start
 * together on a schema that does not exist yet, a seed cut short by a kill is finished by the next start, and a
 * job whose instance is killed inside a run is run by another within seconds. The embedded database serves one
 * process per data folder (main.test.ts), so these run on PostgreSQL only (TEST_DATABASE_URL).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../db/postgres.js';
import { onPostgres, TEST_PASSWORD } from '../test/harness.js';
import { freePort, type ServerProcess, startServer, waitHealthy } from '../test/process.js';
import { DEMO_STEPS } from './demo.js';

const url = process.env.TEST_DATABASE_URL ?? '';
const schemas: string[] = [];
const started: ServerProcess[] = [];
const newSchema = () => {
  const s = `test_${Math.floor(Date.now() / 1000)}_${randomBytes(4).toString('hex')}`;
  schemas.push(s);
  return s;
};

afterAll(async () => {
  for (const s of started) s.child.kill('SIGKILL');
  await Promise.all(started.map((s) => s.exited));
  if (!url) return;
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  for (const s of schemas) await c.query(`drop schema if exists "${s}" cascade`);
  await c.end();
});

/** Runs SQL in the schema as the owner. */
async function sql<T extends pg.QueryResultRow>(schema: string, text: string, params: unknown[] = []) {
  const c = new pg.Client({ connectionString: url, options: `-c search_path=${schema},public` });
  await c.connect();
  try {
    return (await c.query<T>(text, params)).rows;
  } finally {
    await c.end();
  }
}

const SLOW_START = 240_000;
const serverOn = async (schema: string, extra: Record<string, string> = {}) => {
  const s = startServer(
    { DATABASE_URL: url, DATABASE_SCHEMA: schema, SEED_ADMIN_PASSWORD: TEST_PASSWORD, DEMO_HISTORY: '0', ...extra },
    await freePort(),
  );
  started.push(s);
  return s;
};

const until = async <T>(probe: () => Promise<T | undefined | false>, ms: number, what: string): Promise<T> => {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
};

/** One complete demo factory: one of each company, every step recorded, nothing made twice. */
async function expectOneCompleteDemo(schema: string) {
  const companies = await sql<{ code: string }>(schema, 'select code from companies order by code');
  expect(companies.map((c) => c.code)).toEqual(['demo', 'platform']);
  const progress = await sql<{ done_steps: string[]; finished: boolean }>(
    schema,
    'select done_steps, finished_at is not null as finished from seed_progress',
  );
  expect(progress).toEqual([{ done_steps: DEMO_STEPS.map((s) => s.name), finished: true }]);
  const twice = await sql<{ n: number }>(
    schema,
    `select (select count(*) - count(distinct code) from equipment)
          + (select count(*) - count(distinct code) from work_groups)
          + (select count(*) - count(distinct code) from check_plans)
          + (select count(*) - count(distinct code) from repair_orders)
          + (select count(*) - count(distinct username) from users) as n`,
  );
  expect(Number(twice[0]!.n)).toBe(0);
  expect((await sql(schema, "select 1 from roles where code in ('team_leader', 'technician')")).length).toBe(2);
}

describe('servers on one PostgreSQL schema', () => {
  it.runIf(onPostgres)('open a schema that does not exist yet all at once', async () => {
    const schema = newSchema();
    const dbs = await Promise.all(Array.from({ length: 40 }, () => openPostgres({ url, poolSize: 1, schema })));
    await Promise.all(dbs.map((db) => db.close()));
    expect(await sql(schema, 'select 1')).toHaveLength(1);
  });

  const together = newSchema();
  it.runIf(onPostgres)(
    'three started at once on a new schema all serve and leave one complete demo factory',
    async () => {
      const servers = await Promise.all([0, 1, 2].map(() => serverOn(together)));
      await Promise.all(servers.map((s) => waitHealthy(s.port, SLOW_START)));
      for (const s of servers) expect(s.child.exitCode, s.output()).toBeNull();
      await expectOneCompleteDemo(together);
      for (const s of servers) expect(s.output()).not.toMatch(/deadlock detected|duplicate key/);
    },
    SLOW_START + 60_000,
  );

  it.runIf(onPostgres)(
    'run a job whose instance was killed inside a run within seconds (its lock is not held for the dead)',
    async () => {
      const servers = started.filter((s) => s.child.exitCode === null);
      expect(servers.length).toBe(3);
      // The other timed runs (the machine-data ones come every few seconds) wait an hour, and none is running, so
      // the one timed lane of each server is free for the overdue run.
      await sql(
        together,
        "update jobs set run_at = now() + interval '1 hour' where status = 'queued' and kind <> 'repair.overdue'",
      );
      await until(
        async () =>
          Number(
            (await sql<{ n: number }>(together, "select count(*)::int as n from jobs where status = 'running'"))[0]!.n,
          ) === 0 || null,
        30_000,
        'the running jobs to end',
      );
      // Hold every per-tenant run at its first statement, then bring the overdue run forward.
      const holder = new pg.Client({ connectionString: url, options: `-c search_path=${together},public` });
      await holder.connect();
      await holder.query('begin');
      await holder.query('lock table companies in access exclusive mode');
      await sql(together, "update jobs set run_at = now() where kind = 'repair.overdue' and status = 'queued'");
      const job = await until(
        async () =>
          (
            await sql<{ id: number; claimed_by: string }>(
              together,
              "select id, claimed_by from jobs where kind = 'repair.overdue' and status = 'running'",
            )
          )[0],
        30_000,
        'a server to claim the run',
      );
      const pid = Number(job.claimed_by.split(':')[1]);
      const victim = servers.find((s) => s.child.pid === pid)!;
      expect(victim).toBeTruthy();
      victim.child.kill('SIGKILL');
      await victim.exited;
      const killedAt = Date.now();
      await holder.query('rollback');
      await holder.end();
      const done = await until(
        async () =>
          (
            await sql<{ status: string; claimed_by: string }>(
              together,
              "select status, claimed_by from jobs where id = $1 and status = 'done'",
              [job.id],
            )
          )[0],
        45_000,
        'another server to run the job',
      );
      expect(done.claimed_by).not.toBe(job.claimed_by);
      expect(Date.now() - killedAt).toBeLessThan(25_000);
    },
    120_000,
  );

  it.runIf(onPostgres)(
    'a start killed in the middle of the demo seed leaves it to the next start, which finishes it',
    async () => {
      const schema = newSchema();
      const first = await serverOn(schema);
      // Hold the check plans once the tables are made: the first server then stops inside the demo seed (at its
      // check step, after the machines, people and stores), and is killed there.
      const holder = new pg.Client({ connectionString: url, options: `-c search_path=${schema},public` });
      await until(
        async () => {
          if (first.child.exitCode !== null) throw new Error(first.output());
          const made = await sql(
            schema,
            "select 1 from pg_tables where schemaname = $1 and tablename = 'seed_progress'",
            [schema],
          );
          return made.length > 0;
        },
        SLOW_START,
        'the migrations',
      );
      await holder.connect();
      await holder.query('begin');
      await holder.query('lock table check_plans in access exclusive mode');
      await until(
        async () =>
          (
            await sql(
              schema,
              `select 1 from pg_locks l join pg_class c on c.oid = l.relation
                where c.relname = 'check_plans' and c.relnamespace = $1::regnamespace and not l.granted`,
              [schema],
            )
          ).length > 0,
        SLOW_START,
        'the first server to be in the demo seed',
      );
      first.child.kill('SIGKILL');
      await first.exited;
      await holder.query('rollback');
      await holder.end();
      const cut = await sql<{ finished: boolean; done_steps: string[]; machines: number }>(
        schema,
        `select finished_at is not null as finished, done_steps, (select count(*)::int from equipment) as machines
           from seed_progress`,
      );
      expect(cut[0]).toMatchObject({ finished: false, done_steps: expect.not.arrayContaining(['check']) });
      expect(cut[0]!.machines).toBeGreaterThan(0);

      const again = await serverOn(schema);
      await waitHealthy(again.port, SLOW_START);
      await expectOneCompleteDemo(schema);
      expect((await sql(schema, 'select 1 from check_plans')).length).toBeGreaterThan(0);
    },
    3 * SLOW_START,
  );
});
