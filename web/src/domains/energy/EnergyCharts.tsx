import { useQuery } from '@tanstack/react-query';
import { Card, DatePicker, Empty, Select, Statistic, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEntityMeta } from '../../resources/api';
import { RefSelect } from '../../resources/RefSelect';
import { type ChartOption, EChart } from '../reports/EChart';
import {
  type Bucket,
  type ConsumptionRow,
  fetchCompare,
  fetchConsumption,
  fetchPerPart,
  fetchPerPlace,
  type PlaceQuery,
} from './api';

const PERIOD_COLOURS: Record<string, string> = {
  sharp: '#cf1322',
  peak: '#fa8c16',
  flat: '#1677ff',
  valley: '#52c41a',
};
const BUCKETS: Bucket[] = ['hour', 'day', 'shift', 'month'];

const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));

/** Consumption (bars) and cost (line, right axis) per bucket. */
function trendOption(rows: ConsumptionRow[], labels: { quantity: string; cost: string }): ChartOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: { data: [labels.quantity, labels.cost] },
    grid: { left: 48, right: 48, bottom: 56, containLabel: true },
    dataZoom: [{ type: 'inside' }, { type: 'slider', height: 18 }],
    xAxis: { type: 'category', data: rows.map((r) => r.bucket) },
    yAxis: [{ type: 'value' }, { type: 'value' }],
    series: [
      { name: labels.quantity, type: 'bar', data: rows.map((r) => num(r.quantity)) },
      { name: labels.cost, type: 'line', yAxisIndex: 1, data: rows.map((r) => num(r.cost)) },
    ],
  };
}

/**
 * The energy charts of /energy/list: the trend per hour, day, shift or month; consumption by workshop; cost
 * stacked by tariff period (尖/峰/平/谷); this month day by day against last month and the same month last year.
 */
