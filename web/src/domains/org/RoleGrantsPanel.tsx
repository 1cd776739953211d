import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Spin, Tree, type TreeProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../app/session';
import { translateMenuTitle } from '../../platform/i18n';
import { toast } from '../../platform/ui/feedback';
import { companyMenus, type MenuNode, roleGrants, saveGrants } from './api';

type Key = string;
const menuKey = (id: string) => `m:${id}`;
const buttonKey = (id: string) => `b:${id}`;

/** The leaves of the permission tree: buttons, and menus without buttons or children. */
function leaves(nodes: MenuNode[], out = new Set<Key>()): Set<Key> {
  for (const n of nodes) {
    if (!n.children.length && !n.button.length) out.add(menuKey(n.id));
    for (const b of n.button) out.add(buttonKey(b.id));
    leaves(n.children, out);
  }
  return out;
}

/** The menus and buttons of the company as a checkable tree; saving replaces the role's grants. */
export function RoleGrantsPanel({ roleId, locked }: { roleId: number; locked: boolean }) {
  const { t, i18n } = useTranslation('org');
  const menus = useQuery({ queryKey: ['org-company-menus'], queryFn: companyMenus });
  const grants = useQuery({ queryKey: ['org-role-grants', roleId], queryFn: () => roleGrants(roleId) });
  const [checked, setChecked] = useState<Key[]>([]);
  const [half, setHalf] = useState<Key[]>([]);
  const [saving, setSaving] = useState(false);
  const leafKeys = useMemo(() => leaves(menus.data ?? []), [menus.data]);

  useEffect(() => {
    if (!grants.data) return;
    const granted = [...grants.data.menuIds.map(menuKey), ...grants.data.buttonIds.map(buttonKey)];
    setChecked(granted.filter((k) => leafKeys.has(k)));
    setHalf([]);
  }, [grants.data, leafKeys]);

  const treeData = useMemo(() => {
    /** A button's action in the current language; buttons of custom actions keep their stored name. */
    const buttonTitle = (b: MenuNode['button'][number]): string => {
      const key = `org:buttons.${b.ext4.split(':').pop()}`;
      return i18n.exists(key) ? t(key) : b.name;
    };
    const build = (nodes: MenuNode[]): NonNullable<TreeProps['treeData']> =>
      nodes.map((n) => ({
        key: menuKey(n.id),
        title: translateMenuTitle({ title: n.menuname, id: n.id }),
        children: [
          ...n.button.map((b) => ({
            key: buttonKey(b.id),
            title: <span data-testid={`grant-${b.ext4}`}>{buttonTitle(b)}</span>,
            isLeaf: true,
          })),
          ...build(n.children),
        ],
      }));
    return build(menus.data ?? []);
  }, [menus.data, t, i18n]);

  const save = async () => {
    const on = new Set([...checked, ...half]);
    const menuIds: string[] = [];
    // A menu is granted when it, one of its buttons or one of its sub-menus is checked.
    const walk = (nodes: MenuNode[]): boolean => {
      let any = false;
      for (const n of nodes) {
        const below = walk(n.children);
        if (below || on.has(menuKey(n.id)) || n.button.some((b) => on.has(buttonKey(b.id)))) {
          menuIds.push(n.id);
          any = true;
        }
      }
      return any;
    };
    walk(menus.data ?? []);
    const buttonIds = checked.filter((k) => k.startsWith('b:')).map((k) => k.slice(2));
    setSaving(true);
    try {
      await saveGrants(roleId, menuIds, buttonIds);
      toast('success', t('messages.saved'));
      await grants.refetch();
    } finally {
      setSaving(false);
    }
  };

  if (menus.isLoading || grants.isLoading) return <Spin />;
  if (!treeData.length) return <Empty />;
  const canSave = hasPermission('setUp:role:setMenu') && !locked;
  return (
    <div data-testid="role-grants">
      <Button
        type="primary"
        onClick={save}
        loading={saving}
        disabled={!canSave}
        style={{ marginBottom: 12 }}
        data-testid="role-grants-save"
      >
        {t('role.saveGrants')}
      </Button>
      <Tree
        checkable
        selectable={false}
        disabled={!canSave}
        treeData={treeData}
        checkedKeys={checked}
        onCheck={(keys, info) => {
          setChecked((Array.isArray(keys) ? keys : keys.checked).map(String));
          setHalf((info.halfCheckedKeys ?? []).map(String));
        }}
        defaultExpandAll
      />
    </div>
  );
}
