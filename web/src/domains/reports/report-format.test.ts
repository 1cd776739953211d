import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { changes } from './log-changes';
import { chartValue, formatCell } from './report-format';

const t = ((key: string, o?: Record<string, unknown>) =>
  o ? `${key}:${JSON.stringify(o)}` : key) as unknown as TFunction;

describe('report cells', () => {
  it('shows a missing MTBF as "> running time", other missing figures as a dash, never 0', () => {
    expect(formatCell({ name: 'mtbf', kind: 'hours' }, { mtbf: null, runningHours: '80.00' }, t)).toBe(
      'reports:mtbfOver:{"hours":"80.00"}',
    );
    expect(formatCell({ name: 'mttr', kind: 'hours' }, { mttr: null }, t)).toBe('—');
    expect(formatCell({ name: 'availability', kind: 'percent' }, { availability: '97.50' }, t)).toBe('97.50%');
    expect(chartValue({ mtbf: null }, 'mtbf')).toBeNull();
    expect(chartValue({ mtbf: '39.00' }, 'mtbf')).toBe(39);
  });

  it('lists the fields a change touched, before and after', () => {
    expect(changes({ before: { a: 1, b: 'x', updatedAt: 1 }, after: { a: 2, b: 'x', updatedAt: 2 } })).toEqual([
      { field: 'a', before: 1, after: 2 },
    ]);
    expect(changes({ before: null, after: { name: 'W1' } })).toEqual([
      { field: 'name', before: undefined, after: 'W1' },
    ]);
  });
});
