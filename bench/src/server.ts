import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export const repoRoot = path.resolve(import.meta.dirname, '..', '..');
export const BENCH_PASSWORD = 'Bench12345';

/**
 * The Node options `npm start` gives the server (the root package.json's start script, `node <options>
 * server/dist/main.js`): the bench starts the server as users do.
 */
export function serverNodeOptions(
  script = (JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { scripts: { start: string } })
    .scripts.start,
): string[] {
  const m = /(?:^|&&\s*)node\s+((?:--\S+\s+)*)server\/dist\/main\.js/.exec(script);
  if (!m) throw new Error(`the start script does not run server/dist/main.js: ${script}`);
  return m[1]!.split(/\s+/).filter(Boolean);
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/** A memory figure of a process from /proc/<pid>/status, in MB (0 where there is no /proc). */
function statusMb(pid: number | undefined, key: 'VmHWM' | 'VmRSS'): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Math.round(Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024);
  } catch {
    return 0;
  }
}

export interface RunningServer {
  url: string;
  child: ChildProcess;
  dataDir: string;
  /** Milliseconds from spawn to the first 200 of /health. */
  startMs: number;
  /** Highest resident memory of the server process since it started or since resetPeak(). */
  peakRssMb(): number;
  /** Resident memory of the server process now (MB). */
  rssMb(): number;
  /** Starts a new peak (Linux: clear_refs 5); false when the system does not allow it. */
  resetPeak(): boolean;
  stop(): Promise<void>;
}

/** Starts the built server (server/dist/main.js) on a database: embedded in a folder, or a PostgreSQL schema. */
export async function startServer(opts: {
  databaseUrl?: string;
  schema?: string;
  dataDir?: string;
  poolSize?: number;
}): Promise<RunningServer> {
  const port = await freePort();
  // A folder made here (exports of a PostgreSQL run, or a throw-away embedded database) goes with the server.
  const owned = !opts.dataDir;
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'eam-bench-'));
  const started = Date.now();
  const child = spawn(process.execPath, [...serverNodeOptions(), path.join(repoRoot, 'server', 'dist', 'main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: opts.databaseUrl ?? '',
      DATABASE_SCHEMA: opts.schema ?? 'public',
      DATABASE_POOL_SIZE: String(opts.poolSize ?? 20),
      SEED_ADMIN_PASSWORD: BENCH_PASSWORD,
      LOG_LEVEL: 'warn',
      LOGIN_MAX_FAILURES: '1000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/health`)).status === 200) break;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const startMs = Date.now() - started;
  return {
    url,
    child,
    dataDir,
    startMs,
    peakRssMb: () => statusMb(child.pid, 'VmHWM'),
    rssMb: () => statusMb(child.pid, 'VmRSS'),
    resetPeak() {
      try {
        fs.writeFileSync(`/proc/${child.pid}/clear_refs`, '5');
        return true;
      } catch {
        return false;
      }
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.on('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      if (owned) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Bearer token of a user with the bench password. */
export async function login(url: string, username = 'admin', password = BENCH_PASSWORD): Promise<string> {
  const r = await fetch(`${url}/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (r.status !== 200) throw new Error(`login failed: ${r.status} ${await r.text()}`);
  return ((await r.json()) as { access_token: string }).access_token;
}

/**
 * Waits until none of the server's timed jobs is running or due: each kind's next run lies ahead (a run queues its
 * next one as it ends). A server's first moments run every timed job at once, the check generation catching a week
 * up for every plan (seconds of both cores on the large tenant); calls timed meanwhile would measure that run as
 * much as themselves. Returns how long it waited.
 */
export async function jobsAtRest(url: string, password = BENCH_PASSWORD, timeoutMs = 300_000): Promise<number> {
  const token = await login(url, 'root', password);
  const started = Date.now();
  for (;;) {
    const r = await fetch(`${url}/api-user/timetask/getTaskList`, { headers: { authorization: `Bearer ${token}` } });
    const tasks = ((await r.json()) as { data?: { nextRunAt: string | null }[] }).data ?? [];
    const now = Date.now();
    if (tasks.length > 0 && tasks.every((t) => t.nextRunAt !== null && Date.parse(t.nextRunAt) > now))
      return now - started;
    if (now - started > timeoutMs) throw new Error(`the timed jobs did not come to rest in ${timeoutMs} ms`);
    await new Promise((res) => setTimeout(res, 250));
  }
}

/** The PostgreSQL server the benchmarks use (BENCH_DATABASE_URL). */
export const benchPgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';

/** Whether that server answers within 2 s (a machine without one benches the embedded database only). */
export async function pgReachable(url = benchPgUrl): Promise<boolean> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

/** Drops a bench's schema on the PostgreSQL server, through a connection of its own (the bench's pool is closed). */
export async function dropBenchSchema(schema: string, url = benchPgUrl): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`drop schema if exists "${schema}" cascade`);
  } finally {
    await client.end();
  }
}
