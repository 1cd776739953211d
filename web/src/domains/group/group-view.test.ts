import { describe, expect, it } from 'vitest';
import type { GroupCompanyRow } from './api';
import { compareBy, formatFigure, groupChartOption, presetRange } from './group-view';

const row = (name: string, extra: Partial<GroupCompanyRow>): GroupCompanyRow => ({
  id: name.length,
  name,
  code: name,
  lead: false,
  stopped: false,
  equipment: 0,
  reported: 0,
  open: 0,
  repairs: 0,
  downtimeHours: '0.00',
  mttr: null,
  checksDue: 0,
  checksOnTime: 0,
  checksMissed: 0,
  onTimeRate: null,
  stockValue: '0.00',
  ...extra,
});

describe('the group page', () => {
  it('sorts a decimal column by its value, with "none" below every number', () => {
    const rows = [row('a', { mttr: '10.50' }), row('b', { mttr: null }), row('c', { mttr: '2.00' })];
    expect([...rows].sort(compareBy('mttr')).map((r) => r.name)).toEqual(['b', 'c', 'a']);
  });

  it('shows none as a dash, rates with %, money with separators', () => {
    expect(formatFigure('mttr', null, '—')).toBe('—');
    expect(formatFigure('onTimeRate', '25.00', '—')).toBe('25.00%');
    expect(formatFigure('stockValue', '1234567.5', '—', 'en-US')).toBe('1,234,567.50');
    expect(formatFigure('reported', 3, '—')).toBe('3');
  });

  it('charts repair orders and downtime hours per company, in the rows’ order', () => {
    const option = groupChartOption([row('Lead', { reported: 3, downtimeHours: '2.50' }), row('M1', {})], {
      reported: 'Orders',
      downtimeHours: 'Downtime',
    }) as { xAxis: { data: string[] }; series: { name: string; data: number[]; yAxisIndex?: number }[] };
    expect(option.xAxis.data).toEqual(['Lead', 'M1']);
    expect(option.series.map((s) => [s.name, s.data])).toEqual([
      ['Orders', [3, 0]],
      ['Downtime', [2.5, 0]],
    ]);
    expect(option.series[1]!.yAxisIndex).toBe(1);
  });
});

describe('the period presets', () => {
  it('run this month and year up to today, and last month whole', () => {
    expect(presetRange('thisMonth', '2026-03-10')).toEqual(['2026-03-01', '2026-03-10']);
    expect(presetRange('lastMonth', '2026-03-10')).toEqual(['2026-02-01', '2026-02-28']);
    expect(presetRange('lastMonth', '2026-01-15')).toEqual(['2025-12-01', '2025-12-31']);
    expect(presetRange('last30', '2026-03-10')).toEqual(['2026-02-09', '2026-03-10']);
    expect(presetRange('thisYear', '2026-03-10')).toEqual(['2026-01-01', '2026-03-10']);
  });
});
