import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import type { EntityMeta, FieldMeta, Row } from '../../resources/types';
import { rowValue } from '../../resources/values';
import type { PrintKind, PrintList, PrintRecord } from './types';

/** The entity of each kind's records and the lists a table may show (server/src/domains/print/kinds.ts). */
export const KIND_ENTITY: Record<PrintKind, { entity: string; lists: Record<string, string> }> = {
  equipmentLabel: { entity: 'equipment', lists: {} },
  spareLabel: { entity: 'sparepart', lists: {} },
  binLabel: { entity: 'warehouseline', lists: {} },
  meterLabel: { entity: 'energymeter', lists: {} },
  repairSheet: { entity: 'maintaintask', lists: { labour: 'repairlabour', parts: 'repairpart' } },
  checkSheet: { entity: 'checktask', lists: { details: 'checktaskdtl' } },
  patrolSheet: { entity: 'checktask', lists: { details: 'checktaskdtl' } },
  maintainSheet: { entity: 'checktask', lists: { details: 'checktaskdtl' } },
};

/** A field's value as printed text: names of references and dictionary entries, option labels, local dates. */
export function textValue(f: FieldMeta, row: Row, t: TFunction): string {
  const v = rowValue(row, f);
  const shown = f.display ? row[f.display] : undefined;
  if (v === null || v === undefined || v === '') return shown ? String(shown) : '';
  switch (f.type) {
    case 'ref':
    case 'dict':
      return String(shown ?? f.options?.find((o) => String(o.value) === String(v))?.label ?? v);
    case 'enum':
      return f.options?.find((o) => String(o.value) === String(v))?.label ?? String(v);
    case 'boolean':
      return t(v ? 'resources:values.yes' : 'resources:values.no');
    case 'datetime':
      return dayjs(String(v)).format('YYYY-MM-DD HH:mm');
    case 'date':
      return String(v).slice(0, 10);
    case 'decimal':
      return Number(v).toLocaleString(undefined, {
        minimumFractionDigits: f.scale ?? 2,
        maximumFractionDigits: f.scale ?? 2,
      });
    case 'json':
    case 'image':
    case 'attachments':
      return '';
    default:
      return String(v);
  }
}

/** Values the print page gives beside the fields (kinds.ts RECORD_EXTRAS, ROW_EXTRAS), with their labels. */
export const extraLabels = (t: TFunction): Record<string, string> => ({
  scan: t('print:extras.scan'),
  printedAt: t('print:extras.printedAt'),
  no: t('print:extras.no'),
});

function valuesOf(meta: EntityMeta | undefined, row: Row, t: TFunction): Record<string, string> {
  if (!meta) return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v == null ? '' : String(v)]));
  return Object.fromEntries(meta.fields.map((f) => [f.name, textValue(f, row, t)]));
}

const labelsOf = (meta: EntityMeta | undefined, t: TFunction): Record<string, string> => ({
  ...extraLabels(t),
  ...Object.fromEntries((meta?.fields ?? []).map((f) => [f.name, f.label])),
});

export interface RecordSource {
  row: Row;
  /** What the product's scanners read for the record (its QR code's content on the built-in layout). */
  scan: string;
  /** The record's lists by name (`details`, `labour`); default the row's own embedded children. */
  lists?: Record<string, Row[]>;
}

/** A record of a kind as a template prints it, its lists' rows numbered from 1. */
export function printRecord(
  src: RecordSource,
  meta: EntityMeta | undefined,
  listMetas: Record<string, EntityMeta | undefined>,
  t: TFunction,
  printedAt = dayjs(),
): PrintRecord {
  const lists: Record<string, PrintList> = {};
  for (const [name, listMeta] of Object.entries(listMetas)) {
    const rows = src.lists?.[name] ?? (src.row[name] as Row[] | undefined) ?? [];
    lists[name] = {
      labels: labelsOf(listMeta, t),
      rows: rows.map((r, i) => ({ ...valuesOf(listMeta, r, t), no: String(i + 1) })),
    };
  }
  return {
    key: String(src.row.id),
    values: { ...valuesOf(meta, src.row, t), scan: src.scan, printedAt: printedAt.format('YYYY-MM-DD HH:mm') },
    labels: labelsOf(meta, t),
    lists,
  };
}
