import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Form, Input, Modal, Popconfirm, Select, Tag, Tooltip } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../app/session';
import { Pagination } from '../../platform/pagination/Pagination';
import { DEFAULT_LIMIT } from '../../platform/pagination/paging';
import { toast } from '../../platform/ui/feedback';
import { ACTIONS_COLUMN, ResponsiveTable } from '../../platform/ui/ResponsiveTable';
import { validated } from '../../platform/ui/validated';
import {
  type ApiKey,
  createKey,
  DATA_SCOPES,
  type DataScope,
  grantableCodes,
  grantableScope,
  keyPage,
  revokeKey,
  showFieldError,
} from './api';
import { SecretOnce } from './SecretOnce';
import './integrations.css';

const STATE_COLOURS = { active: 'green', expired: 'default', revoked: 'red' } as const;
export const when = (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '');

/** /setUp/apiKey: keys of other systems (ERP, MES, gateways); a new key's secret is shown once; revoke. */
export default function ApiKeysPage() {
  const { t } = useTranslation('integrations');
  const [paging, setPaging] = useState({ page: 1, limit: DEFAULT_LIMIT });
  const list = useQuery({ queryKey: ['integrations-keys', paging], queryFn: () => keyPage(paging) });
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);

  const revoke = async (k: ApiKey) => {
    await revokeKey(k.id);
    toast('success', t('keys.revoked', { name: k.name }));
    await list.refetch();
  };

  return (
    <Card
      size="small"
      title={t('keys.title')}
      data-testid="api-keys-page"
      extra={
        hasPermission('setUp:apiKey:add') && (
          <Button
            size="small"
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setCreating(true)}
            data-testid="key-add"
          >
            {t('keys.add')}
          </Button>
        )
      }
    >
      <p className="integrations-hint">{t('keys.hint')}</p>
      <ResponsiveTable<ApiKey>
        rowKey="id"
        size="small"
        pagination={false}
        loading={list.isFetching}
        dataSource={list.data?.rows ?? []}
        card={{ title: ['name'], fields: ['state', 'dataScope', 'expiresAt', 'lastUsedAt'] }}
        columns={[
          { key: 'name', dataIndex: 'name', title: t('keys.fields.name') },
          { key: 'hint', title: t('keys.fields.hint'), render: (_v, k) => <code>eamk_…{k.hint}</code> },
          {
            key: 'permissions',
            title: t('keys.fields.permissions'),
            render: (_v, k) => (
              <Tooltip title={k.permissions.join(', ')}>
                <Tag>{t('keys.codes', { count: k.permissions.length })}</Tag>
              </Tooltip>
            ),
          },
          {
            key: 'dataScope',
            title: t('keys.fields.dataScope'),
            render: (_v, k) => t(`keys.scopes.${k.dataScope}`),
          },
          {
            key: 'state',
            title: t('keys.fields.state'),
            render: (_v, k) => <Tag color={STATE_COLOURS[k.state]}>{t(`keys.state.${k.state}`)}</Tag>,
          },
          {
            key: 'expiresAt',
            title: t('keys.fields.expiresAt'),
            render: (_v, k) => (k.expiresAt ? when(k.expiresAt) : t('keys.never')),
          },
          { key: 'lastUsedAt', title: t('keys.fields.lastUsedAt'), render: (_v, k) => when(k.lastUsedAt) },
          { key: 'createdBy', dataIndex: 'createdByName', title: t('keys.fields.createdBy') },
          { key: 'createdAt', title: t('keys.fields.createdAt'), render: (_v, k) => when(k.createdAt) },
          {
            key: ACTIONS_COLUMN,
            width: 90,
            render: (_v, k) =>
              k.state === 'active' &&
              hasPermission('setUp:apiKey:revokeKey') && (
                <Popconfirm title={t('keys.confirmRevoke', { name: k.name })} onConfirm={() => revoke(k)}>
                  <Button type="link" size="small" danger data-testid="key-revoke">
                    {t('keys.revoke')}
                  </Button>
                </Popconfirm>
              ),
          },
        ]}
      />
      <Pagination total={list.data?.total ?? 0} page={paging.page} limit={paging.limit} onChange={setPaging} />
      {creating && (
        <CreateKeyDialog
          onClose={() => setCreating(false)}
          onCreated={async (s) => {
            setCreating(false);
            setSecret(s);
            await list.refetch();
          }}
        />
      )}
      {secret && <SecretOnce title={t('keys.created')} secret={secret} onClose={() => setSecret(null)} />}
    </Card>
  );
}

interface KeyForm {
  name: string;
  permissions: string[];
  dataScope: DataScope;
  expiresAt: Dayjs | null;
}

function CreateKeyDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (secret: string) => void }) {
  const { t } = useTranslation('integrations');
  const [form] = Form.useForm<KeyForm>();
  const [saving, setSaving] = useState(false);
  const codes = useQuery({ queryKey: ['integrations-grantable'], queryFn: grantableCodes });
  const widest = useQuery({ queryKey: ['integrations-grantable-scope'], queryFn: grantableScope });
  const reachable = DATA_SCOPES.slice(DATA_SCOPES.indexOf(widest.data ?? 'all'));
  // A new key sees what its creator sees unless narrowed.
  useEffect(() => {
    if (widest.data && !form.getFieldValue('dataScope')) form.setFieldValue('dataScope', widest.data);
  }, [widest.data, form]);
  const submit = async () => {
    const v = await validated(form);
    if (!v) return;
    setSaving(true);
    try {
      const made = await createKey({
        name: v.name,
        permissions: v.permissions,
        dataScope: v.dataScope,
        expiresAt: v.expiresAt ? v.expiresAt.toISOString() : null,
      });
      onCreated(made.secret);
    } catch (err) {
      showFieldError(form, err, ['name', 'permissions', 'dataScope', 'expiresAt']);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={t('keys.add')}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={saving}
      okText={t('keys.create')}
    >
      <Form form={form} layout="vertical" data-testid="key-form">
        <Form.Item name="name" label={t('keys.fields.name')} rules={[{ required: true, whitespace: true, max: 60 }]}>
          <Input maxLength={60} placeholder={t('keys.namePlaceholder')} />
        </Form.Item>
        <Form.Item
          name="permissions"
          label={t('keys.fields.permissions')}
          extra={t('keys.permissionsHint')}
          rules={[{ required: true, type: 'array', min: 1 }]}
        >
          <Select
            mode="multiple"
            allowClear
            loading={codes.isFetching}
            optionFilterProp="label"
            options={(codes.data ?? []).map((c) => ({ value: c.code, label: c.label }))}
          />
        </Form.Item>
        <Form.Item
          name="dataScope"
          label={t('keys.fields.dataScope')}
          extra={t('keys.scopeHint', { yours: t(`keys.scopes.${widest.data ?? 'all'}`) })}
          rules={[{ required: true }]}
        >
          <Select
            loading={widest.isFetching}
            data-testid="key-scope"
            options={reachable.map((s) => ({ value: s, label: t(`keys.scopes.${s}`) }))}
          />
        </Form.Item>
        <Form.Item name="expiresAt" label={t('keys.fields.expiresAt')} extra={t('keys.expiryHint')}>
          <DatePicker showTime className="integrations-full" disabledDate={(d) => d.isBefore(dayjs(), 'day')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
