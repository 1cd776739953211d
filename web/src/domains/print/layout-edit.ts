import type { PrintElement, PrintKind, PrintLayout, PrintRecord } from './types';

/** Sizes people print on: paper and the common label rolls. */
export const SIZE_PRESETS: { key: string; w: number; h: number }[] = [
  { key: 'A4', w: 210, h: 297 },
  { key: 'A5', w: 148, h: 210 },
  { key: '100×150', w: 100, h: 150 },
  { key: '100×50', w: 100, h: 50 },
  { key: '60×40', w: 60, h: 40 },
  { key: '50×30', w: 50, h: 30 },
  { key: '40×30', w: 40, h: 30 },
];

export type NewKind = PrintElement['kind'];

const round = (mm: number) => Math.round(mm * 2) / 2;

/** A new element of a kind at the page's top left, sized to fit the page. */
export function newElement(kind: NewKind, page: { w: number; h: number }, listName: string | null): PrintElement {
  const w = (mm: number) => Math.min(mm, page.w);
  const h = (mm: number) => Math.min(mm, page.h);
  switch (kind) {
    case 'text':
      return { kind, x: 0, y: 0, w: w(30), h: h(6), text: '…', fontSize: 9 };
    case 'field':
      return { kind, x: 0, y: 0, w: w(30), h: h(6), field: 'code', fontSize: 9 };
    case 'qr':
      return { kind, x: 0, y: 0, w: w(20), h: h(20), content: '{scan}' };
    case 'barcode':
      return { kind, x: 0, y: 0, w: w(40), h: h(12), content: '{code}', symbology: 'code128', showText: true };
    case 'table':
      return {
        kind,
        x: 0,
        y: 0,
        w: w(100),
        h: h(40),
        rowHeight: 7,
        fontSize: 8,
        source: listName ?? '',
        columns: [{ field: 'no', width: Math.min(10, w(100)) }],
      };
  }
}

/** An element moved (or resized) by a drag of dx, dy millimetres, in half millimetres and kept on the page. */
export function dragged(
  el: PrintElement,
  mode: 'move' | 'resize',
  dx: number,
  dy: number,
  page: { w: number; h: number },
): PrintElement {
  if (mode === 'move')
    return {
      ...el,
      x: Math.min(Math.max(0, round(el.x + dx)), Math.max(0, page.w - el.w)),
      y: Math.min(Math.max(0, round(el.y + dy)), Math.max(0, page.h - el.h)),
    };
  return {
    ...el,
    w: Math.min(Math.max(1, round(el.w + dx)), page.w - el.x),
    h: Math.min(Math.max(1, round(el.h + dy)), page.h - el.y),
  };
}

/** The element a refusal of the server names (`layout.elements.3.w` → 3), or null. */
export const elementOfField = (field: unknown): number | null => {
  const m = typeof field === 'string' ? /^layout\.elements\.(\d+)\./.exec(field) : null;
  return m ? Number(m[1]) : null;
};

/** A layout with one element replaced. */
export const replaced = (layout: PrintLayout, i: number, el: PrintElement): PrintLayout => ({
  elements: layout.elements.map((e, j) => (j === i ? el : e)),
});

/** What the designer previews: each field shows its label in brackets, each list three rows of the same. */
export function sampleRecord(
  kind: PrintKind,
  labels: Record<string, string>,
  lists: Record<string, Record<string, string>>,
): PrintRecord {
  const bracket = (l: Record<string, string>) => Object.fromEntries(Object.entries(l).map(([k, v]) => [k, `[${v}]`]));
  return {
    key: `sample-${kind}`,
    values: bracket(labels),
    labels,
    lists: Object.fromEntries(
      Object.entries(lists).map(([name, l]) => [
        name,
        { labels: l, rows: [1, 2, 3].map((n) => ({ ...bracket(l), no: String(n) })) },
      ]),
    ),
  };
}
