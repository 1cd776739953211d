import { useQuery } from '@tanstack/react-query';
import { Button, Card, List, Popconfirm, Select, Space, TreeSelect } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../app/session';
import { toast } from '../../platform/ui/feedback';
import { assignRole, memberPage, type OrgNode, orgTree, roleHolders, unassignRole } from './api';

const orgOptions = (nodes: OrgNode[]): object[] =>
  nodes.map((n) => ({ value: n.id, title: n.organizationName, children: orgOptions(n.children) }));

/** Who holds a role: members and organisations, added and taken away (button setUp:role:assignUsers). */
export function RoleHoldersPanel({ roleId }: { roleId: number }) {
  const { t } = useTranslation('org');
  const [keyword, setKeyword] = useState('');
  const [userIds, setUserIds] = useState<number[]>([]);
  const [orgIds, setOrgIds] = useState<number[]>([]);
  const holders = useQuery({ queryKey: ['org-role-holders', roleId], queryFn: () => roleHolders(roleId) });
  const orgs = useQuery({ queryKey: ['org-tree'], queryFn: orgTree });
  const candidates = useQuery({
    queryKey: ['org-role-candidates', keyword],
    queryFn: async () => (await memberPage({ page: 1, limit: 50, peoplename: keyword || undefined })).data,
  });
  const can = hasPermission('setUp:role:assignUsers');

  const change = async (run: () => Promise<unknown>) => {
    await run();
    toast('success', t('messages.saved'));
    setUserIds([]);
    setOrgIds([]);
    await holders.refetch();
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="role-holders">
      {can && (
        <Space wrap>
          <Select
            mode="multiple"
            showSearch
            filterOption={false}
            onSearch={setKeyword}
            value={userIds}
            onChange={setUserIds}
            placeholder={t('role.pickMembers')}
            options={(candidates.data ?? []).map((u) => ({ value: u.id, label: `${u.peoplename} (${u.username})` }))}
            style={{ minWidth: 260 }}
            data-testid="role-pick-members"
          />
          <TreeSelect
            multiple
            treeData={orgOptions(orgs.data ?? [])}
            value={orgIds}
            onChange={setOrgIds}
            treeDefaultExpandAll
            placeholder={t('role.pickOrganizations')}
            style={{ minWidth: 220 }}
          />
          <Button
            type="primary"
            disabled={!userIds.length && !orgIds.length}
            onClick={() => change(() => assignRole(roleId, userIds, orgIds))}
            data-testid="role-assign"
          >
            {t('role.assign')}
          </Button>
        </Space>
      )}
      <Card size="small" title={t('role.members')}>
        <List
          size="small"
          dataSource={holders.data?.users ?? []}
          renderItem={(u) => (
            <List.Item
              actions={
                can
                  ? [
                      <Popconfirm
                        key="x"
                        title={t('role.confirmRemove')}
                        onConfirm={() => change(() => unassignRole(roleId, [u.id], []))}
                      >
                        <Button type="link" size="small" danger>
                          {t('role.remove')}
                        </Button>
                      </Popconfirm>,
                    ]
                  : []
              }
            >
              {u.peoplename} ({u.username}) {u.organizationName ? `· ${u.organizationName}` : ''}
            </List.Item>
          )}
        />
      </Card>
      <Card size="small" title={t('role.organizations')}>
        <List
          size="small"
          dataSource={holders.data?.organizations ?? []}
          renderItem={(o) => (
            <List.Item
              actions={
                can
                  ? [
                      <Popconfirm
                        key="x"
                        title={t('role.confirmRemove')}
                        onConfirm={() => change(() => unassignRole(roleId, [], [o.id]))}
                      >
                        <Button type="link" size="small" danger>
                          {t('role.remove')}
                        </Button>
                      </Popconfirm>,
                    ]
                  : []
              }
            >
              {o.organizationName}
            </List.Item>
          )}
        />
      </Card>
    </Space>
  );
}
