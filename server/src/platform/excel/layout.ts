import type ExcelJS from 'exceljs';

/** Wide characters (CJK, full-width forms, Hangul): a spreadsheet column needs two units for each. */
const WIDE =
  /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u;

/** The width of a cell's text in spreadsheet column units: the longest line, wide characters counting two. */
export function displayWidth(value: unknown): number {
  if (value === null || value === undefined) return 0;
  if (value instanceof Date) return 19;
  let widest = 0;
  for (const line of String(value).split('\n')) {
    let w = 0;
    for (const ch of line) w += WIDE.test(ch) ? 2 : 1;
    widest = Math.max(widest, w);
  }
  return widest;
}

export const MIN_WIDTH = 8;
export const MAX_WIDTH = 60;

/** A column width that fits its header and values (with a little air), kept within sane bounds. */
export function fitWidth(values: Iterable<unknown>, header: string): number {
  let widest = displayWidth(header) + 2; // the header's filter-free padding, bold text is wider
  for (const v of values) widest = Math.max(widest, displayWidth(v));
  return Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, widest + 2));
}

/** The header row's look: bold on a light grey fill with a border below. */
export function styleHeader(row: ExcelJS.Row, columns: number): void {
  row.font = { bold: true };
  for (let c = 1; c <= columns; c++) {
    const cell = row.getCell(c);
    cell.font = { bold: true };
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8EEF7' } };
    cell.border = { bottom: { style: 'thin', color: { argb: 'FF8C9BB0' } } };
    cell.alignment = { vertical: 'middle' };
  }
}

/** The header row stays in view while scrolling. */
export const FROZEN_HEADER: Partial<ExcelJS.WorksheetView>[] = [{ state: 'frozen', ySplit: 1, xSplit: 0 }];
