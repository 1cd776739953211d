import { headerKey } from '../../platform/excel/cells.js';
import { type Cell, readSheet, SheetTooLargeError } from '../../platform/excel/read.js';
import { importTemplate, type TemplateColumn } from '../../platform/excel/template.js';
import { AppError, businessError } from '../../platform/http/errors.js';
import { type Lang, languages, t } from '../../platform/i18n/index.js';
import { guideTexts } from '../../platform/resources/template.js';

/*
 * The spreadsheets of members and organisations (import template, import, export). Columns are matched by
 * their label in any language or by their wire name, like the resource engine's; problems are reported per
 * row and column in the engine's format ({ row, column, field, message }).
 */

export type SheetName = 'users' | 'organizations';
export type CellKind = 'text' | 'bool' | 'date' | 'int' | 'choice' | 'password';

export interface SheetColumn {
  field: string;
  kind: CellKind;
  required?: boolean;
  max?: number;
  pattern?: RegExp;
  /** Choice values; their labels are org.choices.<field>.<value>. */
  choices?: number[];
  /** The column of the import only (the export leaves it out). */
  importOnly?: boolean;
}

export interface ImportIssue {
  row: number;
  column: string;
  field: string;
  message: string;
}

export const IMPORT_MAX_ROWS = 5_000;
const MAX_REPORTED = 1_000;

export const label = (sheet: SheetName, field: string, lang: Lang) => t(lang, `org.sheet.${sheet}.${field}`);
export const choiceLabel = (field: string, value: unknown, lang: Lang) => t(lang, `org.choices.${field}.${value}`);

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

const TRUE = new Set(['1', 'true', 'yes', 'y', '是', '√']);
const FALSE = new Set(['0', 'false', 'no', 'n', '否', '×']);

const pad = (n: number) => String(n).padStart(2, '0');
const isoDate = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

/** One cell as the value of its column, or the validation key of what is wrong with it. */
export function coerceCell(
  col: SheetColumn,
  raw: Cell,
  lang: Lang,
): { ok: true; value: unknown } | { ok: false; key: string; params?: Record<string, unknown> } {
  if (raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === ''))
    return { ok: true, value: null };
  const text = raw instanceof Date ? isoDate(raw) : String(raw).trim();
  switch (col.kind) {
    case 'bool': {
      const k = text.toLowerCase();
      if (TRUE.has(k) || k === t(lang, 'org.choices.bool.1').toLowerCase()) return { ok: true, value: true };
      if (FALSE.has(k) || k === t(lang, 'org.choices.bool.0').toLowerCase()) return { ok: true, value: false };
      return { ok: false, key: 'boolean' };
    }
    case 'date': {
      const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})/.exec(text);
      if (!m) return { ok: false, key: 'date' };
      const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
      if (d.getUTCMonth() !== Number(m[2]) - 1) return { ok: false, key: 'date' };
      return { ok: true, value: isoDate(d) };
    }
    case 'int': {
      if (!/^-?\d+$/.test(text)) return { ok: false, key: 'integer' };
      const n = Number(text);
      if (Math.abs(n) > 1_000_000) return { ok: false, key: 'max', params: { limit: 1_000_000 } };
      return { ok: true, value: n };
    }
    case 'choice': {
      for (const v of col.choices ?? []) {
        if (text === String(v)) return { ok: true, value: v };
        for (const l of languages) if (text === choiceLabel(col.field, v, l)) return { ok: true, value: v };
      }
      return { ok: false, key: 'enum' };
    }
    default: {
      if (col.max !== undefined && text.length > col.max)
        return { ok: false, key: 'maxLength', params: { limit: col.max } };
      // PostgreSQL cannot store NUL characters.
      if (text.includes(String.fromCharCode(0)) || (col.pattern && !col.pattern.test(text)))
        return { ok: false, key: 'pattern' };
      return { ok: true, value: text };
    }
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
export async function readRows(
  data: Buffer,
  sheet: SheetName,
  columns: SheetColumn[],
  lang: Lang,
): Promise<{ rows: SheetRow[]; issues: Issues }> {
  let file: Awaited<ReturnType<typeof readSheet>>;
  try {
    file = await readSheet(data, IMPORT_MAX_ROWS);
  } catch (err) {
    if (err instanceof SheetTooLargeError) throw businessError('resources.importTooMany', { max: IMPORT_MAX_ROWS });
    throw businessError('resources.importBadFile');
  }
  const byKey = new Map<string, SheetColumn>();
  for (const c of columns) {
    byKey.set(headerKey(c.field), c);
    for (const l of languages) byKey.set(headerKey(label(sheet, c.field, l)), c);
  }
  const matched: { col: number; column: SheetColumn }[] = [];
  const headers = new Map<string, string>();
  for (const [col, header] of file.headers) {
    const c = byKey.get(headerKey(header));
    if (c && !headers.has(c.field)) {
      headers.set(c.field, header);
      matched.push({ col, column: c });
    }
  }
  if (matched.length === 0) throw businessError('resources.importNoColumns');
  if (file.rows.length === 0) throw businessError('resources.importEmpty');
  const issues = new Issues(sheet, lang, headers);
  const rows: SheetRow[] = [];
  for (const r of file.rows) {
    const values: Record<string, unknown> = {};
    for (const { col, column } of matched) {
      const v = coerceCell(column, r.cells.get(col) ?? null, lang);
      if (v.ok) values[column.field] = v.value;
      else issues.add(r.row, column.field, v.key, v.params);
    }
    rows.push({ row: r.row, values });
    if (issues.size >= MAX_REPORTED) break;
  }
  return { rows, issues };
}

