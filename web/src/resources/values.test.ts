import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { FieldMeta } from './types';
import { toBody, toFormValues } from './values';

const field = (name: string, more: Partial<FieldMeta> = {}): FieldMeta => ({
  name,
  type: 'datetime',
  label: name,
  required: true,
  unique: false,
  custom: false,
  list: true,
  filter: null,
  sortable: true,
  writable: true,
  importable: true,
  exportable: true,
  display: null,
  ...more,
});

describe('form values of a record', () => {
  it('start a new record with now in a field that defaults to now, and keep a stored record’s value', () => {
    const fields = [field('docDate', { defaultNow: true }), field('postedAt', { defaultNow: true, writable: false })];
    const before = Date.now();
    const fresh = toFormValues(fields, null);
    expect(dayjs.isDayjs(fresh.docDate)).toBe(true);
    expect((fresh.docDate as dayjs.Dayjs).valueOf()).toBeGreaterThanOrEqual(before);
    // Read-only stamps are the server's to write.
    expect(fresh.postedAt).toBeUndefined();
    expect(toBody(fields, fresh).docDate).toBe((fresh.docDate as dayjs.Dayjs).toISOString());
    const stored = toFormValues(fields, { id: 1, docDate: '2026-01-02T03:04:05.000Z', postedAt: null });
    expect((stored.docDate as dayjs.Dayjs).toISOString()).toBe('2026-01-02T03:04:05.000Z');
    expect(toFormValues([field('docDate')], null).docDate).toBeUndefined();
  });
});
