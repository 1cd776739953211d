import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, DatePicker, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lastDays } from '../../platform/time/date-ranges';
import { ResponsiveTable } from '../../platform/ui/ResponsiveTable';
import { useEntityMeta } from '../../resources/api';
import { RefSelect } from '../../resources/RefSelect';
import { EChart } from '../reports/EChart';
import { dayTotals, fetchStatistics, type StatRow } from './api';

/** 统计: registrations, people missing, fevers and contacts per day (chart) and per day and department (table). */
export function SurveyStatistics() {
  const { t } = useTranslation('health');
  const meta = useEntityMeta('eqhealthsurvey');
  const org = meta.data?.fields.find((f) => f.name === 'organizationId');
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => lastDays(7));
  const [organizationId, setOrganizationId] = useState<number | undefined>();
  const q = { from: range[0].format('YYYY-MM-DD'), to: range[1].format('YYYY-MM-DD'), organizationId };
  const stats = useQuery({
    queryKey: ['health-stats', q],
    queryFn: () => fetchStatistics(q),
    placeholderData: keepPreviousData,
  });
  const option = useMemo(() => {
    const days = dayTotals(stats.data?.rows ?? []);
    const series = (['registered', 'missing', 'fever', 'contact'] as const).map((k) => ({
      name: t(`stats.${k}`),
      type: k === 'registered' || k === 'missing' ? 'bar' : 'line',
      stack: k === 'registered' || k === 'missing' ? 'people' : undefined,
      data: days.map((d) => d[k]),
    }));
    return {
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 36, right: 12, top: 36, bottom: 24 },
      xAxis: { type: 'category', data: days.map((d) => d.day.slice(5)) },
      yAxis: { type: 'value', minInterval: 1 },
      series,
    };
  }, [stats.data, t]);
  return (
    <Card size="small" data-testid="health-stats">
      <Space wrap className="health-bar">
        <DatePicker.RangePicker
          value={range}
          allowClear={false}
          disabledDate={(d) => d.isAfter(dayjs(), 'day')}
          onChange={(v) => {
            if (v?.[0] && v[1]) setRange([v[0], v[1]]);
          }}
        />
        {org && (
          <div className="health-org">
            <RefSelect
              field={org}
              value={organizationId}
              placeholder={org.label}
              onChange={(v) => setOrganizationId(v == null || v === '' ? undefined : Number(v))}
            />
          </div>
        )}
      </Space>
      <EChart option={option} height={280} testId="health-chart" />
      <ResponsiveTable<StatRow>
        rowKey={(r) => `${r.day}-${r.organizationId ?? 0}`}
        size="small"
        loading={stats.isFetching}
        dataSource={stats.data?.rows ?? []}
        pagination={{ pageSize: 20, showSizeChanger: false }}
        data-testid="health-stats-table"
        columns={[
          { key: 'day', title: t('stats.day'), dataIndex: 'day' },
          { key: 'org', title: t('stats.department'), render: (_, r) => r.organizationName ?? t('stats.noDepartment') },
          { key: 'staff', title: t('stats.staff'), dataIndex: 'staff', align: 'right' },
          { key: 'registered', title: t('stats.registered'), dataIndex: 'registered', align: 'right' },
          { key: 'missing', title: t('stats.missing'), dataIndex: 'missing', align: 'right' },
          { key: 'fever', title: t('stats.fever'), dataIndex: 'fever', align: 'right' },
          { key: 'contact', title: t('stats.contact'), dataIndex: 'contact', align: 'right' },
          { key: 'flagged', title: t('stats.flagged'), dataIndex: 'flagged', align: 'right' },
        ]}
      />
    </Card>
  );
}
