import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, Popconfirm, Select, Space, Switch, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { hasPermission } from '../../app/session';
import { Pagination } from '../../platform/pagination/Pagination';
import { toast } from '../../platform/ui/feedback';
import { ACTIONS_COLUMN, ResponsiveTable } from '../../platform/ui/ResponsiveTable';
import { AssociateDialog } from './AssociateDialog';
import { type Company, companyPage, removeAssociation, switchCompany } from './api';
import { CompanyForm } from './CompanyForm';
import { MoveCompaniesDialog } from './MoveCompaniesDialog';
import { rowTestId } from './row-test-id';
import { usePaged } from './usePaged';
import './operator.css';

interface Filters {
  name?: string;
  code?: string;
  state?: number;
}

/** /admin/company: every tenant company with its version, administrator, limits and state. */
export default function CompanyPage() {
  const { t } = useTranslation('operator');
  const navigate = useNavigate();
  const list = usePaged<Company, Filters>('op-companies', companyPage, {});
  const [editing, setEditing] = useState<Partial<Company> | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const [associating, setAssociating] = useState(false);
  const [moving, setMoving] = useState(false);
  const [form] = Form.useForm<Filters>();

  const toggle = async (c: Company, on: boolean) => {
    try {
      await switchCompany(c.id, on ? 1 : 0);
      toast('success', t(on ? 'company.enabled' : 'company.disabled', { name: c.name }));
    } finally {
      await list.refetch();
    }
  };
  const ungroup = async () => {
    await removeAssociation(selected);
    toast('success', t('messages.saved'));
    setSelected([]);
    await list.refetch();
  };

  return (
    <Card size="small" data-testid="company-page">
      <Form form={form} layout="inline" className="op-search" onFinish={(v) => list.search(v)}>
        <Form.Item name="name">
          <Input allowClear placeholder={t('company.fields.name')} data-testid="company-search-name" />
        </Form.Item>
        <Form.Item name="code">
          <Input allowClear placeholder={t('company.fields.code')} />
        </Form.Item>
        <Form.Item name="state">
          <Select
            allowClear
            style={{ width: 120 }}
            placeholder={t('company.fields.state')}
            options={[
              { value: 1, label: t('state.1') },
              { value: 0, label: t('state.0') },
            ]}
          />
        </Form.Item>
        <Button htmlType="submit" type="primary" data-testid="company-search">
          {t('actions.search')}
        </Button>
      </Form>
      <Space wrap className="op-toolbar">
        {hasPermission('admin:company:add') && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})} data-testid="company-add">
            {t('company.add')}
          </Button>
        )}
        {hasPermission('admin:companyAuthorize:authorize') && (
          <Button onClick={() => navigate('/company/batchSave')} data-testid="company-batch">
            {t('company.batchMenus')}
          </Button>
        )}
        {hasPermission('admin:company:edit') && (
          <>
            <Button disabled={selected.length < 1} onClick={() => setAssociating(true)} data-testid="company-associate">
              {t('company.associate')}
            </Button>
            <Popconfirm title={t('company.confirmUngroup')} onConfirm={ungroup} disabled={!selected.length}>
              <Button disabled={!selected.length}>{t('company.ungroup')}</Button>
            </Popconfirm>
          </>
        )}
        {hasPermission('operatesys:version:moveCompanies') && (
          <Button disabled={!selected.length} onClick={() => setMoving(true)} data-testid="company-move-version">
            {t('company.moveVersion')}
          </Button>
        )}
      </Space>
      <ResponsiveTable<Company>
        rowKey="id"
        size="small"
        loading={list.loading}
        dataSource={list.rows}
        pagination={false}
        scroll={{ x: 1100 }}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(Number)),
          getCheckboxProps: (c) => ({ disabled: c.isPlatform }),
        }}
        onRow={() => rowTestId('company-row')}
        columns={[
          {
            key: 'name',
            title: t('company.fields.name'),
            render: (_v, c) => (
              <Space size={4} wrap>
                {c.name}
                {c.isPlatform && <Tag color="gold">{t('company.platform')}</Tag>}
                {c.groupName && <Tag color="blue">{t('company.group', { name: c.groupName })}</Tag>}
              </Space>
            ),
          },
          { key: 'code', title: t('company.fields.code'), dataIndex: 'code' },
          { key: 'version', title: t('company.fields.version'), dataIndex: 'versionName' },
          { key: 'admin', title: t('company.fields.admin'), dataIndex: 'adminUsername' },
          {
            key: 'users',
            title: t('company.fields.users'),
            render: (_v, c) => (c.userLimit ? `${c.userCount} / ${c.userLimit}` : c.userCount),
          },
          { key: 'menus', title: t('company.fields.menus'), dataIndex: 'menuCount' },
          {
            key: 'expiry',
            title: t('company.fields.expiryDate'),
            render: (_v, c) =>
              c.expiryDate ? (
                <Space size={4}>
                  {c.expiryDate}
                  {c.accountOverdue > 0 && <Tag color="red">{t('company.expired')}</Tag>}
                </Space>
              ) : (
                t('company.noExpiry')
              ),
          },
          {
            key: 'state',
            title: t('company.fields.state'),
            render: (_v, c) => (
              <Switch
                size="small"
                checked={c.state === 1}
                disabled={c.isPlatform || !hasPermission('admin:company:enable')}
                onChange={(on) => toggle(c, on)}
                data-testid={`company-state-${c.code}`}
              />
            ),
          },
          {
            key: ACTIONS_COLUMN,
            width: 150,
            render: (_v, c) => (
              <Space size={0}>
                {hasPermission('admin:company:edit') && (
                  <Button type="link" size="small" onClick={() => setEditing(c)} data-testid="company-edit">
                    {t('actions.edit')}
                  </Button>
                )}
                {hasPermission('admin:company:setMenu') && !c.isPlatform && (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => navigate(`/company/index?id=${c.id}`)}
                    data-testid={`company-menus-${c.code}`}
                  >
                    {t('company.menus')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Pagination total={list.total} page={list.paging.page} limit={list.paging.limit} onChange={list.setPaging} />
      {editing && (
        <CompanyForm
          company={editing}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            setEditing(null);
            await list.refetch();
          }}
        />
      )}
      {moving && (
        <MoveCompaniesDialog
          companyIds={selected}
          onClose={() => setMoving(false)}
          onMoved={async () => {
            setMoving(false);
            setSelected([]);
            await list.refetch();
          }}
        />
      )}
      {associating && (
        <AssociateDialog
          companies={list.rows.filter((c) => selected.includes(c.id))}
          onClose={() => setAssociating(false)}
          onSaved={async () => {
            setAssociating(false);
            setSelected([]);
            await list.refetch();
          }}
        />
      )}
    </Card>
  );
}
