import { Tag } from 'antd';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { FileDisplay } from './FileDisplay';
import type { FieldMeta, Row } from './types';
import { rowValue } from './values';

/** How a field's value reads in a table or a view: readable names of refs and dictionary entries, option labels. */
/**
 * A read-only record of facts (a check's findings on a repair order): the server writes what a person reads from
 * it (the phenomenon), so it is not shown as such.
 */
export const factsOnly = (f: FieldMeta, row: Row): boolean => {
  const v = rowValue(row, f);
  return f.type === 'json' && !f.writable && !!v && typeof v === 'object' && !Array.isArray(v);
};

export function displayValue(f: FieldMeta, row: Row, t: TFunction): ReactNode {
  const v = rowValue(row, f);
  if (v === null || v === undefined || v === '') return f.display && row[f.display] ? String(row[f.display]) : '—';
  switch (f.type) {
    case 'ref':
      return String((f.display && row[f.display]) ?? v);
    case 'dict':
      return String((f.display && row[f.display]) ?? f.options?.find((o) => o.value === v)?.label ?? v);
    case 'enum':
      return f.options?.find((o) => String(o.value) === String(v))?.label ?? String(v);
    case 'boolean':
      return v ? <Tag color="warning">{t('resources:values.yes')}</Tag> : t('resources:values.no');
    case 'datetime':
      return dayjs(String(v)).format('YYYY-MM-DD HH:mm');
    case 'decimal':
      return Number(v).toLocaleString(undefined, {
        minimumFractionDigits: f.scale ?? 2,
        maximumFractionDigits: f.scale ?? 2,
      });
    case 'image':
    case 'attachments':
      return <FileDisplay kind={f.type} value={v} />;
    case 'json':
      return Array.isArray(v) ? t('resources:values.items', { count: v.length }) : JSON.stringify(v);
    default:
      return String(v);
  }
}
