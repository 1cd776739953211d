/**
 * Once per test run. On PostgreSQL (TEST_DATABASE_URL) it drops test schemas left by an interrupted
 * earlier run; every test file then works in a schema of its own, so files run in parallel.
 */
import pg from 'pg';

export default async function setup(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
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
