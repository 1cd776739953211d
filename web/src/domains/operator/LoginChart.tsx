import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** Logins (bars) and distinct users (line) per day. */
export function LoginChart({ days }: { days: { day: string; logins: number; users: number }[] }) {
  const { t } = useTranslation('operator');
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!box.current) return;
    const chart = echarts.init(box.current);
    chart.setOption({
      tooltip: { trigger: 'axis' },
      legend: { top: 0, data: [t('usage.logins'), t('usage.users')] },
      grid: { left: 36, right: 12, top: 36, bottom: 24 },
      xAxis: { type: 'category', data: days.map((d) => d.day.slice(5)) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        { name: t('usage.logins'), type: 'bar', data: days.map((d) => d.logins) },
        { name: t('usage.users'), type: 'line', data: days.map((d) => d.users) },
      ],
    });
    const resize = new ResizeObserver(() => chart.resize());
    resize.observe(box.current);
    return () => {
      resize.disconnect();
      chart.dispose();
    };
  }, [days, t]);
  return <div ref={box} className="op-chart" data-testid="login-chart" />;
}
