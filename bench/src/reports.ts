/**
 * npm run bench:reports: every declared report (each of its groupings, over the last year) and the home panel on the
 * large tenant (100,000 machines, a year of 1,000,000 repair orders and of about 2,000,000 spare movements) on PostgreSQL, beside the issue's target of
 * 300 ms (p95 over repeated calls). Generates the large scale into a fresh schema first (about 3 minutes), or
 * reads one generated before (--schema NAME, e.g. from `npm run generate -- --scale large --schema NAME
 * --password Bench12345`). Writes docs/benchmarks-reports.md.
 * Flags: --schema NAME (keep and reuse), --reps N (default 5), --quick (tiny scale, 2 calls, writes nothing),
 * --only TEXT (only the calls whose path contains TEXT; writes nothing).
 * With --data-dir DIR it times the embedded database instead: a folder made by `npm run generate -- --scale large
 * --data-dir DIR` (used as it is), logging in as --user (default big_admin) with --password (default admin123);
 * it writes docs/benchmarks-reports-embedded.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../server/src/db/index.js';
import { commandLine } from './flags.js';
import { BIG_TENANT, generate } from './generate/index.js';
import { machineLine } from './machine.js';
import {
  BENCH_PASSWORD,
  benchPgUrl,
  dropBenchSchema,
  jobsAtRest,
  login,
  pgReachable,
  repoRoot,
  startServer,
} from './server.js';

const { flag, has, command } = commandLine();
const quick = has('quick');
const reps = Number(flag('reps', quick ? '2' : '5'));
const given = flag('schema', '');
const dataDir = flag('data-dir', '');
const only = flag('only', '');
const TARGET_MS = 300;
const log = (line: string) => console.error(`[bench:reports] ${line}`);

interface Row {
  call: string;
  median: number;
  p95: number;
  kb: number;
  rows: number | null;
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
/** Fixed at the start: a run across midnight keeps one period. */
const year = `start=${day(-365)}&end=${day(0)}`;

/** Times a GET `reps` times after one warm-up call; nearest-rank p95. */
async function timeCall(url: string, token: string, call: string): Promise<Row> {
  const once = async () => {
    const t0 = performance.now();
    const r = await fetch(`${url}${call}`, { headers: { authorization: `Bearer ${token}` } });
    const body = await r.text();
    if (r.status !== 200) throw new Error(`${call}: ${r.status} ${body.slice(0, 200)}`);
    return { ms: performance.now() - t0, body };
  };
  await once();
  const times: number[] = [];
  let body = '';
  for (let i = 0; i < reps; i++) {
    const r = await once();
    times.push(r.ms);
    body = r.body;
  }
  times.sort((a, b) => a - b);
  const data = (JSON.parse(body) as { data?: { rowCount?: number } }).data;
  return {
    call,
    median: times[Math.floor((times.length - 1) / 2)]!,
    p95: times[Math.ceil(times.length * 0.95) - 1]!,
    kb: body.length / 1024,
    rows: data?.rowCount ?? null,
  };
}

