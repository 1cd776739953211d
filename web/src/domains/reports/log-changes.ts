import type { LogEntry } from './api';

/** The fields a change touched: before → after (a created or deleted record shows its side). */
export function changes(e: Pick<LogEntry, 'before' | 'after'>): { field: string; before: unknown; after: unknown }[] {
  const keys = new Set([...Object.keys(e.before ?? {}), ...Object.keys(e.after ?? {})]);
  const out: { field: string; before: unknown; after: unknown }[] = [];
  for (const k of keys) {
    if (k === 'updatedAt' || k === 'updatedBy') continue;
    const b = e.before?.[k];
    const a = e.after?.[k];
    if (JSON.stringify(b) !== JSON.stringify(a)) out.push({ field: k, before: b, after: a });
  }
  return out;
}
