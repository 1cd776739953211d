import type { Database } from '../../db/index.js';
import type { TenantTx } from './tenant-tx.js';

/**
 * Values computed from a tenant's tables (a list's total, the tenant's custom fields, its dictionaries) that
 * stay right while those tables are unchanged. Every write to a versioned table bumps the tenant's row in
 * `table_versions` in the same transaction (a statement trigger, see migration 0010), so a value kept under
 * the versions it was computed at is never served after a change, from any server instance.
 */
export class TenantMemo {
  private readonly entries = new Map<string, unknown>();
  /** Values being computed: concurrent callers with the same key wait for the one computation. */
  private readonly pending = new Map<string, Promise<unknown>>();

  constructor(private readonly capacity = 20_000) {}

  get<T>(key: string): T | undefined {
    const v = this.entries.get(key);
    if (v === undefined) return undefined;
    // Least recently used goes first: re-insert to move the key to the end.
    this.entries.delete(key);
    this.entries.set(key, v);
    return v as T;
  }

  set(key: string, value: unknown): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }

  /**
   * The value kept under key, else computed once and kept; without a key, computed. Requests that arrive
   * together (the first burst after a start) share one computation instead of each counting 100,000 rows:
   * the key holds the versions, so every caller would compute the same value. A caller whose sharer failed
   * (its transaction rolled back) computes for itself.
   */
  async remember<T>(key: string | null | undefined, compute: () => Promise<T>): Promise<T> {
    if (!key) return compute();
    const kept = this.get<T>(key);
    if (kept !== undefined) return kept;
    const running = this.pending.get(key) as Promise<T> | undefined;
    if (running) {
      try {
        return await running;
      } catch {
        const value = await compute();
        this.set(key, value);
        return value;
      }
    }
    const p = compute();
    this.pending.set(key, p);
    try {
      const value = await p;
      this.set(key, value);
      return value;
    } finally {
      this.pending.delete(key);
    }
  }
}

const memos = new WeakMap<Database, TenantMemo>();

/** One memo per database (per schema): tenant ids and versions of different databases must never meet. */
export function memoFor(db: Database): TenantMemo {
  let m = memos.get(db);
  if (!m) {
    m = new TenantMemo();
    memos.set(db, m);
  }
  return m;
}

/**
 * The tenant's current versions of some tables, as one text ("t1:4,t2:0") to key memo entries with: those the
 * transaction opened with while it has written nothing, else read now.
 */
export async function tableVersions(tx: TenantTx, tables: readonly string[]): Promise<Versions> {
  if (tx.bumpsHeld) return new Versions(new Map());
  const at = tx.versionsAtStart() ?? (await currentVersions(tx, tables));
  return new Versions(new Map(tables.map((t) => [t, at.get(t) ?? 0])));
}

async function currentVersions(tx: TenantTx, tables: readonly string[]): Promise<ReadonlyMap<string, number>> {
  const r = await tx.query<{ tbl: string; version: number }>(
    'select tbl, version from table_versions where tenant_id = $1 and tbl = any($2::text[])',
    [tx.tenantId, tables],
  );
  return new Map(r.rows.map((row) => [row.tbl, Number(row.version)]));
}

export class Versions {
  constructor(private readonly byTable: ReadonlyMap<string, number>) {}

  /** The key part for values that depend on these tables; null when one of them was not read. */
  key(...tables: string[]): string | null {
    const parts: string[] = [];
    for (const t of tables) {
      const v = this.byTable.get(t);
      if (v === undefined) return null;
      parts.push(`${t}:${v}`);
    }
    return parts.join(',');
  }
}

/**
 * Runs fn with the version bumps of its writes held until it ends, then bumps each table written once
 * (migration 0041). Transactions writing the same tables side by side (a check run's concurrent steps) then
 * meet on the version rows only at their ends instead of queueing there from their first write. The bumps
 * stay in the transaction: a value kept under the old versions is never served after the commit, and inside
 * fn no value is kept or served (tableVersions gives no key).
 */
export async function bumpVersionsAtEnd<T>(tx: TenantTx, fn: () => Promise<T>): Promise<T> {
  await tx.query("select set_config('eam.bump_later', 'on', true)");
  tx.bumpsHeld = true;
  const out = await fn();
  await tx.query('select eam_bump_now()');
  tx.bumpsHeld = false;
  return out;
}
