import type { Queryable, QueryResult, Row } from '../../db/index.js';
import type { FileRow } from '../files/store.js';
import { forbidden } from '../http/errors.js';
import { like } from '../http/route-kit.js';
import { TenantTx } from '../tenancy/tenant-tx.js';
import { columnOf, fieldSql, type PlatformEntityDef, selectList, tableOf } from './platform-entity.js';
import type { WireRow } from './types.js';

/** A value written as the database's current time. */
export const NOW: unique symbol = Symbol('now');

/** Rows picked by wire names: a value is equality, null is "is null", an array is "any of". */
export type Match = Readonly<Record<string, unknown>>;

export interface PlatformListQuery {
  /** Fixed conditions (wire names). */
  readonly match?: Match;
  /** Values of the declared filters (eq, like, in); empty ones are left out. */
  readonly filters?: Readonly<Record<string, unknown>>;
  readonly page?: number;
  readonly limit?: number;
  /** The fields to return (default every field not hidden). */
  readonly fields?: readonly string[];
}

/** Who acts: the operator of the request (their company holds the audit rows), or nobody for public reads. */
export interface PlatformActor {
  readonly tenantId: number;
  readonly userId: number | null;
  readonly permissions: ReadonlySet<string>;
}

class Params {
  readonly values: unknown[] = [];
  add(v: unknown): string {
    this.values.push(v);
    return `$${this.values.length}`;
  }
}

function whereSql(def: PlatformEntityDef, p: Params, match: Match = {}, filters: Match = {}): string {
  const parts: string[] = [];
  for (const [name, v] of Object.entries(match)) {
    if (v === undefined) continue;
    const col = fieldSql(def, name);
    if (v === null) parts.push(`${col} is null`);
    else if (Array.isArray(v)) parts.push(`${col} = any(${p.add(v)})`);
    else parts.push(`${col} = ${p.add(v)}`);
  }
  for (const f of def.fields) {
    const v = filters[f.name];
    if (!f.filter || v === undefined || v === null || v === '') continue;
    const col = fieldSql(def, f.name);
    if (f.filter === 'like') {
      const text = String(v).trim();
      if (text) parts.push(`${col} ilike ${p.add(like(text))}`);
    } else if (f.filter === 'in') parts.push(`${col} = any(${p.add(Array.isArray(v) ? v : [v])})`);
    else parts.push(`${col} = ${p.add(v)}`);
  }
  return parts.length ? parts.join(' and ') : 'true';
}

/** Column and value lists of a write (wire names in, NOW as now()). */
function assignments(def: PlatformEntityDef, values: WireRow, p: Params): { columns: string[]; sql: string[] } {
  const columns: string[] = [];
  const sql: string[] = [];
  for (const [name, v] of Object.entries(values)) {
    if (v === undefined || name === 'id') continue;
    columns.push(`"${columnOf(def, name)}"`);
    sql.push(v === NOW ? 'now()' : p.add(v));
  }
  return { columns, sql };
}

/**
 * The platform handle: one transaction on the owner connection, reached only through req.platform (platform
 * routes, platform-handle.ts). Declared platform entities are read and written by their declaration: every write
 * needs the actor's operator code of its kind and leaves an audit_log row in the operator's company. Hand-written
 * statements of the platform's own cross-tenant work (menus given to companies, version moves) run on it as a
 * Queryable; a write in one tenant's rows with row-level security on goes through asTenant.
 */
export class PlatformTx implements Queryable {
  constructor(
    private readonly tx: Queryable,
    readonly actor: PlatformActor | null,
  ) {}

