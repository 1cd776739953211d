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

/** The embedded database: one PGlite instance in a folder (or in memory when dataDir is undefined). */
export async function openPglite(dataDir?: string): Promise<Database> {
  const pg = await PGlite.create(dataDir, { parsers });
  const base = wrap(pg);
  let closed = false;
  return {
    kind: 'pglite',
    query: base.query,
    exec: base.exec,
    transaction: (fn, prelude) =>
      pg.transaction(async (tx) => {
        const preludeRows = prelude ? (await tx.exec(prelude)).map((r) => r.rows as Row[]) : [];
        return fn(wrap(tx), preludeRows);
      }),
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
  };
}
