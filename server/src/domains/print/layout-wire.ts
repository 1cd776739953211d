/**
 * A print template's layout as it travels between server and web (the server validates it, the web designs and
 * renders it). Types only and no imports, so the web imports it with `import type`.
 *
 * Every position and size is in millimetres from the page's top left corner; font sizes are in points. A text,
 * QR code or barcode may hold `{field}` placeholders, replaced by the printed record's value of that field.
 */

export type PrintKind =
  | 'equipmentLabel'
  | 'spareLabel'
  | 'binLabel'
  | 'meterLabel'
  | 'repairSheet'
  | 'checkSheet'
  | 'patrolSheet'
  | 'maintainSheet';

export type ElementKind = 'text' | 'field' | 'qr' | 'barcode' | 'table';
export type Align = 'left' | 'center' | 'right';
export type Symbology = 'code128' | 'code39' | 'ean13' | 'datamatrix';

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

interface Typed {
  /** Points; default 9. */
  fontSize?: number;
  bold?: boolean;
  align?: Align;
}

/** A fixed text (the tenant's own words), with placeholders. */
export interface TextElement extends Box, Typed {
  kind: 'text';
  text: string;
}

/** One field of the record: its value, optionally after the field's label in the reader's language. */
export interface FieldElement extends Box, Typed {
  kind: 'field';
  field: string;
  showLabel?: boolean;
}

export interface QrElement extends Box {
  kind: 'qr';
  content: string;
}

export interface BarcodeElement extends Box {
  kind: 'barcode';
  content: string;
  symbology: Symbology;
  /** The human-readable text under the bars. */
  showText?: boolean;
}

export interface TableColumn {
  field: string;
  /** The tenant's own heading; default the field's label in the reader's language. */
  title?: string;
  width: number;
}

/** The rows of one of the record's lists (a repair order's labour, a task's items); continued on further pages. */
export interface TableElement extends Box, Typed {
  kind: 'table';
  source: string;
  columns: TableColumn[];
  rowHeight: number;
}

export type PrintElement = TextElement | FieldElement | QrElement | BarcodeElement | TableElement;

export interface PrintLayout {
  elements: PrintElement[];
}

/** A template as the print pages receive it. */
export interface PrintTemplateWire {
  id: number;
  name: string;
  kind: PrintKind;
  widthMm: number;
  heightMm: number;
  isDefault: boolean;
  layout: PrintLayout;
}
