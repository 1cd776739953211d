import type { TFunction } from 'i18next';
import type { ReportDeclaration, ReportRow } from './api';
import type { ChartOption } from './EChart';
import { chartValue } from './report-format';

/** The most rows a chart shows (the table has them all). */
export const CHART_ROWS = 20;

/** Bars shown at once before the chart scrolls sideways (a slider under it, a swipe on it); a phone fits fewer. */
export const VISIBLE_BARS = { wide: 12, narrow: 6 } as const;

/**
 * The category axis of a chart of named rows (machines, workshops, people): every name under its bar, turned and
 * cut to a width so that neighbours never overlap; more names than fit scroll sideways instead of shrinking.
 */
export function namesAxis(
  names: string[],
  narrow: boolean,
): Pick<ChartOption, 'xAxis' | 'dataZoom'> & { bottom: number } {
  const visible = narrow ? VISIBLE_BARS.narrow : VISIBLE_BARS.wide;
  const scrolls = names.length > visible;
  const window = { startValue: 0, endValue: visible - 1, zoomLock: true };
  return {
    xAxis: {
      type: 'category',
      data: names,
      axisLabel: {
        interval: 0,
        rotate: narrow || names.length > 4 ? 40 : 0,
        width: narrow ? 90 : 120,
        overflow: 'truncate',
        hideOverlap: true,
      },
    },
    dataZoom: scrolls
      ? [
          // Dragged or swiped sideways; the wheel and a vertical swipe still scroll the page.
          {
            type: 'inside',
            ...window,
            zoomOnMouseWheel: false,
            moveOnMouseWheel: false,
            preventDefaultMouseMove: false,
          },
          { type: 'slider', ...window, height: 14, bottom: 6, showDetail: false, brushSelect: false },
        ]
      : [],
    bottom: scrolls ? 110 : 90,
  };
}

/** The chart of a report's rows, from its declared chart kind and charted columns. */
export function rowsChart(decl: ReportDeclaration, rows: ReportRow[], t: TFunction, narrow = false): ChartOption {
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
    const { bottom, ...axis } = namesAxis(names, narrow);
    return {
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 40, right: 48, bottom, top: 36 },
      ...axis,
      yAxis: [{ type: 'value' }, { type: 'value', max: 100, axisLabel: { formatter: '{value}%' } }],
      series: [
        { type: 'bar', name: label(bar!.name), data: shown.map((r) => chartValue(r, bar!.name)) },
        { type: 'line', name: label(line!.name), yAxisIndex: 1, data: shown.map((r) => chartValue(r, line!.name)) },
      ],
    };
  }
  const { bottom, ...axis } = namesAxis(names, narrow);
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 48, right: 16, bottom, top: 36 },
    ...axis,
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
      // Dates thin out by themselves (interval auto); none drawn over its neighbour.
      axisLabel: { hideOverlap: true },
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
