import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Input, Popconfirm, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../app/session';
import { Pagination } from '../../platform/pagination/Pagination';
import { toast } from '../../platform/ui/feedback';
import { ACTIONS_COLUMN, ResponsiveTable } from '../../platform/ui/ResponsiveTable';
import {
  deleteRoleTemplate,
  type RoleTemplate,
  roleTemplateMenus,
  roleTemplatePage,
  saveRoleTemplate,
  saveRoleTemplateMenus,
} from './api';
import { MenuSetEditor } from './MenuSetEditor';
import { NameRemarkDialog } from './NameRemarkDialog';
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
        <NameRemarkDialog
          title={t(editing.id ? 'roleTemplate.edit' : 'roleTemplate.add')}
          labels={{ name: t('roleTemplate.fields.name'), remark: t('roleTemplate.fields.remark') }}
          initial={editing}
          maxName={50}
          testId="role-template"
          onSave={async (v) => {
            const r = await saveRoleTemplate({
              ...(editing.id ? { id: editing.id, updatedAt: editing.updatedAt } : {}),
              ...v,
            });
            toast('success', t('messages.saved'));
            const id = editing.id ?? (r.data as { id: number }).id;
            setEditing(null);
            const rows = await list.refetch();
            const saved = rows.data?.rows.find((x) => x.id === id);
            if (saved) setSelected(saved);
          }}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}

function TemplateMenus({ template, onChanged }: { template: RoleTemplate; onChanged: () => void }) {
  const { t } = useTranslation('operator');
  return (
    <MenuSetEditor
      queryKey={['op-role-template-menus', template.id]}
      load={() => roleTemplateMenus(template.id)}
      save={(ids) => saveRoleTemplateMenus(template.id, ids)}
      can={hasPermission('admin:companyAuthorize:setMenu')}
      testId="role-template-menus"
      saveLabel={t('roleTemplate.saveMenus')}
      onChanged={onChanged}
    />
  );
}
