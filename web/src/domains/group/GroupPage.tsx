import { QuestionCircleOutlined } from '@ant-design/icons';
import { Card, Col, DatePicker, Result, Row, Space, Statistic, Table, type TableColumnsType, Tag, Tooltip } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../platform/http/client';
import { HTML_LANG } from '../../platform/i18n';
import type { Lang } from '../../platform/preferences';
import { EChart } from '../reports/EChart';
import { type GroupCompanyRow, useGroupData } from './api';
import {
  compareBy,
  FIGURE_COLUMNS,
  type FigureColumn,
  formatFigure,
  groupChartOption,
  PRESETS,
  presetRange,
} from './group-view';
import './group.css';

const DAY = 'YYYY-MM-DD';
/** The figures of the summary row, besides the number of companies. */
const SUMMARY: FigureColumn[] = ['equipment', 'reported', 'open', 'downtimeHours', 'mttr', 'onTimeRate', 'stockValue'];

/** Why the page cannot show figures: the server's translated refusal (a member, a company in no group). */
function refusal(error: unknown, fallback: string): string | null {
  if (!(error instanceof HttpError) || error.status !== 403) return null;
  const body = error.body as { error_description?: unknown } | null;
  return typeof body?.error_description === 'string' ? body.error_description : fallback;
}

/** 集团 (/group): the figures of every company of the caller's group over a period, with the group's totals. */
export default function GroupPage() {
  const { t, i18n } = useTranslation('group');
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const query = useGroupData(range?.[0].format(DAY), range?.[1].format(DAY));
  const data = query.data;
  const none = t('none');
  const locale = HTML_LANG[i18n.language as Lang] ?? HTML_LANG.zh;
  const shown: [Dayjs, Dayjs] | null = range ?? (data ? [dayjs(data.period.start), dayjs(data.period.end)] : null);
  const today = data?.period.end && !range ? data.period.end : dayjs().format(DAY);

  const columns = useMemo<TableColumnsType<GroupCompanyRow>>(() => {
    const label = (c: FigureColumn) => (
      <Tooltip title={t(`hints.${c}`)}>
        <span>
          {t(`columns.${c}`)} <QuestionCircleOutlined className="group-hint" />
        </span>
      </Tooltip>
    );
    return [
      {
        key: 'name',
        title: t('company'),
        fixed: 'left',
        width: 150,
        render: (_, r) => (
          <Space size={4} wrap>
            <span className="group-company">{r.name}</span>
            {r.lead && <Tag color="blue">{t('lead')}</Tag>}
            {r.stopped && <Tag color="red">{t('stopped')}</Tag>}
          </Space>
        ),
      },
      ...FIGURE_COLUMNS.map((c) => ({
        key: c,
        dataIndex: c,
        align: 'right' as const,
        title: label(c),
        sorter: compareBy(c),
        render: (v: unknown) => formatFigure(c, v, none, locale),
      })),
    ];
  }, [t, none, locale]);

  const chart = useMemo(
    () =>
      groupChartOption(data?.companies ?? [], {
        reported: t('columns.reported'),
        downtimeHours: t('columns.downtimeHours'),
      }),
    [data, t],
  );

  const refused = refusal(query.error, t('notLead'));
  if (refused) return <Result status="403" title={t('title')} subTitle={refused} data-testid="group-refused" />;

  return (
    <div className="group-page" data-testid="group-page">
      <Space wrap className="group-bar">
        <span>{t('period')}</span>
        <DatePicker.RangePicker
          allowClear={false}
          value={shown}
          onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
          presets={PRESETS.map((k) => {
            const [a, b] = presetRange(k, today);
            return { label: t(`presets.${k}`), value: [dayjs(a), dayjs(b)] as [Dayjs, Dayjs] };
          })}
          data-testid="group-period"
        />
        {data && (
          <span className="group-note">{t('periodNote', { start: data.period.start, end: data.period.end })}</span>
        )}
      </Space>

      <Row gutter={[12, 12]} data-testid="group-summary">
        <Col xs={12} sm={8} lg={6} xl={3}>
          <Card variant="borderless" className="stat-card">
            <Statistic title={t('companies')} value={data?.total.companies ?? 0} loading={query.isLoading} />
          </Card>
        </Col>
        {SUMMARY.map((c) => (
          <Col xs={12} sm={8} lg={6} xl={3} key={c}>
            <Card variant="borderless" className="stat-card" data-testid={`group-total-${c}`}>
              <Statistic
                title={t(`columns.${c}`)}
                value={formatFigure(c, data?.total[c], none, locale)}
                loading={query.isLoading}
              />
            </Card>
          </Col>
        ))}
      </Row>

      <Card variant="borderless" title={t('title')}>
        <Table<GroupCompanyRow>
          size="small"
          rowKey="id"
          loading={query.isFetching}
          dataSource={data?.companies ?? []}
          columns={columns}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('empty') }}
          data-testid="group-table"
          summary={() =>
            data ? (
              <Table.Summary fixed="bottom">
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0}>
                    <strong>{t('total')}</strong>
                  </Table.Summary.Cell>
                  {FIGURE_COLUMNS.map((c, i) => (
                    <Table.Summary.Cell index={i + 1} key={c} align="right">
                      <strong>{formatFigure(c, data.total[c], none, locale)}</strong>
                    </Table.Summary.Cell>
                  ))}
                </Table.Summary.Row>
              </Table.Summary>
            ) : null
          }
        />
      </Card>

      <Card variant="borderless" title={t('chartTitle')}>
        <EChart option={chart} height={320} testId="group-chart" />
      </Card>
    </div>
  );
}
