import { Empty, Space } from 'antd';
import { LineChart } from 'echarts/charts';
import { GridComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEntityMeta } from '../../resources/api';
import { RefSelect } from '../../resources/RefSelect';
import { ITEM, type Reading, readings } from './api';

echarts.use([LineChart, GridComponent, MarkLineComponent, TooltipComponent, CanvasRenderer]);

/** dataReport: the readings of one number item on one machine over time, with its limits. */
export function ReadingChart({ from, to }: { from: string; to: string }) {
  const { t } = useTranslation('check');
  const [machine, setMachine] = useState<number | null>(null);
  const [item, setItem] = useState<number | null>(null);
  const [data, setData] = useState<Reading[]>([]);
  const box = useRef<HTMLDivElement>(null);
  const { data: meta } = useEntityMeta(ITEM);
  const field = (name: string) => meta?.fields.find((f) => f.name === name);
  const projectField = field('projectId');
  const machineField = field('equipmentId');

  useEffect(() => {
    if (!machine || !item) return;
    let live = true;
    readings({ equipmentId: machine, projectId: item, from, to }).then(
      (r) => live && setData(r),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [machine, item, from, to]);

  useEffect(() => {
    if (!box.current || !data.length) return;
    const chart = echarts.init(box.current);
    const last = data.at(-1)!;
    chart.setOption({
      tooltip: { trigger: 'axis' },
      grid: { left: 40, right: 16, top: 24, bottom: 40 },
      xAxis: { type: 'time' },
      yAxis: { type: 'value', scale: true },
      series: [
        {
          type: 'line',
          name: t('stats.reading'),
          data: data.map((d) => ({
            value: [d.at, Number(d.value)],
            itemStyle: d.abnormal ? { color: '#ff4d4f' } : undefined,
          })),
          markLine: {
            symbol: 'none',
            data: [
              ...(last.lower != null ? [{ yAxis: Number(last.lower), name: t('stats.lower') }] : []),
              ...(last.upper != null ? [{ yAxis: Number(last.upper), name: t('stats.upper') }] : []),
            ],
          },
        },
      ],
    });
    const resize = () => chart.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      chart.dispose();
    };
  }, [data, t]);

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <strong>{t('stats.readings')}</strong>
      <Space wrap>
        {machineField && (
          <RefSelect field={machineField} value={machine} onChange={(v) => setMachine(v ? Number(v) : null)} />
        )}
        {projectField && (
          <RefSelect field={projectField} value={item} onChange={(v) => setItem(v ? Number(v) : null)} />
        )}
      </Space>
      {data.length ? (
        <div ref={box} style={{ width: '100%', height: 280 }} />
      ) : (
        <Empty description={t('stats.noReadings')} />
      )}
    </Space>
  );
}
