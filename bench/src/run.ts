/**
 * npm run bench: generates the data (scale large: one tenant with 100,000 equipment and 1,000 people plus 50
 * small tenants) on the embedded database and on PostgreSQL, and on each runs the HTTP scenarios at 1, 10 and
 * 50 connections beside their limits (the engine's SQL through the driver, the bare route), the export of
 * every equipment row, an import of 10,000 rows, the cold start; then the web bundle sizes. Writes
 * docs/benchmarks.md. Flags: --quick (scale tiny, 1 s loads, 1 connection; writes nothing), --scale,
 * --seconds N, --connections 1,10,50, --import N, --only pglite|postgres.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../server/src/db/index.js';
import { bundleFigures } from './bundle.js';
import { equipmentScenarios, findTargets } from './equipment-scenarios.js';
import { exportEquipment, importEquipment } from './files.js';
import { commandLine } from './flags.js';
import { BIG_TENANT, generate, SCALES, type Scale } from './generate/index.js';
import { machineLine } from './machine.js';
import { recordStatements, replayLoad, type Statement } from './raw-sql.js';
import { acceptScenario, dispatchedOrders, repairScenarios, reportScenarios } from './repair-scenarios.js';
import { type DbReport, type LoadRow, report } from './report.js';
import { BARE, type Figures, load, preflight, sessionScenarios } from './scenarios.js';
import { BENCH_PASSWORD, benchPgUrl, jobsAtRest, login, pgReachable, repoRoot, startServer } from './server.js';

const { flag, has, command } = commandLine();
const quick = has('quick');
const scale = flag('scale', quick ? 'tiny' : 'large') as Scale;
const seconds = Number(flag('seconds', quick ? '1' : '5'));
const connections = flag('connections', quick ? '1' : '1,10,50')
  .split(',')
  .map(Number);
const importRows = Number(flag('import', quick ? '200' : '10000'));
const only = flag('only', '');
const pgUrl = benchPgUrl;
/** The server's own pool size, used for the raw-SQL limit too: the same driver set-up at the same concurrency. */
const POOL = 20;
const log = (line: string) => console.error(`[bench] ${line}`);

async function dropSchemas(...schemas: string[]): Promise<void> {
  const c = new pg.Client({ connectionString: pgUrl });
  await c.connect();
  try {
    for (const s of schemas) await c.query(`drop schema if exists "${s}" cascade`);
  } finally {
    await c.end();
  }
}

interface Place {
  databaseUrl?: string;
  schema?: string;
  dataDir?: string;
}