/** Every declared report under each of its groupings, over the last year, and the home panel. */
async function timeAll(url: string, token: string): Promise<Row[]> {
  const decls = (
    (await (await fetch(`${url}/api-list/report`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      data: { key: string; groups: string[] }[];
    }
  ).data;
  const calls = ['/api-list/homepanel'];
  for (const d of decls)
    for (const g of d.groups) calls.push(`/api-list/report/${d.key}?${year}&groupBy=${encodeURIComponent(g)}`);
  const rows: Row[] = [];
  for (const call of calls.filter((c) => c.includes(only))) {
    const r = await timeCall(url, token, call);
    log(`${call}: median ${r.median.toFixed(0)} ms, p95 ${r.p95.toFixed(0)} ms`);
    rows.push(r);
  }
  return rows;
}

/** The embedded database: the server on a generated folder. */
async function embedded(): Promise<Row[]> {
  if (!fs.existsSync(dataDir))
    throw new Error('--data-dir must name a folder made by: npm run generate -- --scale large --data-dir DIR');
  const server = await startServer({ dataDir: path.resolve(dataDir) });
  try {
    const password = flag('password', 'admin123');
    log(`the timed jobs came to rest after ${await jobsAtRest(server.url, password)} ms`);
    return await timeAll(server.url, await login(server.url, flag('user', 'big_admin'), password));
  } finally {
    await server.stop();
  }
}

async function main(): Promise<void> {
  const loadBefore = os.loadavg()[0]!;
  const rows = dataDir ? await embedded() : await onPostgres();
  report(rows, loadBefore);
}

async function onPostgres(): Promise<Row[]> {
  if (!(await pgReachable())) throw new Error(`PostgreSQL at ${benchPgUrl} is not reachable`);
  const schema = given || `bench_reports_${process.pid}`;
  const db = await openDatabase({ databaseUrl: benchPgUrl, databasePoolSize: 4, databaseSchema: schema, dataDir: '' });
  const rows: Row[] = [];
  try {
    if (!given || has('generate')) {
      log(`generating scale ${quick ? 'tiny' : 'large'} into schema ${schema}`);
      const g = await generate(db, {
        scale: quick ? 'tiny' : 'large',
        password: BENCH_PASSWORD,
        databaseUrl: benchPgUrl,
      });
      log(`${g.rows} rows in ${g.seconds.toFixed(0)} s`);
    }
    await db.close();
    const server = await startServer({ databaseUrl: benchPgUrl, schema });
    try {
      log(`the timed jobs came to rest after ${await jobsAtRest(server.url)} ms`);
      rows.push(...(await timeAll(server.url, await login(server.url, BIG_TENANT.admin))));
    } finally {
      await server.stop();
    }
  } finally {
    if (!given) {
      await dropBenchSchema(schema);
    }
  }
  return rows;
}

function report(rows: Row[], loadBefore: number): void {
  // A report that answers empty on the generated data says nothing of its speed: it is shown, not counted.
  const measured = rows.filter((r) => r.rows !== 0);
  const met = measured.filter((r) => r.p95 < TARGET_MS).length;
  const verdict = (r: Row) => (r.rows === 0 ? 'no data' : r.p95 < TARGET_MS ? 'yes' : 'no');
  const text = [
    machineLine(loadBefore),
    `Date: ${new Date().toISOString()}. Command: \`${command('bench:reports')}\`. Data: the ${quick ? 'tiny' : 'large'} scale's big tenant; the period is the last year (${year}); ${reps} timed calls after a warm-up, one at a time.`,
    '',
    `${met} of ${measured.length} calls on data meet the target (p95 < ${TARGET_MS} ms); ${rows.length - measured.length} calls answered empty on the generated data.`,
    '',
    '| call | median ms | p95 ms | target ms | met | answer KB | rows (page shows 500) |',
    '|---|---:|---:|---:|---|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.call.replace(`${year}&`, '')} | ${r.median.toFixed(0)} | ${r.p95.toFixed(0)} | ${TARGET_MS} | ${verdict(r)} | ${r.kb.toFixed(0)} | ${r.rows ?? '-'} |`,
    ),
  ].join('\n');
  console.log(text);
  if (!quick && !only) {
    const doc = path.join(repoRoot, 'docs', dataDir ? 'benchmarks-reports-embedded.md' : 'benchmarks-reports.md');
    const where = dataDir ? 'the embedded database (PGlite)' : 'PostgreSQL';
    fs.writeFileSync(
      doc,
      `# Benchmark: reports and the home panel on the large tenant${dataDir ? ', embedded database' : ''}\n\nProduced by \`npm run bench:reports\` (bench/src/reports.ts) on ${where}. Target (issue 14): every report and the home panel answer in under 300 ms (p95) on the large tenant with a year of history, on PostgreSQL; on the embedded database the issue asks only how long they take.\n\n${text}\n`,
    );
    log(`written ${path.relative(repoRoot, doc)}`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
