import { useQuery } from '@tanstack/react-query';
import { DatePicker, Space, Table, Tabs } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../resources/types';
import { productionReport, type ReportName } from './api';
import './production.css';

const COLUMNS: Record<ReportName, string[]> = {
  planVsActual: ['day', 'shiftName', 'planned', 'actual', 'scrap', 'attainment'],
  scrapByReason: ['name', 'scrap', 'reports'],
  stationOutput: ['code', 'name', 'good', 'scrap', 'reports', 'hours', 'yield'],
  leadTime: ['code', 'materialName', 'quantity', 'goodQty', 'dueDate', 'leadHours', 'daysLate'],
};

function ReportTable({ name, from, to }: { name: ReportName; from: string; to: string }) {
  const { t } = useTranslation('production');
  const q = useQuery({
    queryKey: ['production-report', name, from, to],
    queryFn: () => productionReport(name, { from, to }),
  });
  return (
    <Table<Row>
      size="small"
      rowKey={(r) => JSON.stringify(r)}
      loading={q.isLoading}
      dataSource={q.data ?? []}
      scroll={{ x: 560 }}
      pagination={{ pageSize: 50 }}
      data-testid={`production-report-${name}`}
      columns={COLUMNS[name].map((c) => ({
        title: t(`reports.columns.${c}`),
        dataIndex: c,
        render: (v: unknown) =>
          c === 'name' && name === 'scrapByReason' && v == null ? t('reports.noReason') : ((v as string) ?? '—'),
      }))}
    />
  );
}

/** /production/reports: plan against actual per day and shift, scrap by reason, output per station, lead time. */
export default function ReportsPage() {
  const { t } = useTranslation('production');
  const [range, setRange] = useState<[Dayjs, Dayjs]>([dayjs().subtract(29, 'day'), dayjs()]);
  const from = range[0].format('YYYY-MM-DD');
  const to = range[1].format('YYYY-MM-DD');
  return (
    <div data-testid="production-reports">
      <Space wrap className="production-bar">
        {t('reports.period')}
        <DatePicker.RangePicker
          value={range}
          allowClear={false}
          onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
        />
      </Space>
      <Tabs
        items={(Object.keys(COLUMNS) as ReportName[]).map((name) => ({
          key: name,
          label: t(`reports.titles.${name}`),
          children: <ReportTable name={name} from={from} to={to} />,
        }))}
      />
    </div>
  );
}
