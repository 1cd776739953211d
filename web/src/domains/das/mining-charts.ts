import type { ChartOption } from '../reports/EChart';
import type { Analysis } from './mining-api';

/** A figure rounded to `digits` decimals in the reader's notation; a dash for none. */
export const fmt = (v: number | null | undefined, digits = 3) =>
  v === null || v === undefined ? '—' : Number(v.toFixed(digits)).toLocaleString();

/** The distribution as bars, one per bin, labelled with the bin's bounds. */
export function histogramOption(a: Analysis, count: string): ChartOption {
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: 40, right: 12, top: 16, bottom: 48 },
    xAxis: {
      type: 'category',
      data: a.histogram.map((b) => `${fmt(b.lower, 2)}–${fmt(b.upper, 2)}`),
      axisLabel: { rotate: 45, fontSize: 10 },
    },
    yAxis: { type: 'value', minInterval: 1 },
    series: [{ name: count, type: 'bar', data: a.histogram.map((b) => b.count), barCategoryGap: '5%' }],
  };
}

/** The trend as three lines over time: the maximum, average and minimum of each bucket. */
export function trendOption(a: Analysis, names: { min: string; avg: string; max: string }): ChartOption {
  const line = (name: string, pick: (b: Analysis['trend'][number]) => number | null) => ({
    name,
    type: 'line',
    showSymbol: false,
    data: a.trend.map((b) => [b.t, pick(b)]),
  });
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 48, right: 12, top: 32, bottom: 56 },
    xAxis: { type: 'time' },
    yAxis: { type: 'value', scale: true },
    dataZoom: [{ type: 'inside' }, { type: 'slider', height: 18, bottom: 8 }],
    series: [line(names.max, (b) => b.max), line(names.avg, (b) => b.avg), line(names.min, (b) => b.min)],
  };
}
