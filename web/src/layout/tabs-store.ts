import type { Location } from 'react-router';
import { flattenRoutes } from '../app/menu-routes';
import type { ResolvedView } from '../app/resolve';
import type { RouteRecord } from '../app/route-types';
import { sessionStore } from '../app/session';
import { createStore } from '../platform/store';
import { addView, closeAll, closeOthers, closeView, type TabView } from './tabs-model';

/** A view kept alive by the main area, keyed by its full path. */
export interface CachedView {
  key: string;
  path: string;
  view: ResolvedView;
  location: Location;
}

export interface FrameView {
  path: string;
  url: string;
}

interface TabsState {
  views: TabView[];
  cache: CachedView[];
  frames: FrameView[];
}

const EMPTY: TabsState = { views: [], cache: [], frames: [] };
export const tabsStore = createStore<TabsState>(EMPTY);

export const fullPathOf = (location: Pick<Location, 'pathname' | 'search'>): string =>
  location.pathname + location.search;

/** Fixed tabs of the permitted routes (the dashboard). */
export function ensureAffixTabs(routes: RouteRecord[]): void {
  const affix = flattenRoutes(routes).filter(({ route }) => route.meta.affix);
  tabsStore.set((s) => {
    let views = s.views;
    for (const { route } of affix) {
      if (!views.some((v) => v.path === route.path)) {
        views = [
          ...views,
          { path: route.path, fullPath: route.path, query: '', meta: route.meta, visitedAt: Date.now() },
        ];
      }
    }
    // Fixed tabs stay first.
    views = [...views.filter((v) => v.meta.affix), ...views.filter((v) => !v.meta.affix)];
    return views === s.views ? s : { ...s, views };
  });
}

/** A page was visited: its tab, its kept-alive view (noCache views are dropped when left), its frame. */
export function visit(view: ResolvedView, location: Location): void {
  const key = fullPathOf(location);
  const path = location.pathname;
  tabsStore.set((s) => {
    const views = addView(s.views, {
      path,
      fullPath: key,
      query: location.search,
      meta: view.meta,
      visitedAt: Date.now(),
    });
    let cache = s.cache.filter((c) => (c.path !== path || c.key === key) && (!c.view.meta.noCache || c.key === key));
    if (view.kind !== 'frame' && !cache.some((c) => c.key === key)) cache = [...cache, { key, path, view, location }];
    let frames = s.frames;
    if (view.kind === 'frame' && view.meta.urls && !frames.some((f) => f.path === path)) {
      frames = [...frames, { path, url: view.meta.urls }];
    }
    return { views, cache, frames };
  });
}

const without = (s: TabsState, keep: (path: string) => boolean): TabsState => ({
  views: s.views,
  cache: s.cache.filter((c) => keep(c.path)),
  frames: s.frames.filter((f) => keep(f.path)),
});

export function closeTab(path: string): TabView[] {
  tabsStore.set((s) => {
    const views = closeView(s.views, path);
    const open = new Set(views.map((v) => v.path));
    return { ...without(s, (p) => open.has(p)), views };
  });
  return tabsStore.get().views;
}

export function closeOtherTabs(path: string): TabView[] {
  tabsStore.set((s) => {
    const views = closeOthers(s.views, path);
    const open = new Set(views.map((v) => v.path));
    return { ...without(s, (p) => open.has(p)), views };
  });
  return tabsStore.get().views;
}

export function closeAllTabs(): TabView[] {
  tabsStore.set((s) => {
    const views = closeAll(s.views);
    const open = new Set(views.map((v) => v.path));
    return { ...without(s, (p) => open.has(p)), views };
  });
  return tabsStore.get().views;
}

/** Forgets the kept-alive view (and frame) of a path, so that the next visit builds it anew. */
export function evict(path: string): void {
  tabsStore.set((s) => ({
    ...s,
    cache: s.cache.filter((c) => c.path !== path),
    frames: s.frames.filter((f) => f.path !== path),
  }));
}

/** Hides a frame (close-frame event). */
export function closeFrame(path: string): void {
  tabsStore.set((s) => ({ ...s, frames: s.frames.filter((f) => f.path !== path) }));
}

// A new session starts with no tabs.
sessionStore.subscribe(() => {
  if (sessionStore.get().status === 'idle' && tabsStore.get() !== EMPTY) tabsStore.set(EMPTY);
});
