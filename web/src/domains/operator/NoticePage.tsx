import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, Modal, Popconfirm, Radio, Select, Space, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../app/session';
import { Pagination } from '../../platform/pagination/Pagination';
import { toast } from '../../platform/ui/feedback';
import { ACTIONS_COLUMN, ResponsiveTable } from '../../platform/ui/ResponsiveTable';
import { validated } from '../../platform/ui/validated';
import { companyList, deleteNotice, type Notice, noticePage, saveNotice } from './api';
import { rowTestId } from './row-test-id';
import { usePaged } from './usePaged';
import './operator.css';

/** /operatesys/notice: announcements shown in every user's navbar banner and the login page's update log. */
export default function NoticePage() {
  const { t } = useTranslation('operator');
  const list = usePaged<Notice, { title?: string }>('op-notices', noticePage, {});
  const [editing, setEditing] = useState<Partial<Notice> | null>(null);
  const remove = async (n: Notice) => {
    try {
      await deleteNotice(n.id);
      toast('success', t('messages.deleted'));
    } finally {
      await list.refetch();
    }
  };
  return (
    <Card size="small" data-testid="notice-page">
      <Space wrap className="op-toolbar">
        <Input.Search
          allowClear
          placeholder={t('notice.fields.title')}
          onSearch={(title) => list.search({ title })}
          style={{ width: 240 }}
        />
        {hasPermission('operatesys:notice:add') && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing({ state: 1 })}
            data-testid="notice-add"
          >
            {t('notice.add')}
          </Button>
        )}
      </Space>
      <ResponsiveTable<Notice>
        rowKey="id"
        size="small"
        pagination={false}
        loading={list.loading}
        dataSource={list.rows}
        onRow={() => rowTestId('notice-row')}
        columns={[
          { key: 'title', title: t('notice.fields.title'), dataIndex: 'title' },
          { key: 'content', title: t('notice.fields.content'), dataIndex: 'content', ellipsis: true },
          {
            key: 'targets',
            title: t('notice.targets'),
            render: (_v, n) => n.companyNames?.join(', ') || t('notice.all'),
          },
          {
            key: 'state',
            title: t('notice.fields.state'),
            width: 90,
            render: (_v, n) => <Tag color={n.state ? 'green' : undefined}>{t(`notice.state.${n.state}`)}</Tag>,
          },
          {
            key: 'createdAt',
            title: t('notice.fields.createdAt'),
            width: 150,
            render: (_v, n) => dayjs(n.createdAt).format('YYYY-MM-DD HH:mm'),
          },
          {
            key: ACTIONS_COLUMN,
            width: 120,
            render: (_v, n) => (
              <Space size={0}>
                {hasPermission('operatesys:notice:edit') && (
                  <Button type="link" size="small" onClick={() => setEditing(n)}>
                    {t('actions.edit')}
                  </Button>
                )}
                {hasPermission('operatesys:notice:delete') && (
                  <Popconfirm title={t('notice.confirmDelete')} onConfirm={() => remove(n)}>
                    <Button type="link" size="small" danger>
                      {t('actions.delete')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Pagination total={list.total} page={list.paging.page} limit={list.paging.limit} onChange={list.setPaging} />
      {editing && (
        <NoticeForm
          notice={editing}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            setEditing(null);
            await list.refetch();
          }}
        />
      )}
    </Card>
  );
}

function NoticeForm({
  notice,
  onClose,
  onSaved,
}: {
  notice: Partial<Notice>;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('operator');
  const [form] = Form.useForm<{ title?: string; content: string; state: number; companyIds?: number[] }>();
  const companies = useQuery({ queryKey: ['op-company-list'], queryFn: companyList });
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const v = await validated(form);
    if (!v) return;
    setSaving(true);
    try {
      await saveNotice({
        ...(notice.id ? { id: notice.id, updatedAt: notice.updatedAt } : {}),
        ...v,
        title: v.title || null,
        companyIds: v.companyIds?.length ? v.companyIds : null,
      });
      toast('success', t('messages.saved'));
      onSaved();
    } catch {
      // Shown by the client.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={t(notice.id ? 'notice.edit' : 'notice.add')}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={saving}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      okButtonProps={{ 'data-testid': 'notice-form-save' }}
    >
      <Form form={form} layout="vertical" initialValues={notice}>
        <Form.Item name="title" label={t('notice.fields.title')}>
          <Input maxLength={200} data-testid="notice-field-title" />
        </Form.Item>
        <Form.Item
          name="content"
          label={t('notice.fields.content')}
          rules={[{ required: true, message: t('form.required', { label: t('notice.fields.content') }) }]}
        >
          <Input.TextArea maxLength={5000} rows={5} data-testid="notice-field-content" />
        </Form.Item>
        <Form.Item name="companyIds" label={t('notice.targets')}>
          <Select
            mode="multiple"
            allowClear
            optionFilterProp="label"
            placeholder={t('notice.all')}
            options={(companies.data ?? []).filter((c) => !c.isPlatform).map((c) => ({ value: c.id, label: c.name }))}
            data-testid="notice-field-companies"
          />
        </Form.Item>
        <Form.Item name="state" label={t('notice.fields.state')}>
          <Radio.Group
            options={[
              { value: 1, label: t('notice.state.1') },
              { value: 0, label: t('notice.state.0') },
            ]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
