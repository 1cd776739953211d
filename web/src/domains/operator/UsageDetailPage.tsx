import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Row, Select, Statistic, Table, Tabs } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { getData } from '../../platform/http/client';
import { Pagination } from '../../platform/pagination/Pagination';
import { ResponsiveTable } from '../../platform/ui/ResponsiveTable';
import {
  companyList,
  type LoginRow,
  type TenantPerson,
  type TenantUsage,
  tenantLoginDays,
  tenantLogins,
  tenantModules,
  tenantPeople,
} from './api';
import { formatBytes } from './format';
import { usePaged } from './usePaged';
import './operator.css';

// The chart's ECharts loads when the chart is first shown.
const LoginChart = lazy(() => import('./LoginChart').then((m) => ({ default: m.LoginChart })));

const when = (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '—');

/**
 * /operatesys/usecase_detail and /usecaseDetail/index?id=: one tenant's usage: figures, logins per day,
 * records per module, its people and its login history.
 */
export default function UsageDetailPage() {
  const { t } = useTranslation('operator');
  const [params, setParams] = useSearchParams();
  const companyId = Number(params.get('id')) || undefined;
  const companies = useQuery({ queryKey: ['op-company-list'], queryFn: companyList });
  return (
    <div className="op-stack" data-testid="usage-detail-page">
      <Card size="small">
        <Select
          showSearch
          optionFilterProp="label"
          style={{ minWidth: 240, maxWidth: '100%' }}
          placeholder={t('companyMenus.pick')}
          value={companyId}
          options={(companies.data ?? [])
            .filter((c) => !c.isPlatform)
            .map((c) => ({ value: c.id, label: `${c.name} (${c.code})` }))}
          onChange={(id) => setParams({ id: String(id) })}
          data-testid="usage-pick"
        />
      </Card>
      {companyId ? (
        <TenantUsageDetail key={companyId} companyId={companyId} />
      ) : (
        <Empty description={t('companyMenus.pick')} />
      )}
    </div>
  );
}

function TenantUsageDetail({ companyId }: { companyId: number }) {
  const { t } = useTranslation('operator');
  const [days, setDays] = useState(30);
  const figures = useQuery({
    queryKey: ['op-usage-company', companyId],
    queryFn: () =>
      getData<TenantUsage & { lastLoginAt: string | null }>('/api-user/opsys/getSysTeUserDetail', { companyId }),
  });
  const chart = useQuery({
    queryKey: ['op-usage-days', companyId, days],
    queryFn: () => tenantLoginDays(companyId, days),
  });
  const modules = useQuery({ queryKey: ['op-usage-modules', companyId], queryFn: () => tenantModules(companyId) });
  const f = figures.data;
  return (
    <>
      <Card size="small" title={f?.name} loading={figures.isLoading}>
        <Row gutter={[16, 16]}>
          {[
            ['usage.userCount', f?.userLimit ? `${f.userCount} / ${f.userLimit}` : f?.userCount],
            ['usage.active7', f?.active7],
            ['usage.active30', f?.active30],
            ['usage.logins30', f?.logins30],
            ['usage.storage', formatBytes(f?.storageBytes ?? 0)],
            ['company.fields.expiryDate', f?.expiryDate ?? t('company.noExpiry')],
          ].map(([label, value]) => (
            <Col key={String(label)} xs={12} sm={8} md={4}>
              <Statistic title={t(String(label))} value={value ?? 0} />
            </Col>
          ))}
        </Row>
      </Card>
      <Card
        size="small"
        title={t('usage.loginsPerDay')}
        extra={
          <Select
            size="small"
            value={days}
            onChange={setDays}
            options={[7, 30, 90].map((d) => ({ value: d, label: t('usage.lastDays', { count: d }) }))}
          />
        }
      >
        {chart.data ? (
          <Suspense fallback={null}>
            <LoginChart days={chart.data} />
          </Suspense>
        ) : (
          <Empty />
        )}
      </Card>
      <Card size="small">
        <Tabs
          items={[
            { key: 'people', label: t('usage.people'), children: <People companyId={companyId} /> },
            { key: 'logins', label: t('usage.loginHistory'), children: <Logins companyId={companyId} /> },
            {
              key: 'modules',
              label: t('usage.modules'),
              children: (
                <Table
                  rowKey="entity"
                  size="small"
                  pagination={false}
                  loading={modules.isLoading}
                  dataSource={modules.data ?? []}
                  columns={[
                    { key: 'name', title: t('usage.module'), dataIndex: 'name' },
                    { key: 'records', title: t('usage.records'), dataIndex: 'records', width: 120 },
                  ]}
                />
              ),
            },
          ]}
        />
      </Card>
    </>
  );
}

function People({ companyId }: { companyId: number }) {
  const { t } = useTranslation('operator');
  const list = usePaged<TenantPerson, { companyId: number }>('op-usage-people', tenantPeople, { companyId });
  return (
    <>
      <ResponsiveTable<TenantPerson>
        rowKey="id"
        size="small"
        pagination={false}
        loading={list.loading}
        dataSource={list.rows}
        data-testid="usage-people"
        columns={[
          { key: 'peoplename', title: t('usage.person'), dataIndex: 'peoplename' },
          { key: 'username', title: t('usage.username'), dataIndex: 'username' },
          { key: 'last', title: t('usage.lastLogin'), render: (_v, p) => when(p.lastLoginAt) },
          { key: 'logins30', title: t('usage.logins30'), dataIndex: 'logins30' },
        ]}
      />
      <Pagination total={list.total} page={list.paging.page} limit={list.paging.limit} onChange={list.setPaging} />
    </>
  );
}

function Logins({ companyId }: { companyId: number }) {
  const { t } = useTranslation('operator');
  const list = usePaged<LoginRow, { companyId: number }>('op-usage-logins', tenantLogins, { companyId });
  return (
    <>
      <ResponsiveTable<LoginRow>
        rowKey={(r) => `${r.userId}-${r.createdAt}`}
        size="small"
        pagination={false}
        loading={list.loading}
        dataSource={list.rows}
        columns={[
          { key: 'at', title: t('usage.loginAt'), render: (_v, r) => when(r.createdAt) },
          { key: 'peoplename', title: t('usage.person'), dataIndex: 'peoplename' },
          { key: 'username', title: t('usage.username'), dataIndex: 'username' },
          { key: 'ip', title: t('usage.ip'), dataIndex: 'lastIp' },
        ]}
      />
      <Pagination total={list.total} page={list.paging.page} limit={list.paging.limit} onChange={list.setPaging} />
    </>
  );
}
