import { Empty, Spin, Tree, type TreeProps } from 'antd';
import { useMemo } from 'react';
import { translateMenuTitle } from '../../platform/i18n';
import type { PlatformMenu } from './api';

/** Every menu id of a tree, depth first. */
export function allMenuIds(nodes: PlatformMenu[], out: string[] = []): string[] {
  for (const n of nodes) {
    out.push(n.id);
    allMenuIds(n.children, out);
  }
  return out;
}

/** Leaf ids only: antd's checkable tree derives the groups' state from them. */
export function leafMenuIds(nodes: PlatformMenu[], keep: ReadonlySet<string>, out: string[] = []): string[] {
  for (const n of nodes) {
    if (!n.children.length && keep.has(n.id)) out.push(n.id);
    leafMenuIds(n.children, keep, out);
  }
  return out;
}

export const menuTreeData = (nodes: PlatformMenu[]): NonNullable<TreeProps['treeData']> =>
  nodes.map((n) => ({
    key: n.id,
    title: (
      <span data-testid={`menu-check-${n.key ?? n.id}`}>{translateMenuTitle({ title: n.menuname, id: n.id })}</span>
    ),
    children: menuTreeData(n.children),
  }));

/** A checkable tree of the menus a tenant can have; `checked` holds leaf ids (groups follow). */
export function MenuChecklist({
  menus,
  checked,
  onChange,
  loading,
  disabled,
}: {
  menus: PlatformMenu[] | undefined;
  checked: string[];
  onChange: (keys: string[]) => void;
  loading?: boolean;
  disabled?: boolean;
}) {
  const data = useMemo(() => menuTreeData(menus ?? []), [menus]);
  if (loading) return <Spin />;
  if (!data.length) return <Empty />;
  return (
    <Tree
      checkable
      selectable={false}
      disabled={disabled}
      treeData={data}
      checkedKeys={checked}
      onCheck={(keys) => onChange((Array.isArray(keys) ? keys : keys.checked).map(String))}
      defaultExpandAll
      data-testid="menu-checklist"
    />
  );
}
