import { lazy, type ReactNode, Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { BootSpinner } from '../domains/shell/BootSpinner';
import { standalonePage } from './pages';
import { RouteGuard } from './RouteGuard';
import { LOGIN_PATH, STANDALONE_PAGES } from './static-routes';

/**
 * The query client, antd theme and App load with the first page that needs them: the login page is plain
 * React, so /login loads neither antd nor the query library (the login page JavaScript stays small).
 */
const LazyProviders = lazy(() => import('./Providers').then((m) => ({ default: m.Providers })));
const WithProviders = ({ children }: { children: ReactNode }) => (
  <Suspense fallback={<BootSpinner />}>
    <LazyProviders>{children}</LazyProviders>
  </Suspense>
);

const Layout = lazy(() => import('../layout/Layout'));
const NotBuilt = lazy(() => import('../domains/shell/NotBuilt').then((m) => ({ default: m.NotBuilt })));
const RouteError = lazy(() => import('../domains/shell/RouteError').then((m) => ({ default: m.RouteError })));

function Standalone({ path }: { path: string }) {
  const page = standalonePage(path);
  if (!page) {
    return (
      <WithProviders>
        <Suspense fallback={<BootSpinner />}>
          <NotBuilt standalone />
        </Suspense>
      </WithProviders>
    );
  }
  const Page = page.component;
  const body = (
    <Suspense fallback={<BootSpinner />}>
      <Page />
    </Suspense>
  );
  return path === LOGIN_PATH ? body : <WithProviders>{body}</WithProviders>;
}

const routes: RouteObject[] = [
  {
    element: <RouteGuard />,
    errorElement: (
      <WithProviders>
        <Suspense fallback={null}>
          <RouteError />
        </Suspense>
      </WithProviders>
    ),
    children: [
      ...STANDALONE_PAGES.map((p) => ({ path: p.path, element: <Standalone path={p.path} /> })),
      {
        path: '*',
        element: (
          <WithProviders>
            <Suspense fallback={<BootSpinner />}>
              <Layout />
            </Suspense>
          </WithProviders>
        ),
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
