/**
 * npm run bench:production-reports — the production reports on a generated scale, on PostgreSQL: the OEE report by
 * machine over a year (availability, performance and quality, /api-list/report/oeechart?groupBy=equipment), the
 * six big losses by shift (oeeLosses) and plan vs actual over a year (/api-proreport/report/planVsActual), each
 * timed in the tenant's transaction as its route runs it (p50 and p95 of --reps calls after a warm-up).
 * Generates --scale (tiny by default; large: 50,000 orders and 2,000,000 reports) into a fresh schema, or reads
 * --schema NAME made before. Figures go to docs/benchmarks-production.md by hand, beside the targets.
 */
import '../../server/src/domains/index.js';
import { openDatabase } from '../../server/src/db/index.js';
import { planVsActual } from '../../server/src/domains/production/report-routes.js';
import { findReport, PAGE_ROWS, runReport } from '../../server/src/platform/reports/framework.js';
import { withTenant } from '../../server/src/platform/tenancy/tenant-tx.js';
import { commandLine } from './flags.js';
import { BIG_TENANT, generate, type Scale } from './generate/index.js';
import { BENCH_PASSWORD, benchPgUrl, dropBenchSchema, pgReachable } from './server.js';

const { flag } = commandLine();
const scale = flag('scale', 'tiny') as Scale;
const reps = Number(flag('reps', '10'));
const given = flag('schema', '');
const log = (line: string) => console.error(`[bench:production-reports] ${line}`);
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const [start, end] = [day(-365), day(0)];

async function main(): Promise<void> {
  if (!(await pgReachable())) throw new Error(`PostgreSQL at ${benchPgUrl} is not reachable`);
  const schema = given || `bench_production_${process.pid}`;
  const db = await openDatabase({ databaseUrl: benchPgUrl, databasePoolSize: 4, databaseSchema: schema, dataDir: '' });
  try {
    if (!given) {
      log(`generating scale ${scale} into schema ${schema}`);
      const g = await generate(db, { scale, password: BENCH_PASSWORD, databaseUrl: benchPgUrl, log });
      log(`${g.rows} rows in ${g.seconds.toFixed(0)} s`);
    }
    const big = await db.query<{ id: number; tz: string | null; admin: number }>(
      `select c.id, c.timezone as tz, (select u.id from users u where u.tenant_id = c.id and u.username = $2) as admin
         from companies c where c.code = $1`,
      [BIG_TENANT.code, BIG_TENANT.admin],
    );
    const tenant = big.rows[0]!;
    const counts = await db.query<{ o: string; r: string }>(
      `select (select count(*) from work_orders where tenant_id = $1)::text as o,
              (select count(*) from work_reports where tenant_id = $1)::text as r`,
      [tenant.id],
    );
    log(`tenant ${tenant.id}: ${counts.rows[0]!.o} orders, ${counts.rows[0]!.r} reports`);
    const period = { start, end, timeZone: tenant.tz || 'Asia/Shanghai' };
    const report = (key: string, groupBy: string) => () =>
      withTenant(db, Number(tenant.id), Number(tenant.admin), (tx) =>
        runReport(findReport(key)!, {
          tx,
          q: { start, end, groupBy },
          period,
          lang: 'zh',
          limit: PAGE_ROWS,
          database: 'postgres',
        }),
      );
    const calls: [string, () => Promise<unknown>][] = [
      ['OEE by machine, a year (oeechart groupBy=equipment)', report('oeechart', 'equipment')],
      ['Six big losses by shift, a year (oeeLosses)', report('oeeLosses', 'shift')],
      [
        'Plan vs actual, a year (planVsActual)',
        () =>
          withTenant(db, Number(tenant.id), Number(tenant.admin), (tx) => planVsActual(tx, { from: start, to: end })),
      ],
    ];
    const lines: string[] = [];
    for (const [name, run] of calls) {
      await run();
      const times: number[] = [];
      for (let i = 0; i < reps; i++) {
        const t0 = performance.now();
        await run();
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      const p = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!.toFixed(0);
      lines.push(`| ${name} | ${p(0.5)} | ${p(0.95)} |`);
      log(`${name}: p50 ${p(0.5)} ms, p95 ${p(0.95)} ms`);
    }
    console.log(['| call | p50 ms | p95 ms |', '|---|---:|---:|', ...lines].join('\n'));
  } finally {
    await db.close();
    if (!given) {
      await dropBenchSchema(schema);
    }
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