async function benchDatabase(name: string, place: Place, fresh: Place): Promise<DbReport> {
  const db = await openDatabase({
    databaseUrl: place.databaseUrl ?? '',
    databasePoolSize: POOL,
    databaseSchema: place.schema ?? 'public',
    dataDir: place.dataDir ?? '',
  });
  const limits = new Map<string, Figures>();
  let generated: Awaited<ReturnType<typeof generate>>;
  let targets: Awaited<ReturnType<typeof findTargets>>;
  let acceptIds: number[];
  try {
    log(`${name}: generating scale ${scale}`);
    generated = await generate(db, { scale, password: BENCH_PASSWORD, databaseUrl: place.databaseUrl, log });
    log(`${name}: ${generated.rows} rows in ${generated.seconds.toFixed(1)} s (${generated.rowsPerSecond} rows/s)`);
    targets = await findTargets(db);
    // Enough for every accept of every load (a repeated id would be refused, not measured).
    acceptIds = await dispatchedOrders(db, targets, quick ? 3_000 : 100_000);
    const recorded: [string, Statement[]][] = [];
    for (const s of [...equipmentScenarios(targets), ...repairScenarios(targets)])
      recorded.push([s.name, await recordStatements(db, targets.tenantId, targets.adminId, s.engine)]);
    for (const c of connections)
      for (const [scenario, statements] of recorded) {
        log(`${name}: raw SQL of ${scenario} at ${c}`);
        limits.set(`${scenario}@${c}`, await replayLoad(db, statements, c, seconds));
      }
  } finally {
    await db.close();
  }

  const server = await startServer({ ...place, poolSize: POOL });
  const rows: LoadRow[] = [];
  let exported: DbReport['exported'];
  let imported: DbReport['imported'];
  try {
    log(`${name}: the timed jobs came to rest after ${await jobsAtRest(server.url)} ms`);
    const token = await login(server.url, BIG_TENANT.admin);
    const scenarios = [
      ...sessionScenarios(BIG_TENANT.admin, BENCH_PASSWORD),
      ...equipmentScenarios(targets),
      ...repairScenarios(targets),
      ...reportScenarios(),
      acceptScenario(acceptIds),
    ];
    for (const s of scenarios) await preflight(server.url, s, token);
    for (const c of connections) {
      server.resetPeak();
      const bare = await load(server.url, BARE, c, seconds);
      rows.push({ db: name, scenario: BARE.name, connections: c, f: bare, sql: null, bare, rssMb: server.peakRssMb() });
      for (const s of scenarios) {
        log(`${name}: ${s.name} at ${c}`);
        // One call first, as its raw-SQL limit was recorded after one: the values kept under the table versions
        // (a list's total) are then kept. Without it, the accept load before it had moved the orders' version, and
        // the first requests of the order page at 50 connections all waited for the count of a year's orders.
        await preflight(server.url, s, token);
        server.resetPeak();
        const f = await load(server.url, s, c, seconds, token);
        const sql = limits.get(`${s.name}@${c}`) ?? null;
        rows.push({ db: name, scenario: s.name, connections: c, f, sql, bare, rssMb: server.peakRssMb() });
      }
    }
  } finally {
    await server.stop();
  }
  // Files on a server of their own: its memory then shows the export, not what the loads left behind.
  const files = await startServer({ ...place, poolSize: POOL });
  try {
    await jobsAtRest(files.url);
    const token = await login(files.url, BIG_TENANT.admin);
    log(`${name}: export`);
    exported = await exportEquipment(files, token);
    log(`${name}: import of ${importRows} rows`);
    imported = await importEquipment(files, token, importRows, targets);
  } finally {
    await files.stop();
  }
  const first = await startServer({ ...fresh, poolSize: POOL });
  await first.stop();
  return { db: name, generated, rows, exported, imported, firstStartMs: first.startMs, coldStartMs: server.startMs };
}

async function main(): Promise<void> {
  if (!SCALES.includes(scale) || scale === 'demo') throw new Error('--scale must be tiny or large');
  const loadBefore = os.loadavg()[0]!;
  const dbs: DbReport[] = [];
  if (only !== 'postgres') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eam-bench-'));
    const emptyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eam-bench-empty-'));
    try {
      dbs.push(await benchDatabase('PGlite', { dataDir }, { dataDir: emptyDir }));
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(emptyDir, { recursive: true, force: true });
    }
  }
  if (only !== 'pglite' && (await pgReachable())) {
    const schema = `bench_${process.pid}`;
    const empty = `bench_empty_${process.pid}`;
    await dropSchemas(schema, empty);
    try {
      dbs.push(
        await benchDatabase('PostgreSQL', { databaseUrl: pgUrl, schema }, { databaseUrl: pgUrl, schema: empty }),
      );
    } finally {
      await dropSchemas(schema, empty);
    }
  } else if (only !== 'pglite') log(`PostgreSQL at ${pgUrl} is not reachable: skipped`);

  const header = [
    machineLine(loadBefore, true),
    `Date: ${new Date().toISOString()}.`,
    `Command: \`${command('bench')}\` (scale ${scale}, ${seconds} s per load, connections ${connections.join(', ')}, import of ${importRows} rows).`,
  ].join(' ');
  const text = report({
    header,
    dbs,
    bundle: bundleFigures(path.join(repoRoot, 'web', 'dist')),
    maxConns: Math.max(...connections),
  });
  console.log(text);
  if (!quick) {
    const doc = path.join(repoRoot, 'docs', 'benchmarks.md');
    fs.mkdirSync(path.dirname(doc), { recursive: true });
    fs.writeFileSync(
      doc,
      `# Benchmark results\n\nProduced by \`npm run bench\` (bench/src/run.ts); the data comes from \`npm run generate\` (bench/src/generate.ts). Ratios divide an endpoint's throughput by its limits measured in the same run, so they survive a noisy machine better than the raw figures. Check-task generation, the reports and spare stock have benchmarks of their own: docs/benchmarks-check.md, docs/benchmarks-reports.md and docs/benchmarks-spare.md.\n\n${text}`,
    );
    log(`written ${path.relative(repoRoot, doc)}`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
