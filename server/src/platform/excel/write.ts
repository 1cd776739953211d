import fs from 'node:fs';
import path from 'node:path';
import type ExcelJS from 'exceljs';
import { safeCell } from './cells.js';
import { excel } from './exceljs.js';

export interface SheetColumn {
  header: string;
  width?: number;
  note?: string;
}

/**
 * A spreadsheet written row by row to disk (exceljs streaming writer): rows are committed as they come,
 * so memory stays flat however many rows are written. Every cell goes through the formula guard.
 */
/** The compressor's entry stream (archiver's readable-stream PassThrough, which may lack writableLength). */
type Pipe = { writableLength?: number; _writableState?: { length: number } };

/** Bytes of sheet XML allowed to wait for the compressor before a flush holds the producer back. */
const BEHIND_BYTES = 1 << 20;

export class StreamingSheet {
  private readonly wb: ExcelJS.stream.xlsx.WorkbookWriter;
  private readonly ws: ExcelJS.Worksheet;
  rows = 0;

  constructor(file: string, title: string, columns: SheetColumn[]) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    this.wb = new (excel().stream.xlsx.WorkbookWriter)({ filename: file, useStyles: true, useSharedStrings: false });
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
   * Lets the file stream write out what has been committed, and waits while the compressor is behind: exceljs
   * hands the sheet's bytes on without waiting, so a fast producer (the embedded database answers without real
   * I/O) would otherwise pile the whole sheet up in memory before it reaches the file.
   */
  async flush(): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    const pipes = (this.ws as unknown as { stream?: { pipes?: Pipe[] } }).stream?.pipes ?? [];
    const behind = (p: Pipe) => p.writableLength ?? p._writableState?.length ?? 0;
    for (let i = 0; i < 2_000 && pipes.some((p) => behind(p) > BEHIND_BYTES); i++)
      await new Promise((resolve) => setTimeout(resolve, 2));
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
  const wb = new (excel().Workbook)();
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
