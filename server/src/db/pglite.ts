import { PGlite, types } from '@electric-sql/pglite';
import type { Database, Queryable, QueryResult, Row } from './types.js';

const parsers = {
  [types.INT8]: (v: string) => Number(v),
  [types.NUMERIC]: (v: string) => v,
};

interface PGliteLike {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[]; affectedRows?: number }>;
  exec(sql: string): Promise<unknown>;
}

/**
 * A turn of the event loop. The embedded database runs inside this thread and serves its queue of waiting
 * transactions one after another in promise callbacks, so a queue of 20 requests' transactions kept the loop
 * from polling its sockets for 150-200 ms: the server took one new connection per turn, and under 50
 * connections the last ones waited 7-10 s for their first answer. Each transaction now starts on a turn of its own,
 * after the loop has accepted the connections and read the requests that arrived (they queue behind it).
 */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

function wrap(q: PGliteLike): Queryable {
  return {
    async query<T extends object = Row>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
      const r = await q.query<T>(sql, [...params]);
      return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  };
}

/**
 * The embedded database: one PGlite instance in a folder (or in memory when dataDir is undefined).
 * Its page cache lives inside this process, and PostgreSQL's default of 128MB is all touched when it starts;
 * 16MB keeps the server about 100 MB smaller, while the operating system still caches the files (a page of
 * the 100,000-row list answered as fast in the benchmark).
 */
export async function openPglite(
  dataDir?: string,
  sharedBuffers = '16MB',
  /** A database dumped by dumpDataDir to start from (the tests' migrated and seeded template). */
  loadDataDir?: Blob,
): Promise<PgliteDatabase> {
  if (!/^\d+(kB|MB|GB)$/.test(sharedBuffers))
    throw new Error(`EMBEDDED_SHARED_BUFFERS must be a size such as 16MB: ${sharedBuffers}`);
  const pg = await PGlite.create(dataDir, {
    parsers,
    ...(loadDataDir ? { loadDataDir } : {}),
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`],
  });
  const base = wrap(pg);
  let closed = false;
  return {
    kind: 'pglite',
    query: base.query,
    exec: base.exec,
    // One connection, one transaction at a time: whatever the options, nothing else can change the data it reads.
    transaction: (fn, prelude) =>
      pg.transaction(async (tx) => {
        await turn();
        const preludeRows = prelude ? (await tx.exec(prelude)).map((r) => r.rows as Row[]) : [];
        return fn(wrap(tx), preludeRows);
      }),
    spareConnection: () => false,
    exclusive: (_key, fn) => fn(),
    async ping() {
      if (closed) return false;
      try {
        await pg.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    async listen(channel, onPayload) {
      const stop = await pg.listen(channel, onPayload);
      return async () => {
        if (!closed) await stop();
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      await pg.close();
    },
    dumpDataDir: () => pg.dumpDataDir('none'),
  };
}

export interface PgliteDatabase extends Database {
  /** The whole database as a tar archive, for openPglite's loadDataDir. */
  dumpDataDir(): Promise<Blob>;
}
