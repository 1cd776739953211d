import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import type { ReportDeclaration, ReportRow } from './api';
import { CHART_ROWS, namesAxis, rowsChart, VISIBLE_BARS } from './report-chart';

const t = ((key: string) => key) as unknown as TFunction;
const decl = {
  key: 'mtchart',
  chart: 'bar',
  columns: [{ name: 'mtbf', kind: 'hours', chart: true }],
} as unknown as ReportDeclaration;
const machines = (n: number): ReportRow[] =>
  Array.from({ length: n }, (_, i) => ({ key: i + 1, name: `数控车床 ${i + 1}# CK6140 机加工车间`, mtbf: '12.00' }));

type Axis = { data: string[]; axisLabel: Record<string, unknown> };
type Zoom = { type: string; startValue: number; endValue: number }[];

describe('a report chart of many machines (issue 45 #20)', () => {
  it('never draws two names over each other: every name turned and cut to a width, overlaps hidden', () => {
    for (const narrow of [false, true]) {
      const option = rowsChart(decl, machines(20), t, narrow);
      const axis = option.xAxis as Axis;
      expect(axis.data).toHaveLength(CHART_ROWS);
      expect(axis.axisLabel).toMatchObject({ rotate: 40, overflow: 'truncate', hideOverlap: true });
      expect(axis.axisLabel.width).toBe(narrow ? 90 : 120);
    }
  });

  it('scrolls sideways through more machines than fit, a phone showing fewer at once', () => {
    const wide = rowsChart(decl, machines(20), t).dataZoom as Zoom;
    expect(wide.map((z) => z.type)).toEqual(['inside', 'slider']);
    expect(wide[1]).toMatchObject({ startValue: 0, endValue: VISIBLE_BARS.wide - 1 });
    const phone = rowsChart(decl, machines(20), t, true).dataZoom as Zoom;
    expect(phone[1]).toMatchObject({ startValue: 0, endValue: VISIBLE_BARS.narrow - 1 });
    // The slider has its room under the turned names.
    expect((rowsChart(decl, machines(20), t, true).grid as { bottom: number }).bottom).toBe(110);
  });

  it('leaves a few machines as they are: no slider, names upright on a wide screen', () => {
    const few = namesAxis(['A', 'B', 'C'], false);
    expect(few.dataZoom).toEqual([]);
    expect((few.xAxis as Axis).axisLabel.rotate).toBe(0);
    expect(namesAxis(['A', 'B', 'C'], true).dataZoom).toEqual([]);
  });
});
