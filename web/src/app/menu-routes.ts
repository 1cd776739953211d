import { isExternal } from '../platform/validate';
import type { MenuNode, RouteRecord } from './route-types';

const truthy = (v: unknown): boolean => v === true || v === 1 || v === '1' || v === 'true';
const isHttp = (url: string): boolean => /^https?:\/\//i.test(url);

const absolute = (url: string): string => (url.startsWith('/') ? url : `/${url}`);

/** Path of a menu that has no path of its own (a branch, or a leaf without URL): /user{id}. */
export const idPath = (id: string): string => `/user${id}`;

function sorted(nodes: MenuNode[]): MenuNode[] {
  return nodes
    .map((n, i) => ({ n, i }))
    .sort((a, b) => (a.n.sort ?? 0) - (b.n.sort ?? 0) || a.i - b.i)
    .map(({ n }) => n);
}

/**
 * Server menu to route (spec 2.6):
 * - a branch with children gets the path /user{id};
 * - a leaf with formtype 3, or without URL, becomes the new-home dashboard page;
 * - a leaf with an http URL becomes an embedded frame page (path /user{id});
 * - a leaf with a query gets the path url/query and uses the generic form page, unless it belongs to a project
 *   (fromproject), which uses the project page registered for that path;
 * - a leaf with a URL and no query uses the URL as its path.
 * mailto: and tel: addresses stay external links, used as given.
 */
export function menuToRoute(node: MenuNode): RouteRecord {
  const meta = { title: node.menuname ?? '', id: node.id, icon: node.icon || undefined };
  const hidden = truthy(node.hidden);
  const children = node.children ?? [];
  if (children.length > 0) {
    return {
      path: idPath(node.id),
      view: 'branch',
      hidden,
      alwaysShow: truthy(node.isone),
      meta,
      children: sorted(children).map(menuToRoute),
    };
  }
  const url = (node.url ?? '').trim() === '#' ? '' : (node.url ?? '').trim();
  const query = (node.query ?? '').trim().replace(/^[/?]+/, '');
  if (Number(node.formtype) === 3 || !url) {
    return {
      path: url && !isExternal(url) ? absolute(url) : idPath(node.id),
      view: 'home',
      hidden,
      meta: { ...meta, url },
    };
  }
  if (isHttp(url)) return { path: idPath(node.id), view: 'frame', hidden, meta: { ...meta, urls: url } };
  if (isExternal(url)) return { path: url, view: 'external', hidden, meta: { ...meta, url } };
  if (query) {
    const path = `${absolute(url).replace(/\/$/, '')}/${query}`;
    return { path, view: truthy(node.fromproject) ? 'page' : 'form', hidden, meta: { ...meta, url, query } };
  }
  return { path: absolute(url), view: 'page', hidden, meta: { ...meta, url } };
}

export function menusToRoutes(menus: MenuNode[] | null | undefined): RouteRecord[] {
  return sorted(menus ?? []).map(menuToRoute);
}

/** Every permission code (ext4) of the menus' buttons. */
export function menuPermissions(menus: MenuNode[] | null | undefined): string[] {
  const out = new Set<string>();
  const walk = (nodes: MenuNode[]) => {
    for (const n of nodes) {
      for (const b of n.button ?? []) if (b?.ext4) out.add(b.ext4);
      if (n.children) walk(n.children);
    }
  };
  walk(menus ?? []);
  return [...out];
}

/** The leaves (routes that render something) of a route tree, depth first, with their ancestors. */
export function flattenRoutes(
  routes: RouteRecord[],
  parents: RouteRecord[] = [],
): Array<{ route: RouteRecord; parents: RouteRecord[] }> {
  const out: Array<{ route: RouteRecord; parents: RouteRecord[] }> = [];
  for (const r of routes) {
    if (r.children?.length) out.push(...flattenRoutes(r.children, [...parents, r]));
    else if (r.view !== 'branch') out.push({ route: r, parents });
  }
  return out;
}
