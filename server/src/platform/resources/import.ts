import { headerKey } from '../excel/cells.js';
import { type Cell, readSheet, SheetTooLargeError } from '../excel/read.js';
import { AppError, businessError, forbidden } from '../http/errors.js';
import { languages, t } from '../i18n/index.js';
import type { TenantTx } from '../tenancy/tenant-tx.js';
import { insertBatch } from './import-insert.js';
import type { Field } from './model.js';
import { codesOf, permitFor } from './permit.js';
import type { ReadContext } from './read.js';
import { liveCondition, refTarget } from './registry.js';
import { scopeSql } from './scope.js';
import type { ImportCheck } from './types.js';
import { coerceValue } from './values.js';
import { parentOf } from './within.js';
import { defaultOf } from './write.js';

export const IMPORT_MAX_ROWS = 20_000;
const MAX_REPORTED = 1_000;

import type { ImportIssue } from './wire.js';

export type { ImportIssue };

export interface Column {
  col: number;
  header: string;
  field: Field;
}

/** Columns of the file matched to importable fields by label (any language) or wire name; a field once. */
export function matchColumns(fields: readonly Field[], headers: Map<number, string>): Column[] {
  const byKey = new Map<string, Field>();
  for (const f of fields) {
    if (!f.importable) continue;
    byKey.set(headerKey(f.name), f);
    for (const l of languages) byKey.set(headerKey(f.label(l)), f);
  }
  const out: Column[] = [];
  const seen = new Set<Field>();
  for (const [col, header] of headers) {
    const f = byKey.get(headerKey(header));
    if (f && !seen.has(f)) {
      seen.add(f);
      out.push({ col, header, field: f });
    }
  }
  return out;
}

type Resolver = (
  text: string,
  parent?: unknown,
) => { id: number } | { error: 'refMissing' | 'refAmbiguous' | 'refNotWithin' };

interface Candidate {
  id: number;
  parent: string | null;
}

/**
 * Resolves the texts of a ref column by code, then by name, in one query per column. A dependent reference
 * (within) is resolved among the targets of the row's parent value: names may repeat across parents.
 */
async function refResolver(tx: TenantTx, f: Field, texts: string[]): Promise<Resolver> {
  const target = refTarget(f.def.ref!);
  const code = target.codeColumn ? `r."${target.codeColumn}"` : 'null::text';
  const parentCol = f.def.within ? `r."${f.def.within.column}"::text` : 'null::text';
  const extra = Object.entries(f.def.refWhere ?? {})
    .map(([c, v]) => ` and r."${c}" = ${typeof v === 'string' ? `'${v.replace(/'/g, "''")}'` : String(v)}`)
    .join('');
  const r = await tx.query<{ id: number; code: string | null; name: string; parent: string | null }>(
    `select r.id, ${code} as code, r."${target.nameColumn}" as name, ${parentCol} as parent from "${target.table}" r
      where r.tenant_id = $1 and ${liveCondition(target, 'r')}${extra}
        and (${code} = any($2::text[]) or r."${target.nameColumn}" = any($2::text[]))`,
    [tx.tenantId, texts],
  );
  const byCode = new Map<string, Candidate>();
  const byName = new Map<string, Candidate[]>();
  for (const row of r.rows) {
    const c = { id: row.id, parent: row.parent };
    if (row.code !== null) byCode.set(row.code, c);
    byName.set(row.name, [...(byName.get(row.name) ?? []), c]);
  }
  return (text, parent) => {
    const within = parent === null || parent === undefined ? null : String(parent);
    const c = byCode.get(text);
    if (c !== undefined) return within === null || c.parent === within ? { id: c.id } : { error: 'refNotWithin' };
    const all = byName.get(text) ?? [];
    const n = within === null ? all : all.filter((x) => x.parent === within);
    if (n.length === 1) return { id: n[0]!.id };
    if (n.length > 1) return { error: 'refAmbiguous' };
    return { error: all.length ? 'refNotWithin' : 'refMissing' };
  };
}

const cellText = (v: Cell): string => (v instanceof Date ? v.toISOString() : String(v ?? '')).trim();

