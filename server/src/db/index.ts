import path from 'node:path';
import type { Config } from '../config.js';
import { lockDataDir } from './lock.js';
import { openPglite } from './pglite.js';
import { openPostgres } from './postgres.js';
import type { Database } from './types.js';

export type { Database, Queryable, QueryResult, Row } from './types.js';
export { PLAN_PER_CALL } from './types.js';

/** Opens the configured database: the PostgreSQL server when DATABASE_URL is set, else PGlite in DATA_DIR. */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'databasePoolSize' | 'databaseSchema' | 'dataDir'> &
    Partial<Pick<Config, 'embeddedSharedBuffers'>>,
  onError?: (err: Error) => void,
): Promise<Database> {
  if (config.databaseUrl) {
    return openPostgres({
      url: config.databaseUrl,
      poolSize: config.databasePoolSize,
      schema: config.databaseSchema,
      onError,
    });
  }
  const release = lockDataDir(config.dataDir);
  try {
    const db = await openPglite(path.join(config.dataDir, 'pgdata'), config.embeddedSharedBuffers);
    const close = db.close;
    return {
      ...db,
      async close() {
        await close();
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}
