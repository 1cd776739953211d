import { checkFileRefs } from '../files/refs.js';
import { AppError, businessError, notFound } from '../http/errors.js';
import { type Lang, t } from '../i18n/index.js';
import type { TenantTx } from '../tenancy/tenant-tx.js';
import { auditChange } from './audit.js';
import { assertRowUnchanged } from './edit-check.js';
import type { Field, Model } from './model.js';
import { assertPermitted, assertWritten, codesOf } from './permit.js';
import { pushRecord } from './push.js';
import { refExistsSql } from './query.js';
import { findRow, getRow, type ReadContext } from './read.js';
import { scopeSql } from './scope.js';
import type { FieldIssue, WireRow } from './types.js';
import { coerceValue } from './values.js';
import { checkWithin } from './within.js';

const JSON_TYPES = new Set(['json', 'image', 'attachments']);

/** A field's raw value in a request body (custom fields nested under custom, or as custom.<key>). */
function rawValue(f: Field, body: WireRow): unknown {
  if (!f.customKey) return body[f.name];
  const nested = body.custom;
  if (nested && typeof nested === 'object' && f.customKey in nested) return (nested as WireRow)[f.customKey];
  return body[f.name];
}

/** The value a new record gets for a field the body leaves out. */
export const defaultOf = (f: Field): unknown => (f.def.defaultNow ? new Date().toISOString() : (f.def.default ?? null));

export interface Prepared {
  /** Stored columns to write (column -> value). */
  columns: Record<string, unknown>;
  /** Custom values to write (merged into the stored object), or null when none are given. */
  custom: Record<string, unknown> | null;
  issues: FieldIssue[];
  /** The written values under their wire names (custom ones as custom.<key>). */
  values: WireRow;
}

/**
 * Checks a body against the model: types, lengths, ranges, required fields (on create every one, on update
 * those being cleared). `existing` is the stored row for an update. A system write (a workflow step, another
 * entity's side effect) may also set read-only fields that the body names.
 */
export function prepare(ctx: ReadContext, body: WireRow, existing: WireRow | null, system = false): Prepared {
  const out: Prepared = { columns: {}, custom: null, issues: [], values: {} };
  for (const f of ctx.model.fields) {
    const systemOnly = system && !f.writable && !!f.column && rawValue(f, body) !== undefined;
    if (!f.writable && !systemOnly) continue;
    let raw = rawValue(f, body);
    if (raw === undefined) {
      if (existing) continue;
      raw = defaultOf(f);
    }
    const r = coerceValue(f, raw, ctx);
    if (!r.ok) {
      out.issues.push({ field: f.name, key: r.key, params: r.params });
      continue;
    }
    if (r.value === null && f.def.required) {
      out.issues.push({ field: f.name, key: 'required' });
      continue;
    }
    out.values[f.name] = r.value;
    if (f.customKey) {
      out.custom ??= {};
      out.custom[f.customKey] = r.value;
    } else out.columns[f.column!] = JSON_TYPES.has(f.def.type) && r.value !== null ? JSON.stringify(r.value) : r.value;
  }
  return out;
}

const writtenValue = (p: Prepared, f: Field, existing: WireRow | null): unknown => {
  if (f.column && f.column in p.columns) return p.columns[f.column];
  return existing ? existing[f.name] : null;
};

/** References must point at live rows (and files) of the tenant; unique values must be free. */
export async function checkRelations(tx: TenantTx, model: Model, p: Prepared, existing: WireRow | null): Promise<void> {
  await checkFileRefs(tx, model, p, existing);
  for (const f of model.fields) {
    if (f.def.type !== 'ref' || !f.column || !(f.column in p.columns) || p.columns[f.column] === null) continue;
    const id = p.columns[f.column];
    const r = await tx.query(refExistsSql(f), [tx.tenantId, [id]]);
    if (r.rows.length === 0) p.issues.push({ field: f.name, key: 'refMissing', params: { value: id } });
    if (existing && f.def.ref === model.def.name && model.def.treeParent === f.name) {
      const loop = await tx.query(
        `with recursive up(id, parent) as (
           select id, "${f.column}" from "${model.def.table}" where tenant_id = $1 and id = $2
           union select t.id, t."${f.column}" from "${model.def.table}" t join up on t.id = up.parent where t.tenant_id = $1)
         select 1 from up where id = $3 limit 1`,
        [tx.tenantId, id, existing.id],
      );
      if (loop.rows.length) p.issues.push({ field: f.name, key: 'treeLoop' });
    }
  }
  await checkWithin(
    tx,
    model,
    (f) => !!f.column && f.column in p.columns,
    (f) => writtenValue(p, f, existing),
    p.issues,
  );
  for (const f of model.fields) {
    if (!f.def.unique || !f.column) continue;
    const touched = [f, ...(f.def.uniqueWith ?? []).map((n) => model.byName.get(n)!)].some(
      (g) => g.column! in p.columns,
    );
    const v = writtenValue(p, f, existing);
    if (!touched || v === null || v === undefined) continue;
    const args: unknown[] = [tx.tenantId, v];
    const conds = [`"${f.column}" = $2`];
    for (const n of f.def.uniqueWith ?? []) {
      const g = model.byName.get(n)!;
      args.push(writtenValue(p, g, existing));
      conds.push(`"${g.column}" is not distinct from $${args.length}`);
    }
    if (existing) {
      args.push(existing.id);
      conds.push(`id <> $${args.length}`);
    }
    const live = `${model.def.softDelete ? ' and deleted_at is null' : ''}${scopeSql(model.def)}`;
    const r = await tx.query(
      `select 1 from "${model.def.table}" where tenant_id = $1 and ${conds.join(' and ')}${live} limit 1`,
      args,
    );
    if (r.rows.length) p.issues.push({ field: f.name, key: 'unique', params: { value: v } });
  }
}

