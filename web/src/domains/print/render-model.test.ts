import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en/print.json';
import resourcesEn from '../../locales/en/resources.json';
import type { EntityMeta, FieldMeta, Row } from '../../resources/types';
import { printRecord } from './record';
import { PX_PER_MM, pageCount, renderPages, rowsPerPage, substitute } from './render-model';
import type { PrintElement, PrintRecord } from './types';

const field = (name: string, extra: Partial<FieldMeta> = {}): FieldMeta =>
  ({ name, type: 'string', label: name.toUpperCase(), custom: false, display: null, ...extra }) as FieldMeta;
const meta = (fields: FieldMeta[]): EntityMeta => ({ name: 'x', title: 'X', fields }) as EntityMeta;

async function tr() {
  const i18n = i18next.createInstance();
  await i18n.init({ lng: 'en', resources: { en: { print: en, resources: resourcesEn } } });
  return i18n.t;
}

const record = (values: Record<string, string>, rows = 0): PrintRecord => ({
  key: 'r1',
  values,
  labels: { code: 'Code', name: 'Name' },
  lists: {
    details: { labels: { name: 'Item' }, rows: Array.from({ length: rows }, (_, i) => ({ name: `item ${i + 1}` })) },
  },
});
const page = (elements: PrintElement[]) => ({ widthMm: 60, heightMm: 40, layout: { elements } });

describe('a template laid out in millimetres becomes pages in CSS pixels', () => {
  it('places a 60 × 40 mm label and its elements at 96 px to the inch', async () => {
    const [p] = await renderPages(page([{ kind: 'text', x: 10, y: 5, w: 25.4, h: 12.7, text: 'Hi', fontSize: 12 }]), [
      record({}),
    ]);
    expect(p!.width).toBeCloseTo(226.77, 2);
    expect(p!.height).toBeCloseTo(151.18, 2);
    expect(p!.items[0]).toMatchObject({ kind: 'text', text: 'Hi', width: 96, height: 48, fontPx: 16 });
    expect(p!.items[0]!.left).toBeCloseTo(10 * PX_PER_MM, 6);
  });

  it('scales positions and fonts together for an on-screen preview', async () => {
    const [p] = await renderPages(
      page([{ kind: 'text', x: 10, y: 0, w: 10, h: 10, text: 'a', fontSize: 12 }]),
      [record({})],
      8,
    );
    expect(p).toMatchObject({ width: 480, height: 320 });
    expect(p!.items[0]).toMatchObject({ left: 80, width: 80, fontPx: 16 * (8 / PX_PER_MM) });
  });

  it('fills placeholders and fields from the record, with the label when asked', async () => {
    expect(substitute('No. {code} / { name }', { code: 'EQ-1', name: 'Lathe' })).toBe('No. EQ-1 / Lathe');
    expect(substitute('{missing}!', {})).toBe('!');
    const [p] = await renderPages(
      page([
        { kind: 'field', x: 0, y: 0, w: 30, h: 5, field: 'code', showLabel: true, bold: true },
        { kind: 'field', x: 0, y: 6, w: 30, h: 5, field: 'name', align: 'right' },
      ]),
      [record({ code: 'EQ-1', name: 'Lathe' })],
    );
    expect(p!.items.map((i) => i.kind === 'text' && [i.text, i.bold, i.align])).toEqual([
      ['Code：EQ-1', true, 'left'],
      ['Lathe', false, 'right'],
    ]);
  });

  it('draws QR codes and barcodes of the filled content as SVG images, and marks what cannot be drawn', async () => {
    const [p] = await renderPages(
      page([
        { kind: 'qr', x: 0, y: 0, w: 20, h: 20, content: '{scan}' },
        { kind: 'barcode', x: 22, y: 0, w: 30, h: 10, content: '{code}', symbology: 'code128', showText: true },
        { kind: 'barcode', x: 22, y: 12, w: 30, h: 10, content: '{code}', symbology: 'ean13' },
        { kind: 'qr', x: 0, y: 22, w: 10, h: 10, content: '{empty}' },
      ]),
      [record({ scan: 'https://eam.example/equipment/7', code: 'EQ-7' })],
    );
    const [qr, bars, ean] = p!.items;
    expect(p!.items).toHaveLength(3);
    expect(qr).toMatchObject({ kind: 'image', alt: 'https://eam.example/equipment/7' });
    expect(decodeURIComponent((qr as { src: string }).src)).toMatch(/^data:image\/svg\+xml;charset=utf-8,<svg/);
    expect(bars).toMatchObject({ kind: 'image', alt: 'EQ-7' });
    expect(decodeURIComponent((bars as { src: string }).src)).toContain('<svg');
    expect(ean).toMatchObject({ kind: 'failed' });
  });

  it('continues a long table on further pages, repeating the other elements', async () => {
    const table: PrintElement = {
      kind: 'table',
      x: 0,
      y: 10,
      w: 50,
      h: 30,
      rowHeight: 6,
      source: 'details',
      columns: [
        { field: 'name', width: 30 },
        { field: 'name', width: 20, title: 'Own heading' },
      ],
    };
    expect(rowsPerPage(table)).toBe(4);
    const rec = record({ code: 'T-1' }, 9);
    expect(pageCount([table], rec)).toBe(3);
    const pages = await renderPages(page([{ kind: 'field', x: 0, y: 0, w: 20, h: 5, field: 'code' }, table]), [
      rec,
      { ...rec, key: 'r2', lists: {} },
    ]);
    expect(pages.map((p) => p.key)).toEqual(['r1-0', 'r1-1', 'r1-2', 'r2-0']);
    const tables = pages.map(
      (p) => p.items.find((i) => i.kind === 'table') as Extract<(typeof p.items)[0], { kind: 'table' }>,
    );
    expect(tables.map((t) => t.rows.length)).toEqual([4, 4, 1, 0]);
    expect(tables[2]!.rows[0]).toEqual(['item 9', 'item 9']);
    expect(tables[0]!.columns.map((c) => c.title)).toEqual(['Item', 'Own heading']);
    expect(pages.every((p) => p.items.some((i) => i.kind === 'text' && i.text === 'T-1'))).toBe(true);
  });
});

describe('a record as a template prints it', () => {
  it('reads references, options, booleans and dates as people do, and numbers its lists from 1', async () => {
    const t = await tr();
    const row = {
      id: 3,
      code: 'EQ-3',
      workshopId: 9,
      workshopName: 'Assembly',
      urgency: 'high',
      stopped: true,
      reportedAt: '2026-03-04T05:06:00.000Z',
      details: [
        { id: 1, name: 'Oil' },
        { id: 2, name: 'Belt' },
      ],
    } as Row;
    const m = meta([
      field('code'),
      field('workshopId', { type: 'ref', display: 'workshopName' }),
      field('urgency', { type: 'enum', options: [{ value: 'high', label: 'Urgent' }] }),
      field('stopped', { type: 'boolean' }),
      field('reportedAt', { type: 'date' }),
    ]);
    const rec = printRecord({ row, scan: 'SCAN' }, m, { details: meta([field('name')]) }, t);
    expect(rec.values).toMatchObject({
      code: 'EQ-3',
      workshopId: 'Assembly',
      urgency: 'Urgent',
      stopped: 'Yes',
      reportedAt: '2026-03-04',
      scan: 'SCAN',
    });
    expect(rec.labels).toMatchObject({ workshopId: 'WORKSHOPID', scan: 'Scan content' });
    expect(rec.lists.details!.rows).toEqual([
      { name: 'Oil', no: '1' },
      { name: 'Belt', no: '2' },
    ]);
  });
});
