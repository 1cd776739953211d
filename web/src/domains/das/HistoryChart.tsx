import { useQuery } from '@tanstack/react-query';
import { DatePicker, Empty, Select, Space, Spin } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { LineChart } from 'echarts/charts';
import { DataZoomComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchSeries, type LiveTag } from './api';

echarts.use([LineChart, DataZoomComponent, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

const BUCKETS = 600;

/**
 * A device's history: several tags over a period picked with the range picker, downsampled on the server into
 * buckets (average line, minimum–maximum band in the tooltip). Zooming in reads the narrower period again, so
 * detail appears as one zooms instead of being thinned out.
 */
export function HistoryChart({ tags }: { tags: LiveTag[] }) {
  const { t } = useTranslation('das');
  const numeric = tags.filter((x) => x.dataType !== 'text');
  const [chosen, setChosen] = useState<number[]>(() => numeric.slice(0, 3).map((x) => x.id));
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(1, 'day'), dayjs()]);
  const box = useRef<HTMLDivElement>(null);
  // The names are read when the chart is drawn; live values arriving (a new tags array) do not redraw it.
  const names = useRef(tags);
  names.current = tags;
  const from = range[0].toISOString();
  const to = range[1].toISOString();
  const { data, isFetching } = useQuery({
    queryKey: ['das-series', chosen, from, to],
    queryFn: () => fetchSeries(chosen, from, to, BUCKETS),
    enabled: chosen.length > 0,
  });

  useEffect(() => {
    if (!box.current || !data) return;
    const chart = echarts.init(box.current);
    const name = (id: number) => {
      const tag = names.current.find((x) => x.id === id);
      return tag ? `${tag.name}${tag.unit ? ` (${tag.unit})` : ''}` : String(id);
    };
    chart.setOption({
      tooltip: { trigger: 'axis' },
      legend: { top: 0, type: 'scroll' },
      grid: { left: 48, right: 16, top: 32, bottom: 64 },
      xAxis: { type: 'time' },
      yAxis: { type: 'value', scale: true },
      dataZoom: [{ type: 'inside' }, { type: 'slider', height: 20, bottom: 8 }],
      series: data.map((s) => ({
        name: name(s.tagId),
        type: 'line',
        showSymbol: false,
        data: s.buckets.map((b) => [b.t, b.avg, b.min, b.max, b.last]),
        encode: { x: 0, y: 1 },
      })),
    });
    // A zoom reads the zoomed period again at full resolution (after the user stops for a moment).
    let timer: ReturnType<typeof setTimeout> | undefined;
    chart.on('datazoom', () => {
      const zoom = (chart.getOption() as { dataZoom?: { start?: number; end?: number }[] }).dataZoom?.[0];
      if (!zoom || (zoom.start === 0 && zoom.end === 100)) return;
      clearTimeout(timer);
      timer = setTimeout(() => {
        const span = range[1].diff(range[0]);
        const a = range[0].add((span * (zoom.start ?? 0)) / 100, 'ms');
        const b = range[0].add((span * (zoom.end ?? 100)) / 100, 'ms');
        if (b.diff(a) > 10_000) setRange([a, b]);
      }, 400);
    });
    const onResize = () => chart.resize();
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
      chart.dispose();
    };
  }, [data, range]);

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <div className="das-chart-tools">
        <DatePicker.RangePicker
          showTime
          value={range}
          onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
          data-testid="history-range"
        />
        <Select
          mode="multiple"
          maxCount={10}
          style={{ minWidth: 240, flex: 1 }}
          value={chosen}
          onChange={setChosen}
          placeholder={t('history.tags')}
          options={numeric.map((x) => ({ value: x.id, label: x.name }))}
          data-testid="history-tags"
        />
      </div>
      {chosen.length === 0 ? (
        <Empty description={t('history.pick')} />
      ) : (
        <Spin spinning={isFetching}>
          <div ref={box} className="das-chart" data-testid="history-chart" />
        </Spin>
      )}
    </Space>
  );
}
