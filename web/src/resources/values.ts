import dayjs, { type Dayjs } from 'dayjs';
import type { FieldMeta, Row } from './types';

/** Form item name of a field: custom fields live under `custom`. */
export const namePath = (f: FieldMeta): string | string[] => (f.custom ? ['custom', f.name.slice(7)] : f.name);

/** A field's value in a row (custom values are nested). */
export function rowValue(row: Row, f: FieldMeta): unknown {
  if (!f.custom) return row[f.name];
  return (row.custom as Record<string, unknown> | undefined)?.[f.name.slice(7)];
}

const isDayjs = (v: unknown): v is Dayjs => dayjs.isDayjs(v);

/** Form values from a row: dates become dayjs, decimals numbers. */
export function toFormValues(fields: FieldMeta[], row: Row | null): Record<string, unknown> {
  const out: Record<string, unknown> = { custom: {} };
  for (const f of fields) {
    let v = row ? rowValue(row, f) : f.default;
    if (v !== undefined && v !== null && (f.type === 'date' || f.type === 'datetime')) v = dayjs(String(v));
    if (!row && v === undefined && f.defaultNow && f.writable) v = dayjs();
    if (v !== undefined && v !== null && f.type === 'decimal') v = Number(v);
    if (f.custom) (out.custom as Record<string, unknown>)[f.name.slice(7)] = v;
    else out[f.name] = v;
  }
  return out;
}

/** The body of save or update from form values: dates as text, empty values as null. */
export function toBody(fields: FieldMeta[], values: Record<string, unknown>, id?: number): Record<string, unknown> {
  const body: Record<string, unknown> = id ? { id } : {};
  const custom: Record<string, unknown> = {};
  for (const f of fields) {
    if (!f.writable) continue;
    let v = f.custom ? (values.custom as Record<string, unknown> | undefined)?.[f.name.slice(7)] : values[f.name];
    if (v === undefined) continue;
    if (isDayjs(v)) v = f.type === 'date' ? v.format('YYYY-MM-DD') : v.toISOString();
    if (v === '') v = null;
    if (f.type === 'decimal' && typeof v === 'number') v = String(v);
    if (f.custom) custom[f.name.slice(7)] = v;
    else body[f.name] = v;
  }
  if (Object.keys(custom).length) body.custom = custom;
  return body;
}

/** Query parameters from the search form: ranges split into From/To, lists joined, dates as text. */
export function toQuery(fields: FieldMeta[], values: Record<string, unknown>): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  const text = (v: unknown): string => (isDayjs(v) ? v.format('YYYY-MM-DD') : String(v));
  for (const f of fields) {
    if (!f.filter) continue;
    const v = values[f.name.replace('.', '__')];
    if (v === undefined || v === null || v === '') continue;
    if (f.filter === 'range' && Array.isArray(v)) {
      if (v[0] !== null && v[0] !== undefined && v[0] !== '') out[`${f.name}From`] = text(v[0]);
      if (v[1] !== null && v[1] !== undefined && v[1] !== '') out[`${f.name}To`] = text(v[1]);
    } else if (Array.isArray(v)) {
      if (v.length) out[f.name] = v.map(text).join(',');
    } else out[f.name] = typeof v === 'number' ? v : text(v).trim();
  }
  return out;
}
