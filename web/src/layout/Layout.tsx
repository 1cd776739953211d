import { Drawer } from 'antd';
import { useEffect, useMemo } from 'react';
import { Navigate, useLocation } from 'react-router';
import { layoutPages } from '../app/pages';
import { resolveView } from '../app/resolve';
import { useSession } from '../app/session';
import { HOME_PATH, NOT_FOUND_PATH, normalizePath, REDIRECT_PREFIX } from '../app/static-routes';
import { SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH } from '../platform/preferences';
import { useStore } from '../platform/store';
import { AnnouncementBanner } from './AnnouncementBanner';
import { FramesLayer } from './FramesLayer';
import { KeepAliveMain } from './KeepAliveMain';
import { closeSidebar, layoutStore } from './layout-store';
import { Navbar } from './Navbar';
import { OnDemandDialogs } from './OnDemandDialogs';
import { RedirectView } from './RedirectView';
import { Sidebar } from './Sidebar';
import { TabsBar } from './TabsBar';
import { ensureAffixTabs, visit } from './tabs-store';
import { useDeviceWatcher, useDownloadSocket, useStartupNotices } from './useShellEffects';
import './layout.css';

/** The application shell: sidebar, navbar, tabs bar and the kept-alive main area (spec 2.2). */
export default function Layout() {
  const location = useLocation();
  const session = useSession();
  const { sidebarOpened, device, withoutAnimation } = useStore(layoutStore);
  const path = normalizePath(location.pathname);
  const isRedirect = path.startsWith(`${REDIRECT_PREFIX}/`);
  const view = useMemo(
    () => (isRedirect || path === '/' ? null : resolveView(path, session.routes, layoutPages)),
    [isRedirect, path, session.routes],
  );
  const mobile = device === 'mobile';

  useDeviceWatcher();
  useStartupNotices(session.user);
  useDownloadSocket(session.user?.id);

  useEffect(() => ensureAffixTabs(session.routes), [session.routes]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a visit is one navigation (location.key)
  useEffect(() => {
    if (view) visit(view, location);
  }, [view, location.key]);

  // On mobile the drawer closes on each route change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => {
    if (layoutStore.get().device === 'mobile') closeSidebar();
  }, [location.key]);

  if (path === '/') return <Navigate to={HOME_PATH} replace />;
  if (!view && !isRedirect) return <Navigate to={NOT_FOUND_PATH} replace />;

  const width = sidebarOpened ? SIDEBAR_WIDTH : SIDEBAR_COLLAPSED_WIDTH;
  return (
    <div
      className={`app-wrapper${mobile ? ' is-mobile' : ''}${sidebarOpened ? ' is-open' : ' is-collapsed'}${withoutAnimation ? ' no-animation' : ''}`}
      data-testid="app-layout"
      data-device={device}
      data-sidebar={sidebarOpened ? 'open' : 'closed'}
    >
      {mobile ? (
        <Drawer
          open={sidebarOpened}
          placement="left"
          size={SIDEBAR_WIDTH}
          closable={false}
          onClose={() => closeSidebar()}
          className="sidebar-drawer"
          styles={{ body: { padding: 0 } }}
          data-testid="sidebar-drawer"
        >
          <Sidebar collapsed={false} />
        </Drawer>
      ) : (
        <aside className="sidebar-container" style={{ width }} data-testid="sidebar-container">
          <Sidebar collapsed={!sidebarOpened} />
        </aside>
      )}
      <div className="main-container" style={{ marginLeft: mobile ? 0 : width }}>
        <header className="fixed-header">
          <Navbar view={view} path={path} />
          <TabsBar />
        </header>
        <AnnouncementBanner />
        <main className="app-main" data-testid="app-main">
          {isRedirect ? <RedirectView /> : null}
          <KeepAliveMain view={view} location={location} />
          <FramesLayer path={path} />
        </main>
      </div>
      <OnDemandDialogs />
    </div>
  );
}
