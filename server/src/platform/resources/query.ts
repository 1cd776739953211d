import { AppError } from '../http/errors.js';
import type { Lang } from '../i18n/index.js';
import { type RowScope, rowScopeSql } from './data-scope.js';
import { type Field, fieldExpr, type Model } from './model.js';
import { type Permit, permitSql } from './permit.js';
import { liveCondition, refTarget } from './registry.js';
import { scopeSql } from './scope.js';
import { type Coerced, cleanText, coerceValue, type ValueContext } from './values.js';

/** Positional parameters of one statement; $1 is always the tenant (taken from tx.tenantId). */
export class Params {
  readonly values: unknown[];
  constructor(tenantId: number) {
    this.values = [tenantId];
  }
  add(v: unknown): string {
    this.values.push(v);
    return `$${this.values.length}`;
  }
}

const q = (name: string) => `"${name.replace(/"/g, '')}"`;

/**
 * The select list and joins of a read: every field under its wire name plus the readable values of refs.
 * `lookups` fetches those values with one index lookup per row and reference instead of joins: the choice for
 * a page or a single row, where a planner may otherwise hash whole tables to name twenty rows.
 */
export function selectParts(model: Model, lookups = false): { columns: string; joins: string } {
  const cols = ['t.id'];
  const joins: string[] = [];
  const named = (table: string, a: string, column: string, idExpr: string, as: string) => {
    if (lookups)
      cols.push(
        `(select ${a}.${q(column)} from ${q(table)} ${a} where ${a}.tenant_id = t.tenant_id and ${a}.id = ${idExpr}) as ${q(as)}`,
      );
    else {
      joins.push(`left join ${q(table)} ${a} on ${a}.tenant_id = t.tenant_id and ${a}.id = ${idExpr}`);
      cols.push(`${a}.${q(column)} as ${q(as)}`);
    }
  };
  model.fields.forEach((f, i) => {
    if (f.customKey) return;
    const expr = fieldExpr(f);
    cols.push(`${f.def.type === 'date' ? `${expr}::text` : expr} as ${q(f.name)}`);
    if (f.def.type === 'ref' && f.column) {
      const target = refTarget(f.def.ref!);
      named(target.table, `r${i}`, target.nameColumn, `t.${q(f.column)}`, f.display!);
    }
  });
  if (model.def.customFields !== false) cols.push('t.custom');
  cols.push('t.created_at as "createdAt"', 't.created_by as "createdBy"');
  named('users', 'cu', 'peoplename', 't.created_by', 'createdByName');
  cols.push('t.updated_at as "updatedAt"', 't.updated_by as "updatedBy"');
  return { columns: cols.join(', '), joins: joins.join(' ') };
}

/**
 * A read of several rows: the base table is filtered, sorted and cut first, and the readable values of
 * references are fetched for the rows kept only (cheap whatever the planner's statistics).
 */
export function rowsSql(
  model: Model,
  extraColumns: string,
  where: string,
  order: string,
  tail: string,
  lookups = false,
): string {
  const { columns, joins } = selectParts(model, lookups);
  return `select ${columns}${extraColumns} from (select t.* from "${model.def.table}" t where ${where} order by ${order} ${tail}) t ${joins} order by ${order}`;
}

/**
 * The base condition: the tenant, the entity's scope, for soft-deleted entities live rows only, and the values of a
 * permission split the user reaches.
 */
export const baseWhere = (model: Model, permit?: Permit, rowScope?: RowScope | null): string =>
  `t.tenant_id = $1${model.def.softDelete ? ' and t.deleted_at is null' : ''}${scopeSql(model.def, 't')}${permitSql(model, permit)}${rowScopeSql(model, rowScope)}`;

export type QueryInput = Record<string, unknown>;

function badFilter(f: Field, lang: Lang, r: Extract<Coerced, { ok: false }>): AppError {
  const label = f.label(lang);
  return new AppError('invalid', `resources.validation.${r.key}`, { label, field: f.name, ...r.params }, f.name);
}

function value(f: Field, raw: unknown, ctx: ValueContext): unknown {
  const r = coerceValue(f, raw, ctx);
  if (!r.ok) throw badFilter(f, ctx.lang, r);
  return r.value;
}

function arrayType(f: Field): string {
  switch (f.def.type) {
    case 'integer':
    case 'ref':
      return f.customKey ? 'numeric[]' : 'bigint[]';
    case 'decimal':
      return 'numeric[]';
    case 'date':
      return f.customKey ? 'text[]' : 'date[]';
    case 'boolean':
      return 'boolean[]';
    case 'enum':
      return typeof f.def.options![0] === 'number' ? 'integer[]' : 'text[]';
    default:
      return 'text[]';
  }
}

const asList = (raw: unknown): unknown[] =>
  (Array.isArray(raw) ? raw : [raw])
    .flatMap((v) => (typeof v === 'string' ? v.split(',') : [v]))
    .filter((v) => v !== '' && v !== null && v !== undefined);

const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The query parameters that page, all and export understand (filters, sort, keyword), cleaned. */
export function queryParams(model: Model, input: QueryInput): QueryInput {
  const names = new Set(['sort', 'order', 'keyword']);
  for (const f of model.fields) {
    if (!f.filter) continue;
    if (f.filter === 'range') names.add(`${f.name}From`).add(`${f.name}To`);
    else names.add(f.name);
  }
  const out: QueryInput = {};
  for (const [k, v] of Object.entries(input)) {
    if (!names.has(k) || v === null || v === undefined) continue;
    if (typeof v === 'string') out[k] = cleanText(v);
    else if (Array.isArray(v))
      out[k] = v
        .filter((x) => typeof x === 'string' || typeof x === 'number')
        .map((x) => (typeof x === 'string' ? cleanText(x) : x));
    else if (typeof v === 'number' || typeof v === 'boolean') out[k] = v;
  }
  return out;
}

