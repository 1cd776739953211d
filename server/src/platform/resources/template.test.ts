import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { equipmentEntity } from '../../domains/equipment/resources.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { LISTS_SHEET, TEMPLATE_ROWS } from '../excel/template.js';
import { templatePath } from './meta.js';
import { api, type Json, multipart, path, sampleBody, waitForDownload } from './testkit.js';

/*
 * The import template a person fills in (drop-downs, a guide with an example row, formats) and the look of
 * an exported file (fitted widths, a styled frozen header).
 */

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(async () => t?.close());

type Validation = { type: string; formulae: unknown[]; errorStyle?: string; allowBlank?: boolean };

async function load(data: Buffer): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data as unknown as ArrayBuffer);
  return wb;
}

const validationAt = (ws: ExcelJS.Worksheet, address: string) =>
  (ws as unknown as { dataValidations: { find(a: string): Validation | undefined } }).dataValidations.find(address);

/** The values a list validation offers: the cells of the hidden sheet its range names. */
function listValues(wb: ExcelJS.Workbook, v: Validation): string[] {
  const m = /^(\w+)!\$([A-Z]+)\$1:\$[A-Z]+\$(\d+)$/.exec(String(v.formulae[0]));
  expect(m?.[1]).toBe(LISTS_SHEET);
  const ws = wb.getWorksheet(LISTS_SHEET)!;
  return Array.from({ length: Number(m![3]) }, (_, i) => String(ws.getCell(`${m![2]}${i + 1}`).value));
}

async function template(lang: string): Promise<ExcelJS.Workbook> {
  const r = await t.call('GET', `${templatePath(equipmentEntity)}?lang=${lang}`, admin);
  expect(r.statusCode).toBe(200);
  return load(r.rawPayload);
}

describe('import template', () => {
  it('has drop-downs for dictionary, reference and choice columns, a date format and a frozen header', async () => {
    const wb = await template('en');
    const [data, guide, lists] = wb.worksheets;
    expect(lists!.name).toBe(LISTS_SHEET);
    expect(lists!.state).toBe('hidden');
    const header = (data!.getRow(1).values as string[]).slice(1);
    const col = (label: string) => String.fromCharCode(65 + header.indexOf(label));
    expect(data!.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(data!.getRow(1).getCell(1).font?.bold).toBe(true);

    const status = validationAt(data!, `${col('Status')}2`)!;
    expect(status).toMatchObject({ type: 'list', errorStyle: 'stop' });
    expect(listValues(wb, status)).toEqual(['Running', 'Standby', 'Under repair', 'Stopped', 'Scrapped']);
    expect(validationAt(data!, `${col('Status')}${TEMPLATE_ROWS + 1}`)).toEqual(status);
    expect(validationAt(data!, `${col('Status')}${TEMPLATE_ROWS + 2}`)).toBeUndefined();

    const workshop = validationAt(data!, `${col('Workshop')}2`)!;
    expect(workshop).toMatchObject({ type: 'list', errorStyle: 'warning' });
    expect(listValues(wb, workshop)).toEqual(['WS01', 'WS02']);
    const user = listValues(wb, validationAt(data!, `${col('Responsible person')}2`)!);
    expect(user).toContain('admin');

    const purchase = header.indexOf('Purchase date') + 1;
    expect(data!.getColumn(purchase).numFmt).toBe('yyyy-mm-dd');
    expect(validationAt(data!, `${col('Purchase date')}2`)).toMatchObject({ type: 'date' });
    expect(validationAt(data!, `${col('Name*')}2`)).toBeUndefined();
    // Nothing below the header: a template sent back untouched imports nothing.
    expect(data!.actualRowCount).toBe(1);

    expect(guide!.name).toBe('Instructions');
    const rows = Array.from(guide!.getSheetValues(), (r) => (Array.isArray(r) ? r.slice(1) : []));
    const table = rows.findIndex((r) => r[0] === 'Column');
    expect(rows[table]).toEqual(['Column', 'Required', 'Type', 'What to enter', 'Example']);
    const code = rows.find((r) => r[0] === 'Code*')!;
    expect(code.slice(0, 3)).toEqual(['Code*', 'Yes', 'Text']);
    const statusRow = rows.find((r) => r[0] === 'Status')!;
    expect(statusRow[3]).toContain('Running / Standby');
    expect(statusRow[4]).toBe('Running');
    expect(rows.find((r) => r[0] === 'Purchase date')![3]).toContain('YYYY-MM-DD');
    // The example row repeats the header with one filled-in record, on the guide only.
    const exampleHeader = rows.findIndex((r, i) => i > table + header.length && r[0] === header[0]);
    expect(rows[exampleHeader]).toEqual(header);
    expect(rows[exampleHeader + 1]![0]).toBe('A001');
  });

  it('speaks the language asked for', async () => {
    const wb = await template('tw');
    expect(wb.worksheets[1]!.name).toBe('填寫說明');
    const header = (wb.worksheets[0]!.getRow(1).values as string[]).slice(1);
    const status = validationAt(wb.worksheets[0]!, `${String.fromCharCode(65 + header.indexOf('狀態'))}2`)!;
    expect(listValues(wb, status)[0]).toBe('運行');
  });

  it('imports the data sheet of a filled-in template and never its example row', async () => {
    const wb = await template('zh');
    const data = wb.worksheets[0]!;
    const header = (data.getRow(1).values as string[]).slice(1);
    data.getRow(2).values = header.map((h) => ({ '编号*': 'TPL-001', '名称*': '模板导入' })[h] ?? null);
    const file = Buffer.from(await wb.xlsx.writeBuffer());
    const { payload, headers } = multipart(file);
    const r = await t.app.inject({
      method: 'POST',
      url: path(equipmentEntity, 'importexcel'),
      headers: { ...headers, authorization: `Bearer ${admin}` },
      payload,
    });
    expect((r.json() as Json).rtnCode, r.body).toBe(200);
    expect((r.json() as { data: { count: number } }).data.count).toBe(1);
    const found = await api<{ code: string }[]>(
      t,
      'GET',
      `${path(equipmentEntity, 'page')}?page=1&limit=5&code=TPL-00`,
      admin,
    );
    expect(found.data.map((e) => e.code)).toEqual(['TPL-001']);
  });
});

describe('export', () => {
  it('fits the column width to long Chinese text and freezes a styled header', async () => {
    const maker = { t, token: admin, seq: 5000, meta: new Map() };
    const long = '数控卧式加工中心（双交换工作台）主轴箱';
    await api(t, 'POST', path(equipmentEntity, 'save'), admin, {
      ...(await sampleBody(maker, equipmentEntity)),
      name: long,
    });
    const queued = await api<{ id: number }>(
      t,
      'POST',
      `${path(equipmentEntity, 'exportexcel')}?name=${encodeURIComponent(long)}`,
      admin,
      {},
    );
    const wb = await load(await waitForDownload(t, admin, queued.data.id));
    const ws = wb.worksheets[0]!;
    const header = (ws.getRow(1).values as string[]).slice(1);
    const name = header.indexOf('名称') + 1;
    expect(ws.getCell(2, name).value).toBe(long);
    // 19 characters of double width: at least 38 units, where a fixed width would cut it at 12.
    expect(ws.getColumn(name).width).toBeGreaterThanOrEqual(38);
    expect(ws.getColumn(header.indexOf('编号') + 1).width).toBeLessThan(20);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(ws.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(ws.getRow(1).getCell(1).fill).toMatchObject({ type: 'pattern', pattern: 'solid' });
  });
});
