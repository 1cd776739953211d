import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Form, Input, Modal, Popconfirm, Space, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../app/session';
import { Pagination } from '../../platform/pagination/Pagination';
import { toast } from '../../platform/ui/feedback';
import { ACTIONS_COLUMN, ResponsiveTable } from '../../platform/ui/ResponsiveTable';
import { validated } from '../../platform/ui/validated';
import {
  deleteVersion,
  makeDefaultVersion,
  pushVersionMenus,
  saveVersion,
  saveVersionMenus,
  type Version,
  versionMenus,
  versionPage,
} from './api';
import { leafMenuIds, MenuChecklist } from './MenuChecklist';
import { MoveCompaniesDialog } from './MoveCompaniesDialog';
import { usePaged } from './usePaged';
import './operator.css';

/** /operatesys/version: versions, their menu sets, the default for sign-ups, pushing a set to its companies. */
export default function VersionPage() {
  const { t } = useTranslation('operator');
  const list = usePaged<Version, { name?: string }>('op-versions', versionPage, {});
  const [selected, setSelected] = useState<Version | null>(null);
  const [editing, setEditing] = useState<Partial<Version> | null>(null);
  const [movingTo, setMovingTo] = useState<Version | null>(null);
  const act = async (fn: () => Promise<unknown>, done: string) => {
    try {
      await fn();
      toast('success', done);
    } finally {
      await list.refetch();
    }
  };

  return (
    <div className="op-split" data-testid="version-page">
      <Card
        size="small"
        title={t('version.title')}
        extra={
          hasPermission('operatesys:version:add') && (
            <Button size="small" icon={<PlusOutlined />} onClick={() => setEditing({})} data-testid="version-add">
              {t('version.add')}
            </Button>
          )
        }
      >
        <ResponsiveTable<Version>
          rowKey="id"
          size="small"
          pagination={false}
          loading={list.loading}
          dataSource={list.rows}
          rowClassName={(v) => (v.id === selected?.id ? 'ant-table-row-selected' : '')}
          onRow={(v) => ({ onClick: () => setSelected(v), 'data-testid': 'version-row' })}
          columns={[
            {
              key: 'name',
              title: t('version.fields.name'),
              render: (_v, v) => (
                <Space size={4}>
                  {v.name}
                  {v.isDefault && <Tag color="gold">{t('version.default')}</Tag>}
                </Space>
              ),
            },
            { key: 'companies', title: t('version.fields.companies'), dataIndex: 'companyCount', width: 80 },
            { key: 'menus', title: t('version.fields.menus'), dataIndex: 'menuCount', width: 80 },
            {
              key: ACTIONS_COLUMN,
              width: 230,
              render: (_v, v) => (
                <Space size={0} wrap onClick={(e) => e.stopPropagation()}>
                  {hasPermission('operatesys:version:edit') && (
                    <Button type="link" size="small" onClick={() => setEditing(v)}>
                      {t('actions.edit')}
                    </Button>
                  )}
                  {hasPermission('operatesys:version:moveCompanies') && (
                    <Button type="link" size="small" onClick={() => setMovingTo(v)} data-testid="version-move">
                      {t('version.move.action')}
                    </Button>
                  )}
                  {!v.isDefault && hasPermission('operatesys:version:setDefault') && (
                    <Button
                      type="link"
                      size="small"
                      onClick={() => act(() => makeDefaultVersion(v.id), t('version.madeDefault', { name: v.name }))}
                    >
                      {t('version.makeDefault')}
                    </Button>
                  )}
                  {!v.isDefault && hasPermission('operatesys:version:delete') && (
                    <Popconfirm
                      title={t('version.confirmDelete', { name: v.name })}
                      onConfirm={() => act(() => deleteVersion(v.id), t('messages.deleted'))}
                    >
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
      </Card>
      <Card size="small" title={selected ? selected.name : t('version.pick')}>
        {selected ? (
          <VersionMenus key={selected.id} version={selected} onChanged={() => list.refetch()} />
        ) : (
          <Empty description={t('version.pick')} />
        )}
      </Card>
      {movingTo && (
        <MoveCompaniesDialog
          versionId={movingTo.id}
          onClose={() => setMovingTo(null)}
          onMoved={async () => {
            setMovingTo(null);
            await list.refetch();
          }}
        />
      )}
      {editing && (
        <VersionForm
          version={editing}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            setEditing(null);
            await list.refetch();
          }}
        />
      )}
    </div>
  );
}

function VersionMenus({ version, onChanged }: { version: Version; onChanged: () => void }) {
  const { t } = useTranslation('operator');
  const menus = useQuery({ queryKey: ['op-version-menus', version.id], queryFn: () => versionMenus(version.id) });
  const [checked, setChecked] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (menus.data) setChecked(leafMenuIds(menus.data.menus, new Set(menus.data.menuIds)));
  }, [menus.data]);
  const can = hasPermission('operatesys:version:setMenu');
  const run = async (fn: () => Promise<string>) => {
    setBusy(true);
    try {
      toast('success', await fn());
      onChanged();
      await menus.refetch();
    } catch {
      // Shown by the client.
    } finally {
      setBusy(false);
    }
  };
  return (
    <div data-testid="version-menus">
      <Space wrap className="op-toolbar">
        <Button
          type="primary"
          disabled={!can}
          loading={busy}
          onClick={() =>
            run(async () => {
              await saveVersionMenus(version.id, checked);
              return t('messages.saved');
            })
          }
          data-testid="version-menus-save"
        >
          {t('version.saveMenus')}
        </Button>
        <Popconfirm
          title={t('version.confirmPush', { count: version.companyCount })}
          disabled={!can}
          onConfirm={() =>
            run(async () => t('version.pushed', { count: (await pushVersionMenus(version.id)).data.companies }))
          }
        >
          <Button disabled={!can} loading={busy} data-testid="version-push">
            {t('version.push')}
          </Button>
        </Popconfirm>
      </Space>
      <MenuChecklist
        menus={menus.data?.menus}
        checked={checked}
        onChange={setChecked}
        loading={menus.isLoading}
        disabled={!can}
      />
    </div>
  );
}

function VersionForm({
  version,
  onClose,
  onSaved,
}: {
  version: Partial<Version>;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('operator');
  const [form] = Form.useForm<{ name: string; remark?: string }>();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const v = await validated(form);
    if (!v) return;
    setSaving(true);
    try {
      await saveVersion({ ...(version.id ? { id: version.id } : {}), name: v.name, remark: v.remark || null });
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
      title={t(version.id ? 'version.edit' : 'version.add')}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={saving}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      okButtonProps={{ 'data-testid': 'version-form-save' }}
    >
      <Form form={form} layout="vertical" initialValues={version}>
        <Form.Item
          name="name"
          label={t('version.fields.name')}
          rules={[{ required: true, message: t('form.required', { label: t('version.fields.name') }) }]}
        >
          <Input maxLength={100} data-testid="version-field-name" />
        </Form.Item>
        <Form.Item name="remark" label={t('version.fields.remark')}>
          <Input.TextArea maxLength={500} rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
