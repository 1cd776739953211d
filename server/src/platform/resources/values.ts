import { fileUrl } from '../files/store.js';
import { INT4 } from '../http/input-guard.js';
import { type Lang, t } from '../i18n/index.js';
import type { Field } from './model.js';

/** A dictionary of the tenant: item codes with their names. */
export interface Dict {
  readonly codes: ReadonlyMap<string, string>;
  /** Lower-cased name -> code (import accepts names). */
  readonly names: ReadonlyMap<string, string>;
}

export interface ValueContext {
  readonly lang: Lang;
  readonly dicts: ReadonlyMap<string, Dict>;
  /** Import: accept option labels and dictionary names as well as values and codes. */
  readonly lenient?: boolean;
}

export type Coerced = { ok: true; value: unknown } | { ok: false; key: string; params?: Record<string, unknown> };

const ok = (value: unknown): Coerced => ({ ok: true, value });
const bad = (key: string, params?: Record<string, unknown>): Coerced => ({ ok: false, key, params });

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

function toDate(raw: unknown): string | null {
  if (raw instanceof Date) {
    if (Number.isNaN(raw.getTime())) return null;
    return `${raw.getUTCFullYear()}-${pad(raw.getUTCMonth() + 1)}-${pad(raw.getUTCDate())}`;
  }
  const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T].*)?$/.exec(String(raw).trim());
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const check = new Date(Date.UTC(y, mo - 1, d));
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return null;
  return `${m[1]}-${pad(mo)}-${pad(d)}`;
}

