import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { metaPath, templatePath } from './meta.js';
import { allEntities, findEntity } from './registry.js';
import {
  api,
  can,
  type Json,
  type Maker,
  multipart,
  path,
  readXlsx,
  sampleBody,
  waitForDownload,
  workbook,
} from './testkit.js';
import type { EntityDef, FieldDef, WireRow } from './types.js';

/*
 * Every declared entity with import and export: the template, a good file, a bad file (nothing imported,
 * a report per row and column) and the export through My downloads with the formula guard.
 */

let t: TestApp;
let admin: string;
let maker: Maker;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  maker = { t, token: admin, seq: 1000, meta: new Map() };
});
afterAll(async () => t?.close());

interface MetaField {
  name: string;
  label: string;
  type: FieldDef['type'];
  required: boolean;
  importable: boolean;
  exportable: boolean;
  options?: { value: string | number; label: string }[];
}

async function meta(def: EntityDef, lang = 'zh'): Promise<MetaField[]> {
  const r = await t.call('GET', metaPath(def), admin, undefined, { lang });
  return (r.json() as { data: { fields: MetaField[] } }).data.fields;
}

async function upload(def: EntityDef, rows: unknown[][]): Promise<Json> {
  const { payload, headers } = multipart(await workbook(rows));
  const r = await t.app.inject({
    method: 'POST',
    url: path(def, 'importexcel'),
    headers: { ...headers, authorization: `Bearer ${admin}` },
    payload,
  });
  return r.json() as Json;
}

async function total(def: EntityDef): Promise<number> {
  return (await api(t, 'GET', `${path(def, 'page')}?page=1&limit=1`, admin)).count ?? 0;
}

/** How a person fills a cell: references by code (or name), dictionary and option values by their label. */
async function cellFor(f: FieldDef, m: MetaField, body: WireRow): Promise<unknown> {
  const v = body[f.name];
  if (v === null || v === undefined) return null;
  if (f.type === 'ref') {
    const target = findEntity(f.ref!);
    if (!target) return f.ref === 'user' ? 'admin' : null;
    const row = (await api(t, 'GET', `${path(target, 'get')}?id=${v}`, admin)).data;
    return row[target.codeField ?? target.nameField];
  }
  if (f.type === 'dict' || f.type === 'enum') return m.options?.find((o) => o.value === v)?.label ?? v;
  if (f.type === 'boolean') return v ? '是' : '否';
  if (f.type === 'date') return new Date(`${v}T00:00:00Z`);
  if (f.type === 'decimal') return Number(v);
  return v;
}

async function goodRows(def: EntityDef, n: number): Promise<{ header: string[]; rows: unknown[][] }> {
  const fields = (await meta(def)).filter((f) => f.importable);
  const header = fields.map((f) => `${f.label}${f.required ? '*' : ''}`);
  const rows: unknown[][] = [];
  for (let i = 0; i < n; i++) {
    const body = await sampleBody(maker, def);
    const row: unknown[] = [];
    for (const m of fields) row.push(await cellFor(def.fields.find((f) => f.name === m.name)!, m, body));
    rows.push(row);
  }
  return { header, rows };
}

const entities = allEntities().filter((d) => can(d, 'importexcel'));

describe.each(entities.map((d) => [d.name, d] as const))('%s import', (_name, def) => {
  it('offers a template whose header row is in the caller language', async () => {
    for (const lang of ['zh', 'en', 'tw']) {
      const r = await t.call('GET', `${templatePath(def)}?lang=${lang}`, admin);
      expect(r.statusCode).toBe(200);
      const [header] = await readXlsx(r.rawPayload);
      const expected = (await meta(def, lang))
        .filter((f) => f.importable)
        .map((f) => `${f.label}${f.required ? '*' : ''}`);
      expect(header).toEqual(expected);
    }
  });

  it('imports a good file: every row is added', async () => {
    const before = await total(def);
    const { header, rows } = await goodRows(def, 3);
    const json = await upload(def, [header, ...rows]);
    expect(json.rtnCode, JSON.stringify(json)).toBe(200);
    expect((json.data as { count: number }).count).toBe(3);
    expect(await total(def)).toBe(before + 3);
  });

  it('imports nothing from a file with a bad row and reports each row and column', async () => {
    const before = await total(def);
    const { header, rows } = await goodRows(def, 3);
    const fields = (await meta(def)).filter((f) => f.importable);
    const required = fields.findIndex((f) => f.required);
    rows[1]![required] = null;
    const typed = fields.findIndex(
      (f, i) => i !== required && ['integer', 'decimal', 'date', 'ref', 'dict'].includes(f.type),
    );
    if (typed >= 0) rows[2]![typed] = 'no-such-value';
    const json = await upload(def, [header, ...rows]);
    expect(json.rtnCode).toBe(201);
    const report = json.data as { row: number; column: string; message: string }[];
    expect(report).toContainEqual(expect.objectContaining({ row: 3, column: header[required] }));
    if (typed >= 0) expect(report).toContainEqual(expect.objectContaining({ row: 4, column: header[typed] }));
    for (const e of report) expect(e.message).toBeTruthy();
    expect(await total(def)).toBe(before);
  });
});

