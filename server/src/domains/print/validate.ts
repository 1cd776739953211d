import type { FieldIssue } from '../../platform/resources/types.js';

/** The bounds of a layout (the web's designer keeps to the same ones). */
export const LIMITS = {
  elements: 100,
  text: 500,
  fontMin: 4,
  fontMax: 72,
  minSize: 1,
  columns: 12,
  rowMin: 3,
  rowMax: 50,
} as const;

const KINDS = ['text', 'field', 'qr', 'barcode', 'table'] as const;
const ALIGNS = ['left', 'center', 'right'];
const SYMBOLOGIES = ['code128', 'code39', 'ean13', 'datamatrix'];
/** Rounding of positions summed in floating point (0.1 + 0.2). */
const EPS = 0.001;

/** The field names a layout may name: the record's, and those of each list a table may show. */
export interface KnownFields {
  fields: ReadonlySet<string>;
  tables: ReadonlyMap<string, ReadonlySet<string>>;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** The `{name}` placeholders of a text. */
export const placeholders = (text: string): string[] => [...text.matchAll(/\{([^{}]+)\}/g)].map((m) => m[1]!.trim());

/**
 * The issues of a layout on a page of the given size: each names the element's property
 * (`layout.elements.<i>.<property>`) and carries the element's number, so a designer can point at it.
 */
export function validateLayout(layout: unknown, widthMm: number, heightMm: number, known: KnownFields): FieldIssue[] {
  if (!isObj(layout) || !Array.isArray(layout.elements)) return [{ field: 'layout', key: 'print.errors.layoutShape' }];
  if (layout.elements.length > LIMITS.elements)
    return [{ field: 'layout', key: 'print.errors.tooMany', params: { max: LIMITS.elements } }];
  const issues: FieldIssue[] = [];
  layout.elements.forEach((el, i) => {
    const at = (prop: string) => `layout.elements.${i}.${prop}`;
    const n = i + 1;
    const add = (prop: string, key: string, params: Obj = {}) =>
      issues.push({ field: at(prop), key: `print.errors.${key}`, params: { n, ...params } });
    if (!isObj(el) || !KINDS.includes(el.kind as (typeof KINDS)[number])) {
      add('kind', 'kindUnknown');
      return;
    }
    const before = issues.length;
    for (const p of ['x', 'y'] as const) if (!isNum(el[p]) || el[p] < 0) add(p, 'position');
    for (const p of ['w', 'h'] as const)
      if (!isNum(el[p]) || el[p] < LIMITS.minSize) add(p, 'size', { min: LIMITS.minSize });
    if (issues.length === before) {
      const [x, y, w, h] = [el.x, el.y, el.w, el.h] as number[];
      if (x! + w! > widthMm + EPS) add('w', 'outsidePage', { width: widthMm, height: heightMm });
      else if (y! + h! > heightMm + EPS) add('h', 'outsidePage', { width: widthMm, height: heightMm });
    }
    if (
      el.fontSize !== undefined &&
      (!isNum(el.fontSize) || el.fontSize < LIMITS.fontMin || el.fontSize > LIMITS.fontMax)
    )
      add('fontSize', 'fontSize', { min: LIMITS.fontMin, max: LIMITS.fontMax });
    if (el.align !== undefined && !ALIGNS.includes(el.align as string)) add('align', 'align');
    for (const flag of ['bold', 'showLabel', 'showText'])
      if (el[flag] !== undefined && typeof el[flag] !== 'boolean') add(flag, 'flag');
    const text = (prop: string) => {
      const v = el[prop];
      if (typeof v !== 'string' || !v.trim()) add(prop, 'contentEmpty');
      else if (v.length > LIMITS.text) add(prop, 'textLong', { max: LIMITS.text });
      else if (placeholders(v).some((f) => !known.fields.has(f))) add(prop, 'placeholderUnknown');
    };
    switch (el.kind) {
      case 'text':
        text('text');
        break;
      case 'field':
        if (typeof el.field !== 'string' || !known.fields.has(el.field)) add('field', 'fieldUnknown');
        break;
      case 'qr':
        text('content');
        break;
      case 'barcode':
        text('content');
        if (!SYMBOLOGIES.includes(el.symbology as string)) add('symbology', 'symbology');
        break;
      case 'table':
        checkTable(el, known, add);
        break;
    }
  });
  return issues;
}

function checkTable(el: Obj, known: KnownFields, add: (prop: string, key: string, params?: Obj) => void): void {
  const fields = typeof el.source === 'string' ? known.tables.get(el.source) : undefined;
  if (!fields) add('source', 'tableSource');
  if (!isNum(el.rowHeight) || el.rowHeight < LIMITS.rowMin || el.rowHeight > LIMITS.rowMax)
    add('rowHeight', 'rowHeight', { min: LIMITS.rowMin, max: LIMITS.rowMax });
  else if (isNum(el.h) && el.h < 2 * el.rowHeight) add('h', 'tableTooLow');
  const cols = el.columns;
  if (!Array.isArray(cols) || cols.length === 0 || cols.length > LIMITS.columns) {
    add('columns', 'columns', { max: LIMITS.columns });
    return;
  }
  let total = 0;
  cols.forEach((c, j) => {
    const col = (prop: string) => `columns.${j}.${prop}`;
    const m = j + 1;
    if (!isObj(c)) {
      add(col('field'), 'columnField', { m });
      return;
    }
    if (fields && (typeof c.field !== 'string' || !fields.has(c.field))) add(col('field'), 'columnField', { m });
    if (c.title !== undefined && (typeof c.title !== 'string' || c.title.length > 100))
      add(col('title'), 'columnTitle', { m, max: 100 });
    if (!isNum(c.width) || c.width < LIMITS.minSize) add(col('width'), 'columnWidth', { m, min: LIMITS.minSize });
    else total += c.width;
  });
  if (isNum(el.w) && total > el.w + EPS) add('columns', 'columnsWider');
}
