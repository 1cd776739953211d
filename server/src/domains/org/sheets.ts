import { readSheet, SheetTooLargeError } from '../../platform/excel/read.js';
import { AppError, businessError } from '../../platform/http/errors.js';
import { type Lang, t } from '../../platform/i18n/index.js';
import { matchColumns } from '../../platform/resources/import.js';
import { type Field, looseFields } from '../../platform/resources/model.js';
import { fieldsTemplate } from '../../platform/resources/template.js';
import type { FieldDef } from '../../platform/resources/types.js';
import { coerceValue, type Dict, displayValue } from '../../platform/resources/values.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';

/*
 * The spreadsheets of members and organisations (import template, import, export). Their columns are declared
 * as the engine's fields (labels and options under org.sheet.<sheet>), so a cell is read, checked, offered in the
 * template and written in the export as the engine does it for an entity; columns are matched by their label in
 * any language or by their wire name. Problems are reported per row and column in the engine's format
 * ({ row, column, field, message }). What the rows then do (a tree of organisations within the file, members with
 * passwords, roles and the user limit) is the batch's own (members-batch.ts, organizations-batch.ts).
 */

export type SheetName = 'users' | 'organizations';

/** A spreadsheet's columns, in their order. */
export interface Sheet {
  readonly name: SheetName;
  readonly fields: readonly Field[];
}

export const defineSheet = (name: SheetName, defs: readonly FieldDef[]): Sheet => ({
  name,
  fields: looseFields(`org.sheet.${name}`, defs),
});

/** The sheets have no dictionary columns. */
const NO_DICTS: ReadonlyMap<string, Dict> = new Map();

export interface ImportIssue {
  row: number;
  column: string;
  field: string;
  message: string;
}

export const IMPORT_MAX_ROWS = 5_000;
const MAX_REPORTED = 1_000;

export const label = (sheet: SheetName, field: string, lang: Lang) => t(lang, `org.sheet.${sheet}.fields.${field}`);

/** The issues of a batch as the engine reports them: rtnCode 201, "nothing imported", one entry per problem. */
export function importFailed(issues: ImportIssue[]): AppError {
  const sorted = [...issues].sort((a, b) => a.row - b.row);
  return new AppError(
    'business',
    'resources.importFailed',
    { count: issues.length },
    undefined,
    sorted.slice(0, MAX_REPORTED),
  );
}

/** Collects the problems of a batch, with the message in the caller's language. */
export class Issues {
  readonly list: ImportIssue[] = [];
  constructor(
    readonly sheet: SheetName,
    readonly lang: Lang,
    private readonly headers: Map<string, string> = new Map(),
  ) {}

  /** A problem of one row's field; key is under resources.validation unless it has a dot-less namespace path. */
  add(row: number, field: string, key: string, params: Record<string, unknown> = {}): void {
    const text = label(this.sheet, field, this.lang);
    const message = key.includes('.')
      ? t(this.lang, key, { label: text, ...params })
      : t(this.lang, `resources.validation.${key}`, { label: text, ...params });
    this.list.push({ row, column: this.headers.get(field) ?? text, field, message });
  }

  has(row: number, field: string): boolean {
    return this.list.some((i) => i.row === row && i.field === field);
  }

  get size(): number {
    return this.list.length;
  }

  /** Throws the engine's import failure when anything was reported. */
  throwIfAny(): void {
    if (this.list.length) throw importFailed(this.list);
  }
}

export interface SheetRow {
  row: number;
  values: Record<string, unknown>;
}

/**
 * Reads an uploaded file against the columns: the rows with their values (only the columns present in the
 * file are keys), and the issues of cells that do not fit their column. Required columns are checked by the
 * caller (a member that already exists need not repeat them).
 */
export async function readRows(data: Buffer, sheet: Sheet, lang: Lang): Promise<{ rows: SheetRow[]; issues: Issues }> {
  let file: Awaited<ReturnType<typeof readSheet>>;
  try {
    file = await readSheet(data, IMPORT_MAX_ROWS);
  } catch (err) {
    if (err instanceof SheetTooLargeError) throw businessError('resources.importTooMany', { max: IMPORT_MAX_ROWS });
    throw businessError('resources.importBadFile');
  }
  const matched = matchColumns(sheet.fields, file.headers);
  const headers = new Map(matched.map((c) => [c.field.name, c.header]));
  if (matched.length === 0) throw businessError('resources.importNoColumns');
  if (file.rows.length === 0) throw businessError('resources.importEmpty');
  const issues = new Issues(sheet.name, lang, headers);
  const ctx = { lang, dicts: NO_DICTS, lenient: true };
  const rows: SheetRow[] = [];
  for (const r of file.rows) {
    const values: Record<string, unknown> = {};
    for (const { col, field } of matched) {
      const v = coerceValue(field, r.cells.get(col) ?? null, ctx);
      if (v.ok) values[field.name] = v.value;
      else issues.add(r.row, field.name, v.key, v.params);
    }
    rows.push({ row: r.row, values });
    if (issues.size >= MAX_REPORTED) break;
  }
  return { rows, issues };
}

/** The import template: one column per importable field (required ones marked) with drop-downs, and the guide sheet. */
export function sheetTemplate(tx: TenantTx, sheet: Sheet, lang: Lang): Promise<Buffer> {
  return fieldsTemplate(tx, t(lang, `org.sheet.${sheet.name}.title`), sheet.fields, { lang, dicts: NO_DICTS });
}

/** A value of a row as a person reads it in the export. */
export const displayCell = (f: Field, value: unknown, lang: Lang): unknown =>
  displayValue(f, {}, value, { lang, dicts: NO_DICTS });
