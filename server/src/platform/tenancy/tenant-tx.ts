import type { Database, Queryable, QueryResult, Row } from '../../db/index.js';
import { notFound } from '../http/errors.js';
import { memoFor, TenantMemo } from './table-versions.js';

const ident = (name: string): string => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unsafe SQL identifier: ${name}`);
  return `"${name}"`;
};

/**
 * The tenant choke point. Every request transaction runs as the non-superuser role `eam_app` with
 * app.tenant_id set, so row-level security already hides other tenants' rows; on top of that these
 * helpers always put tenant_id into the statement themselves, so no handler writes it by hand.
 */
export class TenantTx implements Queryable {
  private wrote = false;
  /**
   * Its writes bump no version until its end (bumpVersionsAtEnd): meanwhile no value is kept or served under
   * the versions, which its writes have not moved yet.
   */
  bumpsHeld = false;
  /**
   * The acting user's permission codes: set from the request's principal, or loaded on first need for a job
   * acting for a user (resources/permit.ts); null while unknown. Rows split by permission (EntityDef.permissionsBy)
   * are read and written by these.
   */
  permissions: ReadonlySet<string> | null = null;
  /** The acting member's data scope (resources/data-scope.ts), null for all; undefined until first read. */
  rowScope: import('../resources/data-scope.js').RowScope | null | undefined = undefined;
  /** The data scope of the API key the request comes with (auth/api-key.ts), null for a person. */
  keyScope: import('../resources/data-scope.js').DataScope | null = null;

  constructor(
    readonly tx: Queryable,
    readonly tenantId: number,
    readonly userId: number | null,
    /** Values kept while the tenant's tables are unchanged (see table-versions.ts). */
    readonly memo: TenantMemo = new TenantMemo(0),
    /** The tenant's table versions read when the transaction opened (in the round trip of BEGIN). */
    private readonly openingVersions?: ReadonlyMap<string, number>,
    /** The database, when the transaction reads one snapshot that a second connection may share (side by side). */
    readonly sharing?: Database,
  ) {}

  private exported: Promise<string> | undefined;
  /** The transaction's snapshot, exported once for transactions on other connections to read (side by side). */
  exportedSnapshot(): Promise<string> {
    this.exported ??= this.tx.query<{ id: string }>('select pg_export_snapshot() as id').then((r) => r.rows[0]!.id);
    return this.exported;
  }

  /** The versions the transaction opened with, while it has written nothing (its own writes move them). */
  versionsAtStart(): ReadonlyMap<string, number> | undefined {
    return this.wrote ? undefined : this.openingVersions;
  }

  query<T extends object = Row>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
    if (!this.wrote && !READ.test(sql)) this.wrote = true;
    return this.tx.query<T>(sql, params);
  }

  exec(sql: string): Promise<void> {
    this.wrote = true;
    return this.tx.exec(sql);
  }

  async insert<T extends object = Row>(table: string, values: Record<string, unknown>, returning = '*'): Promise<T> {
    const row: Record<string, unknown> = { ...values, tenant_id: this.tenantId };
    const cols = Object.keys(row);
    const sql = `insert into ${ident(table)} (${cols.map(ident).join(', ')}) values (${cols.map((_, i) => `$${i + 1}`).join(', ')}) returning ${returning}`;
    return (
      await this.query<T>(
        sql,
        cols.map((c) => row[c]),
      )
    ).rows[0]!;
  }

  /** Updates one row by id; throws notFound when the tenant has no such row. */
  async update<T extends object = Row>(
    table: string,
    id: unknown,
    values: Record<string, unknown>,
    returning = '*',
  ): Promise<T> {
    const cols = Object.keys(values).filter((c) => c !== 'tenant_id' && c !== 'id');
    if (cols.length === 0) return this.get<T>(table, id);
    const sets = cols.map((c, i) => `${ident(c)} = $${i + 3}`).join(', ');
    const sql = `update ${ident(table)} set ${sets} where tenant_id = $1 and id = $2 returning ${returning}`;
    const r = await this.query<T>(sql, [this.tenantId, id, ...cols.map((c) => values[c])]);
    if (r.rows.length === 0) throw notFound();
    return r.rows[0]!;
  }

  async find<T extends object = Row>(table: string, id: unknown, columns = '*'): Promise<T | null> {
    if (!isId(id)) return null;
    const r = await this.tx.query<T>(`select ${columns} from ${ident(table)} where tenant_id = $1 and id = $2`, [
      this.tenantId,
      id,
    ]);
    return r.rows[0] ?? null;
  }

  async get<T extends object = Row>(table: string, id: unknown, columns = '*'): Promise<T> {
    const row = await this.find<T>(table, id, columns);
    if (!row) throw notFound();
    return row;
  }

  /** Deletes rows by id within the tenant; returns how many went. */
  async remove(table: string, ids: unknown[]): Promise<number> {
    const clean = ids.filter(isId);
    if (clean.length === 0) return 0;
    const r = await this.query(`delete from ${ident(table)} where tenant_id = $1 and id = any($2::bigint[])`, [
      this.tenantId,
      clean,
    ]);
    return r.rowCount;
  }
}

/**
 * A statement that can only read, after a leading comment such as PLAN_PER_CALL (anything else counts as a
 * write, `with` included: it may hold one).
 */
const READ = /^\s*(\/\*.*?\*\/\s*)?select\b/is;

/**
 * Turns PostgreSQL's JIT off for the rest of the transaction. Date series and large joins inflate the planner's
 * cost far past the JIT thresholds: compiling took 1.4 s of a 1.5 s check generation (50 ms of work) and about
 * 0.9 s of every report over a year of orders. The embedded database ignores the setting.
 */
export const noJit = (tx: TenantTx) => tx.query('set local jit = off');

/**
 * Sets the rest of a reading transaction up for reports, whose statements run far longer than they take to plan:
 * - JIT off (noJit);
 * - every statement planned for its values: after five calls a prepared statement may keep a generic plan,
 *   which read every order of the tenant for the home panel's open ones (560 ms against 110 ms);
 * - work memory for a year's sorts and hashes (the default 4MB spilled the home panel's to disk).
 * Not for writes: planning for the values applies to every foreign-key check too, which a bulk insert then plans
 * again for each row (a week of generated check items went from 41 s to minutes).
 */
export const planForReports = (tx: TenantTx) =>
  tx.query(
    `select set_config('jit', 'off', true), set_config('plan_cache_mode', 'force_custom_plan', true),
            set_config('work_mem', '64MB', true)`,
  );

export const isId = (v: unknown): v is number | string =>
  (typeof v === 'number' && Number.isSafeInteger(v) && v > 0) || (typeof v === 'string' && /^[1-9]\d{0,15}$/.test(v));

/**
 * A statement without parameters run before the transaction becomes the request role (in the round trip of
 * BEGIN), and what to do with its rows before the work starts: the caller's session check (auth/plugin.ts).
 */
export interface PreludeCheck {
  sql: string;
  verify(rows: Row[], tx: TenantTx): Promise<void>;
}

/** How a tenant transaction reads (withTenant). */
export interface TenantTxOptions {
  /**
   * A reading that may run parts side by side (sideBySide): on PostgreSQL the transaction reads one snapshot
   * (repeatable read) and lends it to a second connection for a part; elsewhere nothing changes.
   */
  sideBySide?: boolean;
  /** Reads the snapshot another open transaction exported (the second connection of sideBySide). */
  snapshot?: string;
}

/** Opens a transaction as the request role with the tenant (and user, for audit) set. */
export function withTenant<T>(
  db: Database,
  tenantId: number,
  userId: number | null,
  fn: (tx: TenantTx) => Promise<T>,
  check?: PreludeCheck,
  options: TenantTxOptions = {},
): Promise<T> {
  if (!Number.isSafeInteger(tenantId) || (userId !== null && !Number.isSafeInteger(userId)))
    throw new Error('tenant and user ids must be integers');
  // Plain integers only, so the settings ride in the same round trip as BEGIN.
  // The tenant's table versions come along too: reads key their kept values with them (table-versions.ts).
  const settings = `select set_config('app.tenant_id', '${tenantId}', true), set_config('app.user_id', '${userId ?? ''}', true), set_config('role', 'eam_app', true); select tbl, version from table_versions where tenant_id = ${tenantId}`;
  const sharing = options.sideBySide && db.kind === 'postgres' ? db : undefined;
  return db.transaction(
    async (tx, preludeRows) => {
      // The versions are the prelude's last result, the session check its first.
      const versionRows = preludeRows.at(-1) as { tbl: string; version: number | string }[] | undefined;
      // No result (a driver that does not hand prelude rows on): read the versions when they are needed.
      const opening = versionRows && new Map(versionRows.map((r) => [r.tbl, Number(r.version)]));
      const ttx = new TenantTx(tx, tenantId, userId, memoFor(db), opening, sharing);
      if (check) await check.verify(preludeRows[0] ?? [], ttx);
      return fn(ttx);
    },
    check ? `${check.sql}; ${settings}` : settings,
    options.snapshot !== undefined ? { snapshot: options.snapshot } : sharing ? { repeatableRead: true } : undefined,
  );
}

/**
 * Whether sideBySide would now run its parts at once: a reading that splits its work in two only for that (halves
 * of the machines) asks first, and reads it whole where it would not.
 */
export const sideBySidePossible = (tx: TenantTx): boolean =>
  Boolean(tx.sharing && tx.versionsAtStart() && tx.sharing.spareConnection());

/**
 * Runs two independent readings of one transaction at once: `first` in the transaction, `second` in a second
 * transaction of the same tenant and user on a connection of its own that reads the very same snapshot, so the
 * two parts agree as if read one after the other. On two cores a report's ranking and its totals then take the
 * longer of the two instead of their sum. One after the other in the transaction itself where it cannot lend
 * its snapshot (the embedded database, a transaction not opened sideBySide, one that has written) or when no
 * connection is free now: under load a request never waits for a second one, nor takes it from another request.
 * `prepare` sets the second transaction up as the first was (plan settings).
 */
export async function sideBySide<A, B>(
  tx: TenantTx,
  first: (tx: TenantTx) => Promise<A>,
  second: (tx: TenantTx) => Promise<B>,
  prepare?: (tx: TenantTx) => Promise<unknown>,
): Promise<[A, B]> {
  const db = tx.sharing;
  if (!db || !sideBySidePossible(tx)) return [await first(tx), await second(tx)];
  const snapshot = await tx.exportedSnapshot();
  const other = withTenant(
    db,
    tx.tenantId,
    tx.userId,
    async (s) => {
      s.permissions = tx.permissions;
      s.rowScope = tx.rowScope;
      s.keyScope = tx.keyScope;
      if (prepare) await prepare(s);
      return second(s);
    },
    undefined,
    { snapshot },
  );
  return Promise.all([first(tx), other]);
}

/**
 * Refuses to serve when the request role could bypass row-level security.
 * Returns the role's name when it is safe.
 */
export async function assertRequestRoleIsSafe(db: Database): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.query("select set_config('role', 'eam_app', true)");
    const r = await tx.query<{ name: string; rolsuper: boolean; rolbypassrls: boolean }>(
      'select current_user as name, rolsuper, rolbypassrls from pg_roles where rolname = current_user',
    );
    const role = r.rows[0];
    if (!role || role.rolsuper || role.rolbypassrls) {
      throw new Error(
        `Refusing to serve: the request role ${role?.name ?? '?'} is a superuser or has BYPASSRLS, so tenant isolation would not hold.`,
      );
    }
    return role.name;
  });
}
