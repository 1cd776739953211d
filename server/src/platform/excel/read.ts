import { plainCell } from './cells.js';
import { excel } from './exceljs.js';

export type Cell = string | number | boolean | Date | null;

export interface Sheet {
  /** Header texts by column number (1-based). */
  headers: Map<number, string>;
  /** Data rows with their spreadsheet row number (header is row 1); empty rows are skipped. */
  rows: { row: number; cells: Map<number, Cell> }[];
}

export class SheetTooLargeError extends Error {}

/** Reads the first worksheet of an .xlsx file: the first row is the header. */
export async function readSheet(data: Buffer, maxRows: number): Promise<Sheet> {
  const wb = new (excel().Workbook)();
  await wb.xlsx.load(data as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  const headers = new Map<number, string>();
  const rows: Sheet['rows'] = [];
  if (!ws) return { headers, rows };
  ws.getRow(1).eachCell((cell, col) => {
    const v = plainCell(cell.value);
    if (v !== null && String(v).trim()) headers.set(col, String(v).trim());
  });
  for (let r = 2; r <= ws.rowCount; r++) {
    const row = ws.getRow(r);
    const cells = new Map<number, Cell>();
    row.eachCell((cell, col) => {
      const v = plainCell(cell.value);
      if (v !== null && !(typeof v === 'string' && v.trim() === '')) cells.set(col, v);
    });
    if (cells.size === 0) continue;
    if (rows.length >= maxRows) throw new SheetTooLargeError();
    rows.push({ row: r, cells });
  }
  return { headers, rows };
}