/** Exported entities whose rows no save route makes (posting or plan generation makes them), and where their export is tested. */
const ROWS_MADE_ELSEWHERE: Record<string, string> = {
  sparedoc: 'a stock document is saved with its lines (domains/spare/spare.test.ts)',
  sparebinstock: 'stock per bin is made by posting (domains/spare/spare.test.ts)',
  sparemove: 'a movement is made by posting (domains/spare/spare.test.ts)',
  checktask: 'made only by the generation of plans (domains/check/check.test.ts exports them)',
  checktaskdtl: 'the items of a generated task, copied from its scheme',
  mesurtask: 'made by the generation of metrology plans (domains/check/check.test.ts exports them)',
  inventory: 'the lines of an equipment count are made by planning and scanning (domains/equipment/count.test.ts)',
  workreport: "a work report is made on a released order's task (domains/production/production.test.ts exports them)",
  integralledger:
    'points are written by workflow steps and adjustments (domains/integral/integral.test.ts exports them)',
  alarm: "opened by the alarm job from a machine's values (domains/das/alarms.test.ts exports them)",
  deviceinstructions: 'sent to a connected device through its route (domains/das/das.test.ts exports them)',
  materialissue: 'written by releases and reports of work orders (domains/production/stock.test.ts exports them)',
  formproject: "a project's values live in a record of its form (domains/diyform/project.test.ts exports them)",
};

describe.each(
  allEntities()
    .filter((d) => can(d, 'exportexcel') && !ROWS_MADE_ELSEWHERE[d.name])
    .map((d) => [d.name, d] as const),
)('%s export', (_name, def) => {
  it('exports the filtered records to My downloads as a real .xlsx, with formulas neutralised', async () => {
    const name = def.fields.find((f) => f.name === def.nameField)!;
    const body = { ...(await sampleBody(maker, def)), [name.name]: `=1+2${maker.seq}` };
    const saved = (await api(t, 'POST', path(def, 'save'), admin, body)).data;
    await api(t, 'POST', path(def, 'save'), admin, await sampleBody(maker, def));
    const ref = def.fields.find((f) => f.filter === 'eq' && f.type === 'ref');
    const filter =
      name.filter === 'like'
        ? `${name.name}=${encodeURIComponent(String(body[name.name]))}`
        : `${ref!.name}=${saved[ref!.name]}`;
    const queued = await api<{ id: number }>(t, 'POST', `${path(def, 'exportexcel')}?${filter}`, admin, {});
    const file = await waitForDownload(t, admin, queued.data.id);
    const listed = await api<{ id: number; typeName: string | null }[]>(t, 'GET', '/api-core/download/page', admin);
    // My downloads names the export by what it exported, in the reader's language.
    expect(listed.data.find((d) => d.id === queued.data.id)?.typeName).toBe(
      (await api<{ title: string }>(t, 'GET', metaPath(def), admin)).data.title,
    );
    const [header, ...rows] = await readXlsx(file);
    const labels = (await meta(def)).filter((f) => f.exportable);
    expect(header).toEqual(labels.map((f) => f.label));
    const col = header!.indexOf(labels.find((f) => f.name === name.name)!.label);
    const values = rows.map((r) => r[col]);
    expect(values).toContain(`'${body[name.name]}`);
    if (name.filter === 'like') expect(rows).toHaveLength(1);
  });
});
