import { DownloadOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Empty, Popover, Segmented, Spin } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { hasPermission } from '../../app/session';
import { lastDays } from '../../platform/time/date-ranges';
import { ResponsiveTable } from '../../platform/ui/ResponsiveTable';
import { useNarrow } from '../../platform/ui/useMediaQuery';
import { drillLink, exportReport, fetchDeclarations, fetchReport, type ReportQuery, type ReportRow } from './api';
import { EChart } from './EChart';
import { ReportFilters } from './ReportFilters';
import { rowsChart, trendChart } from './report-chart';
import { formatCell, rowName } from './report-format';
import './reports.css';

/** Rows of the report's table to a page. */
const TABLE_PAGE = { wide: 50, narrow: 10 } as const;

const LINK_KEYS = ['start', 'end', 'groupBy', 'workshopId', 'lineId', 'categoryId', 'equipmentId', 'userId'];

/** The last 30 days, unless the link gives the period, grouping or filters (the home panel's tiles). */
const initialQuery = (params: URLSearchParams): ReportQuery => {
  const [start, end] = lastDays(30);
  const linked = Object.fromEntries(
    LINK_KEYS.flatMap((k) => {
      const v = params.get(k);
      return v ? [[k, k.endsWith('Id') ? Number(v) : v]] : [];
    }),
  );
  return { start: start.format('YYYY-MM-DD'), end: end.format('YYYY-MM-DD'), ...linked };
};

/**
 * A report page built from the server's declaration: filters, chart, trend, table with the orders behind each
 * row, its formula in a help popover, export to My downloads. Several keys give tabs (workshop / personnel).
 */
export default function ReportPage({ keys }: { keys: string[] }) {
  const { t } = useTranslation('reports');
  const { message } = App.useApp();
  const [key, setKey] = useState(keys[0]!);
  const [params] = useSearchParams();
  const [query, setQuery] = useState<ReportQuery>(() => initialQuery(params));
  const declarations = useQuery({ queryKey: ['report-declarations'], queryFn: fetchDeclarations, staleTime: 600_000 });
  const decl = declarations.data?.find((d) => d.key === key);
  const data = useQuery({
    queryKey: ['report', key, query],
    queryFn: () => fetchReport(key, query),
    enabled: !!decl,
  });
  const exporting = useMutation({
    mutationFn: () => exportReport(key, query),
    onSuccess: (r) => message.success(r.msg),
  });
  const canExport = decl ? hasPermission(`${decl.menu.replace(/\./g, ':')}:export`) : false;

  const columns = useMemo<ColumnsType<ReportRow>>(
    () =>
      decl
        ? [
            {
              key: 'name',
              title: t(`groups.${data.data?.groupBy ?? decl.groups[0]}`),
              render: (_: unknown, row: ReportRow) =>
                row.drill ? (
                  <Link to={drillLink(row.drill)} data-testid="report-drill">
                    {rowName(row, t)}
                  </Link>
                ) : (
                  rowName(row, t)
                ),
            },
            ...decl.columns.map((c) => ({
              key: c.name,
              title: t(`columns.${c.name}`),
              align: 'right' as const,
              render: (_: unknown, row: ReportRow) => formatCell(c, row, t),
            })),
          ]
        : [],
    [decl, data.data?.groupBy, t],
  );
  const narrow = useNarrow();
  const chart = useMemo(
    () => (decl && data.data ? rowsChart(decl, data.data.rows, t, narrow) : null),
    [decl, data.data, t, narrow],
  );
  const trend = useMemo(
    () => (decl?.trend && data.data?.trend ? trendChart(decl, data.data.trend, t) : null),
    [decl, data.data, t],
  );

  if (declarations.isLoading) return <Spin className="resource-loading" />;
  if (!decl) return <Empty />;
  return (
    <div className="report-page" data-testid={`report-${key}`}>
      {keys.length > 1 && (
        <Segmented
          value={key}
          onChange={(k) => setKey(String(k))}
          options={keys.map((k) => ({
            value: k,
            label: <span data-testid={`report-tab-${k}`}>{t(`titles.${k}`)}</span>,
          }))}
        />
      )}
      <div className="report-bar">
        <ReportFilters
          key={key}
          filters={decl.filters}
          groups={decl.groups}
          value={query}
          onChange={(q) => setQuery(q)}
        />
        <span className="report-bar__actions">
          <Popover
            title={t(`titles.${key}`)}
            content={<div className="report-formula">{t(`formula.${key}`)}</div>}
            trigger="click"
          >
            <Button icon={<QuestionCircleOutlined />} data-testid="report-help">
              {t('help')}
            </Button>
          </Popover>
          {canExport && (
            <Button
              icon={<DownloadOutlined />}
              loading={exporting.isPending}
              onClick={() => exporting.mutate()}
              data-testid="report-export"
            >
              {t('export')}
            </Button>
          )}
        </span>
      </div>
      {key === 'oeechart' && <Alert type="info" showIcon title={t('oeeFactors')} />}
      {(key === 'mtchart' || key === 'faultRateChart' || key === 'oeechart') && (
        <Alert type="info" showIcon title={t('runningTimeNote')} className="report-note" />
      )}
      <Card size="small" className="report-card">
        {data.isLoading || !chart ? (
          <Spin className="resource-loading" />
        ) : data.data?.rows.length ? (
          <EChart option={chart} testId="report-chart" />
        ) : (
          <Empty description={t('empty')} />
        )}
      </Card>
      {trend && (
        <Card size="small" className="report-card" title={t('trend')}>
          <EChart option={trend} height={240} testId="report-trend" />
        </Card>
      )}
      {data.data && (data.data.rowCount ?? 0) > data.data.rows.length && (
        <Alert
          type="warning"
          showIcon
          className="report-note"
          data-testid="report-rows-capped"
          title={t('rowsCapped', { count: data.data.rowCount, shown: data.data.rows.length })}
        />
      )}
      <ResponsiveTable<ReportRow>
        rowKey={(r) => String(r.key ?? 'none')}
        columns={columns}
        dataSource={data.data?.rows ?? []}
        loading={data.isFetching}
        // A phone's cards are taller than rows: fewer to a page.
        pagination={{ pageSize: narrow ? TABLE_PAGE.narrow : TABLE_PAGE.wide, hideOnSinglePage: true }}
        size="small"
        data-testid="report-table"
      />
    </div>
  );
}
