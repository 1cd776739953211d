import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import type { Database } from '../db/index.js';
import { migrate } from '../db/migrate.js';
import { openPglite } from '../db/pglite.js';
import { openPostgres } from '../db/postgres.js';
import { jwtSecret } from '../platform/auth/secret.js';
import { assertRequestRoleIsSafe } from '../platform/tenancy/tenant-tx.js';
import { seed } from '../seed/index.js';
import { TEMPLATE_SEED, TEST_PASSWORD } from './template-seed.js';

export { TEST_PASSWORD };
export const onPostgres = !!process.env.TEST_DATABASE_URL;

/**
 * A fresh database for one test file: in-memory PGlite, or on PostgreSQL (TEST_DATABASE_URL) a schema of
 * its own that is dropped on close.
 */
export async function freshDatabase(): Promise<{ db: Database; schema: string; dispose: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const db = await openPglite();
    return { db, schema: 'public', dispose: () => db.close() };
  }
  const schema = `test_${Math.floor(Date.now() / 1000)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema "${schema}"`);
  await admin.end();
  // A minute for a connection of the pool of five: a sweep's six callers beside the timed jobs, on a loaded CI
  // machine, waited over the server's 5 s once, and the generic sweep read that 503 as a failure.
  const db = await openPostgres({ url, poolSize: 5, schema, connectTimeoutMs: 60_000 });
  return {
    db,
    schema,
    dispose: async () => {
      await db.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop schema if exists "${schema}" cascade`);
      await c.end();
    },
  };
}

/** Another server process on the same database (what a second instance behind a load balancer is). */
export async function secondInstance(t: Pick<TestApp, 'db' | 'config'>): Promise<FastifyInstance> {
  const app = await buildApp({ config: t.config, db: t.db, jwtSecret: await jwtSecret(t.db, t.config), logger: false });
  await app.ready();
  return app;
}

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  config: Config;
  close(): Promise<void>;
  /** Logs in and returns the access token. */
  login(username: string, password?: string): Promise<string>;
  /** An inject call with a bearer token; body as JSON. */
  call(
    method: string,
    url: string,
    token?: string | null,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
}

let template: Promise<Blob | null> | null = null;
/** The run's migrated and seeded embedded database (global-setup.ts), read once per test file. */
function pgliteTemplate(): Promise<Blob | null> {
  template ??= (async () => {
    const file = inject('pgliteTemplate');
    return file ? new Blob([await fs.promises.readFile(file)]) : null;
  })();
  return template;
}

/** A migrated and seeded database: on the embedded one a copy of the run's template when the seed is the usual. */
async function seededDatabase(config: Partial<Config>) {
  const usual = (config.seedAdminPassword ?? TEST_PASSWORD) === TEMPLATE_SEED.seedAdminPassword && !config.demoHistory;
  const copy = !process.env.TEST_DATABASE_URL && usual ? await pgliteTemplate() : null;
  if (copy) {
    const db = await openPglite(undefined, undefined, copy);
    return { db, schema: 'public', dispose: () => db.close(), seeded: true };
  }
  return { ...(await freshDatabase()), seeded: false };
}

/** The whole application around a fresh, migrated and seeded database (root and admin share TEST_PASSWORD). */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const { db, schema, dispose, seeded } = await seededDatabase(overrides);
  const config: Config = {
    ...loadConfig({}),
    databaseSchema: schema,
    seedAdminPassword: TEST_PASSWORD,
    demoHistory: false,
    dataDir: `/tmp/eam-test-${randomBytes(4).toString('hex')}`,
    webDist: '/nonexistent',
    // Mosquitto has 1883 on the test machine: the machine-data tests give the embedded broker a port of its own.
    mqttPort: 0,
    dasDemoLive: false,
    ...overrides,
  };
  await migrate(db);
  await assertRequestRoleIsSafe(db);
  if (!seeded) await seed(db, config);
  const app = await buildApp({ config, db, jwtSecret: await jwtSecret(db, config), logger: false });
  await app.ready();
  const call: TestApp['call'] = (method, url, token, body, headers = {}) =>
    app.inject({
      method: method as 'GET',
      url,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      ...(body === undefined ? {} : { payload: body as object }),
    });
  return {
    app,
    db,
    config,
    call,
    async login(username, password = TEST_PASSWORD) {
      const r = await call('POST', '/sys/login', null, { username, password });
      if (r.statusCode !== 200) throw new Error(`login ${username} failed: ${r.body}`);
      return r.json().access_token as string;
    },
    async close() {
      await app.close();
      await dispose();
    },
  };
}
