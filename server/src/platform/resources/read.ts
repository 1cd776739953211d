import { notFound } from '../http/errors.js';
import type { Lang } from '../i18n/index.js';
import { tableVersions, type Versions } from '../tenancy/table-versions.js';
import { isId, type TenantTx } from '../tenancy/tenant-tx.js';
import { actorRowScope, type RowScope } from './data-scope.js';
import { loadModel, type Model } from './model.js';
import { codesOf, type Permit, permitFor } from './permit.js';
import { baseWhere, filterWhere, orderBy, Params, type QueryInput, rowsSql, selectParts, sortKey } from './query.js';
import { getEntity } from './registry.js';
import type { EntityDef, WireRow } from './types.js';
import type { Dict, ValueContext } from './values.js';

/**
 * The tenant's dictionaries used by a model's dict fields: code -> name in `lang` (the name given when the
 * entry has none in that language) and every name in any language -> code.
 */
export async function loadDicts(
  tx: TenantTx,
  model: Model,
  lang: Lang,
  versions?: Versions,
): Promise<Map<string, Dict>> {
  const codes = [...new Set(model.fields.filter((f) => f.def.type === 'dict').map((f) => f.def.dict!))];
  if (codes.length === 0) return new Map();
  const v = versions?.key('items');
  const key = v && `dicts|${tx.tenantId}|${v}|${lang}|${codes.join(',')}`;
  return tx.memo.remember(key, async () => {
    const out = new Map<string, Dict>();
    const r = await tx.query<{ dict: string; code: string; name: string; names: Record<string, string> | null }>(
      `select p.code as dict, i.code, i.name, i.names from items i
         join items p on p.tenant_id = i.tenant_id and p.id = i.parent_id and p.parent_id is null
        where i.tenant_id = $1 and p.code = any($2::text[]) order by p.code, i.sort, i.id`,
      [tx.tenantId, codes],
    );
    for (const c of codes) out.set(c, { codes: new Map(), names: new Map() });
    for (const row of r.rows) {
      const d = out.get(row.dict)!;
      (d.codes as Map<string, string>).set(row.code, row.names?.[lang] || row.name);
      const byName = d.names as Map<string, string>;
      for (const name of [row.name, ...Object.values(row.names ?? {})])
        if (name && !byName.has(name.toLowerCase())) byName.set(name.toLowerCase(), row.code);
    }
    return out;
  });
}

/** What a read needs: the tenant's model and dictionaries, in the caller's language. */
export interface ReadContext extends ValueContext {
  readonly model: Model;
  /** The tenant's versions of the entity's table, custom fields and dictionaries when the context was made. */
  readonly versions?: Versions;
  /** The values of a permission split the acting user reads (EntityDef.permissionsBy); undefined for all. */
  readonly permit?: Permit;
  /** The acting member's data scope (EntityDef.dataScope); null or undefined for all. */
  readonly rowScope?: RowScope | null;
}

export async function readContext(tx: TenantTx, def: EntityDef, lang: Lang): Promise<ReadContext> {
  const versions = await tableVersions(tx, [def.table, 'custom_fields', 'items']);
  const model = await loadModel(tx, def, versions);
  const permit = await permitFor(tx, def, codesOf(def, ['view', 'add', 'edit']));
  return { model, lang, dicts: await loadDicts(tx, model, lang, versions), versions, permit };
}

/**
 * The number of rows matching a condition, kept while the table is unchanged. Not kept when a filter reads a
 * computed field: that may look at other tables, whose changes do not move this table's version.
 */
async function countRows(tx: TenantTx, ctx: ReadContext, input: QueryInput, where: string, params: Params) {
  const v = ctx.versions?.key(ctx.model.def.table);
  const key =
    v && !readsComputed(ctx.model, input)
      ? `count|${tx.tenantId}|${v}|${where}|${JSON.stringify(params.values)}`
      : null;
  return tx.memo.remember(key, async () => {
    const r = await tx.query<{ n: number }>(
      `select count(*)::int as n from "${ctx.model.def.table}" t where ${where}`,
      params.values,
    );
    return r.rows[0]!.n;
  });
}

function readsComputed(model: Model, input: QueryInput): boolean {
  const given = (k: string) => input[k] !== undefined && input[k] !== null && input[k] !== '';
  const viaKeyword =
    given('keyword') && [model.def.codeField, model.def.nameField].some((n) => n && model.byName.get(n)?.def.computed);
  return (
    viaKeyword ||
    model.fields.some(
      (f) => f.def.computed && f.filter && (given(f.name) || given(`${f.name}From`) || given(`${f.name}To`)),
    )
  );
}

/** Fills readable dict values, turns timestamps into ISO text and writes what the entity presents (hooks.present). */
export function finishRow(ctx: Pick<ReadContext, 'model' | 'dicts' | 'lang'>, row: WireRow): WireRow {
  for (const f of ctx.model.fields) {
    if (f.customKey) continue;
    const v = row[f.name];
    if (v instanceof Date) row[f.name] = v.toISOString();
    if (f.def.type === 'dict' && f.display)
      row[f.display] = v == null ? null : (ctx.dicts.get(f.def.dict!)?.codes.get(String(v)) ?? v);
  }
  for (const k of ['createdAt', 'updatedAt']) if (row[k] instanceof Date) row[k] = (row[k] as Date).toISOString();
  if (ctx.model.def.customFields !== false && (row.custom === null || row.custom === undefined)) row.custom = {};
  ctx.model.def.hooks?.present?.(row, ctx.lang);
  return row;
}

