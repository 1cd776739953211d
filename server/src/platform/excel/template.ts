import type ExcelJS from 'exceljs';
import { safeCell } from './cells.js';
import { excel } from './exceljs.js';
import { FROZEN_HEADER, fitWidth, styleHeader } from './layout.js';
import { sheetName } from './write.js';

/** One column of an import template, with what the guide sheet says about it. */
export interface TemplateColumn {
  /** The header the import matches (a required column ends in *). */
  header: string;
  required: boolean;
  /** The kind of value, as a person reads it (text, date, ...). */
  type: string;
  /** What is allowed: the choices, the format, the limits. */
  rules: string;
  example: unknown;
  /** The choices of a drop-down; strict refuses other text, else the spreadsheet only warns. */
  list?: { values: string[]; strict: boolean };
  /** Cells hold dates (yyyy-mm-dd). */
  date?: boolean;
}

/** The guide sheet's texts, in the template's language. */
export interface TemplateTexts {
  /** Name of the guide sheet. */
  guide: string;
  /** The lines above the table: where to fill in, that this sheet is not imported. */
  intro: string[];
  /** Headings of the table: column, required, type, allowed values, example. */
  headings: [string, string, string, string, string];
  yes: string;
  no: string;
  /** Title of the example row below the table. */
  exampleRow: string;
  /** The error a drop-down shows for text outside its list. */
  listError: string;
}

/**
 * Rows of the data sheet that carry the drop-downs and date checks. Fewer than the import takes: exceljs
 * reads a validated range back cell by cell, and 20,000 rows of them made reading a filled template take
 * seconds; rows below still import, without the drop-down.
 */
export const TEMPLATE_ROWS = 2_000;
/** The hidden sheet holding the values of the drop-downs. */
export const LISTS_SHEET = 'lists';

const colName = (n: number): string => {
  let s = '';
  for (let x = n; x > 0; x = Math.floor((x - 1) / 26)) s = String.fromCharCode(65 + ((x - 1) % 26)) + s;
  return s;
};

/**
 * An import template: the data sheet (first, the only one the import reads) with a styled, frozen header,
 * drop-downs and date formats; a guide sheet describing every column, with an example row that is never
 * imported; and a hidden sheet with the drop-downs' values (a list of any length, referenced by range).
 */
export async function importTemplate(title: string, columns: TemplateColumn[], texts: TemplateTexts): Promise<Buffer> {
  const wb = new (excel().Workbook)();
  const data = wb.addWorksheet(sheetName(title), { views: FROZEN_HEADER });
  const guide = wb.addWorksheet(sheetName(texts.guide));
  const lists = wb.addWorksheet(LISTS_SHEET, { state: 'hidden' });

  data.columns = columns.map((c) => ({
    header: c.header,
    width: fitWidth([c.example, ...(c.list?.values.slice(0, 200) ?? [])], c.header),
    ...(c.date ? { style: { numFmt: 'yyyy-mm-dd' } } : {}),
  }));
  const header = data.getRow(1);
  styleHeader(header, columns.length);
  columns.forEach((c, i) => {
    header.getCell(i + 1).note = [c.type, c.rules].filter(Boolean).join('; ');
  });

  // exceljs keeps ranges of validations but its types know only the cell's own.
  const validations = (data as unknown as { dataValidations: { add(range: string, v: ExcelJS.DataValidation): void } })
    .dataValidations;
  let listCol = 0;
  columns.forEach((c, i) => {
    const range = `${colName(i + 1)}2:${colName(i + 1)}${TEMPLATE_ROWS + 1}`;
    if (c.list && c.list.values.length > 0) {
      listCol++;
      c.list.values.forEach((v, r) => {
        lists.getCell(r + 1, listCol).value = safeCell(v);
      });
      const ref = `${LISTS_SHEET}!$${colName(listCol)}$1:$${colName(listCol)}$${c.list.values.length}`;
      validations.add(range, {
        type: 'list',
        allowBlank: !c.required,
        formulae: [ref],
        showErrorMessage: true,
        errorStyle: c.list.strict ? 'stop' : 'warning',
        error: texts.listError,
      });
    } else if (c.date) {
      validations.add(range, {
        type: 'date',
        operator: 'greaterThan',
        allowBlank: true,
        formulae: [new Date(Date.UTC(1900, 0, 1))],
        showErrorMessage: true,
        errorStyle: 'warning',
        error: c.rules,
      });
    }
  });

  writeGuide(guide, title, columns, texts);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function writeGuide(ws: ExcelJS.Worksheet, title: string, columns: TemplateColumn[], texts: TemplateTexts): void {
  for (const line of texts.intro) ws.addRow([line]);
  ws.addRow([]);
  const table = ws.addRow(texts.headings);
  styleHeader(table, texts.headings.length);
  for (const c of columns) {
    const row = ws.addRow([c.header, c.required ? texts.yes : texts.no, c.type, c.rules, safeCell(c.example)]);
    if (c.date) row.getCell(5).numFmt = 'yyyy-mm-dd';
  }
  texts.headings.forEach((h, i) => {
    const values = columns.map((c) => [c.header, '', c.type, c.rules, c.example][i]);
    ws.getColumn(i + 1).width = Math.max(i === 0 ? 16 : 0, fitWidth(values, h));
  });

  ws.addRow([]);
  ws.addRow([`${texts.exampleRow} (${sheetName(title)})`]).font = { bold: true };
  const head = ws.addRow(columns.map((c) => c.header));
  head.font = { italic: true };
  const example = ws.addRow(columns.map((c) => safeCell(c.example)));
  example.font = { color: { argb: 'FF666666' } };
  columns.forEach((c, i) => {
    if (c.date) example.getCell(i + 1).numFmt = 'yyyy-mm-dd';
  });
}
