/**
 * npm run generate -- --scale demo|tiny|large [--database-url postgres://...] [--schema name] [--data-dir ./data]
 * Fills a database with believable factory data through the product's own write paths and prints rows/s.
 * Without --database-url the embedded database in --data-dir (default ./data, as npm start uses) is filled.
 */
import path from 'node:path';
import { openDatabase } from '../../server/src/db/index.js';
import { generate, SCALES, type Scale } from './generate/index.js';

const args = process.argv.slice(2);
const flag = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};

async function main(): Promise<void> {
  const scale = flag('scale', 'demo') as Scale;
  if (!SCALES.includes(scale)) throw new Error(`--scale must be one of ${SCALES.join(', ')}`);
  const databaseUrl = flag('database-url', process.env.DATABASE_URL ?? '');
  const dataDir = path.resolve(flag('data-dir', process.env.DATA_DIR ?? './data'));
  const schema = flag('schema', process.env.DATABASE_SCHEMA ?? 'public');
  const password = flag('password', process.env.SEED_ADMIN_PASSWORD || 'admin123');
  const db = await openDatabase({ databaseUrl, databasePoolSize: 4, databaseSchema: schema, dataDir });
  try {
    console.log(`generating scale ${scale} on ${databaseUrl ? `${databaseUrl} schema ${schema}` : dataDir}`);
    const r = await generate(db, { scale, password, databaseUrl, log: (line) => console.log(line) });
    if (!r.created && scale !== 'demo') console.log('the generated tenants exist already: nothing to do');
    for (const [table, n] of Object.entries(r.counts)) console.log(`  ${table}: ${n}`);
    console.log(
      `${r.rows} rows in ${r.tenants} tenants, ${r.seconds.toFixed(1)} s, ${r.rowsPerSecond} rows/s (administrators' password: ${password === 'admin123' ? 'admin123' : 'as given'})`,
    );
  } finally {
    await db.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
