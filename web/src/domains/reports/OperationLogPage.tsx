import { useQuery } from '@tanstack/react-query';
import { DatePicker, Select } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { rangePresets } from '../../platform/time/date-ranges';
import { ResponsiveTable } from '../../platform/ui/ResponsiveTable';
import { useEntityMeta } from '../../resources/api';
import { RefSelect } from '../../resources/RefSelect';
import { fetchLog, fetchLogEntities, type LogEntry } from './api';
import { changeLines, recordOf } from './log-changes';
import './reports.css';

/** call and refused: the operator's calls on platform routes (only in the operator company's log). */
const ACTIONS = ['create', 'update', 'delete', 'import', 'call', 'refused'];

/** /log/loglist: the audit log of the tenant, by person, entity, action and period, with before and after. */
export default function OperationLogPage() {
  const { t } = useTranslation('reports');
  const orders = useEntityMeta('maintaintask');
  const person = orders.data?.fields.find((f) => f.name === 'assigneeId');
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<Record<string, string | number | undefined>>({});
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const entities = useQuery({ queryKey: ['log-entities'], queryFn: fetchLogEntities });
  const query = {
    ...filters,
    page,
    limit: 20,
    start: range?.[0].format('YYYY-MM-DD'),
    end: range?.[1].format('YYYY-MM-DD'),
  };
  const log = useQuery({ queryKey: ['oplog', query], queryFn: () => fetchLog(query) });
  const set = (k: string, v: unknown) => {
    setPage(1);
    setFilters((f) => ({ ...f, [k]: (v as string | number | null) ?? undefined }));
  };
  const columns: ColumnsType<LogEntry> = [
    { key: 'at', title: t('log.at'), render: (_, r) => dayjs(r.at).format('YYYY-MM-DD HH:mm:ss') },
    { key: 'user', title: t('log.user'), render: (_, r) => r.userName ?? t('log.system') },
    { key: 'entity', title: t('log.entity'), render: (_, r) => recordOf(r) },
    {
      key: 'action',
      title: t('log.action'),
      render: (_, r) => t(`log.actions.${r.action}`, { defaultValue: r.action }),
    },
    {
      key: 'changes',
      title: t('log.changes'),
      render: (_, r) => (
        <pre className="oplog-json" data-testid="oplog-changes">
          {changeLines(r).join('\n')}
        </pre>
      ),
    },
  ];
  return (
    <div className="report-page" data-testid="oplog">
      <div className="report-filters">
        <DatePicker.RangePicker
          value={range}
          presets={rangePresets((k) => t(`common:dateRange.${k}`))}
          onChange={(r) => {
            setPage(1);
            setRange(r?.[0] && r[1] ? [r[0], r[1]] : null);
          }}
        />
        {person && (
          <div className="report-filter">
            <RefSelect
              field={person}
              value={filters.userId}
              onChange={(v) => set('userId', v)}
              placeholder={t('log.user')}
            />
          </div>
        )}
        <Select
          className="report-filter"
          allowClear
          showSearch
          placeholder={t('log.entity')}
          value={filters.entity}
          onChange={(v) => set('entity', v)}
          optionFilterProp="label"
          options={entities.data ?? []}
          data-testid="oplog-entity"
        />
        <Select
          className="report-filter"
          allowClear
          placeholder={t('log.action')}
          value={filters.action}
          onChange={(v) => set('action', v)}
          options={ACTIONS.map((a) => ({ value: a, label: t(`log.actions.${a}`) }))}
        />
      </div>
      <ResponsiveTable<LogEntry>
        rowKey="id"
        columns={columns}
        dataSource={log.data?.rows ?? []}
        loading={log.isFetching}
        size="small"
        pagination={{
          current: page,
          pageSize: 20,
          total: log.data?.count ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        data-testid="oplog-table"
      />
    </div>
  );
}
