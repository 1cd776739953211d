import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/index.js';
import { freshDatabase } from '../../test/harness.js';
import { analyzeChanged } from './statistics.js';

let db: Database;
let dispose: () => Promise<void>;

beforeAll(async () => {
  ({ db, dispose } = await freshDatabase());
  await db.query('create table stats_probe (id int primary key, v int)');
  await db.query('create table stats_quiet (id int primary key)');
});
afterAll(async () => dispose?.());

const reltuples = async (table: string) =>
  Number(
    (await db.query<{ n: number }>('select reltuples as n from pg_class where oid = $1::regclass', [table])).rows[0]!.n,
  );

/** Writes in one transaction whose connection reports its counts as soon as it is idle, then waits for them. */
async function write(sql: string, table: string, atLeast: number) {
  await db.transaction(async (tx) => {
    await tx.query(sql);
    await tx.query('select pg_stat_force_next_flush()');
  });
  for (let i = 0; i < 100; i++) {
    const r = await db.query<{ n: number }>(
      'select n_mod_since_analyze as n from pg_stat_user_tables where relid = $1::regclass',
      [table],
    );
    if (Number(r.rows[0]?.n ?? 0) >= atLeast) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the counts of ${table} never arrived`);
}

describe('analyzeChanged (the embedded database has no autovacuum)', () => {
  it('analyzes a table changed beyond 50 rows and a tenth of it since its last analyze, and only that', async () => {
    await write('insert into stats_probe select g, g from generate_series(1, 500) g', 'stats_probe', 500);
    await write('insert into stats_quiet select g from generate_series(1, 20) g', 'stats_quiet', 20);
    expect(await reltuples('stats_probe')).toBe(-1);

    const done = await analyzeChanged(db);
    expect(done).toContain('stats_probe');
    expect(done).not.toContain('stats_quiet');
    expect(await reltuples('stats_probe')).toBe(500);
    expect(await reltuples('stats_quiet')).toBe(-1);

    // Analyzed now: 40 more rows are under the threshold (50 + 50), 200 more are over it.
    await write('insert into stats_probe select g, g from generate_series(501, 540) g', 'stats_probe', 40);
    expect(await analyzeChanged(db)).not.toContain('stats_probe');
    await write('insert into stats_probe select g, g from generate_series(541, 740) g', 'stats_probe', 240);
    expect(await analyzeChanged(db)).toContain('stats_probe');
    expect(await reltuples('stats_probe')).toBe(740);
  });
});