/**
 * Imports a spreadsheet: every row is checked against the declaration (types, required, options,
 * dictionaries, references by code or name, uniqueness in the file and in the tenant). Any problem and
 * nothing is written: the error lists each row and column. A clean file is inserted in batches in the
 * caller's transaction, with one audit row per record.
 */
export async function importRows(tx: TenantTx, ctx: ReadContext, data: Buffer): Promise<number> {
  const lang = ctx.lang;
  let sheet: Awaited<ReturnType<typeof readSheet>>;
  try {
    sheet = await readSheet(data, IMPORT_MAX_ROWS);
  } catch (err) {
    if (err instanceof SheetTooLargeError) throw businessError('resources.importTooMany', { max: IMPORT_MAX_ROWS });
    throw businessError('resources.importBadFile');
  }
  const columns = matchColumns(ctx.model.fields, sheet.headers);
  if (columns.length === 0) throw businessError('resources.importNoColumns');
  if (sheet.rows.length === 0) throw businessError('resources.importEmpty');

  const issues: ImportIssue[] = [];
  const report = (row: number, f: Field, header: string, key: string, params: Record<string, unknown> = {}) =>
    issues.push({
      row,
      column: header,
      field: f.name,
      message: t(lang, f.def.messages?.[key] ?? (key.includes('.') ? key : `resources.validation.${key}`), {
        label: f.label(lang),
        ...params,
      }),
    });

  const resolvers = new Map<Field, Resolver>();
  for (const c of columns.filter((x) => x.field.def.type === 'ref')) {
    const texts = [
      ...new Set(
        sheet.rows
          .map((r) => r.cells.get(c.col))
          .filter((v) => v !== undefined)
          .map(cellText),
      ),
    ];
    resolvers.set(c.field, await refResolver(tx, c.field, texts));
  }

  // A split entity (EntityDef.permissionsBy): each row's value must be one the user may import.
  const def = ctx.model.def;
  const importPermit = await permitFor(tx, def, codesOf(def, ['import']));
  const split = def.permissionsBy && ctx.model.byName.get(def.permissionsBy.field);
  if (importPermit && split && !split.column)
    throw forbidden('errors.noPermission', { code: codesOf(def, ['import']).join(' | ') });
  const lenient = { ...ctx, lenient: true };
  const dependent = columns.filter((c) => parentOf(ctx.model, c.field));
  const independent = columns.filter((c) => !dependent.includes(c));
  const records: Map<Field, unknown>[] = [];
  for (const { row, cells } of sheet.rows) {
    const rec = new Map<Field, unknown>();
    // Dependent references last: they are resolved within the row's (resolved) parent value.
    for (const c of [...independent, ...dependent]) {
      const raw = cells.get(c.col);
      if (raw !== undefined && c.field.def.type === 'ref') {
        const parent = parentOf(ctx.model, c.field);
        if (parent && issues.some((i) => i.row === row && i.field === parent.name)) continue;
        const hit = resolvers.get(c.field)!(cellText(raw), parent ? rec.get(parent) : null);
        if ('error' in hit)
          report(row, c.field, c.header, hit.error, { value: cellText(raw), parent: parent?.label(lang) });
        else rec.set(c.field, hit.id);
        continue;
      }
      const r = coerceValue(c.field, raw ?? null, lenient);
      if (!r.ok) report(row, c.field, c.header, r.key, r.params);
      else rec.set(c.field, r.value);
    }
    for (const f of ctx.model.fields) {
      if (!f.writable) continue;
      if ((rec.get(f) ?? null) === null && !columns.some((c) => c.field === f)) {
        const d = defaultOf(f);
        if (d !== null) rec.set(f, f.def.type === 'date' && typeof d === 'string' ? d.slice(0, 10) : d);
      }
      if (f.def.required && (rec.get(f) ?? null) === null && !issues.some((i) => i.row === row && i.field === f.name)) {
        const header = columns.find((c) => c.field === f)?.header ?? f.label(lang);
        report(row, f, header, 'required');
      }
    }
    if (importPermit && split && rec.has(split) && !importPermit.includes(String(rec.get(split)))) {
      const column = columns.find((c) => c.field === split);
      const raw = column && cells.get(column.col);
      report(row, split, column?.header ?? split.label(lang), 'notPermitted', {
        value: raw === undefined ? String(rec.get(split)) : cellText(raw),
      });
    }
    records.push(rec);
    if (issues.length >= MAX_REPORTED) break;
  }
  if (issues.length === 0) await checkUnique(tx, ctx, columns, sheet.rows, records, report);
  // The entity's rules across the rows (EntityHooks.importCheck), before or after the insert as each declares.
  const hook = def.hooks?.importCheck;
  const checks = hook ? ((Array.isArray(hook) ? hook : [hook]) as readonly ImportCheck[]) : [];
  const runAcross = async (stage: ImportCheck['stage']) => {
    const wire = records.map((rec) => Object.fromEntries([...rec].map(([f, v]) => [f.name, v])));
    for (const across of checks.filter((c) => c.stage === stage)) {
      for (const i of await across.check(tx, wire)) {
        const f = ctx.model.byName.get(i.field);
        const at = sheet.rows[i.index];
        if (!f || !at) continue;
        report(at.row, f, columns.find((c) => c.field === f)?.header ?? f.label(lang), i.key, i.params);
        if (issues.length >= MAX_REPORTED) break;
      }
      if (issues.length) return;
    }
  };
  if (issues.length === 0) await runAcross('beforeInsert');
  const failed = () => {
    const position = new Map(columns.map((c) => [c.field.name, c.col]));
    issues.sort((a, b) => a.row - b.row || (position.get(a.field) ?? 0) - (position.get(b.field) ?? 0));
    return new AppError(
      'business',
      'resources.importFailed',
      { count: issues.length },
      undefined,
      issues.slice(0, MAX_REPORTED),
    );
  };
  if (issues.length) throw failed();
  const count = await insertBatch(tx, ctx, records);
  // Any issue now refuses the file, and the caller's transaction takes the rows back.
  await runAcross('afterInsert');
  if (issues.length) throw failed();
  return count;
}

