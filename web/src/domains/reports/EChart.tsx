import type { EChartsCoreOption } from 'echarts/core';
import { lazy, Suspense } from 'react';

export type ChartOption = EChartsCoreOption;

// ECharts (about 190 KB gzip) loads with the first chart shown, not with every page that may show one.
const EChartCanvas = lazy(() => import('./EChartCanvas'));

/** An ECharts chart that follows its box's width (phones included) and its option. */
export function EChart({ option, height = 320, testId }: { option: ChartOption; height?: number; testId?: string }) {
  return (
    <Suspense
      fallback={<div style={{ width: '100%', height }} data-testid={testId ? `${testId}-loading` : undefined} />}
    >
      <EChartCanvas option={option} height={height} testId={testId} />
    </Suspense>
  );
}
