import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { changeLines, recordOf } from './log-changes';
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

  it('shows a logged change by the labels the server gives, never the field names or ∅', () => {
    const entry = {
      entityLabel: '维修工单',
      recordLabel: 'R2026001',
      changes: [
        { field: 'orderName', label: '工单', before: null, after: 'R2026001' },
        { field: 'state', label: '状态', before: '已派工', after: '已接单' },
      ],
    };
    expect(changeLines(entry)).toEqual(['工单: — → R2026001', '状态: 已派工 → 已接单']);
    expect(recordOf(entry)).toBe('维修工单 R2026001');
  });
});
