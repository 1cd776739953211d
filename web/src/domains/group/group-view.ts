import type { ChartOption } from '../reports/EChart';
import type { GroupCompanyRow, GroupFigures } from './api';

/** The figures of the table and the summary, in the order shown. */
export const FIGURE_COLUMNS = [
  'equipment',
  'reported',
  'open',
  'downtimeHours',
  'mttr',
  'checksDue',
  'onTimeRate',
  'checksMissed',
  'stockValue',
] as const satisfies readonly (keyof GroupFigures)[];
export type FigureColumn = (typeof FIGURE_COLUMNS)[number];

/** A figure as a number for sorting and charts; none (null) sorts below every number. */
export const figureValue = (v: unknown): number | null => {
  if (v === null || v === undefined || v === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
};

/** Sorts rows by a figure: none last in ascending order (antd reverses the comparator for descending). */
export const compareBy =
  (column: FigureColumn) =>
  (a: GroupCompanyRow, b: GroupCompanyRow): number => {
    const x = figureValue(a[column]);
    const y = figureValue(b[column]);
    if (x === null && y === null) return 0;
    if (x === null) return -1;
    if (y === null) return 1;
    return x - y;
  };

/** A figure for the page: none as the dash, a rate with %, money with thousands separators. */
export function formatFigure(column: FigureColumn, v: unknown, none: string, locale = 'zh-CN'): string {
  const n = figureValue(v);
  if (n === null) return none;
  if (column === 'onTimeRate') return `${n.toFixed(2)}%`;
  if (column === 'stockValue') return n.toLocaleString(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  if (column === 'downtimeHours' || column === 'mttr') return n.toFixed(2);
  return String(n);
}

const ORDERS_COLOUR = '#1677ff';
const DOWNTIME_COLOUR = '#fa8c16';

/** The bar chart comparing the companies: repair orders (left axis) and downtime hours (right axis). */
export function groupChartOption(
  rows: GroupCompanyRow[],
  labels: { reported: string; downtimeHours: string },
): ChartOption {
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { data: [labels.reported, labels.downtimeHours], top: 0 },
    grid: { left: 8, right: 8, bottom: 8, top: 40, containLabel: true },
    xAxis: {
      type: 'category',
      data: rows.map((r) => r.name),
      // Company names are long: wrapped under their bars (a phone fits three or four), slanted and cut when many.
      axisLabel:
        rows.length > 6
          ? { interval: 0, rotate: 30, width: 90, overflow: 'truncate' }
          : { interval: 0, width: 80, overflow: 'breakAll', lineHeight: 14 },
    },
    // Each axis in its series' colour (the legend names them): axis titles would be cut at a phone's edge.
    yAxis: [
      { type: 'value', minInterval: 1, axisLabel: { color: ORDERS_COLOUR } },
      { type: 'value', splitLine: { show: false }, axisLabel: { color: DOWNTIME_COLOUR } },
    ],
    series: [
      { name: labels.reported, type: 'bar', data: rows.map((r) => r.reported), itemStyle: { color: ORDERS_COLOUR } },
      {
        name: labels.downtimeHours,
        type: 'bar',
        yAxisIndex: 1,
        data: rows.map((r) => figureValue(r.downtimeHours) ?? 0),
        itemStyle: { color: DOWNTIME_COLOUR },
      },
    ],
  };
}

export const PRESETS = ['thisMonth', 'lastMonth', 'last30', 'thisYear'] as const;
export type PresetKey = (typeof PRESETS)[number];

/** The period picker's presets as [first day, last day] (yyyy-mm-dd); this month and year run up to today. */
export function presetRange(key: PresetKey, today: string): [string, string] {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  if (key === 'thisMonth') return [`${today.slice(0, 8)}01`, today];
  if (key === 'lastMonth') return [iso(new Date(Date.UTC(y, m - 2, 1))), iso(new Date(Date.UTC(y, m - 1, 0)))];
  if (key === 'last30') return [iso(new Date(Date.parse(`${today}T00:00:00Z`) - 29 * 86_400_000)), today];
  return [`${y}-01-01`, today];
}