function toDateTime(raw: unknown): string | null {
  const d =
    raw instanceof Date
      ? raw
      : new Date(
          String(raw)
            .trim()
            .replace(/^(\d{4})\/(\d\d?)\/(\d\d?)/, '$1-$2-$3'),
        );
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

const TRUE = new Set(['true', '1', 'yes', 'y', '是', '是的', 'on']);
const FALSE = new Set(['false', '0', 'no', 'n', '否', 'off']);

function numberText(raw: unknown): string | null {
  if (typeof raw === 'number') return Number.isFinite(raw) ? String(raw) : null;
  const s = cleanText(String(raw)).trim().replace(/,/g, '');
  return /^[-+]?\d+(\.\d+)?$/.test(s) ? s.replace(/^\+/, '') : null;
}

/** The largest value a decimal column of that precision and scale holds, as text (999999999999.99). */
const decimalLimit = (precision: number, scale: number): string =>
  `${'9'.repeat(precision - scale)}${scale ? `.${'9'.repeat(scale)}` : ''}`;

/**
 * One answer for a number out of range, whatever bound it passes: the field's declared min and max, else what
 * its column holds (int4 for an integer column, a safe integer for a custom one, the digits of a decimal).
 */
function range(f: Field, n: number, beyondColumn = false): Coerced | null {
  const d = f.def;
  let lo: number | string;
  let hi: number | string;
  if (d.type === 'decimal') {
    const limit = decimalLimit(d.precision ?? 14, d.scale ?? 2);
    [lo, hi] = [d.min ?? `-${limit}`, d.max ?? limit];
  } else {
    const column = f.customKey ? { minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER } : INT4;
    [lo, hi] = [Math.max(d.min ?? column.minimum, column.minimum), Math.min(d.max ?? column.maximum, column.maximum)];
  }
  return beyondColumn || n < Number(lo) || n > Number(hi) ? bad('range', { min: lo, max: hi }) : null;
}

/** Text without NUL characters, which PostgreSQL text and jsonb cannot hold. */
export const cleanText = (s: string): string => s.split(String.fromCharCode(0)).join('');

function scalarText(raw: unknown): string {
  if (raw instanceof Date) return raw.toISOString();
  if (typeof raw === 'object') return cleanText(JSON.stringify(raw));
  return cleanText(String(raw));
}

const MAX_JSON = 200_000;

/**
 * A list of uploaded files: `{ id, name }` items (ids of the tenant's files, checked with the relations)
 * become `{ id, name, url }`. Other items (texts of records written before uploads existed) are kept as
 * they are; the relations check lets them stay only where the record already holds them.
 */
function fileList(raw: unknown): Coerced {
  let v = raw;
  if (typeof raw === 'string') {
    try {
      v = JSON.parse(cleanText(raw));
    } catch {
      v = raw;
    }
  }
  const items: unknown[] = [];
  for (const item of Array.isArray(v) ? v : [v]) {
    if (item === null || item === undefined) continue;
    if (typeof item !== 'object' || !('id' in item)) {
      items.push(typeof item === 'string' ? cleanText(item) : JSON.parse(JSON.stringify(item).replace(/\\u0000/g, '')));
      continue;
    }
    const { id, name } = item as { id: unknown; name?: unknown };
    const n = typeof id === 'number' || typeof id === 'string' ? Number(id) : Number.NaN;
    if (!Number.isSafeInteger(n) || n < 1) return bad('file', { value: scalarText(id) });
    const label = typeof name === 'string' ? cleanText(name).trim().slice(0, 200) : '';
    items.push({ id: n, name: label, url: fileUrl(n) });
  }
  if (items.length === 0) return ok(null);
  return JSON.stringify(items).length > MAX_JSON ? bad('maxLength', { limit: MAX_JSON }) : ok(items);
}

/**
 * Turns a value from the wire or from a spreadsheet cell into the stored value of a field, or names the
 * problem (a message key under resources.validation with parameters). Empty values become null.
 */
export function coerceValue(f: Field, raw: unknown, ctx: ValueContext): Coerced {
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) return ok(null);
  const d = f.def;
  switch (d.type) {
    case 'string':
    case 'text': {
      const s = d.type === 'string' ? scalarText(raw).trim() : scalarText(raw);
      if (d.minLength !== undefined && s.length < d.minLength) return bad('minLength', { limit: d.minLength });
      const max = d.maxLength ?? (d.type === 'string' ? 200 : 10_000);
      if (s.length > max) return bad('maxLength', { limit: max });
      if (d.pattern && !new RegExp(`^(?:${d.pattern})$`).test(s)) return bad('pattern');
      return ok(s);
    }
    case 'integer': {
      const s = numberText(raw);
      if (s === null || !/^-?\d+$/.test(s)) return bad('integer');
      return range(f, Number(s), !Number.isSafeInteger(Number(s))) ?? ok(Number(s));
    }
    case 'decimal': {
      const s = numberText(raw);
      if (s === null) return bad('number');
      const scale = d.scale ?? 2;
      const [whole, frac = ''] = s.replace(/^-/, '').split('.');
      const beyond = whole!.replace(/^0+/, '').length > (d.precision ?? 14) - scale;
      const out = range(f, Number(s), beyond);
      if (out) return out;
      return frac.replace(/0+$/, '').length > scale ? bad('scale', { scale }) : ok(s);
    }
    case 'date': {
      const v = toDate(raw);
      return v ? ok(v) : bad('date');
    }
    case 'datetime': {
      const v = toDateTime(raw);
      return v ? ok(v) : bad('datetime');
    }
    case 'boolean': {
      if (typeof raw === 'boolean') return ok(raw);
      const s = String(raw).trim().toLowerCase();
      if (TRUE.has(s)) return ok(true);
      if (FALSE.has(s)) return ok(false);
      return bad('boolean');
    }
    case 'enum': {
      const s = scalarText(raw).trim();
      const hit = d.options!.find(
        (o) =>
          String(o) === s ||
          (ctx.lenient &&
            (['zh', 'en', 'tw'] as const).some((l) => f.optionLabel(l, o).toLowerCase() === s.toLowerCase())),
      );
      return hit === undefined ? bad('enum') : ok(hit);
    }
    case 'dict': {
      const dict = ctx.dicts.get(d.dict!);
      const s = scalarText(raw).trim();
      if (dict?.codes.has(s)) return ok(s);
      const byName = ctx.lenient ? dict?.names.get(s.toLowerCase()) : undefined;
      return byName ? ok(byName) : bad('dict', { value: s });
    }
    case 'ref': {
      const s = numberText(raw);
      if (s === null || !/^\d+$/.test(s) || Number(s) < 1 || !Number.isSafeInteger(Number(s)))
        return bad('ref', { value: scalarText(raw) });
      return ok(Number(s));
    }
    case 'image':
    case 'attachments':
      return fileList(raw);
    case 'json': {
      let v = raw;
      if (typeof raw === 'string') {
        try {
          v = JSON.parse(cleanText(raw));
        } catch {
          v = raw;
        }
      }
      const text = JSON.stringify(v);
      if (text.includes('\\u0000')) v = JSON.parse(text.replace(/\\u0000/g, ''));
      return JSON.stringify(v).length > 200_000 ? bad('maxLength', { limit: 200_000 }) : ok(v);
    }
  }
}

/** Text of a stored value for a person (export, error reports). */
export function displayValue(
  f: Field,
  row: Record<string, unknown>,
  value: unknown,
  ctx: Pick<ValueContext, 'lang' | 'dicts'>,
): unknown {
  if (value === null || value === undefined) return null;
  const d = f.def;
  const lang = ctx.lang;
  if (f.display && row[f.display] !== undefined && row[f.display] !== null) return row[f.display];
  if (d.type === 'dict') return ctx.dicts.get(d.dict!)?.codes.get(String(value)) ?? value;
  if (d.type === 'enum') return f.optionLabel(lang, value as string | number);
  // The words of the import template's drop-down, which the import takes back.
  if (d.type === 'boolean') return t(lang, value ? 'resources.template.yes' : 'resources.template.no');
  if (d.type === 'decimal') {
    const n = Number(value);
    return Number.isFinite(n) ? n : value;
  }
  if (typeof value === 'object' && !(value instanceof Date)) return JSON.stringify(value);
  return value;
}
