import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { safeCell } from './cells.js';

export interface SheetColumn {
  header: string;
  width?: number;
  note?: string;
}

/**
 * A spreadsheet written row by row to disk (exceljs streaming writer): rows are committed as they come,
 * so memory stays flat however many rows are written. Every cell goes through the formula guard.
 */
export class StreamingSheet {
  private readonly wb: ExcelJS.stream.xlsx.WorkbookWriter;
  private readonly ws: ExcelJS.Worksheet;
  rows = 0;

  constructor(file: string, title: string, columns: SheetColumn[]) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    this.wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true, useSharedStrings: false });
    this.ws = this.wb.addWorksheet(sheetName(title));
    this.ws.columns = columns.map((c) => ({ width: c.width ?? Math.max(12, c.header.length * 2 + 2) }));
    const header = this.ws.addRow(columns.map((c) => c.header));
    header.font = { bold: true };
    header.commit();
  }

  add(values: unknown[]): void {
    this.ws.addRow(values.map(safeCell)).commit();
    this.rows++;
  }

  /**
   * Lets the file stream write out what has been committed. A caller that only awaits promises (the embedded
   * database answers without real I/O) would otherwise keep every row in memory until the end.
   */
  flush(): Promise<void> {
    return new Promise((resolve) => setImmediate(resolve));
  }

  async close(): Promise<void> {
    this.ws.commit();
    await this.wb.commit();
  }
}

/** Sheet names: at most 31 characters, none of : \ / ? * [ ]. */
export const sheetName = (title: string): string => title.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Sheet1';

/** A small workbook in memory (import templates): a bold header row with notes, as an .xlsx buffer. */
export async function templateWorkbook(title: string, columns: SheetColumn[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheetName(title));
  ws.columns = columns.map((c) => ({ header: c.header, width: c.width ?? Math.max(14, c.header.length * 2 + 4) }));
  const row = ws.getRow(1);
  row.font = { bold: true };
  columns.forEach((c, i) => {
    if (c.note) row.getCell(i + 1).note = c.note;
  });
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await wb.xlsx.writeBuffer());
}
