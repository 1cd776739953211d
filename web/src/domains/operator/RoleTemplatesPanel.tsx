import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Form, Input, Modal, Popconfirm, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../app/session';
import { Pagination } from '../../platform/pagination/Pagination';
import { toast } from '../../platform/ui/feedback';
import { ACTIONS_COLUMN, ResponsiveTable } from '../../platform/ui/ResponsiveTable';
import { validated } from '../../platform/ui/validated';
import {
  deleteRoleTemplate,
  type RoleTemplate,
  roleTemplateMenus,
  roleTemplatePage,
  saveRoleTemplate,
  saveRoleTemplateMenus,
} from './api';
import { leafMenuIds, MenuChecklist } from './MenuChecklist';
import { usePaged } from './usePaged';

/**
 * Role templates (spec 7.2 roletemplate) on /admin/companyAuthorize: menu sets the operator prepares for every
 * company, from which a company's administrator starts a new role (role/save with templateId). A company's
 * role gets only the template's pages that the company has.
 */
export function RoleTemplatesPanel() {
  const { t } = useTranslation('operator');
  const list = usePaged<RoleTemplate, { name?: string }>('op-role-templates', roleTemplatePage, {});
  const [selected, setSelected] = useState<RoleTemplate | null>(null);
  const [editing, setEditing] = useState<Partial<RoleTemplate> | null>(null);

  const remove = async (tpl: RoleTemplate) => {
    try {
      await deleteRoleTemplate(tpl.id);
      toast('success', t('messages.deleted'));
      if (selected?.id === tpl.id) setSelected(null);
    } finally {
      await list.refetch();
    }
  };

  return (
    <div className="op-split" data-testid="role-templates">
      <Card
        size="small"
        title={t('roleTemplate.title')}
        extra={
          hasPermission('admin:companyAuthorize:authorize') && (
            <Button size="small" icon={<PlusOutlined />} onClick={() => setEditing({})} data-testid="role-template-add">
              {t('roleTemplate.add')}
            </Button>
          )
        }
      >
        <Typography.Paragraph type="secondary">{t('roleTemplate.hint')}</Typography.Paragraph>
        <Input.Search
          allowClear
          placeholder={t('roleTemplate.fields.name')}
          onSearch={(name) => list.search({ name: name.trim() || undefined })}
          style={{ marginBottom: 8 }}
        />
        <ResponsiveTable<RoleTemplate>
          rowKey="id"
          size="small"
          pagination={false}
          loading={list.loading}
          dataSource={list.rows}
          rowClassName={(v) => (v.id === selected?.id ? 'ant-table-row-selected' : '')}
          onRow={(v) => ({ onClick: () => setSelected(v), 'data-testid': 'role-template-row' })}
          columns={[
            { key: 'name', title: t('roleTemplate.fields.name'), dataIndex: 'name' },
            { key: 'menus', title: t('roleTemplate.fields.menus'), dataIndex: 'menuCount', width: 80 },
            { key: 'remark', title: t('roleTemplate.fields.remark'), dataIndex: 'remark', ellipsis: true },
            {
              key: ACTIONS_COLUMN,
              width: 140,
              render: (_v, v) => (
                <Space size={0} wrap onClick={(e) => e.stopPropagation()}>
                  {hasPermission('admin:companyAuthorize:authorize') && (
                    <Button type="link" size="small" onClick={() => setEditing(v)}>
                      {t('actions.edit')}
                    </Button>
                  )}
                  {hasPermission('admin:companyAuthorize:revoke') && (
                    <Popconfirm title={t('roleTemplate.confirmDelete', { name: v.name })} onConfirm={() => remove(v)}>
                      <Button type="link" size="small" danger data-testid="role-template-delete">
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
      <Card size="small" title={selected ? selected.name : t('roleTemplate.pick')}>
        {selected ? (
          <TemplateMenus key={selected.id} template={selected} onChanged={() => list.refetch()} />
        ) : (
          <Empty description={t('roleTemplate.pick')} />
        )}
      </Card>
      {editing && (
        <TemplateForm
          template={editing}
          onClose={() => setEditing(null)}
          onSaved={async (id) => {
            setEditing(null);
            const r = await list.refetch();
            const saved = r.data?.rows.find((x) => x.id === id);
            if (saved) setSelected(saved);
          }}
        />
      )}
    </div>
  );
}

function TemplateMenus({ template, onChanged }: { template: RoleTemplate; onChanged: () => void }) {
  const { t } = useTranslation('operator');
  const menus = useQuery({
    queryKey: ['op-role-template-menus', template.id],
    queryFn: () => roleTemplateMenus(template.id),
  });
  const [checked, setChecked] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (menus.data) setChecked(leafMenuIds(menus.data.menus, new Set(menus.data.menuIds)));
  }, [menus.data]);
  const can = hasPermission('admin:companyAuthorize:setMenu');
  const save = async () => {
    setBusy(true);
    try {
      await saveRoleTemplateMenus(template.id, checked);
      toast('success', t('messages.saved'));
      onChanged();
      await menus.refetch();
    } catch {
      // Shown by the client.
    } finally {
      setBusy(false);
    }
  };
  return (
    <div data-testid="role-template-menus">
      <Space wrap className="op-toolbar">
        <Button type="primary" disabled={!can} loading={busy} onClick={save} data-testid="role-template-menus-save">
          {t('roleTemplate.saveMenus')}
        </Button>
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

function TemplateForm({
  template,
  onClose,
  onSaved,
}: {
  template: Partial<RoleTemplate>;
  onClose: () => void;
  onSaved: (id: number) => void;
}) {
  const { t } = useTranslation('operator');
  const [form] = Form.useForm<{ name: string; remark?: string }>();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const v = await validated(form);
    if (!v) return;
    setSaving(true);
    try {
      const r = await saveRoleTemplate({
        ...(template.id ? { id: template.id } : {}),
        name: v.name.trim(),
        remark: v.remark || null,
      });
      toast('success', t('messages.saved'));
      onSaved(template.id ?? (r.data as { id: number }).id);
    } catch {
      // Shown by the client.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={t(template.id ? 'roleTemplate.edit' : 'roleTemplate.add')}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={saving}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      okButtonProps={{ 'data-testid': 'role-template-form-save' }}
    >
      <Form form={form} layout="vertical" initialValues={template}>
        <Form.Item
          name="name"
          label={t('roleTemplate.fields.name')}
          rules={[
            { required: true, whitespace: true, message: t('form.required', { label: t('roleTemplate.fields.name') }) },
          ]}
        >
          <Input maxLength={50} data-testid="role-template-field-name" />
        </Form.Item>
        <Form.Item name="remark" label={t('roleTemplate.fields.remark')}>
          <Input.TextArea maxLength={500} rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
