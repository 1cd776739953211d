import { DatePicker, Segmented, Space, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type SummaryRow, useSummary } from './api';
import { useKind } from './kind';

// The chart's ECharts loads when the chart is first shown.
const ReadingChart = lazy(() => import('./ReadingChart').then((m) => ({ default: m.ReadingChart })));

const GROUPS = ['plan', 'workshop', 'person', 'month'] as const;

/** /check/checktaskStatistic/2: tasks done on time, late, missed, and the abnormal rate, grouped as chosen. */
export default function StatisticPage() {
  const { t } = useTranslation('check');
  const kind = useKind();
  const [range, setRange] = useState<[Dayjs, Dayjs]>([dayjs().subtract(29, 'day'), dayjs()]);
  const [groupBy, setGroupBy] = useState<(typeof GROUPS)[number]>('plan');
  const { data, isFetching } = useSummary({
    kind,
    from: range[0].format('YYYY-MM-DD'),
    to: range[1].format('YYYY-MM-DD'),
    groupBy,
  });
  const col = (key: keyof SummaryRow, title: string) => ({ key, dataIndex: key, title });
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="check-statistic">
      <Space wrap>
        <DatePicker.RangePicker
          allowClear={false}
          value={range}
          onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
        />
        <Segmented
          value={groupBy}
          onChange={(v) => setGroupBy(v as (typeof GROUPS)[number])}
          options={GROUPS.map((g) => ({ value: g, label: t(`stats.by.${g}`) }))}
        />
      </Space>
      <Table<SummaryRow>
        size="small"
        rowKey={(r) => String(r.key)}
        loading={isFetching}
        dataSource={data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          { key: 'name', title: t(`stats.by.${groupBy}`), render: (_, r) => r.name ?? '—' },
          col('total', t('stats.total')),
          col('onTime', t('stats.onTime')),
          col('late', t('stats.late')),
          col('missed', t('stats.missed')),
          col('open', t('stats.open')),
          { key: 'abnormalRate', title: t('stats.abnormalRate'), render: (_, r) => `${r.abnormalRate}%` },
        ]}
      />
      <Suspense fallback={null}>
        <ReadingChart from={range[0].format('YYYY-MM-DD')} to={range[1].format('YYYY-MM-DD')} />
      </Suspense>
    </Space>
  );
}