  query<T extends object = Row>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
    return this.tx.query<T>(sql, params);
  }

  exec(sql: string): Promise<void> {
    return this.tx.exec(sql);
  }

  /** Refuses unless the actor holds one of the entity's codes of this kind (public fields excepted for reads). */
  allow(def: PlatformEntityDef, kind: string, fields?: readonly string[]): void {
    const publicRead =
      kind === 'view' && fields && def.publicFields && fields.every((f) => def.publicFields!.includes(f));
    if (publicRead) return;
    const declared = def.permissions[kind];
    if (!declared) throw new Error(`platform entity ${def.name} declares no ${kind} code`);
    const codes: readonly string[] = typeof declared === 'string' ? [declared] : declared;
    if (!this.actor || !codes.some((c) => this.actor!.permissions.has(c)))
      throw forbidden('errors.noPermission', { code: codes.join(' | ') });
  }

  /** A page of rows (filters and order by the declaration) with the count of every match. */
  async list(def: PlatformEntityDef, q: PlatformListQuery): Promise<{ rows: WireRow[]; count: number }> {
    this.allow(def, 'view', q.fields);
    const p = new Params();
    const where = whereSql(def, p, q.match, q.filters);
    const limit = q.limit ?? 10_000;
    const offset = ((q.page ?? 1) - 1) * limit;
    const params = [...p.values];
    const rows = await this.tx.query<WireRow>(
      `select ${selectList(def, q.fields)} from ${tableOf(def)} t where ${where}
        order by ${def.order('t')} limit ${p.add(limit)} offset ${p.add(offset)}`,
      p.values,
    );
    if (q.page === undefined) return { rows: rows.rows, count: rows.rows.length };
    const n = await this.tx.query<{ n: number }>(
      `select count(*)::int as n from ${tableOf(def)} t where ${where}`,
      params,
    );
    return { rows: rows.rows, count: n.rows[0]!.n };
  }

  /** Every row matching (at most 10,000), in the declared order. */
  async rows(def: PlatformEntityDef, match: Match, fields?: readonly string[]): Promise<WireRow[]> {
    return (await this.list(def, { match, fields })).rows;
  }

  /** One row by id (every field, hidden ones too unless fields are named); `lock` holds it for this transaction. */
  async find(
    def: PlatformEntityDef,
    id: unknown,
    opts: { fields?: readonly string[]; lock?: boolean } = {},
  ): Promise<WireRow | null> {
    if (!isId(id)) return null;
    this.allow(def, 'view', opts.fields);
    const fields = opts.fields ?? def.fields.map((f) => f.name);
    const r = await this.tx.query<WireRow>(
      `select ${selectList(def, fields)} from ${tableOf(def)} t where t.id = $1${opts.lock ? ' for update' : ''}`,
      [id],
    );
    return r.rows[0] ?? null;
  }

  /** Inserts a row (wire names); answers it whole. */
  async create(def: PlatformEntityDef, values: WireRow, kind = 'add'): Promise<WireRow> {
    this.allow(def, kind);
    const p = new Params();
    const a = assignments(def, values, p);
    const r = await this.tx.query<{ id: number }>(
      `insert into ${tableOf(def)} (${a.columns.join(', ')}) values (${a.sql.join(', ')}) returning id`,
      p.values,
    );
    const after = await this.whole(def, r.rows[0]!.id);
    await this.audit(def, r.rows[0]!.id, 'create', null, after);
    return after!;
  }

  /** Changes a row's fields; null when there is no such row. */
  async change(def: PlatformEntityDef, id: unknown, values: WireRow, kind = 'edit'): Promise<WireRow | null> {
    return (await this.changeWhere(def, { id }, values, kind))[0] ?? null;
  }

  /** Changes the fields of every row matching; answers the rows as changed. */
  async changeWhere(def: PlatformEntityDef, match: Match, values: WireRow, kind = 'edit'): Promise<WireRow[]> {
    this.allow(def, kind);
    if (match.id !== undefined && !isId(match.id)) return [];
    const befores = await this.lockAll(def, match);
    if (befores.length === 0) return [];
    const p = new Params();
    const a = assignments(def, values, p);
    if (a.columns.length === 0) return befores;
    const sets = a.columns.map((c, i) => `${c} = ${a.sql[i]}`).join(', ');
    await this.tx.query(
      `update ${tableOf(def)} set ${sets} where id = any(${p.add(befores.map((b) => b.id))}::bigint[])`,
      p.values,
    );
    const afters: WireRow[] = [];
    for (const before of befores) {
      const after = (await this.whole(def, before.id))!;
      await this.audit(def, before.id, 'update', before, after);
      afters.push(after);
    }
    return afters;
  }

  /** Deletes rows by id; answers how many went. */
  async remove(def: PlatformEntityDef, ids: readonly unknown[], kind = 'delete'): Promise<number> {
    this.allow(def, kind);
    const clean = ids.filter(isId);
    if (clean.length === 0) return 0;
    const befores = await this.lockAll(def, { id: clean });
    await this.tx.query(`delete from ${tableOf(def)} where id = any($1::bigint[])`, [befores.map((b) => b.id)]);
    for (const before of befores) await this.audit(def, before.id, 'delete', before, null);
    return befores.length;
  }

  /** A file (platform/files) of the given company: the operator's pictures, a tenant's feedback screenshot. */
  async fileOf(tenantId: number, fileId: unknown): Promise<FileRow | null> {
    if (!isId(fileId) || !Number.isSafeInteger(tenantId)) return null;
    const r = await this.tx.query<FileRow>(
      'select id, name, mime, size, storage_key from files where tenant_id = $1 and id = $2',
      [tenantId, fileId],
    );
    return r.rows[0] ?? null;
  }

  /**
   * Runs fn in this transaction as the tenant's request role (row-level security on, app.tenant_id set): the
   * operator's answer written as a message in the sender's company. Afterwards the transaction is the owner's again.
   */
  async asTenant<T>(tenantId: number, fn: (tx: TenantTx) => Promise<T>): Promise<T> {
    if (!Number.isSafeInteger(tenantId)) throw new Error('tenant ids are integers');
    await this.tx.query(
      `select set_config('app.tenant_id', '${tenantId}', true), set_config('app.user_id', '', true), set_config('role', 'eam_app', true)`,
    );
    const out = await fn(new TenantTx(this.tx, tenantId, null));
    await this.tx.query(`select set_config('role', 'none', true), set_config('app.tenant_id', '', true)`);
    return out;
  }

  private async whole(def: PlatformEntityDef, id: unknown): Promise<WireRow | null> {
    const r = await this.tx.query<WireRow>(
      `select ${selectList(
        def,
        def.fields.map((f) => f.name),
      )} from ${tableOf(def)} t where t.id = $1`,
      [id],
    );
    return r.rows[0] ?? null;
  }

  private async lockAll(def: PlatformEntityDef, match: Match): Promise<WireRow[]> {
    const p = new Params();
    const where = whereSql(def, p, match);
    const r = await this.tx.query<WireRow>(
      `select ${selectList(
        def,
        def.fields.map((f) => f.name),
      )} from ${tableOf(def)} t where ${where}
        order by t.id for update of t`,
      p.values,
    );
    return r.rows;
  }

  private async audit(
    def: PlatformEntityDef,
    id: unknown,
    action: 'create' | 'update' | 'delete',
    before: WireRow | null,
    after: WireRow | null,
  ): Promise<void> {
    if (!this.actor) throw new Error('a platform write without an actor');
    await this.tx.query(
      `insert into audit_log(tenant_id, user_id, entity, record_id, action, before, after)
       values ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb)`,
      [
        this.actor.tenantId,
        this.actor.userId,
        `platform/${def.name}`,
        String(id),
        action,
        before ? JSON.stringify(before) : null,
        after ? JSON.stringify(after) : null,
      ],
    );
  }
}

const isId = (v: unknown): boolean =>
  (typeof v === 'number' && Number.isSafeInteger(v) && v > 0) ||
  (typeof v === 'string' && /^[1-9][0-9]{0,17}$/.test(v));
