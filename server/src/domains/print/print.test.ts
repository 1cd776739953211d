import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secondTenant, tenantOf, userWithoutRights } from '../../platform/resources/testkit.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { DEMO_TEMPLATES } from './demo-layouts.js';
import type { PrintElement } from './layout-wire.js';

type Row = Record<string, unknown>;
interface Json<T = Row> {
  rtnCode: number;
  msg: string;
  field?: string;
  data: T;
}

let t: TestApp;
let admin: string;
let tenantId: number;
let seq = 0;

const call = async <T = Row>(method: string, url: string, body?: unknown, who = admin) =>
  (await (await t.call(method, url, who, body, { lang: 'en' })).json()) as Json<T>;
const save = (body: Row, who = admin) => call('POST', '/api-manage/printTemplates/save', body, who);
const label = (elements: unknown[], extra: Row = {}): Row => ({
  name: `Label ${++seq}`,
  kind: 'equipmentLabel',
  widthMm: 60,
  heightMm: 40,
  layout: { elements },
  ...extra,
});
const countAll = async () =>
  Number((await t.call('GET', '/api-manage/printTemplates/page?page=1&limit=1', admin).then((r) => r.json())).count);

const qr: PrintElement = { kind: 'qr', x: 2, y: 2, w: 20, h: 20, content: '{scan}' };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  tenantId = (await tenantOf(t, admin)).tenantId;
});
afterAll(() => t.close());

describe('print and label templates', () => {
  it('gives the demo tenant one template of each kind, each a layout the validation accepts', async () => {
    const rows = (await call<Row[]>('GET', '/api-manage/printTemplates/all')).data;
    expect(rows.map((r) => r.kind).sort()).toEqual(DEMO_TEMPLATES.map((d) => d.kind).sort());
    // Saved again through the API, every demo layout passes the checks a person's template must pass.
    for (const d of DEMO_TEMPLATES) {
      const r = await save({ ...d, name: `${d.name} copy` });
      expect(r.rtnCode, `${d.kind}: ${r.msg}`).toBe(200);
    }
  });

  it('keeps one default per kind, and the print pages get the default first', async () => {
    const a = await save(label([qr], { isDefault: true }));
    const b = await save(label([qr], { isDefault: true }));
    expect([a.rtnCode, b.rtnCode]).toEqual([200, 200]);
    const got = (await call('GET', `/api-manage/printTemplates/get?id=${a.data.id}`)).data;
    expect(got.isDefault).toBe(false);
    const forKind = (await call<Row[]>('GET', '/api-manage/printTemplates/forKind?kind=equipmentLabel')).data;
    expect(forKind[0]).toMatchObject({ id: b.data.id, isDefault: true, widthMm: 60, heightMm: 40 });
    expect(forKind[0]!.layout).toEqual({ elements: [qr] });
    expect(forKind.filter((r) => r.isDefault)).toHaveLength(1);
    expect(forKind.every((r) => r.kind === 'equipmentLabel')).toBe(true);
  });

  it('keeps one default per kind when two people make two templates the default at once', async () => {
    const kind = 'spareLabel';
    const made = await Promise.all([1, 2, 3].map(() => save(label([qr], { kind }))));
    for (let round = 0; round < 3; round++) {
      const rs = await Promise.all(
        made.map((m) => call('POST', '/api-manage/printTemplates/update', { id: m.data.id, isDefault: true })),
      );
      expect(rs.map((r) => r.rtnCode)).toEqual([200, 200, 200]);
      const forKind = (await call<Row[]>('GET', `/api-manage/printTemplates/forKind?kind=${kind}`)).data;
      expect(forKind.filter((r) => r.isDefault)).toHaveLength(1);
    }
    // Editing the default's other fields leaves it the default.
    const def = (await call<Row[]>('GET', `/api-manage/printTemplates/forKind?kind=${kind}`)).data[0]!;
    expect((await call('POST', '/api-manage/printTemplates/update', { id: def.id, remark: 'r' })).rtnCode).toBe(200);
    expect((await call('GET', `/api-manage/printTemplates/get?id=${def.id}`)).data.isDefault).toBe(true);
  });

  it("lets anyone signed in read the templates of a kind, but only the page's codes change them", async () => {
    const nobody = await userWithoutRights(t, tenantId, 'print_nobody');
    const r = await t.call('GET', '/api-manage/printTemplates/forKind?kind=repairSheet', nobody);
    expect(r.statusCode).toBe(200);
    expect(((await r.json()) as Json<Row[]>).data.length).toBeGreaterThan(0);
    expect((await t.call('POST', '/api-manage/printTemplates/save', nobody, label([qr]))).statusCode).toBe(403);
    expect((await t.call('GET', '/api-manage/printTemplates/page', nobody)).statusCode).toBe(403);
    expect((await t.call('GET', '/api-manage/printTemplates/forKind?kind=nonsense', nobody)).statusCode).toBe(400);
  });

  it("keeps each tenant's templates to itself", async () => {
    const mine = await save(label([qr]));
    const other = await secondTenant(t, 'printother');
    const theirs = await save(label([qr], { name: 'Theirs' }), other.token);
    expect(theirs.rtnCode).toBe(200);
    const seen = (
      await call<Row[]>('GET', '/api-manage/printTemplates/forKind?kind=equipmentLabel', undefined, other.token)
    ).data;
    expect(seen.map((r) => r.id)).toEqual([theirs.data.id]);
    const peek = await t.call('GET', `/api-manage/printTemplates/get?id=${mine.data.id}`, other.token);
    expect([404, 200]).toContain(peek.statusCode);
    expect(((await peek.json()) as Json).rtnCode).not.toBe(200);
    const change = await call(
      'POST',
      '/api-manage/printTemplates/update',
      { id: mine.data.id, name: 'Taken' },
      other.token,
    );
    expect(change.rtnCode).not.toBe(200);
    expect((await call('GET', `/api-manage/printTemplates/get?id=${mine.data.id}`)).data.name).toBe(mine.data.name);
  });
});

