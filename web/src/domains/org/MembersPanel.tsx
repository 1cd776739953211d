import { ExportOutlined, ImportOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Input, Modal, Space, Switch, type TableProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../app/session';
import { openPasswordReset } from '../../platform/events';
import { Pagination } from '../../platform/pagination/Pagination';
import { toast } from '../../platform/ui/feedback';
import { ACTIONS_COLUMN, ResponsiveTable } from '../../platform/ui/ResponsiveTable';
import { ImportDialog } from '../../resources/ImportDialog';
import type { EntityMeta } from '../../resources/types';
import { deleteMember, deleteNotice, exportSheet, type Member, memberPage, switchMember } from './api';
import { MemberDrawer } from './MemberDrawer';

/** Import through the engine's dialog: it needs only a title, the upload path and the template link. */
const importMeta = (title: string, sheet: 'users' | 'organizations', path: string) =>
  ({ title, paths: { importexcel: path }, templateUrl: `/api-file/statics/template/file/${sheet}.xlsx` }) as EntityMeta;

/** The members of the selected organisation (and those below it), paged and searched on the server. */
export function MembersPanel({ organizationId }: { organizationId: number | null }) {
  const { t } = useTranslation('org');
  const client = useQueryClient();
  const [paging, setPaging] = useState({ page: 1, limit: 20 });
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<{ member: Member | null } | null>(null);
  const [importing, setImporting] = useState<'users' | 'organizations' | null>(null);
  const query = {
    ...paging,
    peoplename: keyword || undefined,
    organizationid: organizationId ?? undefined,
  };
  const { data, isFetching } = useQuery({
    queryKey: ['org-members', query],
    queryFn: () => memberPage(query),
    placeholderData: keepPreviousData,
  });
  const refresh = () => client.invalidateQueries({ queryKey: ['org-members'] });

  const toggle = async (m: Member, on: boolean) => {
    try {
      await switchMember(m.id, on ? 1 : 0);
      toast('success', t('messages.saved'));
    } finally {
      await refresh();
    }
  };

  const remove = async (m: Member) => {
    const [notice] = await deleteNotice(m.id);
    if (!notice) return;
    if (!notice.canDelete) {
      Modal.warning({ title: t('member.cannotDelete'), content: notice.reasons.join('\n') });
      return;
    }
    const effects = [
      notice.roleNames ? t('member.noticeRoles', { roles: notice.roleNames }) : null,
      ...notice.records.map((r) => t('member.noticeRecords', { title: r.title, count: r.count })),
    ].filter(Boolean);
    Modal.confirm({
      title: t('member.confirmDelete', { name: m.peoplename }),
      content: effects.length ? effects.join('\n') : null,
      okButtonProps: { danger: true, 'data-testid': 'member-delete-ok' },
      onOk: async () => {
        await deleteMember(m.id);
        toast('success', t('messages.deleted'));
        await refresh();
      },
    });
  };

  const exportAll = async (url: string, params?: Record<string, string | number | undefined>) => {
    const r = await exportSheet(url, params);
    if (r.msg) toast('success', r.msg);
  };

  const columns: TableProps<Member>['columns'] = [
    { key: 'peoplename', title: t('member.fields.peoplename'), dataIndex: 'peoplename', ellipsis: true },
    { key: 'number', title: t('member.fields.number'), dataIndex: 'number', ellipsis: true },
    {
      key: 'organizationName',
      title: t('member.fields.organizationid'),
      dataIndex: 'organizationName',
      ellipsis: true,
    },
    { key: 'mobile', title: t('member.fields.mobile'), dataIndex: 'mobile' },
    { key: 'username', title: t('member.fields.username'), dataIndex: 'username', ellipsis: true },
    { key: 'roleNames', title: t('member.fields.roleIds'), dataIndex: 'roleNames', ellipsis: true },
    {
      key: 'state',
      title: t('member.fields.state'),
      width: 90,
      render: (_v, m) => (
        <Switch
          size="small"
          checked={m.state === 1}
          disabled={!hasPermission('setUp:organize:enable')}
          onChange={(on) => toggle(m, on)}
          data-testid="member-state"
        />
      ),
    },
    {
      key: ACTIONS_COLUMN,
      title: t('actions.title'),
      fixed: 'right',
      width: 210,
      render: (_v, m) => (
        <Space size={2}>
          {hasPermission('setUp:organize:edit') && (
            <Button type="link" size="small" onClick={() => setEditing({ member: m })} data-testid="member-edit">
              {t('actions.edit')}
            </Button>
          )}
          {hasPermission('setUp:organize:resetPassword') && (
            <Button type="link" size="small" onClick={() => openPasswordReset(m.id, m.peoplename)}>
              {t('member.resetPassword')}
            </Button>
          )}
          {hasPermission('setUp:organize:delete') && (
            <Button type="link" size="small" danger onClick={() => remove(m)} data-testid="member-delete">
              {t('actions.delete')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card size="small" title={t('member.title')} className="org-members-card">
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder={t('member.search')}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPaging((p) => ({ ...p, page: 1 }));
          }}
          style={{ width: 240 }}
          data-testid="member-search"
        />
        {hasPermission('setUp:organize:add') && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing({ member: null })}
            data-testid="member-add"
          >
            {t('member.add')}
          </Button>
        )}
        {hasPermission('setUp:organize:import') && (
          <>
            <Button icon={<ImportOutlined />} onClick={() => setImporting('users')} data-testid="member-import">
              {t('member.import')}
            </Button>
            <Button icon={<ImportOutlined />} onClick={() => setImporting('organizations')} data-testid="org-import">
              {t('org.import')}
            </Button>
          </>
        )}
        {hasPermission('setUp:organize:export') && (
          <>
            <Button
              icon={<ExportOutlined />}
              onClick={() =>
                exportAll('/api-user/users/exportexcel', {
                  peoplename: query.peoplename,
                  organizationid: query.organizationid,
                })
              }
              data-testid="member-export"
            >
              {t('member.export')}
            </Button>
            <Button
              icon={<ExportOutlined />}
              onClick={() => exportAll('/api-user/organization/exportexcel')}
              data-testid="org-export"
            >
              {t('org.export')}
            </Button>
          </>
        )}
      </Space>
      <ResponsiveTable<Member>
        rowKey="id"
        size="small"
        loading={isFetching}
        dataSource={data?.data ?? []}
        columns={columns}
        pagination={false}
        scroll={{ x: 1000 }}
        data-testid="member-table"
      />
      <Pagination
        total={data?.count ?? 0}
        page={paging.page}
        limit={paging.limit}
        autoScroll={false}
        onChange={setPaging}
      />
      {editing && (
        <MemberDrawer
          member={editing.member}
          organizationId={organizationId}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            setEditing(null);
            await refresh();
          }}
        />
      )}
      {importing && (
        <ImportDialog
          meta={importMeta(
            t(importing === 'users' ? 'member.title' : 'org.title'),
            importing,
            importing === 'users' ? '/api-user/users/importexcelNew' : '/api-user/organization/importexcelNew',
          )}
          onClose={() => setImporting(null)}
          onImported={async () => {
            setImporting(null);
            await client.invalidateQueries({ queryKey: ['org-tree'] });
            await refresh();
          }}
        />
      )}
    </Card>
  );
}
