import fs from 'node:fs';
import path from 'node:path';
import type ExcelJS from 'exceljs';
import { safeCell } from './cells.js';
import { excel } from './exceljs.js';
import { FROZEN_HEADER, fitWidth, styleHeader } from './layout.js';

export interface SheetColumn {
  header: string;
  width?: number;
  note?: string;
}

/** The compressor's entry stream (archiver's readable-stream PassThrough, which may lack writableLength). */
type Pipe = { writableLength?: number; _writableState?: { length: number } };

/** Bytes of sheet XML allowed to wait for the compressor before a flush holds the producer back. */
const BEHIND_BYTES = 1 << 20;

/** Rows read before the sheet starts: the column widths are fitted to the header and these. */
export const SAMPLE_ROWS = 200;

/**
 * A spreadsheet written row by row to disk (exceljs streaming writer): rows are committed as they come,
 * so memory stays flat however many rows are written. Every cell goes through the formula guard. The
 * header is styled and frozen; the column widths fit the header and the first rows (a streamed sheet
 * writes its widths before its first row, so the first SAMPLE_ROWS rows wait until then).
 */
export class StreamingSheet {
  private readonly wb: ExcelJS.stream.xlsx.WorkbookWriter;
  private readonly ws: ExcelJS.Worksheet;
  private sample: (string | number | boolean | Date | null)[][] | null = [];
  rows = 0;

  constructor(
    file: string,
    title: string,
    private readonly columns: SheetColumn[],
  ) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    this.wb = new (excel().stream.xlsx.WorkbookWriter)({ filename: file, useStyles: true, useSharedStrings: false });
    this.ws = this.wb.addWorksheet(sheetName(title), { views: FROZEN_HEADER });
  }

  add(values: unknown[]): void {
    const row = values.map(safeCell);
    this.rows++;
    if (!this.sample) {
      this.ws.addRow(row).commit();
      return;
    }
    this.sample.push(row);
    if (this.sample.length >= SAMPLE_ROWS) this.start();
  }

  /** Widths from the header and the sample, then the header and the sample rows. */
  private start(): void {
    const sample = this.sample ?? [];
    this.sample = null;
    this.ws.columns = this.columns.map((c, i) => ({
      width:
        c.width ??
        fitWidth(
          sample.map((r) => r[i]),
          c.header,
        ),
    }));
    const header = this.ws.addRow(this.columns.map((c) => c.header));
    styleHeader(header, this.columns.length);
    header.commit();
    for (const r of sample) this.ws.addRow(r).commit();
  }

  async flush(): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    const pipes = (this.ws as unknown as { stream?: { pipes?: Pipe[] } }).stream?.pipes ?? [];
    const behind = (p: Pipe) => p.writableLength ?? p._writableState?.length ?? 0;
    for (let i = 0; i < 2_000 && pipes.some((p) => behind(p) > BEHIND_BYTES); i++)
      await new Promise((resolve) => setTimeout(resolve, 2));
  }

  async close(): Promise<void> {
    if (this.sample) this.start();
    this.ws.commit();
    await this.wb.commit();
  }
}

/** Sheet names: at most 31 characters, none of : \ / ? * [ ]. */
export const sheetName = (title: string): string => title.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Sheet1';
