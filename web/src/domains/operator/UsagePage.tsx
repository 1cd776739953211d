import { Button, Card, Input, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Pagination } from '../../platform/pagination/Pagination';
import { ACTIONS_COLUMN, ResponsiveTable } from '../../platform/ui/ResponsiveTable';
import { type TenantUsage, tenantUsage } from './api';
import { formatBytes } from './format';
import { rowTestId } from './row-test-id';
import { usePaged } from './usePaged';
import './operator.css';

/** /operatesys/usecase: usage per tenant company (users, active users, logins, storage, expiry). */
export default function UsagePage() {
  const { t } = useTranslation('operator');
  const navigate = useNavigate();
  const list = usePaged<TenantUsage, { name?: string }>('op-usage', tenantUsage, {});
  return (
    <Card size="small" data-testid="usage-page">
      <Space wrap className="op-toolbar">
        <Input.Search
          allowClear
          placeholder={t('company.fields.name')}
          onSearch={(name) => list.search({ name })}
          style={{ width: 240 }}
        />
      </Space>
      <ResponsiveTable<TenantUsage>
        rowKey="id"
        size="small"
        pagination={false}
        loading={list.loading}
        dataSource={list.rows}
        onRow={(c) => rowTestId(`usage-row-${c.code}`)}
        columns={[
          {
            key: 'name',
            title: t('company.fields.name'),
            render: (_v, c) => (
              <Space size={4} wrap>
                {c.name}
                {c.state === 0 && <Tag>{t('state.0')}</Tag>}
              </Space>
            ),
          },
          { key: 'version', title: t('company.fields.version'), dataIndex: 'versionName' },
          { key: 'users', title: t('usage.userCount'), dataIndex: 'userCount' },
          { key: 'active7', title: t('usage.active7'), dataIndex: 'active7' },
          { key: 'active30', title: t('usage.active30'), dataIndex: 'active30' },
          { key: 'logins30', title: t('usage.logins30'), dataIndex: 'logins30' },
          { key: 'storage', title: t('usage.storage'), render: (_v, c) => formatBytes(c.storageBytes) },
          {
            key: 'expiry',
            title: t('company.fields.expiryDate'),
            render: (_v, c) => c.expiryDate ?? t('company.noExpiry'),
          },
          {
            key: ACTIONS_COLUMN,
            width: 80,
            render: (_v, c) => (
              <Button
                type="link"
                size="small"
                onClick={() => navigate(`/usecaseDetail/index?id=${c.id}`)}
                data-testid="usage-detail"
              >
                {t('usage.detail')}
              </Button>
            ),
          },
        ]}
      />
      <Pagination total={list.total} page={list.paging.page} limit={list.paging.limit} onChange={list.setPaging} />
    </Card>
  );
}
