import type { LogEntry } from './api';

const show = (v: unknown) =>
  v === undefined || v === null || v === '' ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v);

/** The fields a change touched, one line each: its label, before → after (the server labels them). */
export function changeLines(e: Pick<LogEntry, 'changes'>): string[] {
  return (e.changes ?? []).map((c) => `${c.label}: ${show(c.before)} → ${show(c.after)}`);
}

/** The record an entry is about: the entity's title, then the record's code or name. */
export const recordOf = (e: Pick<LogEntry, 'entityLabel' | 'recordLabel'>) =>
  [e.entityLabel, e.recordLabel].filter(Boolean).join(' ');
