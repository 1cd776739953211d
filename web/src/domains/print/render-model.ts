import bwipjs from 'bwip-js/browser';
import QRCode from 'qrcode';
import type { Align, BarcodeElement, PrintElement, PrintRecord, PrintTemplateWire, TableElement } from './types';

/** CSS pixels per millimetre (96 px to the inch): the same on screen and on paper. */
export const PX_PER_MM = 96 / 25.4;
/** CSS pixels per typographic point. */
export const PX_PER_PT = 96 / 72;
const DEFAULT_PT = 9;

interface Placed {
  left: number;
  top: number;
  width: number;
  height: number;
}

export type RenderItem =
  | (Placed & { kind: 'text'; text: string; fontPx: number; bold: boolean; align: Align })
  | (Placed & { kind: 'image'; src: string; alt: string })
  /** What could not be drawn (an EAN-13 of letters): an outlined box on the sheet. */
  | (Placed & { kind: 'failed' })
  | (Placed & {
      kind: 'table';
      fontPx: number;
      rowPx: number;
      columns: { title: string; width: number }[];
      rows: string[][];
    });

export interface RenderPage {
  key: string;
  width: number;
  height: number;
  items: RenderItem[];
}

/** The `{field}` placeholders of a text replaced by the record's values (unknown ones by nothing). */
export const substitute = (text: string, values: Readonly<Record<string, string>>): string =>
  text.replace(/\{([^{}]+)\}/g, (_, name: string) => values[name.trim()] ?? '');

const svgSrc = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/** The QR code of a text as an SVG image (scales to any size without blur). */
export async function qrSvg(text: string): Promise<string> {
  return svgSrc(await QRCode.toString(text, { type: 'svg', margin: 0, errorCorrectionLevel: 'M' }));
}

/** The barcode of a text as an SVG image; null when the symbology cannot encode it. */
export function barcodeSvg(el: Pick<BarcodeElement, 'symbology' | 'showText'>, text: string): string | null {
  try {
    return svgSrc(
      bwipjs.toSVG({ bcid: el.symbology, text, includetext: el.showText === true && el.symbology !== 'datamatrix' }),
    );
  } catch {
    return null;
  }
}

/** How many rows of a table fit on one page (the heading takes one row's height). */
export const rowsPerPage = (el: Pick<TableElement, 'h' | 'rowHeight'>): number =>
  Math.max(1, Math.floor(el.h / el.rowHeight) - 1);

/** How many pages a record takes: its longest table continued on further pages, every other element repeated. */
export function pageCount(elements: readonly PrintElement[], record: PrintRecord): number {
  let pages = 1;
  for (const el of elements)
    if (el.kind === 'table')
      pages = Math.max(pages, Math.ceil((record.lists[el.source]?.rows.length ?? 0) / rowsPerPage(el)));
  return pages;
}

async function item(el: PrintElement, record: PrintRecord, page: number, scale: number): Promise<RenderItem | null> {
  const px = (mm: number) => mm * scale;
  const placed: Placed = { left: px(el.x), top: px(el.y), width: px(el.w), height: px(el.h) };
  const font = (pt: number | undefined) => (pt ?? DEFAULT_PT) * PX_PER_PT * (scale / PX_PER_MM);
  switch (el.kind) {
    case 'text':
    case 'field': {
      const text =
        el.kind === 'text'
          ? substitute(el.text, record.values)
          : [el.showLabel && record.labels[el.field], record.values[el.field] ?? ''].filter(Boolean).join('：');
      return {
        ...placed,
        kind: 'text',
        text,
        fontPx: font(el.fontSize),
        bold: el.bold === true,
        align: el.align ?? 'left',
      };
    }
    case 'qr': {
      const text = substitute(el.content, record.values);
      return text ? { ...placed, kind: 'image', src: await qrSvg(text), alt: text } : null;
    }
    case 'barcode': {
      const text = substitute(el.content, record.values);
      if (!text) return null;
      const src = barcodeSvg(el, text);
      return src ? { ...placed, kind: 'image', src, alt: text } : { ...placed, kind: 'failed' };
    }
    case 'table': {
      const list = record.lists[el.source];
      const per = rowsPerPage(el);
      const rows = (list?.rows ?? []).slice(page * per, (page + 1) * per);
      return {
        ...placed,
        kind: 'table',
        fontPx: font(el.fontSize),
        rowPx: px(el.rowHeight),
        columns: el.columns.map((c) => ({ title: c.title || list?.labels[c.field] || '', width: px(c.width) })),
        rows: rows.map((r) => el.columns.map((c) => r[c.field] ?? '')),
      };
    }
  }
}

/**
 * The pages a template prints for records: positions and sizes from millimetres to CSS pixels (`scale` pixels
 * per millimetre; PX_PER_MM prints at exact size), placeholders and fields filled from each record, QR codes and
 * barcodes drawn as SVG, and a table's rows spread over as many pages as they need.
 */
export async function renderPages(
  template: Pick<PrintTemplateWire, 'widthMm' | 'heightMm' | 'layout'>,
  records: readonly PrintRecord[],
  scale = PX_PER_MM,
): Promise<RenderPage[]> {
  const out: RenderPage[] = [];
  for (const record of records) {
    const pages = pageCount(template.layout.elements, record);
    for (let p = 0; p < pages; p++) {
      const items = await Promise.all(template.layout.elements.map((el) => item(el, record, p, scale)));
      out.push({
        key: `${record.key}-${p}`,
        width: template.widthMm * scale,
        height: template.heightMm * scale,
        items: items.filter((i): i is RenderItem => i !== null),
      });
    }
  }
  return out;
}
