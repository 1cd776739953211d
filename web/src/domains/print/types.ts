// The layout's wire types have one source, the server's; type-only, so nothing server-side is bundled.
export type {
  Align,
  BarcodeElement,
  ElementKind,
  FieldElement,
  PrintElement,
  PrintKind,
  PrintLayout,
  PrintTemplateWire,
  QrElement,
  Symbology,
  TableColumn,
  TableElement,
  TextElement,
} from '../../../../server/src/domains/print/layout-wire';

/** One list of a record (a repair order's labour, a task's items) as printed: readable values and labels. */
export interface PrintList {
  rows: Record<string, string>[];
  labels: Record<string, string>;
}

/** A record as a template prints it: each field's readable value and label, and its lists. */
export interface PrintRecord {
  key: string;
  values: Record<string, string>;
  labels: Record<string, string>;
  lists: Record<string, PrintList>;
}