async function embedChildren(tx: TenantTx, ctx: ReadContext, rows: WireRow[]): Promise<void> {
  const children = ctx.model.def.children ?? [];
  if (children.length === 0 || rows.length === 0) return;
  const ids = rows.map((r) => r.id);
  for (const c of children) {
    const child = await readContext(tx, getEntity(c.entity), ctx.lang);
    const field = child.model.byName.get(c.field)!;
    const { columns, joins } = selectParts(child.model);
    const sort = orderBy(sortKey(child.model, {}));
    const r = await tx.query<WireRow>(
      `select ${columns} from "${child.model.def.table}" t ${joins}
        where ${baseWhere(child.model)} and t."${field.column}" = any($2::bigint[]) order by ${sort}`,
      [tx.tenantId, ids],
    );
    const byParent = new Map<unknown, WireRow[]>();
    for (const row of r.rows) {
      const list = byParent.get(row[c.field]) ?? [];
      list.push(finishRow(child, row));
      byParent.set(row[c.field], list);
    }
    for (const row of rows) row[c.as] = byParent.get(row.id) ?? [];
  }
}

/** One page of rows matching the filters, with the total count (both computed in SQL). */
export async function pageRows(
  tx: TenantTx,
  ctx: ReadContext,
  input: QueryInput,
  page: number,
  limit: number,
): Promise<{ rows: WireRow[]; count: number }> {
  const params = new Params(tx.tenantId);
  const where = [baseWhere(ctx.model, ctx.permit, ctx.rowScope), ...filterWhere(ctx.model, input, params, ctx)].join(
    ' and ',
  );
  const n = await countRows(tx, ctx, input, where, params);
  if (n === 0) return { rows: [], count: 0 };
  const lim = params.add(limit);
  const off = params.add((page - 1) * limit);
  const r = await tx.query<WireRow>(
    rowsSql(ctx.model, '', where, orderBy(sortKey(ctx.model, input)), `limit ${lim} offset ${off}`, true),
    params.values,
  );
  const rows = r.rows.map((row) => finishRow(ctx, row));
  return { rows, count: n };
}

export const ALL_LIMIT = 10_000;

/** Every row matching the filters (for pick lists and trees), capped at ALL_LIMIT, children embedded. */
export async function allRows(tx: TenantTx, ctx: ReadContext, input: QueryInput): Promise<WireRow[]> {
  const params = new Params(tx.tenantId);
  const where = [baseWhere(ctx.model, ctx.permit, ctx.rowScope), ...filterWhere(ctx.model, input, params, ctx)].join(
    ' and ',
  );
  const r = await tx.query<WireRow>(
    rowsSql(ctx.model, '', where, orderBy(sortKey(ctx.model, input)), `limit ${ALL_LIMIT}`),
    params.values,
  );
  const rows = r.rows.map((row) => finishRow(ctx, row));
  await embedChildren(tx, ctx, rows);
  return rows;
}

/**
 * The read context of a member's request: the entity's rows within the acting member's data scope. The routes
 * read through it; what a write then does to other records (hooks, workflow consequences) is not scoped.
 */
export async function memberReadContext(tx: TenantTx, def: EntityDef, lang: Lang): Promise<ReadContext> {
  const ctx = await readContext(tx, def, lang);
  return def.dataScope ? { ...ctx, rowScope: await actorRowScope(tx) } : ctx;
}

/**
 * Refuses as not found unless every id is a record within the member's data scope, and returns the context the
 * write then works in (the same, unscoped: a change that moves a record out of the member's reach is theirs to
 * make, and its read-back must not fail).
 */
export async function inScopeForWrite(tx: TenantTx, ctx: ReadContext, ids: readonly unknown[]): Promise<ReadContext> {
  if (!ctx.rowScope) return ctx;
  for (const id of ids) if (isId(id) && !(await findRow(tx, ctx, id))) throw notFound();
  return { ...ctx, rowScope: null };
}

/** One live row by id, children embedded; null when the tenant has none. */
export async function findRow(tx: TenantTx, ctx: ReadContext, id: unknown): Promise<WireRow | null> {
  if (!isId(id)) return null;
  const { columns } = selectParts(ctx.model, true);
  const r = await tx.query<WireRow>(
    `select ${columns} from "${ctx.model.def.table}" t where ${baseWhere(ctx.model, ctx.permit, ctx.rowScope)} and t.id = $2`,
    [tx.tenantId, id],
  );
  if (!r.rows[0]) return null;
  const rows = [finishRow(ctx, r.rows[0])];
  await embedChildren(tx, ctx, rows);
  return rows[0]!;
}

export async function getRow(tx: TenantTx, ctx: ReadContext, id: unknown): Promise<WireRow> {
  const row = await findRow(tx, ctx, id);
  if (!row) throw notFound();
  return row;
}