const TYPES: Record<CellKind, string> = {
  text: 'string',
  password: 'string',
  bool: 'boolean',
  date: 'date',
  int: 'integer',
  choice: 'enum',
};

/** The import template: one column per field (required ones marked) with drop-downs, and the guide sheet. */
export async function sheetTemplate(sheet: SheetName, columns: SheetColumn[], lang: Lang): Promise<Buffer> {
  const title = t(lang, `org.sheet.${sheet}.title`);
  return importTemplate(
    title,
    columns.map((c): TemplateColumn => {
      const name = label(sheet, c.field, lang);
      const list =
        c.kind === 'choice'
          ? (c.choices ?? []).map((v) => choiceLabel(c.field, v, lang))
          : c.kind === 'bool'
            ? [choiceLabel('bool', 1, lang), choiceLabel('bool', 0, lang)]
            : null;
      const example =
        list?.[0] ??
        (c.kind === 'date'
          ? new Date(Date.UTC(2025, 0, 31))
          : c.kind === 'int'
            ? 1
            : c.kind === 'text' && !c.pattern
              ? t(lang, 'resources.template.exampleText', { label: name }).slice(0, c.max)
              : '');
      return {
        header: `${name}${c.required ? '*' : ''}`,
        required: !!c.required,
        type: t(lang, `resources.template.types.${TYPES[c.kind]}`),
        rules: hint(c, lang),
        example,
        ...(list ? { list: { values: list, strict: true } } : {}),
        ...(c.kind === 'date' ? { date: true } : {}),
      };
    }),
    guideTexts(lang, title),
  );
}

function hint(c: SheetColumn, lang: Lang): string {
  const parts: string[] = [];
  if (c.required) parts.push(t(lang, 'resources.hint.required'));
  if (c.kind === 'choice')
    parts.push(
      t(lang, 'resources.hint.options', {
        options: (c.choices ?? []).map((v) => choiceLabel(c.field, v, lang)).join(' / '),
      }),
    );
  if (c.kind === 'bool') parts.push(t(lang, 'resources.hint.boolean'));
  if (c.kind === 'date') parts.push(t(lang, 'resources.hint.date'));
  if (c.kind === 'int') parts.push(t(lang, 'resources.hint.integer'));
  if (c.max) parts.push(t(lang, 'resources.hint.maxLength', { limit: c.max }));
  const own = `org.hints.${c.field}`;
  const text = t(lang, own);
  if (text !== own) parts.push(text);
  return parts.join('; ');
}

/** A value of a row as a person reads it in the export. */
export function displayCell(c: SheetColumn, value: unknown, lang: Lang): unknown {
  if (value === null || value === undefined) return null;
  if (c.kind === 'bool') return choiceLabel('bool', value ? 1 : 0, lang);
  if (c.kind === 'choice') return choiceLabel(c.field, value, lang);
  return value;
}
