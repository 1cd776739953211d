import { Activity, lazy, Suspense } from 'react';
import { type Location, Route, Routes } from 'react-router';
import type { ResolvedView } from '../app/resolve';
import { ViewRouteContext } from '../app/route-context';
import { PageSpinner } from '../domains/shell/PageSpinner';
import { useStore } from '../platform/store';
import { type CachedView, fullPathOf, tabsStore } from './tabs-store';

// antd's Result with its pictures is not part of the shell: it loads when such a view is first shown.
const NotBuilt = lazy(() => import('../domains/shell/NotBuilt').then((m) => ({ default: m.NotBuilt })));

function ViewBody({ view }: { view: ResolvedView }) {
  if (view.kind === 'page' && view.page) {
    const Page = view.page.component;
    return (
      <Suspense fallback={<PageSpinner />}>
        <Page />
      </Suspense>
    );
  }
  return (
    <Suspense fallback={<PageSpinner />}>
      <NotBuilt />
    </Suspense>
  );
}

function KeptView({ entry, active }: { entry: CachedView; active: boolean }) {
  return (
    <Activity mode={active ? 'visible' : 'hidden'}>
      <ViewRouteContext value={{ meta: entry.view.meta, path: entry.path, fullPath: entry.key }}>
        <div className="app-view" data-testid="view" data-view-key={entry.key}>
          <Routes location={entry.location}>
            <Route path={entry.view.pattern} element={<ViewBody view={entry.view} />} />
          </Routes>
        </div>
      </ViewRouteContext>
    </Activity>
  );
}

/**
 * The main area: visited views stay alive (state kept, keyed by full path) and hidden while another is shown;
 * noCache views are dropped when left (spec 2.2).
 */
export function KeepAliveMain({ view, location }: { view: ResolvedView | null; location: Location }) {
  const { cache } = useStore(tabsStore);
  const key = fullPathOf(location);
  const current: CachedView | null =
    view && view.kind !== 'frame' ? { key, path: location.pathname, view, location } : null;
  const entries = current && !cache.some((c) => c.key === key) ? [...cache, current] : cache;
  return (
    <>
      {entries.map((entry) => (
        <KeptView key={entry.key} entry={entry} active={entry.key === key && Boolean(current)} />
      ))}
    </>
  );
}
