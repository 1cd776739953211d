import { describe, expect, it } from 'vitest';
import type { Analysis } from './mining-api';
import { fmt, histogramOption, trendOption } from './mining-charts';

const analysis: Analysis = {
  tag: {
    id: 1,
    key: 't',
    name: 'Temp',
    unit: '°C',
    dataType: 'number',
    deviceId: 2,
    deviceCode: 'D',
    deviceName: 'Dev',
  },
  from: '2026-02-03T08:00:00.000Z',
  to: '2026-02-03T08:40:00.000Z',
  stats: { count: 3, min: 0, max: 10, mean: 5, stddev: 4 },
  histogram: [
    { bin: 1, lower: 0, upper: 5, count: 2 },
    { bin: 2, lower: 5, upper: 10, count: 1 },
  ],
  trend: [{ t: '2026-02-03T08:00:00.000Z', min: 1, avg: 2, max: 3 }],
};
type Opt = { xAxis: { data?: string[] }; series: { name: string; data: unknown[] }[] };

describe('the mining charts', () => {
  it('draw one bar per bin labelled by its bounds, and the trend as maximum, average and minimum lines', () => {
    const h = histogramOption(analysis, 'Points') as Opt;
    expect(h.xAxis.data).toEqual(['0–5', '5–10']);
    expect(h.series[0]).toMatchObject({ name: 'Points', data: [2, 1] });
    const tr = trendOption(analysis, { min: 'Min', avg: 'Avg', max: 'Max' }) as Opt;
    expect(tr.series.map((s) => [s.name, s.data])).toEqual([
      ['Max', [['2026-02-03T08:00:00.000Z', 3]]],
      ['Avg', [['2026-02-03T08:00:00.000Z', 2]]],
      ['Min', [['2026-02-03T08:00:00.000Z', 1]]],
    ]);
    expect(fmt(null)).toBe('—');
    expect(fmt(1.23456, 2)).toBe((1.23).toLocaleString());
  });
});
