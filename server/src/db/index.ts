import path from 'node:path';
import type { Config } from '../config.js';
import { DataDirDamagedError, type DataDirReplacedError, holdsDatabase, watchDataDir } from './data-dir.js';
import { lockDataDir } from './lock.js';
import { openPglite } from './pglite.js';
import { openPostgres } from './postgres.js';
import type { Database } from './types.js';

export type { Database, Queryable, QueryResult, Row } from './types.js';
export { PLAN_PER_CALL } from './types.js';

/**
 * Opens the configured database: the PostgreSQL server when DATABASE_URL is set, else PGlite in DATA_DIR. The
 * embedded one refuses every use, and is not written when closed, once its folder is removed or replaced
 * (data-dir.ts); onDataDirLost then hears of it, once.
 */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'databasePoolSize' | 'databaseSchema' | 'dataDir'> &
    Partial<Pick<Config, 'embeddedSharedBuffers'>>,
  onError?: (err: Error) => void,
  onDataDirLost: (err: DataDirReplacedError) => void = (err) => onError?.(err),
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
  const pgdata = path.join(config.dataDir, 'pgdata');
  const existing = holdsDatabase(pgdata);
  let db: Awaited<ReturnType<typeof openPglite>>;
  try {
    db = await openPglite(pgdata, config.embeddedSharedBuffers);
  } catch (err) {
    release();
    throw existing ? new DataDirDamagedError(config.dataDir, err) : err;
  }
  const watch = watchDataDir(pgdata, config.dataDir, onDataDirLost);
  const guarded =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      watch.check();
      return fn(...args);
    };
  return {
    ...db,
    query: guarded(db.query) as Database['query'],
    exec: guarded(db.exec),
    transaction: guarded(db.transaction) as Database['transaction'],
    listen: guarded(db.listen),
    ping: async () => !watch.lost && db.ping(),
    async close() {
      watch.stop();
      // A replaced folder is left as it is: closing writes a checkpoint.
      if (!watch.lost) await db.close();
      release();
    },
  };
}
