import { matchRoutes } from 'react-router';
import { flattenRoutes } from './menu-routes';
import type { PageDef } from './page-types';
import type { RouteMeta, RouteRecord } from './route-types';
import { GENERIC_FORM_PATH, HOME_PATH, normalizePath } from './static-routes';

/** What the main area shows for a path. */
export interface ResolvedView {
  /** Pattern the view is rendered under (a registered page's pattern, else the exact path). */
  pattern: string;
  kind: 'page' | 'frame' | 'notBuilt';
  page: PageDef | null;
  meta: RouteMeta;
  /** Titles of the menu branches above the route, for the breadcrumb. */
  parents: RouteMeta[];
  /** The route is one of the user's permitted routes (not only a registered page). */
  permitted: boolean;
}

/** The registered page whose pattern matches a path best (react-router's ranking). */
export function findPage(pages: PageDef[], pathname: string): PageDef | null {
  const matches = matchRoutes(
    pages.map((p, i) => ({ path: p.path, id: String(i) })),
    { pathname },
  );
  const last = matches?.[matches.length - 1];
  return last ? pages[Number(last.route.id)] : null;
}

/**
 * Resolves a path under the layout: first the permitted routes (menu and static routes, exact path), then a
 * registered page opened from a permitted menu (a record card reached from its list), under that menu in the
 * breadcrumb. Unknown paths, and the pages of menus the user does not have, give null (→ /404): a typed path
 * never opens what the menus do not offer.
 */
export function resolveView(pathname: string, routes: RouteRecord[], pages: PageDef[]): ResolvedView | null {
  const path = normalizePath(pathname);
  const leaves = flattenRoutes(routes);
  const leaf = leaves.find(({ route }) => route.path === path);
  if (leaf) {
    const { route, parents } = leaf;
    const parentMetas = parents.map((p) => p.meta);
    if (route.view === 'frame') {
      return { pattern: path, kind: 'frame', page: null, meta: route.meta, parents: parentMetas, permitted: true };
    }
    if (route.view === 'external') return null;
    const target = route.view === 'form' ? GENERIC_FORM_PATH : route.view === 'home' ? HOME_PATH : path;
    const page = findPage(pages, target);
    const meta = { ...route.meta, noCache: route.meta.noCache ?? page?.noCache };
    return {
      pattern: page && target === path ? page.path : '*',
      kind: page ? 'page' : 'notBuilt',
      page,
      meta,
      parents: parentMetas,
      permitted: true,
    };
  }
  const page = findPage(pages, path);
  const from = page?.openedFrom?.map((p) => leaves.find(({ route }) => route.path === p)).find(Boolean);
  if (!page || !from) return null;
  return {
    pattern: page.path,
    kind: 'page',
    page,
    meta: { title: '', titleKey: page.titleKey, noCache: page.noCache },
    parents: [...from.parents.map((p) => p.meta), from.route.meta],
    permitted: false,
  };
}
