import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, DatePicker, Space, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination } from '../../platform/pagination/Pagination';
import { ResponsiveTable } from '../../platform/ui/ResponsiveTable';
import { useEntityMeta } from '../../resources/api';
import { RefSelect } from '../../resources/RefSelect';
import { fetchMissing, type MissingPerson } from './api';

/** 未登记: active staff without a registration on a day (today by default), by department, paged on the server. */
export function MissingList() {
  const { t } = useTranslation('health');
  const meta = useEntityMeta('eqhealthsurvey');
  const org = meta.data?.fields.find((f) => f.name === 'organizationId');
  const [day, setDay] = useState<Dayjs | null>(null);
  const [organizationId, setOrganizationId] = useState<number | undefined>();
  const [paging, setPaging] = useState({ page: 1, limit: 20 });
  const q = {
    date: day ? day.format('YYYY-MM-DD') : undefined,
    organizationId,
    ...paging,
  };
  const list = useQuery({
    queryKey: ['health-missing', q],
    queryFn: () => fetchMissing(q),
    placeholderData: keepPreviousData,
  });
  return (
    <Card size="small" data-testid="health-missing">
      <Space wrap className="health-bar">
        <DatePicker
          value={day}
          allowClear
          placeholder={t('missing.today')}
          disabledDate={(d) => d.isAfter(dayjs(), 'day')}
          onChange={(d) => {
            setDay(d);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
        />
        {org && (
          <div className="health-org">
            <RefSelect
              field={org}
              value={organizationId}
              placeholder={org.label}
              onChange={(v) => {
                setOrganizationId(v == null || v === '' ? undefined : Number(v));
                setPaging((p) => ({ ...p, page: 1 }));
              }}
            />
          </div>
        )}
        {list.data && (
          <Tag color={list.data.count ? 'warning' : 'success'} data-testid="health-missing-count">
            {t('missing.count', { date: list.data.date, n: list.data.count })}
          </Tag>
        )}
      </Space>
      <ResponsiveTable<MissingPerson>
        rowKey="userId"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.rows ?? []}
        pagination={false}
        columns={[
          { key: 'name', title: t('missing.name'), dataIndex: 'peoplename' },
          { key: 'number', title: t('missing.number'), dataIndex: 'number' },
          { key: 'org', title: t('missing.department'), render: (_, r) => r.organizationName ?? '—' },
          { key: 'mobile', title: t('missing.mobile'), render: (_, r) => r.mobile ?? '—' },
        ]}
      />
      <Pagination
        total={list.data?.count ?? 0}
        page={paging.page}
        limit={paging.limit}
        onChange={(p) => setPaging(p)}
      />
    </Card>
  );
}