describe('a layout that does not fit its page or its records', () => {
  const refused = async (elements: unknown, field: string, message: RegExp, extra: Row = {}) => {
    const before = await countAll();
    const body = label([], extra);
    body.layout = Array.isArray(elements) ? { elements } : elements;
    const r = await save(body);
    expect(r.rtnCode).toBe(201);
    expect(r.field).toBe(field);
    expect(r.msg).toMatch(message);
    expect(r.msg).not.toMatch(/[{}]|print\.errors/);
    expect(await countAll()).toBe(before);
  };

  it('refuses an element reaching outside the page, naming the element and the page size', () =>
    refused([qr, { ...qr, x: 45 }], 'layout.elements.1.w', /Element 2 reaches outside the page \(60 × 40 mm\)/));

  it('refuses a size below a millimetre and a position before the corner', async () => {
    await refused([{ ...qr, h: 0.5 }], 'layout.elements.0.h', /Element 1: width and height must be at least 1 mm/);
    await refused([{ ...qr, x: -1 }], 'layout.elements.0.x', /Element 1: the position/);
  });

  it('refuses an unknown kind of element and a layout that is no list of elements', async () => {
    await refused([{ ...qr, kind: 'script' }], 'layout.elements.0.kind', /Element 1 is of an unknown kind/);
    await refused({ items: [] }, 'layout', /The layout is not a list of elements/);
  });

  it('refuses a field, a placeholder or a table list the kind of record does not have', async () => {
    await refused(
      [{ kind: 'field', x: 0, y: 0, w: 30, h: 5, field: 'password' }],
      'layout.elements.0.field',
      /Element 1: choose a field/,
    );
    await refused([{ ...qr, content: 'x{secret}' }], 'layout.elements.0.content', /placeholder/);
    await refused(
      [
        {
          kind: 'table',
          x: 0,
          y: 0,
          w: 50,
          h: 30,
          rowHeight: 5,
          source: 'details',
          columns: [{ field: 'no', width: 10 }],
        },
      ],
      'layout.elements.0.source',
      /Element 1: choose a list/,
    );
  });

  it('refuses a table whose columns are wider than it or name no field of its rows', async () => {
    const table = {
      kind: 'table',
      x: 10,
      y: 10,
      w: 100,
      h: 50,
      rowHeight: 6,
      source: 'details',
      columns: [
        { field: 'name', width: 60 },
        { field: 'result', width: 30 },
      ],
    };
    const sheet = { kind: 'checkSheet', widthMm: 210, heightMm: 297 };
    expect((await save({ ...label([table], sheet) })).rtnCode).toBe(200);
    await refused([{ ...table, w: 80 }], 'layout.elements.0.columns', /columns are wider than the table/, sheet);
    await refused(
      [
        {
          ...table,
          columns: [
            { field: 'name', width: 20 },
            { field: 'nope', width: 20 },
          ],
        },
      ],
      'layout.elements.0.columns.1.field',
      /Element 1, column 2: choose a field/,
      sheet,
    );
    await refused([{ ...table, h: 10 }], 'layout.elements.0.h', /high enough/, sheet);
  });

  it("refuses a barcode type it cannot draw and a font size out of range, in the reader's language", async () => {
    await refused(
      [{ kind: 'barcode', x: 0, y: 0, w: 40, h: 10, content: '{code}', symbology: 'pdf999' }],
      'layout.elements.0.symbology',
      /choose a barcode type/,
    );
    const r = await (
      await t.call(
        'POST',
        '/api-manage/printTemplates/save',
        admin,
        label([{ ...qr }, { kind: 'text', x: 0, y: 25, w: 30, h: 5, text: 'A', fontSize: 200 }]),
        { lang: 'zh' },
      )
    ).json();
    expect(r).toMatchObject({ rtnCode: 201, field: 'layout.elements.1.fontSize' });
    expect(r.msg).toBe('第 2 个元素：字号须在 4 到 72 pt 之间');
  });
});
