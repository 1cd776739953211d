import type { RouteMeta, RouteRecord } from './route-types';

export type SidebarItem =
  | { kind: 'link'; key: string; path: string; meta: RouteMeta; icon?: string; external: boolean }
  | { kind: 'submenu'; key: string; meta: RouteMeta; icon?: string; children: SidebarItem[] };

/**
 * Sidebar entries from permitted routes (spec 2.2): hidden routes are skipped; a branch with exactly one visible
 * child (itself without visible children) shows as a single link unless it is always-show; otherwise a
 * submenu with icon and title. External links keep their address.
 */
export function sidebarItems(routes: RouteRecord[]): SidebarItem[] {
  const out: SidebarItem[] = [];
  for (const route of routes) {
    if (route.hidden) continue;
    const visible = (route.children ?? []).filter((c) => !c.hidden);
    if (route.view !== 'branch') {
      out.push(link(route));
      continue;
    }
    if (visible.length === 0) continue;
    const only = visible[0];
    const onlyHasChildren = (only.children ?? []).some((c) => !c.hidden);
    if (visible.length === 1 && !onlyHasChildren && !route.alwaysShow) {
      if (only.view === 'branch') continue;
      out.push(link(only, route.meta.icon));
      continue;
    }
    const children = sidebarItems(visible);
    if (children.length === 0) continue;
    out.push({ kind: 'submenu', key: route.path, meta: route.meta, icon: route.meta.icon, children });
  }
  return out;
}

function link(route: RouteRecord, parentIcon?: string): SidebarItem {
  return {
    kind: 'link',
    key: route.path,
    path: route.view === 'external' ? (route.meta.url ?? route.path) : route.path,
    meta: route.meta,
    icon: route.meta.icon ?? parentIcon,
    external: route.view === 'external',
  };
}
