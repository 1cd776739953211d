import { createHash } from 'node:crypto';
import pg from 'pg';
import {
  type Database,
  PLAN_PER_CALL,
  type Queryable,
  type QueryResult,
  type Row,
  type TransactionOptions,
} from './types.js';

pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export interface PostgresOptions {
  url: string;
  poolSize: number;
  schema: string;
  onError?: (err: Error) => void;
  /** How long a query waits for a connection of the pool before the answer is a 503 (default 5 s). */
  connectTimeoutMs?: number;
}

const names = new Map<string, string>();

/**
 * A statement with parameters runs as a named prepared statement: each connection parses and plans it once
 * and then only binds values (planning a list's query costs more than running it).
 */
function statementName(sql: string): string {
  let name = names.get(sql);
  if (!name) {
    name = `s${createHash('sha1').update(sql).digest('base64url')}`;
    if (names.size > 5_000) names.clear();
    names.set(sql, name);
  }
  return name;
}

function wrap(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T extends object = Row>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
      const r =
        params.length === 0
          ? await client.query<T>(sql)
          : sql.startsWith(PLAN_PER_CALL)
            ? await client.query<T>(sql, params as unknown[])
            : await client.query<T>({ name: statementName(sql), text: sql, values: params as unknown[] });
      return { rows: r.rows, rowCount: r.rowCount ?? r.rows.length };
    },
    async exec(sql: string) {
      await client.query(sql);
    },
  };
}

/** BEGIN with the isolation asked for; an imported snapshot is set before anything reads (its own result). */
function beginStatement(options: TransactionOptions | undefined): string {
  if (options?.snapshot !== undefined) {
    if (!/^[0-9A-F]+(-[0-9A-F]+)+$/i.test(options.snapshot)) throw new Error(`not a snapshot: ${options.snapshot}`);
    return `begin isolation level repeatable read read only; set transaction snapshot '${options.snapshot}'`;
  }
  return options?.repeatableRead ? 'begin isolation level repeatable read' : 'begin';
}

/** Taken by every server while it creates its schema (the migrations and the seed have locks of their own). */
const SCHEMA_LOCK = 4242000;

/**
 * Creates the schema unless it exists. `create schema if not exists` is not safe when two servers run it at once
 * (the loser fails on pg_namespace's unique index), so it runs under an advisory lock every server takes.
 */
async function createSchema(url: string, schema: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query('select pg_advisory_lock($1)', [SCHEMA_LOCK]);
    await c.query(`create schema if not exists "${schema}"`);
  } finally {
    // Ending the session lets go of the lock.
    await c.end();
  }
}

/**
 * A PostgreSQL server through a pool. The pool drops broken connections and opens new ones on demand,
 * so the server reconnects by itself when the database comes back.
 */
export async function openPostgres(opts: PostgresOptions): Promise<Database> {
  if (opts.schema && opts.schema !== 'public') {
    if (!/^[a-z_][a-z0-9_]*$/.test(opts.schema))
      throw new Error(`DATABASE_SCHEMA must be a plain lower-case name: ${opts.schema}`);
    await createSchema(opts.url, opts.schema);
  }
  const pool = new pg.Pool({
    connectionString: opts.url,
    max: opts.poolSize,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: opts.connectTimeoutMs ?? 5_000,
    options: opts.schema && opts.schema !== 'public' ? `-c search_path=${opts.schema},public` : undefined,
  });
  pool.on('error', (err) => opts.onError?.(err));
  const base = wrap(pool);
  let closed = false;
  const listeners = new Set<Listener>();
  return {
    kind: 'postgres',
    query: base.query,
    exec: base.exec,
    async transaction(fn, prelude, options) {
      const begin = beginStatement(options);
      const client = await pool.connect();
      // A connection lost while checked out emits 'error' with no listener of the pool's: without this one
      // an outage between two statements of a transaction would end the process.
      let lost: Error | undefined;
      const onLost = (err: Error) => {
        lost = err;
      };
      client.on('error', onLost);
      try {
        const started = await client.query<Row>(prelude ? `${begin}; ${prelude}` : begin);
        // Several statements answer with one result each; the first is BEGIN's.
        const preludeRows = Array.isArray(started)
          ? (started as pg.QueryResult<Row>[]).slice(options?.snapshot ? 2 : 1).map((r) => r.rows)
          : [];
        const result = await fn(wrap(client), preludeRows);
        await client.query('commit');
        return result;
      } catch (err) {
        await client.query('rollback').catch(() => undefined);
        throw err;
      } finally {
        client.removeListener('error', onLost);
        // A broken connection is dropped, not returned to the pool.
        client.release(lost);
      }
    },
    async exclusive(key, fn) {
      const c = new pg.Client({ connectionString: opts.url });
      c.on('error', (err) => opts.onError?.(err));
      await c.connect();
      try {
        await c.query('select pg_advisory_lock($1)', [key]);
        return await fn();
      } finally {
        await c.end().catch(() => undefined);
      }
    },
    spareConnection: () =>
      !closed && pool.waitingCount === 0 && (pool.idleCount > 0 || pool.totalCount < opts.poolSize),
    async ping() {
      if (closed) return false;
      try {
        await pool.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    async listen(channel, onPayload) {
      const listener = new Listener(opts, channel, onPayload);
      listeners.add(listener);
      await listener.start();
      return async () => {
        listeners.delete(listener);
        await listener.stop();
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([...listeners].map((l) => l.stop()));
      await pool.end();
    },
  };
}

/**
 * One LISTEN connection outside the pool (a pooled connection would lose its LISTEN when released). When the
 * connection breaks it comes back by itself, retrying every second, so pushes resume after a database restart.
 */
class Listener {
  private client: pg.Client | null = null;
  private stopped = false;
  private retry: NodeJS.Timeout | null = null;

  constructor(
    private readonly opts: PostgresOptions,
    private readonly channel: string,
    private readonly onPayload: (payload: string) => void,
  ) {}

  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: this.opts.url });
    client.on('notification', (n) => {
      if (n.channel === this.channel) this.onPayload(n.payload ?? '');
    });
    client.on('error', (err) => {
      this.opts.onError?.(err);
      this.reconnect(client);
    });
    client.on('end', () => this.reconnect(client));
    await client.connect();
    await client.query(`listen "${this.channel.replace(/"/g, '')}"`);
    this.client = client;
  }

  private reconnect(broken: pg.Client): void {
    if (this.stopped || this.client !== broken) return;
    this.client = null;
    broken.end().catch(() => undefined);
    this.schedule();
  }

  private schedule(): void {
    if (this.stopped || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      this.start().catch(() => this.schedule());
    }, 1000);
    this.retry.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    const c = this.client;
    this.client = null;
    await c?.end().catch(() => undefined);
  }
}