/** Conditions from the declared filters present in the query (page, all and export share them). */
export function filterWhere(model: Model, input: QueryInput, params: Params, ctx: ValueContext): string[] {
  const where: string[] = [];
  const present = (k: string) => input[k] !== undefined && input[k] !== null && input[k] !== '';
  for (const f of model.fields) {
    if (!f.filter) continue;
    const expr = fieldExpr(f);
    if (f.filter === 'range') {
      const from = `${f.name}From`;
      const to = `${f.name}To`;
      if (present(from)) where.push(`${expr} >= ${params.add(value(f, input[from], ctx))}`);
      if (present(to)) where.push(`${expr} <= ${params.add(value(f, input[to], ctx))}`);
      continue;
    }
    if (!present(f.name)) continue;
    const raw = input[f.name];
    if (f.filter === 'like') {
      where.push(`${expr}::text ilike ${params.add(likePattern(cleanText(String(raw)).trim()))}`);
    } else if (f.filter === 'in' || Array.isArray(raw)) {
      const list = asList(raw).map((v) => value(f, v, ctx));
      if (list.length) where.push(`${expr} = any(${params.add(list)}::${arrayType(f)})`);
    } else if (f.customKey) {
      where.push(`t.custom @> ${params.add(JSON.stringify({ [f.customKey]: value(f, raw, ctx) }))}::jsonb`);
    } else {
      where.push(`${expr} = ${params.add(value(f, raw, ctx))}`);
    }
  }
  const keyword = typeof input.keyword === 'string' ? cleanText(input.keyword).trim() : '';
  if (keyword) {
    const cols = [model.def.codeField, model.def.nameField].filter((n): n is string => !!n);
    const p = params.add(likePattern(keyword));
    where.push(`(${cols.map((c) => `${fieldExpr(model.byName.get(c)!)} ilike ${p}`).join(' or ')})`);
  }
  return where;
}

export interface SortKey {
  expr: string;
  dir: 'asc' | 'desc';
  name: string;
  /** The column cannot hold null, so the order needs no nulls clause and an index serves either direction. */
  notNull: boolean;
  /** The order of rows of equal value by id, when it is not `dir` (a default sort's `idDir`). */
  idDir?: 'asc' | 'desc';
}

const SYSTEM_SORT: Record<string, string> = { id: 't.id', createdAt: 't.created_at', updatedAt: 't.updated_at' };

const notNull = (f: Field): boolean => !!f.column && !!f.def.required && !f.def.computed;

/** The requested sort if the field is sortable, else the entity's default, else newest first. */
export function sortKey(model: Model, input: QueryInput): SortKey {
  const order = String(input.order ?? '').toLowerCase();
  let name = typeof input.sort === 'string' ? input.sort : '';
  let dir: 'asc' | 'desc' = order === 'asc' || order === 'ascending' ? 'asc' : 'desc';
  if (name.startsWith('-')) {
    name = name.slice(1);
    dir = 'desc';
  }
  const f = model.byName.get(name);
  if (f?.sortable) return { expr: fieldExpr(f), dir, name, notNull: notNull(f) };
  if (SYSTEM_SORT[name]) return { expr: SYSTEM_SORT[name]!, dir, name, notNull: true };
  const d = model.def.defaultSort;
  if (d) {
    const df = model.byName.get(d.field)!;
    const idDir = d.idDir && d.idDir !== d.dir ? { idDir: d.idDir } : {};
    return { expr: fieldExpr(df), dir: d.dir, name: d.field, notNull: notNull(df), ...idDir };
  }
  return { expr: 't.id', dir: 'desc', name: 'id', notNull: true };
}

export const orderBy = (s: SortKey): string =>
  s.expr === 't.id' ? `t.id ${s.dir}` : `${s.expr} ${s.dir}${s.notNull ? '' : ' nulls last'}, t.id ${s.idDir ?? s.dir}`;

/** Keyset condition for the rows after (value, id) in the order of s (nulls last). */
export function after(s: SortKey, last: { value: unknown; id: number }, params: Params): string {
  const op = s.dir === 'asc' ? '>' : '<';
  const idOp = (s.idDir ?? s.dir) === 'asc' ? '>' : '<';
  const id = params.add(last.id);
  if (s.expr === 't.id') return `t.id ${op} ${id}`;
  if (last.value === null || last.value === undefined) return `(${s.expr} is null and t.id ${idOp} ${id})`;
  const v = params.add(last.value);
  // Without nulls the first term is a plain range an index on the sort column can start from.
  if (s.notNull) return `(${s.expr} ${op}= ${v} and (${s.expr} ${op} ${v} or t.id ${idOp} ${id}))`;
  return `(${s.expr} ${op} ${v} or (${s.expr} = ${v} and t.id ${idOp} ${id}) or ${s.expr} is null)`;
}

/** Live rows of a ref target with given ids, for existence checks. */
export function refExistsSql(f: Field): string {
  const target = refTarget(f.def.ref!);
  const extra = Object.entries(f.def.refWhere ?? {}).map(
    ([col, v]) => `r.${q(col)} = ${typeof v === 'string' ? `'${v.replace(/'/g, "''")}'` : String(v)}`,
  );
  return `select r.id from ${q(target.table)} r where r.tenant_id = $1 and r.id = any($2::bigint[]) and ${liveCondition(target, 'r')}${extra.map((e) => ` and ${e}`).join('')}`;
}