/** Unique fields: no two rows of the file, and no live record of the tenant, share a value. */
async function checkUnique(
  tx: TenantTx,
  ctx: ReadContext,
  columns: Column[],
  rows: { row: number }[],
  records: Map<Field, unknown>[],
  report: (row: number, f: Field, header: string, key: string, params?: Record<string, unknown>) => void,
): Promise<void> {
  for (const f of ctx.model.fields.filter((x) => x.def.unique && x.column)) {
    const group = [f, ...(f.def.uniqueWith ?? []).map((n) => ctx.model.byName.get(n)!)];
    const header = columns.find((c) => c.field === f)?.header ?? f.label(ctx.lang);
    const keyOf = (rec: Map<Field, unknown>) => JSON.stringify(group.map((g) => rec.get(g) ?? null));
    const seen = new Map<string, number>();
    records.forEach((rec, i) => {
      if ((rec.get(f) ?? null) === null) return;
      const k = keyOf(rec);
      if (seen.has(k)) report(rows[i]!.row, f, header, 'duplicateInFile', { value: rec.get(f), other: seen.get(k) });
      else seen.set(k, rows[i]!.row);
    });
    const values = [...new Set(records.map((r) => r.get(f)).filter((v) => v !== null && v !== undefined))];
    if (values.length === 0) continue;
    const live = `${ctx.model.def.softDelete ? ' and deleted_at is null' : ''}${scopeSql(ctx.model.def)}`;
    const cols = group.map((g) => `"${g.column}" as "${g.name}"`).join(', ');
    const existing = await tx.query<Record<string, unknown>>(
      `select ${cols} from "${ctx.model.def.table}" where tenant_id = $1 and "${f.column}"::text = any($2::text[])${live}`,
      [tx.tenantId, values.map(String)],
    );
    const taken = new Set(existing.rows.map((r) => JSON.stringify(group.map((g) => r[g.name] ?? null))));
    records.forEach((rec, i) => {
      if ((rec.get(f) ?? null) !== null && taken.has(keyOf(rec)))
        report(rows[i]!.row, f, header, 'unique', { value: rec.get(f) });
    });
  }
}
