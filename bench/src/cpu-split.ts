/**
 * npm run bench:cpu -- --schema NAME [--connections 50] [--seconds 10]: where the machine's processor time goes
 * per request of the repair order page (issue 11: its throughput beside the raw-SQL limit), over HTTP, through a
 * bare route (bare-route.ts: one Fastify route replaying the same statements, the least any HTTP server on this
 * stack does for the page) and as the raw-SQL limit replays the same statements. It counts the processor time of
 * the server process, of every PostgreSQL process and of this process (the load generator, or the driver of the
 * replay) from /proc (Linux), and divides by the requests answered. The data is a generated schema (npm run
 * generate -- --scale tiny|large --database-url ... --schema NAME); the tenant is the generated big tenant. Prints a
 * table; writes nothing.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../server/src/db/index.js';
import { findTargets } from './equipment-scenarios.js';
import { commandLine } from './flags.js';
import { BIG_TENANT } from './generate/index.js';
import { recordStatements, replayLoad } from './raw-sql.js';
import { repairScenarios } from './repair-scenarios.js';
import { load } from './scenarios.js';
import {
  BENCH_PASSWORD,
  benchPgUrl,
  freePort,
  jobsAtRest,
  login,
  repoRoot,
  serverNodeOptions,
  startServer,
} from './server.js';

const { flag, command } = commandLine();
const schema = flag('schema', '');
const connections = Number(flag('connections', '50'));
const seconds = Number(flag('seconds', '10'));
const POOL = 20;
if (!schema) throw new Error('--schema NAME: a schema made by npm run generate');

const TICK_MS = 1000 / 100; // /proc counts in clock ticks of 10 ms (USER_HZ 100 on Linux)
/** A process's processor time (user and system), with that of its ended children when asked; 0 once it ended. */
function ticks(pid: number, children = false): number {
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(f[11]) + Number(f[12]) + (children ? Number(f[13]) + Number(f[14]) : 0);
  } catch {
    return 0;
  }
}
/** The PostgreSQL processes' time; backends that end meanwhile are counted in the postmaster's children time. */
function postgresTicks(): number {
  const pids = execFileSync('pgrep', ['-x', 'postgres']).toString().trim().split('\n').map(Number);
  return pids.reduce((sum, pid) => sum + ticks(pid, true), 0);
}
const selfTicks = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000 / TICK_MS;
};

const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;

interface Split {
  rps: number;
  server: number;
  postgres: number;
  client: number;
}

async function measured(serverPid: number | null, run: () => Promise<{ rps: number }>): Promise<Split> {
  const before = { s: serverPid ? ticks(serverPid) : 0, p: postgresTicks(), c: selfTicks() };
  const { rps } = await run();
  const after = { s: serverPid ? ticks(serverPid) : 0, p: postgresTicks(), c: selfTicks() };
  const per = (t: number) => Math.round(((t * TICK_MS) / (rps * seconds)) * 1000) / 1000;
  return { rps, server: per(after.s - before.s), postgres: per(after.p - before.p), client: per(after.c - before.c) };
}

/** Starts bare-route.ts on the statements, with the server's Node options; resolves once it listens. */
async function startBareRoute(statements: unknown): Promise<{ url: string; child: ChildProcess; dir: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eam-bare-'));
  const file = path.join(dir, 'statements.json');
  fs.writeFileSync(file, JSON.stringify(statements));
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      ...serverNodeOptions(),
      '--import',
      'tsx',
      path.join(repoRoot, 'bench', 'src', 'bare-route.ts'),
      file,
      schema,
      String(port),
    ],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('listening') && resolve());
    child.on('exit', (code) => reject(new Error(`bare route exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, child, dir };
}

async function main() {
  const db = await openDatabase({
    databaseUrl: benchPgUrl,
    databasePoolSize: POOL,
    databaseSchema: schema,
    dataDir: '',
  });
  const server = await startServer({ databaseUrl: benchPgUrl, schema, poolSize: POOL });
  try {
    await jobsAtRest(server.url);
    const targets = await findTargets(db);
    const token = await login(server.url, BIG_TENANT.admin, BENCH_PASSWORD);
    const page = repairScenarios(targets)[0]!;
    const statements = await recordStatements(db, targets.tenantId, targets.adminId, page.engine);
    await load(server.url, page, connections, 2, token); // warm-up: plans, caches, connections
    const http = await measured(server.child.pid!, () => load(server.url, page, connections, seconds, token));
    const bare = await startBareRoute(statements);
    const barePage = { name: 'bare route', path: '/page' };
    let bareSplit: Split;
    try {
      await load(bare.url, barePage, connections, 2); // warm-up
      bareSplit = await measured(bare.child.pid!, () => load(bare.url, barePage, connections, seconds));
    } finally {
      bare.child.kill();
      fs.rmSync(bare.dir, { recursive: true, force: true });
    }
    const raw = await measured(null, () => replayLoad(db, statements, connections, seconds));
    const row = (name: string, s: Split) =>
      `| ${name} | ${s.rps} | ${s.server} | ${s.postgres} | ${s.client} | ${Math.round((s.server + s.postgres + s.client) * 1000) / 1000} |`;
    console.log(
      [
        `${os.cpus().length} cores, ${command('bench:cpu')}, ${page.name}, ${connections} connections, ${seconds} s each.`,
        '',
        '| path | req/s | server ms/request | PostgreSQL ms/request | load generator or driver ms/request | total ms/request |',
        '|---|---:|---:|---:|---:|---:|',
        row('HTTP', http),
        row('bare route (one Fastify route replaying the same statements)', bareSplit),
        row('raw SQL (same statements through the driver)', raw),
        '',
        `HTTP ÷ raw SQL: ${ratio(http.rps, raw.rps)}; bare route ÷ raw SQL: ${ratio(bareSplit.rps, raw.rps)}; HTTP ÷ bare route: ${ratio(http.rps, bareSplit.rps)}`,
      ].join('\n'),
    );
  } finally {
    await server.stop();
    await db.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
