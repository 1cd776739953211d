import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, DatePicker, Segmented, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveTable } from '../../platform/ui/ResponsiveTable';
import { EChart } from '../reports/EChart';
import { fetchRanking, type RankRow } from './api';

/** The month's points ranked per person or per work group: a bar of the first ten and the whole table. */
export function RankingView() {
  const { t } = useTranslation('integral');
  const [month, setMonth] = useState<Dayjs>(() => dayjs());
  const [by, setBy] = useState<'person' | 'group'>('person');
  const q = { month: month.format('YYYY-MM'), by };
  const data = useQuery({
    queryKey: ['integral-ranking', q],
    queryFn: () => fetchRanking(q),
    placeholderData: keepPreviousData,
  });
  const rows = data.data?.rows ?? [];
  const option = useMemo(() => {
    const top = rows.slice(0, 10).reverse();
    return {
      tooltip: { trigger: 'axis' },
      grid: { left: 80, right: 16, top: 8, bottom: 24 },
      xAxis: { type: 'value' },
      yAxis: { type: 'category', data: top.map((r) => r.name ?? t('ranking.none')) },
      series: [{ type: 'bar', name: t('ranking.points'), data: top.map((r) => r.points) }],
    };
  }, [rows, t]);
  return (
    <Card size="small" data-testid="integral-ranking">
      <Space wrap style={{ marginBottom: 12 }}>
        <DatePicker picker="month" value={month} allowClear={false} onChange={(d) => d && setMonth(d)} />
        <Segmented
          value={by}
          onChange={(v) => setBy(v as 'person' | 'group')}
          options={[
            { value: 'person', label: t('ranking.byPerson') },
            { value: 'group', label: t('ranking.byGroup') },
          ]}
        />
      </Space>
      {rows.length > 0 && <EChart option={option} height={Math.max(160, Math.min(rows.length, 10) * 32)} />}
      <ResponsiveTable<RankRow>
        rowKey={(r) => String(r.id ?? 'none')}
        size="small"
        loading={data.isFetching}
        dataSource={rows}
        pagination={{ pageSize: 20, showSizeChanger: false }}
        columns={[
          { key: 'rank', title: t('ranking.rank'), dataIndex: 'rank', width: 64 },
          {
            key: 'name',
            title: t(by === 'group' ? 'ranking.group' : 'ranking.person'),
            render: (_, r) => r.name ?? t('ranking.none'),
          },
          { key: 'points', title: t('ranking.points'), dataIndex: 'points', align: 'right' },
          { key: 'entries', title: t('ranking.entries'), dataIndex: 'entries', align: 'right' },
        ]}
      />
    </Card>
  );
}
