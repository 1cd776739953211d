import type { RouteMeta } from '../app/route-types';

/** A tab of the tabs bar (spec 3.1 tab entry). */
export interface TabView {
  path: string;
  fullPath: string;
  query: string;
  meta: RouteMeta;
  /** When the page was last visited (ms), for the tab's time display. */
  visitedAt: number;
}

/** Adds a visited page, one tab per path; a new full path of the same page replaces the old one. */
export function addView(views: TabView[], view: TabView): TabView[] {
  const i = views.findIndex((v) => v.path === view.path);
  if (i < 0) return [...views, view];
  const next = views.slice();
  next[i] = {
    ...views[i],
    fullPath: view.fullPath,
    query: view.query,
    meta: { ...view.meta, affix: views[i].meta.affix || view.meta.affix },
    visitedAt: view.visitedAt,
  };
  return next;
}

/** Closes a tab; fixed (affix) tabs cannot be closed. */
export function closeView(views: TabView[], path: string): TabView[] {
  return views.filter((v) => v.path !== path || v.meta.affix);
}

/** Keeps fixed tabs and the given one. */
export function closeOthers(views: TabView[], path: string): TabView[] {
  return views.filter((v) => v.meta.affix || v.path === path);
}

/** Close all keeps the fixed tabs. */
export function closeAll(views: TabView[]): TabView[] {
  return views.filter((v) => v.meta.affix);
}

/** Where to go after closing the active tab: the last remaining tab, or / if none. */
export function afterClose(views: TabView[]): string {
  return views.length ? views[views.length - 1].fullPath : '/';
}
