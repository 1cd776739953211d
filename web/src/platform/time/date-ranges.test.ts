import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { lastNinetyDays, lastSixDays, rangePresets, shortcutRange } from './date-ranges';

const today = dayjs('2025-03-31T10:00:00');
const day = (d: dayjs.Dayjs) => d.format('YYYY-MM-DD');

describe('date shortcuts (spec 9)', () => {
  it('offers a week, a month and three months ending today', () => {
    expect(shortcutRange('week', today).map(day)).toEqual(['2025-03-24', '2025-03-31']);
    expect(shortcutRange('month', today).map(day)).toEqual(['2025-03-01', '2025-03-31']);
    expect(shortcutRange('threeMonths', today).map(day)).toEqual(['2024-12-31', '2025-03-31']);
  });

  it('has helpers for the last 6 days before today and the last 90 days', () => {
    expect(lastSixDays(today).map(day)).toEqual(['2025-03-25', '2025-03-31']);
    expect(lastNinetyDays(today).map(day)).toEqual(['2025-01-01', '2025-03-31']);
  });

  it('gives RangePicker presets with translated labels', () => {
    const presets = rangePresets((k) => `label:${k}`, today);
    expect(presets.map((p) => p.label)).toEqual(['label:week', 'label:month', 'label:threeMonths']);
  });
});
