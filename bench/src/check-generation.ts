/**
 * npm run bench:check: the check-task generation job on a tenant with 50,000 active plans (issue target: one
 * day's tasks in under 2 s on PostgreSQL). Builds the tenant (machines through the equipment engine, items,
 * schemes and plans through the check engine), lets a week of history generate (untimed: about a million task
 * items), then times the day's run as the job makes it (catch-up of 7 days, in one tenant transaction) and a
 * second run that must create nothing. Writes docs/benchmarks-check.md. Flags: --plans N, --only
 * pglite|postgres (default both when PostgreSQL answers), --quick (2,000 plans, writes nothing), --keep (keeps the PostgreSQL schema).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Database, openDatabase } from '../../server/src/db/index.js';
import { migrate } from '../../server/src/db/migrate.js';
import { generateTasks } from '../../server/src/domains/check/generate.js';
import { hashPassword } from '../../server/src/platform/auth/password.js';
import { type TenantTx, withTenant } from '../../server/src/platform/tenancy/tenant-tx.js';
import { seed } from '../../server/src/seed/index.js';
import { fillCheckPlans } from './generate/check.js';
import { fillFactory } from './generate/factory.js';
import { newTenant } from './generate/index.js';
import { WORKSHOPS } from './generate/vocabulary.js';
import { BENCH_PASSWORD, benchPgUrl, pgReachable, repoRoot } from './server.js';

const args = process.argv.slice(2);
const flag = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const quick = args.includes('--quick');
const plans = Number(flag('plans', quick ? '2000' : '50000'));
const only = flag('only', '');
const pgUrl = benchPgUrl;
const LIMIT_MS = 2_000;
const HISTORY_DAYS = 7;
const log = (line: string) => console.error(`[bench:check] ${line}`);

interface Figure {
  db: string;
  history: { tasks: number; items: number; seconds: number };
  day: { tasks: number; items: number; ms: number };
  again: { tasks: number; ms: number };
}

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const out = await fn();
  return [out, Math.round(performance.now() - started)];
}

async function benchOn(name: string, db: Database): Promise<Figure> {
  await migrate(db);
  await seed(db, { seedAdminPassword: BENCH_PASSWORD, databaseUrl: '' });
  const t = await newTenant(
    db,
    '华东点检基准有限公司',
    `bench-check-${process.pid}`,
    `chk${process.pid}`,
    BENCH_PASSWORD,
  );
  log(`${name}: ${plans} machines`);
  await fillFactory(
    db,
    {
      tenantId: t.companyId,
      adminId: t.adminId,
      prefix: `chk${process.pid}`,
      seed: 11,
      passwordHash: await hashPassword(BENCH_PASSWORD),
    },
    { workshops: WORKSHOPS, linesPer: 4, equipment: plans, moulds: 0, users: 40, repairOrders: 0 },
  );
  // The machines' state is left as generated: scrapped ones get no task, as in a real plant.
  await db.exec('vacuum (analyze) equipment');
  const now = new Date();
  log(`${name}: ${plans} plans`);
  await fillCheckPlans(db, t.companyId, t.adminId, { plans, schemesPerKind: 20, itemsPerScheme: 6 }, now);
  const scoped = <T>(fn: (tx: TenantTx) => Promise<T>) => withTenant(db, t.companyId, t.adminId, fn);
  const analyze = async () => {
    for (const table of ['check_tasks', 'check_task_details', 'check_plans', 'check_plan_machines', 'check_schemes'])
      await db.exec(`vacuum (analyze) "${table}"`);
  };
  // As autovacuum would have left them: without statistics the planner takes 50,000 plans for a handful.
  await analyze();
  log(`${name}: ${HISTORY_DAYS} days of history`);
  const [history, historyMs] = await timed(() =>
    scoped((tx) => generateTasks(tx, { now: new Date(now.getTime() - 86_400_000), catchUpDays: HISTORY_DAYS - 1 })),
  );
  await analyze();
  log(`${name}: the day's run`);
  const [day, dayMs] = await timed(() => scoped((tx) => generateTasks(tx, { now })));
  const [again, againMs] = await timed(() => scoped((tx) => generateTasks(tx, { now })));
  return {
    db: name,
    history: { ...history, seconds: Math.round(historyMs / 100) / 10 },
    day: { ...day, ms: dayMs },
    again: { tasks: again.tasks, ms: againMs },
  };
}

function report(figures: Figure[], header: string): string {
  const n = (x: number) => x.toLocaleString('en-US');
  const rows = figures.map(
    (f) =>
      `| ${f.db} | ${n(plans)} | ${n(f.history.tasks)} / ${n(f.history.items)} in ${f.history.seconds} s | ${n(f.day.tasks)} / ${n(f.day.items)} | **${n(f.day.ms)} ms** | ${n(f.again.tasks)} in ${n(f.again.ms)} ms | ${n(LIMIT_MS)} ms | ${f.day.ms < LIMIT_MS ? 'yes' : 'no'} |`,
  );
  return [
    header,
    '',
    "| Database | Active plans | History before (tasks / items) | The day's run creates (tasks / items) | The day's run | Second run (creates / time) | Limit | Meets |",
    '|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  const loadBefore = os.loadavg()[0]!;
  const figures: Figure[] = [];
  if (only !== 'postgres') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eam-bench-check-'));
    const db = await openDatabase({ databaseUrl: '', databasePoolSize: 4, databaseSchema: 'public', dataDir });
    try {
      figures.push(await benchOn('PGlite', db));
    } finally {
      await db.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (only !== 'pglite' && (await pgReachable())) {
    const schema = `bench_check_${process.pid}`;
    const db = await openDatabase({ databaseUrl: pgUrl, databasePoolSize: 4, databaseSchema: schema, dataDir: '' });
    try {
      figures.push(await benchOn('PostgreSQL', db));
    } finally {
      if (!args.includes('--keep')) await db.exec(`drop schema if exists "${schema}" cascade`);
      await db.close();
    }
  } else if (only !== 'pglite') log(`PostgreSQL at ${pgUrl} is not reachable: skipped`);
  const cpu = os.cpus();
  const header = [
    `Machine: ${cpu.length} × ${cpu[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}, load average before the run ${loadBefore.toFixed(1)}.`,
    `Date: ${new Date().toISOString()}. Command: \`npm run bench:check${args.length ? ` -- ${args.join(' ')}` : ''}\`.`,
    `Plans: 60% daily, 25% weekly, 15% monthly, fixed calendar, one machine each, six items per scheme; the day's run is the job's call (today plus a catch-up of 7 days, in one tenant transaction).`,
  ].join(' ');
  const text = report(figures, header);
  console.log(text);
  if (!quick) {
    const doc = path.join(repoRoot, 'docs', 'benchmarks-check.md');
    fs.writeFileSync(
      doc,
      `# Benchmark: check-task generation\n\nProduced by \`npm run bench:check\` (bench/src/check-generation.ts). Target (issue 12): 50,000 active plans generate one day's tasks in under 2 s on PostgreSQL.\n\n${text}`,
    );
    log(`written ${path.relative(repoRoot, doc)}`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
