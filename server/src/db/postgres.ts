import pg from 'pg';
import type { Database, Queryable, QueryResult, Row } from './types.js';

pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export interface PostgresOptions {
  url: string;
  poolSize: number;
  schema: string;
  onError?: (err: Error) => void;
}

function wrap(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T extends object = Row>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
      const r = await client.query<T>(sql, params as unknown[]);
      return { rows: r.rows, rowCount: r.rowCount ?? r.rows.length };
    },
    async exec(sql: string) {
      await client.query(sql);
    },
  };
}

/**
 * A PostgreSQL server through a pool. The pool drops broken connections and opens new ones on demand,
 * so the server reconnects by itself when the database comes back.
 */
export async function openPostgres(opts: PostgresOptions): Promise<Database> {
  if (opts.schema && opts.schema !== 'public') {
    if (!/^[a-z_][a-z0-9_]*$/.test(opts.schema))
      throw new Error(`DATABASE_SCHEMA must be a plain lower-case name: ${opts.schema}`);
    const c = new pg.Client({ connectionString: opts.url });
    await c.connect();
    try {
      await c.query(`create schema if not exists "${opts.schema}"`);
    } finally {
      await c.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: opts.url,
    max: opts.poolSize,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000,
    options: opts.schema && opts.schema !== 'public' ? `-c search_path=${opts.schema},public` : undefined,
  });
  pool.on('error', (err) => opts.onError?.(err));
  const base = wrap(pool);
  let closed = false;
  return {
    kind: 'postgres',
    query: base.query,
    exec: base.exec,
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn(wrap(client));
        await client.query('commit');
        return result;
      } catch (err) {
        await client.query('rollback').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    async ping() {
      if (closed) return false;
      try {
        await pool.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
