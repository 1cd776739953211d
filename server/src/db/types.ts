export type SqlValue =
  | string
  | number
  | boolean
  | null
  | Date
  | Buffer
  | Uint8Array
  | unknown[]
  | Record<string, unknown>;
export type Row = Record<string, unknown>;

export interface QueryResult<T extends object = Row> {
  rows: T[];
  rowCount: number;
}

/** Anything that runs SQL: the database itself or an open transaction. */
export interface Queryable {
  query<T extends object = Row>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/** How a transaction sees the data (PostgreSQL; the embedded database runs one transaction at a time anyway). */
export interface TransactionOptions {
  /** Every statement reads the snapshot its first one took (repeatable read), so it can be shared (snapshot). */
  repeatableRead?: boolean;
  /**
   * Reads, only, the snapshot another open transaction exported (pg_export_snapshot): two connections then see
   * the very same data, as pg_dump's parallel workers do.
   */
  snapshot?: string;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * Runs fn in one transaction; commits when it resolves, rolls back when it throws. `prelude` is one or more
   * statements without parameters run first, in the same round trip as BEGIN; fn gets their rows, in order.
   */
  transaction<T>(
    fn: (tx: Queryable, preludeRows: Row[][]) => Promise<T>,
    prelude?: string,
    options?: TransactionOptions,
  ): Promise<T>;
  /**
   * True when a transaction could start now on a connection of its own without waiting for one: a request may
   * then lend a second connection to part of its reading. Always false on the embedded database (one connection).
   */
  spareConnection(): boolean;
  /** True while the database answers. */
  ping(): Promise<boolean>;
  /**
   * Calls onPayload for every NOTIFY on the channel, from any process using the same database (every
   * server instance behind a load balancer). Resolves to a function that stops listening.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * Runs fn (which may run many transactions) while holding the session advisory lock `key` on a connection of
   * its own: one server at a time across every instance, and a server that dies lets go of it at once (its
   * connection ends). The embedded database serves one process, which runs fn as it is.
   */
  exclusive<T>(key: number, fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * Marks a statement whose best plan depends on its values (a keyset page starting anywhere in a table): it is
 * planned on every call, as a prepared statement's generic plan may scan the whole table each time.
 */
export const PLAN_PER_CALL = '/* plan per call */';
