import { ArrowDownOutlined, ArrowUpOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Space, Tag, Tree, type TreeProps } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../app/session';
import { MenuIcon } from '../../layout/icons';
import { translateMenuTitle } from '../../platform/i18n';
import { toast } from '../../platform/ui/feedback';
import { type PlatformMenu, platformMenus, sortMenus } from './api';
import { MenuDetail } from './MenuDetail';
import { NewMenuDialog } from './NewMenuDialog';
import './operator.css';

/** The siblings of a menu (the top level when it has no parent), in their shown order. */
function siblingsOf(nodes: PlatformMenu[], id: string): PlatformMenu[] | null {
  if (nodes.some((n) => n.id === id)) return nodes;
  for (const n of nodes) {
    const found = siblingsOf(n.children, id);
    if (found) return found;
  }
  return null;
}

function findMenu(nodes: PlatformMenu[], id: string | null): PlatformMenu | null {
  for (const n of nodes) {
    if (n.id === id) return n;
    const found = findMenu(n.children, id);
    if (found) return found;
  }
  return null;
}

/** /admin/menu: the platform's menu tree, its buttons (permission codes), names, icons, order and hidden flags. */
export default function MenuEditorPage() {
  const { t } = useTranslation('operator');
  const menus = useQuery({ queryKey: ['op-platform-menus'], queryFn: platformMenus });
  const [selected, setSelected] = useState<string | null>(null);
  const [adding, setAdding] = useState<{ parentId: string | null } | null>(null);
  const menu = findMenu(menus.data ?? [], selected);

  const treeData = useMemo(() => {
    const build = (nodes: PlatformMenu[]): NonNullable<TreeProps['treeData']> =>
      nodes.map((n) => ({
        key: n.id,
        title: (
          <Space size={4} data-testid={`menu-node-${n.key ?? n.id}`}>
            <MenuIcon name={n.icon ?? undefined} />
            {translateMenuTitle({ title: n.menuname, id: n.id })}
            {n.hidden && <Tag>{t('menu.hidden')}</Tag>}
            {n.button.length > 0 && <Tag color="blue">{n.button.length}</Tag>}
          </Space>
        ),
        children: build(n.children),
      }));
    return build(menus.data ?? []);
  }, [menus.data, t]);

  /** Moves a menu one place up or down among its siblings and saves the new order of all of them. */
  const move = async (id: string, step: -1 | 1) => {
    const siblings = [...(siblingsOf(menus.data ?? [], id) ?? [])];
    const at = siblings.findIndex((s) => s.id === id);
    const to = at + step;
    if (at < 0 || to < 0 || to >= siblings.length) return;
    [siblings[at], siblings[to]] = [siblings[to]!, siblings[at]!];
    try {
      await sortMenus(siblings.map((s, i) => ({ id: s.id, sort: (i + 1) * 10 })));
      toast('success', t('messages.saved'));
    } finally {
      await menus.refetch();
    }
  };

  /** Dragging reorders among siblings only; a change of parent is made in the form. */
  const onDrop: TreeProps['onDrop'] = async (info) => {
    const dragId = String(info.dragNode.key);
    const dropId = String(info.node.key);
    const siblings = siblingsOf(menus.data ?? [], dragId);
    const dragged = siblings?.find((s) => s.id === dragId);
    if (!siblings || !dragged || !siblings.some((s) => s.id === dropId) || !info.dropToGap) return;
    const pos = info.node.pos.split('-');
    const after = info.dropPosition - Number(pos[pos.length - 1]) > 0;
    const rest = siblings.filter((s) => s.id !== dragId);
    rest.splice(rest.findIndex((s) => s.id === dropId) + (after ? 1 : 0), 0, dragged);
    try {
      await sortMenus(rest.map((s, i) => ({ id: s.id, sort: (i + 1) * 10 })));
      toast('success', t('messages.saved'));
    } finally {
      await menus.refetch();
    }
  };

  const canEdit = hasPermission('admin:menu:edit');
  return (
    <div className="op-split" data-testid="menu-editor">
      <Card
        size="small"
        title={t('menu.title')}
        extra={
          hasPermission('admin:menu:add') && (
            <Button size="small" icon={<PlusOutlined />} onClick={() => setAdding({ parentId: null })}>
              {t('menu.addTop')}
            </Button>
          )
        }
      >
        {menus.data?.length ? (
          <Tree
            blockNode
            draggable={canEdit}
            treeData={treeData}
            selectedKeys={selected ? [selected] : []}
            onSelect={(keys) => setSelected(keys.length ? String(keys[0]) : null)}
            onDrop={onDrop}
          />
        ) : (
          <Empty />
        )}
      </Card>
      <Card
        size="small"
        title={menu ? translateMenuTitle({ title: menu.menuname, id: menu.id }) : t('menu.pick')}
        extra={
          menu && (
            <Space size={4}>
              {canEdit && (
                <>
                  <Button
                    size="small"
                    icon={<ArrowUpOutlined />}
                    onClick={() => move(menu.id, -1)}
                    aria-label={t('menu.up')}
                    data-testid="menu-up"
                  />
                  <Button
                    size="small"
                    icon={<ArrowDownOutlined />}
                    onClick={() => move(menu.id, 1)}
                    aria-label={t('menu.down')}
                    data-testid="menu-down"
                  />
                </>
              )}
              {hasPermission('admin:menu:add') && (
                <Button size="small" icon={<PlusOutlined />} onClick={() => setAdding({ parentId: menu.id })}>
                  {t('menu.addChild')}
                </Button>
              )}
            </Space>
          )
        }
      >
        {menu ? (
          <MenuDetail
            key={menu.id}
            menu={menu}
            onChanged={() => menus.refetch()}
            onDeleted={async () => {
              setSelected(null);
              await menus.refetch();
            }}
          />
        ) : (
          <Empty description={t('menu.pick')} />
        )}
      </Card>
      {adding && (
        <NewMenuDialog
          parentId={adding.parentId}
          onClose={() => setAdding(null)}
          onSaved={async (id) => {
            setAdding(null);
            await menus.refetch();
            setSelected(id);
          }}
        />
      )}
    </div>
  );
}
