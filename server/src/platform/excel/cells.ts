import type { CellValue } from 'exceljs';

const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A value safe to put into a spreadsheet cell: text that a spreadsheet would read as a formula (starting
 * with = + - @ tab or CR) is neutralised with a leading single quote (CSV/formula injection).
 */
export function safeCell(value: unknown): string | number | boolean | Date | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean' || value instanceof Date) return value;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** Plain value of a cell read from a file: rich text joined, formulas by their result, links by their text. */
export function plainCell(v: CellValue): string | number | boolean | Date | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || v instanceof Date) return v;
  if ('richText' in v) return v.richText.map((r) => r.text).join('');
  if ('formula' in v || 'sharedFormula' in v) {
    const result = (v as { result?: unknown }).result;
    return result === undefined || result === null || typeof result === 'object' ? null : (result as string | number);
  }
  if ('text' in v) {
    const t = (v as { text: unknown }).text;
    return typeof t === 'string' ? t : null;
  }
  if ('error' in v) return String(v.error);
  return null;
}

/** Header text without the required marker and spaces, for matching a column to a field. */
export const headerKey = (text: unknown): string =>
  String(text ?? '')
    .replace(/[*＊]/g, '')
    .replace(/\s+/g, '')
    .toLowerCase();
