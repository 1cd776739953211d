import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/*
 * The server process of the browser tests and the data it runs on. No Vitest here: the run's global set-up seeds the
 * template with it before any test file is loaded.
 */

/** Browser tests drive this Chromium (override with CHROMIUM_PATH). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const browserAvailable = fs.existsSync(CHROMIUM);
export const ADMIN_PASSWORD = process.env.SEED_ADMIN_PASSWORD ?? 'Admin12345';
export const ROOT = path.resolve(import.meta.dirname, '..', '..');
const SERVER_MAIN = path.join(ROOT, 'server', 'dist', 'main.js');
/** The browser runs' databases on PostgreSQL start with this, then the run's start in epoch seconds. */
export const E2E_DATABASE_PREFIX = 'eame2e';

/**
 * Where a server keeps its data: a data folder, and on PostgreSQL (TEST_DATABASE_URL) a database of its own
 * (schema public) or a schema of the test database.
 */
export interface SeededData {
  dataDir: string;
  database?: string;
  schema?: string;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function databaseUrl(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function asAdmin(work: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

/** An empty data folder, and on PostgreSQL a schema of its own in the test database. */
export function freshData(): SeededData {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eam-e2e-'));
  return process.env.TEST_DATABASE_URL ? { dataDir, schema: `e2e_${randomBytes(6).toString('hex')}` } : { dataDir };
}

/**
 * An empty data folder and, on PostgreSQL, an empty database named for the run: where the run's template is seeded.
 */
export async function emptyTemplateData(): Promise<SeededData> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eam-e2e-template-'));
  if (!process.env.TEST_DATABASE_URL) return { dataDir };
  const database = `${E2E_DATABASE_PREFIX}${Math.floor(Date.now() / 1000)}_${randomBytes(3).toString('hex')}`;
  await asAdmin(async (c) => {
    // Left by an interrupted run an hour or more ago.
    const stale = await c.query<{ datname: string }>(
      `select datname from pg_database where datname like '${E2E_DATABASE_PREFIX}%'
          and datname < '${E2E_DATABASE_PREFIX}' || (extract(epoch from now())::bigint - 3600)::text`,
    );
    for (const { datname } of stale.rows) await c.query(`drop database if exists "${datname}" with (force)`);
    await c.query(`create database "${database}"`);
  });
  return { dataDir, database };
}

/** A copy of the seeded template (its server stopped): the folder, and the database made from it. */
export async function copySeeded(template: SeededData): Promise<SeededData> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eam-e2e-'));
  fs.cpSync(template.dataDir, dataDir, { recursive: true });
  if (!template.database) return { dataDir };
  const database = `${template.database}_${randomBytes(4).toString('hex')}`;
  await asAdmin((c) => c.query(`create database "${database}" template "${template.database}"`));
  return { dataDir, database };
}

export async function removeData(data: SeededData): Promise<void> {
  fs.rmSync(data.dataDir, { recursive: true, force: true });
  if (data.database) await asAdmin((c) => c.query(`drop database if exists "${data.database}" with (force)`));
  if (data.schema) await asAdmin((c) => c.query(`drop schema if exists "${data.schema}" cascade`));
}

/** The template and what the run's servers left of their copies (each drops its own when it stops). */
export async function removeTemplate(template: SeededData): Promise<void> {
  fs.rmSync(template.dataDir, { recursive: true, force: true });
  if (!template.database) return;
  await asAdmin(async (c) => {
    const left = await c.query<{ datname: string }>('select datname from pg_database where datname like $1', [
      `${template.database}%`,
    ]);
    for (const { datname } of left.rows) await c.query(`drop database if exists "${datname}" with (force)`);
  });
}

export interface ServerProcess {
  url: string;
  port: number;
  /** Stops the process (SIGTERM, then SIGKILL after 5 s); the data stays. */
  stop: () => Promise<void>;
}

/** Starts server/dist/main.js on a free port and the given data, and waits for /health. */
export async function launchServer(opts: { data: SeededData; env?: Record<string, string> }): Promise<ServerProcess> {
  if (!fs.existsSync(SERVER_MAIN)) throw new Error(`${SERVER_MAIN} is missing: run npm run build first`);
  const port = await freePort();
  const url = process.env.TEST_DATABASE_URL;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: opts.data.dataDir,
    SEED_ADMIN_PASSWORD: ADMIN_PASSWORD,
    LOG_LEVEL: 'warn',
    DEMO_HISTORY: '0',
    ...opts.env,
  };
  delete env.DATABASE_URL;
  delete env.DATABASE_SCHEMA;
  if (url && opts.data.database) env.DATABASE_URL = databaseUrl(url, opts.data.database);
  else if (url) {
    env.DATABASE_URL = url;
    env.DATABASE_SCHEMA = opts.data.schema;
  }
  const child: ChildProcess = spawn(process.execPath, [SERVER_MAIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const base = `http://127.0.0.1:${port}`;
  // A cold start (the embedded database, the demo factory) can take a minute or more on a busy machine.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    try {
      const res = await fetch(`${base}/health`);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become healthy:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    url: base,
    port,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
    },
  };
}