/** The locale key of an issue: the field's own message for it, a domain's whole key, else the engine's. */
const issueKey = (model: Model, i: FieldIssue): string =>
  model.byName.get(i.field)?.def.messages?.[i.key] ?? (i.key.includes('.') ? i.key : `resources.validation.${i.key}`);

/** Turns issues into the business error the web shows: the first message, the field, and all issues. */
export function validationError(model: Model, lang: Lang, issues: FieldIssue[]): AppError {
  const params = (i: FieldIssue) => {
    const f = model.byName.get(i.field);
    const within = typeof i.params?.within === 'string' ? model.byName.get(i.params.within) : undefined;
    return { label: f ? f.label(lang) : i.field, ...i.params, ...(within ? { parent: within.label(lang) } : {}) };
  };
  const first = issues[0]!;
  const details = issues.map((i) => ({
    field: i.field,
    message: t(lang, issueKey(model, i), params(i)),
  }));
  return new AppError('business', issueKey(model, first), params(first), first.field, details);
}

/** Maps database constraint failures that slipped past the checks to the user's language. */
export function constraintError(err: unknown): unknown {
  const code = (err as { code?: string }).code;
  if (code === '23505') return businessError('resources.duplicate');
  if (code === '23503') return businessError('resources.inUseOther');
  return err;
}

async function runCheck(tx: TenantTx, ctx: ReadContext, p: Prepared, existing: WireRow | null): Promise<void> {
  const check = ctx.model.def.hooks?.check;
  if (!check) return;
  const custom = { ...((existing?.custom as WireRow | undefined) ?? {}), ...(p.custom ?? {}) };
  p.issues.push(...(await check(tx, { ...(existing ?? {}), ...p.values, custom }, existing)));
}

function stamp(tx: TenantTx, p: Prepared, create: boolean): Record<string, unknown> {
  const values: Record<string, unknown> = { ...p.columns, updated_by: tx.userId, updated_at: new Date() };
  if (create) values.created_by = tx.userId;
  return values;
}

/** How a write is made: `system` lets workflow code set read-only fields (never a client's body). */
export interface WriteOptions {
  readonly system?: boolean;
}

/**
 * The record service: every write of a declared entity (engine routes, workflow steps, imports of single
 * rows, domain side effects) goes through createRow / updateRow, so checks, hooks, audit, table versions and
 * pushes happen once, here.
 */
export async function createRow(
  tx: TenantTx,
  ctx: ReadContext,
  body: WireRow,
  opts: WriteOptions = {},
): Promise<WireRow> {
  const validate = ctx.model.def.hooks?.beforeValidate;
  if (validate && !opts.system) body = await validate(tx, body, null);
  const p = prepare(ctx, body, null, opts.system);
  if (!p.issues.length) await checkRelations(tx, ctx.model, p, null);
  if (!p.issues.length && !opts.system) await runCheck(tx, ctx, p, null);
  if (p.issues.length) throw validationError(ctx.model, ctx.lang, p.issues);
  const values = { ...stamp(tx, p, true), ...ctx.model.def.scope };
  if (ctx.model.def.customFields !== false) values.custom = JSON.stringify(p.custom ?? {});
  let id: number;
  try {
    id = (await tx.insert<{ id: number }>(ctx.model.def.table, values, 'id')).id;
  } catch (err) {
    throw constraintError(err);
  }
  if (!opts.system) await assertWritten(tx, ctx.model, 'add', id);
  const after = await getRow(tx, ctx, id);
  await auditChange(tx, ctx.model.def.name, id, 'create', null, after);
  await ctx.model.def.hooks?.afterWrite?.(tx, null, after, body);
  await pushRecord(tx, ctx.model.def, id, 'create');
  return after;
}

export async function updateRow(
  tx: TenantTx,
  ctx: ReadContext,
  id: unknown,
  body: WireRow,
  opts: WriteOptions = {},
): Promise<WireRow> {
  const before = await findRow(tx, ctx, id);
  if (!before) throw notFound();
  if (!opts.system) await assertRowUnchanged(tx, ctx.model.def.table, before.id, body.updatedAt);
  const validate = ctx.model.def.hooks?.beforeValidate;
  if (validate && !opts.system) body = await validate(tx, body, before);
  const p = prepare(ctx, body, before, opts.system);
  if (!opts.system) await assertPermitted(tx, ctx.model.def, codesOf(ctx.model.def, ['edit']), before);
  if (!p.issues.length) await checkRelations(tx, ctx.model, p, before);
  // A system write is the workflow's own (its guards ran); the entity's check is for what people send.
  if (!p.issues.length && !opts.system) await runCheck(tx, ctx, p, before);
  if (p.issues.length) throw validationError(ctx.model, ctx.lang, p.issues);
  const values = stamp(tx, p, false);
  if (p.custom) values.custom = JSON.stringify({ ...(before.custom as object), ...p.custom });
  try {
    await tx.update(ctx.model.def.table, before.id, values, 'id');
  } catch (err) {
    throw constraintError(err);
  }
  if (!opts.system) await assertWritten(tx, ctx.model, 'edit', before.id);
  const after = await getRow(tx, ctx, before.id);
  await auditChange(tx, ctx.model.def.name, before.id, 'update', before, after);
  await ctx.model.def.hooks?.afterWrite?.(tx, before, after, body);
  await pushRecord(tx, ctx.model.def, before.id, 'update');
  return after;
}
