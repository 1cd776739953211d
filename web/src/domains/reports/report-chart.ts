import type { TFunction } from 'i18next';
import type { ReportDeclaration, ReportRow } from './api';
import type { ChartOption } from './EChart';
import { chartValue } from './report-format';

/** The most rows a chart shows (the table has them all). */
export const CHART_ROWS = 20;

/** The chart of a report's rows, from its declared chart kind and charted columns. */
export function rowsChart(decl: ReportDeclaration, rows: ReportRow[], t: TFunction): ChartOption {
  const shown = rows.slice(0, CHART_ROWS);
  const names = shown.map((r) => r.name ?? t('reports:none'));
  const charted = decl.columns.filter((c) => c.chart);
  const label = (name: string) => t(`reports:columns.${name}`);
  if (decl.chart === 'pie') {
    const c = charted[0]!;
    return {
      tooltip: { trigger: 'item' },
      legend: { type: 'scroll', bottom: 0 },
      series: [
        {
          type: 'pie',
          name: label(c.name),
          radius: ['35%', '65%'],
          data: shown.map((r, i) => ({ name: names[i], value: chartValue(r, c.name) })),
        },
      ],
    };
  }
  if (decl.chart === 'pareto') {
    const [bar, line] = charted;
    return {
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 40, right: 48, bottom: 60, top: 36 },
      xAxis: { type: 'category', data: names, axisLabel: { rotate: 30, interval: 0 } },
      yAxis: [{ type: 'value' }, { type: 'value', max: 100, axisLabel: { formatter: '{value}%' } }],
      series: [
        { type: 'bar', name: label(bar!.name), data: shown.map((r) => chartValue(r, bar!.name)) },
        { type: 'line', name: label(line!.name), yAxisIndex: 1, data: shown.map((r) => chartValue(r, line!.name)) },
      ],
    };
  }
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 48, right: 16, bottom: 60, top: 36 },
    xAxis: { type: 'category', data: names, axisLabel: { rotate: 30, interval: 0 } },
    yAxis: { type: 'value' },
    series: charted.map((c) => ({ type: 'bar', name: label(c.name), data: shown.map((r) => chartValue(r, c.name)) })),
  };
}

/** The trend of a report over the buckets of its period (a gap where a figure does not exist). */
export function trendChart(
  decl: ReportDeclaration,
  trend: (Record<string, unknown> & { start: string; end: string })[],
  t: TFunction,
): ChartOption {
  const columns = decl.trend ?? [];
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 48, right: 16, bottom: 30, top: 36 },
    xAxis: {
      type: 'category',
      data: trend.map((p) => (p.start === p.end ? p.start.slice(5) : `${p.start.slice(5)}~`)),
    },
    yAxis: { type: 'value' },
    series: columns.map((c) => ({
      type: 'line',
      name: t(`reports:columns.${c.name}`),
      connectNulls: false,
      data: trend.map((p) => chartValue(p, c.name)),
    })),
  };
}
