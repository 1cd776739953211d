import { describe, expect, it } from 'vitest';
import { factsOnly } from './display';
import type { FieldMeta } from './types';

const field = (over: Partial<FieldMeta>): FieldMeta => ({
  name: 'findings',
  type: 'json',
  label: '检查发现',
  required: false,
  unique: false,
  custom: false,
  list: false,
  filter: null,
  sortable: false,
  writable: false,
  importable: false,
  exportable: false,
  display: null,
  ...over,
});

describe('a record view', () => {
  it('does not show a read-only record of facts as JSON (the server writes the text read from it)', () => {
    const findings = { taskCode: 'XJ00000001', kind: 1, items: [{ name: '油位', answer: 'fail' }] };
    expect(factsOnly(field({}), { id: 1, findings })).toBe(true);
    expect(factsOnly(field({}), { id: 1, findings: null })).toBe(false);
    expect(factsOnly(field({ writable: true }), { id: 1, findings })).toBe(false);
    expect(factsOnly(field({ name: 'days' }), { id: 1, days: [1, 2] })).toBe(false);
    expect(factsOnly(field({ type: 'string', name: 'phenomenon' }), { id: 1, phenomenon: 'x' })).toBe(false);
  });
});
