import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Popconfirm, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../app/session';
import { Pagination } from '../../platform/pagination/Pagination';
import { toast } from '../../platform/ui/feedback';
import { ACTIONS_COLUMN, ResponsiveTable } from '../../platform/ui/ResponsiveTable';
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
import { MenuSetEditor } from './MenuSetEditor';
import { MoveCompaniesDialog } from './MoveCompaniesDialog';
import { NameRemarkDialog } from './NameRemarkDialog';
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
        <NameRemarkDialog
          title={t(editing.id ? 'version.edit' : 'version.add')}
          labels={{ name: t('version.fields.name'), remark: t('version.fields.remark') }}
          initial={editing}
          maxName={100}
          testId="version"
          onSave={async (v) => {
            await saveVersion({ ...(editing.id ? { id: editing.id, updatedAt: editing.updatedAt } : {}), ...v });
            toast('success', t('messages.saved'));
            setEditing(null);
            await list.refetch();
          }}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}

function VersionMenus({ version, onChanged }: { version: Version; onChanged: () => void }) {
  const { t } = useTranslation('operator');
  const can = hasPermission('operatesys:version:setMenu');
  return (
    <MenuSetEditor
      queryKey={['op-version-menus', version.id]}
      load={() => versionMenus(version.id)}
      save={(ids) => saveVersionMenus(version.id, ids)}
      can={can}
      testId="version-menus"
      saveLabel={t('version.saveMenus')}
      onChanged={onChanged}
      extra={(run, busy) => (
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
      )}
    />
  );
}
