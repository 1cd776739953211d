/**
 * Once per test run. On PostgreSQL (TEST_DATABASE_URL) it drops test schemas left by an interrupted
 * earlier run; every test file then works in a schema of its own, so files run in parallel. On the embedded
 * database it migrates and seeds one database and dumps it: each test app then starts from a copy in about a
 * second instead of running every migration and the seed again (five or more seconds a file).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
// The application's domains register the demo factory's fillers as they load.
import '../app.js';
import { migrate } from '../db/migrate.js';
import { openPglite } from '../db/pglite.js';
import { seed } from '../seed/index.js';
import { TEMPLATE_SEED } from './template-seed.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated and seeded embedded database (a tar file), or '' on PostgreSQL. */
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    project.provide('pgliteTemplate', '');
    await dropStaleSchemas(url);
    return () => undefined;
  }
  const db = await openPglite();
  await migrate(db);
  await seed(db, TEMPLATE_SEED);
  const file = path.join(os.tmpdir(), `eam-test-template-${randomBytes(6).toString('hex')}.tar`);
  fs.writeFileSync(file, Buffer.from(await (await db.dumpDataDir()).arrayBuffer()));
  await db.close();
  project.provide('pgliteTemplate', file);
  return () => fs.rmSync(file, { force: true });
}

async function dropStaleSchemas(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const r = await client.query<{ nspname: string }>(
      `select nspname from pg_namespace where nspname like 'test\\_%' and nspname < 'test_' || (extract(epoch from now())::bigint - 3600)::text`,
    );
    for (const { nspname } of r.rows) await client.query(`drop schema if exists "${nspname}" cascade`);
  } finally {
    await client.end();
  }
}
