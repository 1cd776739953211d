import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Form, Input, Modal, Popconfirm, Radio, Select, Space, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../app/session';
import { toast } from '../../platform/ui/feedback';
import { DATA_SCOPES, deleteRole, type Role, roleList, roleTemplates, saveRole } from './api';
import { RoleGrantsPanel } from './RoleGrantsPanel';
import { RoleHoldersPanel } from './RoleHoldersPanel';
import './org.css';
import { ACTIONS_COLUMN, ResponsiveTable } from '../../platform/ui/ResponsiveTable';
import { validated } from '../../platform/ui/validated';

/** /setUp/role: roles on the left; the selected role's menu and button grants and its holders on the right. */
export default function RolePage() {
  const { t } = useTranslation('org');
  const roles = useQuery({ queryKey: ['org-roles'], queryFn: roleList });
  const [selected, setSelected] = useState<number | null>(null);
  const [editing, setEditing] = useState<Partial<Role> | null>(null);
  const role = roles.data?.find((r) => r.id === selected) ?? null;

  const remove = async (r: Role) => {
    try {
      await deleteRole(r.id);
      toast('success', t('messages.deleted'));
      if (selected === r.id) setSelected(null);
    } finally {
      await roles.refetch();
    }
  };

  return (
    <div className="org-split org-split-wide" data-testid="role-page">
      <Card
        size="small"
        title={t('role.title')}
        extra={
          hasPermission('setUp:role:add') && (
            <Button
              size="small"
              icon={<PlusOutlined />}
              onClick={() => setEditing({ state: 1, dataScope: 'all' })}
              data-testid="role-add"
            >
              {t('role.add')}
            </Button>
          )
        }
      >
        <ResponsiveTable<Role>
          rowKey="id"
          size="small"
          pagination={false}
          loading={roles.isFetching}
          dataSource={roles.data ?? []}
          rowClassName={(r) => (r.id === selected ? 'ant-table-row-selected' : '')}
          onRow={(r) => ({ onClick: () => setSelected(r.id), 'data-testid': 'role-row' })}
          columns={[
            {
              key: 'name',
              title: t('role.fields.name'),
              render: (_v, r) => (
                <Space size={4}>
                  {r.name}
                  {r.isAdmin && <Tag color="gold">{t('role.admin')}</Tag>}
                  {r.state === 0 && <Tag>{t('state.0')}</Tag>}
                  {r.dataScope && r.dataScope !== 'all' && (
                    <Tag color="blue">{t(`role.dataScopes.${r.dataScope}`)}</Tag>
                  )}
                </Space>
              ),
            },
            { key: 'userCount', title: t('role.fields.userCount'), dataIndex: 'userCount', width: 70 },
            {
              key: ACTIONS_COLUMN,
              width: 110,
              render: (_v, r) => (
                <Space size={0} onClick={(e) => e.stopPropagation()}>
                  {hasPermission('setUp:role:edit') && (
                    <Button type="link" size="small" onClick={() => setEditing(r)} data-testid="role-edit">
                      {t('actions.edit')}
                    </Button>
                  )}
                  {hasPermission('setUp:role:delete') && !r.isAdmin && (
                    <Popconfirm title={t('role.confirmDelete', { name: r.name })} onConfirm={() => remove(r)}>
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
      </Card>
      <Card size="small" title={role ? role.name : t('role.pick')}>
        {role ? (
          <Tabs
            key={role.id}
            items={[
              {
                key: 'grants',
                label: t('role.grants'),
                children: <RoleGrantsPanel roleId={role.id} locked={role.isAdmin} />,
              },
              { key: 'holders', label: t('role.holders'), children: <RoleHoldersPanel roleId={role.id} /> },
            ]}
          />
        ) : (
          <Empty description={t('role.pick')} />
        )}
      </Card>
      {editing && (
        <RoleForm
          role={editing}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            setEditing(null);
            await roles.refetch();
          }}
        />
      )}
    </div>
  );
}

function RoleForm({ role, onClose, onSaved }: { role: Partial<Role>; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('org');
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const values = await validated(form);
    if (!values) return;
    setSaving(true);
    try {
      await saveRole(role.id ? { id: role.id, ...values, updatedAt: role.updatedAt } : values);
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
      title={t(role.id ? 'role.edit' : 'role.add')}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={saving}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      okButtonProps={{ 'data-testid': 'role-form-save' }}
    >
      <Form form={form} layout="vertical" initialValues={role}>
        <Form.Item
          name="name"
          label={t('role.fields.name')}
          rules={[{ required: true, message: t('form.required', { label: t('role.fields.name') }) }]}
        >
          <Input maxLength={50} data-testid="role-field-name" />
        </Form.Item>
        <Form.Item name="code" label={t('role.fields.code')}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="state" label={t('role.fields.state')}>
          <Radio.Group
            disabled={role.isAdmin}
            options={[
              { value: 1, label: t('state.1') },
              { value: 0, label: t('state.0') },
            ]}
          />
        </Form.Item>
        <Form.Item name="dataScope" label={t('role.fields.dataScope')} extra={t('role.dataScopeHint')}>
          <Select
            disabled={role.isAdmin}
            options={DATA_SCOPES.map((s) => ({ value: s, label: t(`role.dataScopes.${s}`) }))}
            data-testid="role-field-data-scope"
          />
        </Form.Item>
        <Form.Item name="remark" label={t('role.fields.remark')}>
          <Input.TextArea maxLength={500} rows={3} />
        </Form.Item>
        {!role.id && <TemplatePicker />}
      </Form>
    </Modal>
  );
}

/** A new role may start from one of the operator's role templates: it gets the template's pages the company has. */
function TemplatePicker() {
  const { t } = useTranslation('org');
  const templates = useQuery({ queryKey: ['role-templates'], queryFn: roleTemplates });
  if (!templates.data?.length) return null;
  return (
    <Form.Item name="templateId" label={t('role.template')} extra={t('role.templateHint')}>
      <Select
        allowClear
        placeholder={t('role.templateNone')}
        loading={templates.isLoading}
        options={templates.data.map((x) => ({
          value: x.id,
          label: `${x.name} · ${t('role.templatePages', { count: x.pages })}`,
        }))}
        data-testid="role-field-template"
      />
    </Form.Item>
  );
}