export default function EnergyCharts() {
  const { t } = useTranslation('energy');
  const { data: meta } = useEntityMeta('energymeter');
  const types = meta?.fields.find((f) => f.name === 'energyType')?.options ?? [];
  const workshopField = meta?.fields.find((f) => f.name === 'workshopId');
  const [energyType, setEnergyType] = useState<string | undefined>();
  const type = energyType ?? (types[0]?.value as string | undefined);
  const [range, setRange] = useState<[Dayjs, Dayjs]>([dayjs().subtract(29, 'day'), dayjs()]);
  const [bucket, setBucket] = useState<Bucket>('day');
  const [workshopId, setWorkshopId] = useState<number | undefined>();
  const place: PlaceQuery = { energyType: type, ...(workshopId ? { workshopId } : {}) };
  const period = { from: range[0].format('YYYY-MM-DD'), to: range[1].format('YYYY-MM-DD') };
  const key = [type, workshopId, period.from, period.to];
  const enabled = !!type;
  const trend = useQuery({
    queryKey: ['energy-trend', ...key, bucket],
    queryFn: () => fetchConsumption({ ...place, ...period, bucket, groupBy: 'none' }),
    enabled,
  });
  const byPlace = useQuery({
    queryKey: ['energy-by-workshop', ...key],
    queryFn: () => fetchConsumption({ ...place, ...period, bucket: 'all', groupBy: 'workshop' }),
    enabled,
  });
  const byPeriod = useQuery({
    queryKey: ['energy-by-period', ...key],
    queryFn: () => fetchConsumption({ ...place, ...period, bucket: 'day', groupBy: 'period' }),
    enabled,
  });
  const compare = useQuery({
    queryKey: ['energy-compare', type, workshopId],
    queryFn: () => fetchCompare(place),
    enabled,
  });
  const perPart = useQuery({
    queryKey: ['energy-per-part', ...key],
    queryFn: () => fetchPerPart({ ...place, ...period }),
    enabled,
  });
  const perPlace = useQuery({
    queryKey: ['energy-per-place', ...key],
    queryFn: () => fetchPerPlace({ ...place, ...period, groupBy: workshopId ? 'equipment' : 'workshop' }),
    enabled,
  });
  const labels = { quantity: t('charts.quantity'), cost: t('charts.cost') };

  const periodOption = useMemo((): ChartOption | null => {
    const rows = byPeriod.data ?? [];
    if (!rows.length) return null;
    const days = [...new Set(rows.map((r) => r.bucket ?? ''))];
    const kinds = [...new Set(rows.map((r) => r.key ?? ''))];
    return {
      tooltip: { trigger: 'axis' },
      legend: {},
      grid: { left: 48, right: 16, bottom: 40, containLabel: true },
      xAxis: { type: 'category', data: days },
      yAxis: { type: 'value' },
      series: kinds.map((k) => ({
        name: rows.find((r) => r.key === k)?.name ?? k,
        type: 'bar',
        stack: 'cost',
        itemStyle: PERIOD_COLOURS[k] ? { color: PERIOD_COLOURS[k] } : undefined,
        data: days.map((d) => num(rows.find((r) => r.bucket === d && r.key === k)?.cost)),
      })),
    };
  }, [byPeriod.data]);

  const compareOption = useMemo((): ChartOption | null => {
    const c = compare.data;
    if (!c) return null;
    const series = [
      [t('charts.thisMonth', { month: c.current.month }), c.current],
      [t('charts.lastMonth', { month: c.previous.month }), c.previous],
      [t('charts.lastYear', { month: c.lastYear.month }), c.lastYear],
    ] as const;
    const days = Array.from({ length: 31 }, (_, i) => i + 1);
    return {
      tooltip: { trigger: 'axis' },
      legend: {},
      grid: { left: 48, right: 16, bottom: 40, containLabel: true },
      xAxis: { type: 'category', data: days },
      yAxis: { type: 'value' },
      series: series.map(([name, s]) => ({
        name,
        type: 'line',
        data: days.map((d) => {
          const v = s.days.find((x) => x.day === d);
          return v ? num(v.quantity) : null;
        }),
      })),
    };
  }, [compare.data, t]);

  const placeRows = byPlace.data ?? [];
  const total = (trend.data ?? []).reduce((s, r) => s + num(r.quantity), 0);
  const cost = (trend.data ?? []).reduce((s, r) => s + num(r.cost), 0);
  return (
    <div data-testid="energy-charts">
      <div className="energy-filters">
        <Select
          value={type}
          onChange={setEnergyType}
          options={types.map((o) => ({ value: String(o.value), label: o.label }))}
          aria-label={t('charts.energyType')}
          data-testid="energy-type"
        />
        <DatePicker.RangePicker
          value={range}
          allowClear={false}
          onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
        />
        <Select
          value={bucket}
          onChange={setBucket}
          options={BUCKETS.map((b) => ({ value: b, label: t(`charts.buckets.${b}`) }))}
          aria-label={t('charts.bucket')}
        />
        {workshopField && (
          <RefSelect
            field={workshopField}
            value={workshopId}
            onChange={(v) => setWorkshopId((v as number | undefined) || undefined)}
            placeholder={workshopField.label}
          />
        )}
      </div>
      <div className="energy-figures">
        <Statistic title={t('charts.total')} value={total.toFixed(2)} loading={trend.isLoading} />
        <Statistic title={t('charts.totalCost')} value={cost.toFixed(2)} loading={trend.isLoading} />
        <Statistic title={t('charts.perPart')} value={perPart.data?.perPart ?? '—'} loading={perPart.isLoading} />
        <Statistic
          title={t('charts.goodParts')}
          value={perPart.data?.goodParts ?? '—'}
          loading={perPart.isLoading}
          data-testid="energy-good-parts"
        />
      </div>
      {perPart.data?.note && <p className="energy-note">{perPart.data.note}</p>}
      <div className="energy-charts">
        <Card size="small" title={t('charts.trend')}>
          {trend.data?.length ? (
            <EChart option={trendOption(trend.data, labels)} testId="energy-trend" />
          ) : (
            <Empty description={t('charts.none')} />
          )}
        </Card>
        <Card size="small" title={t('charts.byWorkshop')}>
          {placeRows.length ? (
            <EChart
              testId="energy-by-workshop"
              option={{
                tooltip: { trigger: 'axis' },
                grid: { left: 48, right: 16, bottom: 40, containLabel: true },
                xAxis: { type: 'category', data: placeRows.map((r) => r.name) },
                yAxis: { type: 'value' },
                series: [{ name: labels.quantity, type: 'bar', data: placeRows.map((r) => num(r.quantity)) }],
              }}
            />
          ) : (
            <Empty description={t('charts.none')} />
          )}
        </Card>
        <Card size="small" title={t('charts.byPeriod')}>
          {periodOption ? (
            <EChart option={periodOption} testId="energy-by-period" />
          ) : (
            <Empty description={t('charts.none')} />
          )}
        </Card>
        <Card size="small" title={t('charts.compare')}>
          {compareOption ? (
            <EChart option={compareOption} testId="energy-compare" />
          ) : (
            <Empty description={t('charts.none')} />
          )}
        </Card>
        <Card size="small" title={t(workshopId ? 'charts.perPartByMachine' : 'charts.perPartByWorkshop')}>
          <Table
            size="small"
            rowKey={(r) => r.key ?? ''}
            dataSource={perPlace.data ?? []}
            loading={perPlace.isLoading}
            pagination={false}
            scroll={{ x: 'max-content' }}
            data-testid="energy-per-place"
            locale={{ emptyText: t('charts.none') }}
            columns={[
              { title: t('charts.place'), dataIndex: 'name' },
              { title: t('charts.quantity'), dataIndex: 'quantity', align: 'right' },
              { title: t('charts.goodParts'), dataIndex: 'goodParts', align: 'right', render: (v) => v ?? '—' },
              { title: t('charts.perPart'), dataIndex: 'perPart', align: 'right', render: (v) => v ?? '—' },
            ]}
          />
        </Card>
      </div>
    </div>
  );
}
