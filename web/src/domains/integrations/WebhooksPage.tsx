import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Checkbox, Drawer, Form, Input, Modal, Popconfirm, Space, Switch, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../app/session';
import { Pagination } from '../../platform/pagination/Pagination';
import { DEFAULT_LIMIT } from '../../platform/pagination/paging';
import { toast } from '../../platform/ui/feedback';
import { ACTIONS_COLUMN, ResponsiveTable } from '../../platform/ui/ResponsiveTable';
import { validated } from '../../platform/ui/validated';
import { when } from './ApiKeysPage';
import {
  createHook,
  type Delivery,
  deleteHook,
  deliveryPage,
  hookEvents,
  hookPage,
  type Subscription,
  type SubscriptionInput,
  showFieldError,
  switchHook,
  testHook,
  updateHook,
} from './api';
import { SecretOnce } from './SecretOnce';
import './integrations.css';

const useEvents = () => useQuery({ queryKey: ['integrations-events'], queryFn: hookEvents });

/** /setUp/webhook: URLs that hear the company's events, signed; their delivery log; a test send. */
export default function WebhooksPage() {
  const { t } = useTranslation('integrations');
  const [paging, setPaging] = useState({ page: 1, limit: DEFAULT_LIMIT });
  const list = useQuery({ queryKey: ['integrations-hooks', paging], queryFn: () => hookPage(paging) });
  const events = useEvents();
  const label = (e: string) => events.data?.find((x) => x.event === e)?.label ?? '';
  const [editing, setEditing] = useState<Partial<Subscription> | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [log, setLog] = useState<Subscription | null>(null);
  const act = async (fn: () => Promise<unknown>, done: string) => {
    try {
      await fn();
      toast('success', done);
    } finally {
      await list.refetch();
    }
  };

  return (
    <Card
      size="small"
      title={t('hooks.title')}
      data-testid="webhooks-page"
      extra={
        hasPermission('setUp:webhook:add') && (
          <Button
            size="small"
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing({})}
            data-testid="hook-add"
          >
            {t('hooks.add')}
          </Button>
        )
      }
    >
      <p className="integrations-hint">{t('hooks.hint')}</p>
      <ResponsiveTable<Subscription>
        rowKey="id"
        size="small"
        pagination={false}
        loading={list.isFetching}
        dataSource={list.data?.rows ?? []}
        card={{ title: ['name'], fields: ['url', 'state', 'lastStatus'] }}
        columns={[
          { key: 'name', dataIndex: 'name', title: t('hooks.fields.name') },
          {
            key: 'url',
            title: t('hooks.fields.url'),
            render: (_v, s) => <span className="integrations-url">{s.url}</span>,
          },
          {
            key: 'events',
            title: t('hooks.fields.events'),
            render: (_v, s) => (
              <Space size={[0, 4]} wrap>
                {s.events.map((e) => (
                  <Tag key={e}>{label(e)}</Tag>
                ))}
              </Space>
            ),
          },
          {
            key: 'state',
            title: t('hooks.fields.state'),
            render: (_v, s) => (
              <Switch
                size="small"
                checked={s.state === 1}
                disabled={!hasPermission('setUp:webhook:edit')}
                checkedChildren={t('hooks.on')}
                unCheckedChildren={t('hooks.off')}
                onChange={(on) => act(() => switchHook(s.id, on), t(on ? 'hooks.switchedOn' : 'hooks.switchedOff'))}
              />
            ),
          },
          { key: 'failures', dataIndex: 'failures', title: t('hooks.fields.failures'), width: 90 },
          {
            key: 'lastStatus',
            title: t('hooks.fields.lastStatus'),
            render: (_v, s) => (s.lastStatus ? <StatusTag status={s.lastStatus} /> : ''),
          },
          {
            key: ACTIONS_COLUMN,
            width: 240,
            render: (_v, s) => (
              <Space size={0} wrap>
                <Button type="link" size="small" onClick={() => setLog(s)} data-testid="hook-log">
                  {t('hooks.log')}
                </Button>
                {s.state === 1 && hasPermission('setUp:webhook:testSend') && (
                  <Button type="link" size="small" onClick={() => act(() => testHook(s.id), t('hooks.testQueued'))}>
                    {t('hooks.test')}
                  </Button>
                )}
                {hasPermission('setUp:webhook:edit') && (
                  <Button type="link" size="small" onClick={() => setEditing(s)}>
                    {t('hooks.edit')}
                  </Button>
                )}
                {hasPermission('setUp:webhook:delete') && (
                  <Popconfirm
                    title={t('hooks.confirmDelete', { name: s.name })}
                    onConfirm={() => act(() => deleteHook(s.id), t('hooks.deleted'))}
                  >
                    <Button type="link" size="small" danger>
                      {t('hooks.delete')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Pagination total={list.data?.total ?? 0} page={paging.page} limit={paging.limit} onChange={setPaging} />
      {editing && (
        <HookDialog
          initial={editing}
          onClose={() => setEditing(null)}
          onSaved={async (s) => {
            setEditing(null);
            if (s) setSecret(s);
            else toast('success', t('hooks.saved'));
            await list.refetch();
          }}
        />
      )}
      {secret && <SecretOnce title={t('hooks.created')} secret={secret} onClose={() => setSecret(null)} />}
      {log && <DeliveryLog subscription={log} label={label} onClose={() => setLog(null)} />}
    </Card>
  );
}

const STATUS_COLOURS: Record<string, string> = { queued: 'blue', retrying: 'orange', sent: 'green', failed: 'red' };

function StatusTag({ status }: { status: string }) {
  const { t } = useTranslation('integrations');
  return <Tag color={STATUS_COLOURS[status]}>{t(`hooks.status.${status}`)}</Tag>;
}

function HookDialog({
  initial,
  onClose,
  onSaved,
}: {
  initial: Partial<Subscription>;
  onClose: () => void;
  /** The new subscription's signing secret, or null after an edit. */
  onSaved: (secret: string | null) => void;
}) {
  const { t } = useTranslation('integrations');
  const [form] = Form.useForm<SubscriptionInput>();
  const [saving, setSaving] = useState(false);
  const events = useEvents();
  const submit = async () => {
    const v = await validated(form);
    if (!v) return;
    setSaving(true);
    try {
      if (initial.id) {
        await updateHook(initial.id, v);
        onSaved(null);
      } else onSaved((await createHook(v)).secret);
    } catch (err) {
      showFieldError(form, err, ['name', 'url', 'events']);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={t(initial.id ? 'hooks.edit' : 'hooks.add')}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={saving}
      okText={t('hooks.save')}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ name: initial.name, url: initial.url, events: initial.events ?? [] }}
        data-testid="hook-form"
      >
        <Form.Item name="name" label={t('hooks.fields.name')} rules={[{ required: true, whitespace: true, max: 60 }]}>
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item
          name="url"
          label={t('hooks.fields.url')}
          extra={t('hooks.urlHint')}
          rules={[{ required: true, type: 'url' }]}
        >
          <Input maxLength={2000} placeholder="https://erp.example.com/eam-events" />
        </Form.Item>
        <Form.Item name="events" label={t('hooks.fields.events')} rules={[{ required: true, type: 'array', min: 1 }]}>
          <Checkbox.Group
            className="integrations-checks"
            options={(events.data ?? []).map((e) => ({ value: e.event, label: e.label }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function DeliveryLog({
  subscription,
  label,
  onClose,
}: {
  subscription: Subscription;
  label: (event: string) => string;
  onClose: () => void;
}) {
  const { t } = useTranslation('integrations');
  const [paging, setPaging] = useState({ page: 1, limit: DEFAULT_LIMIT });
  const list = useQuery({
    queryKey: ['integrations-deliveries', subscription.id, paging],
    queryFn: () => deliveryPage({ subscriptionId: subscription.id, ...paging }),
    refetchInterval: 5000,
  });
  return (
    <Drawer
      open
      size={760}
      title={t('hooks.logTitle', { name: subscription.name })}
      onClose={onClose}
      data-testid="hook-log-drawer"
    >
      <ResponsiveTable<Delivery>
        rowKey="id"
        size="small"
        pagination={false}
        loading={list.isFetching && !list.data}
        dataSource={list.data?.rows ?? []}
        card={{ title: ['event'], fields: ['status', 'statusCode', 'responseMs'] }}
        columns={[
          { key: 'event', title: t('hooks.fields.event'), render: (_v, d) => label(d.event) },
          { key: 'status', title: t('hooks.fields.status'), render: (_v, d) => <StatusTag status={d.status} /> },
          { key: 'statusCode', dataIndex: 'statusCode', title: t('hooks.fields.statusCode'), width: 90 },
          {
            key: 'responseMs',
            title: t('hooks.fields.responseMs'),
            render: (_v, d) => (d.responseMs === null ? '' : t('hooks.ms', { ms: d.responseMs })),
          },
          { key: 'attempts', dataIndex: 'attempts', title: t('hooks.fields.attempts'), width: 80 },
          {
            key: 'error',
            title: t('hooks.fields.error'),
            render: (_v, d) => (d.error ? t(`hooks.errors.${d.error}`) : ''),
          },
          { key: 'createdAt', title: t('hooks.fields.createdAt'), render: (_v, d) => when(d.createdAt) },
          { key: 'nextAt', title: t('hooks.fields.nextAt'), render: (_v, d) => when(d.nextAt) },
        ]}
      />
      <Pagination total={list.data?.total ?? 0} page={paging.page} limit={paging.limit} onChange={setPaging} />
    </Drawer>
  );
}
