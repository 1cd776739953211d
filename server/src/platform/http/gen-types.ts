/**
 * npm run gen:types
 *
 * Builds the app on an empty in-memory database (migrated; nothing listens), takes its OpenAPI document and writes
 * the web's API types (web/src/api/schema.d.ts) with openapi-typescript. Commit the file with the route change.
 */
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { migrate } from '../../db/migrate.js';
import { openPglite } from '../../db/pglite.js';
import { jwtSecret } from '../auth/secret.js';
import { SCHEMA_FILE, webTypes } from './openapi-types.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const db = await openPglite();
  try {
    await migrate(db);
    const app = await buildApp({ config, db, jwtSecret: await jwtSecret(db, config), logger: false });
    try {
      const text = await webTypes(app);
      fs.mkdirSync(path.dirname(SCHEMA_FILE), { recursive: true });
      fs.writeFileSync(SCHEMA_FILE, text);
      console.log(`Wrote ${path.relative(process.cwd(), SCHEMA_FILE)} (${text.split('\n').length} lines).`);
    } finally {
      await app.close();
    }
  } finally {
    await db.close();
  }
}

await main();
