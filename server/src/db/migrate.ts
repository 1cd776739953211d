import fs from 'node:fs';
import path from 'node:path';
import type { Database } from './types.js';

export const migrationsDir = path.resolve(import.meta.dirname, '..', '..', 'migrations');

export interface Migration {
  version: string;
  sql: string;
}

export function readMigrations(dir = migrationsDir): Migration[] {
  return fs
    .readdirSync(dir)
    .filter((f) => /^\d{4}_.+\.sql$/.test(f))
    .sort()
    .map((f) => ({ version: f.replace(/\.sql$/, ''), sql: fs.readFileSync(path.join(dir, f), 'utf8') }));
}

/**
 * Applies the migrations not yet recorded, all in one transaction: either every pending migration is
 * applied and recorded, or none is. An advisory lock keeps two servers starting together from racing.
 */
export async function migrate(db: Database, migrations = readMigrations()): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(4242001)');
    await tx.query(
      'create table if not exists schema_migrations (version text primary key, applied_at timestamptz not null default now())',
    );
    const done = new Set(
      (await tx.query<{ version: string }>('select version from schema_migrations')).rows.map((r) => r.version),
    );
    const applied: string[] = [];
    for (const m of migrations) {
      if (done.has(m.version)) continue;
      await tx.exec(m.sql);
      await tx.query('insert into schema_migrations(version) values ($1)', [m.version]);
      applied.push(m.version);
    }
    return applied;
  });
}
