import { lazy, Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageSpinner } from '../domains/shell/PageSpinner';
import { standalonePage } from './pages';
import { RouteGuard } from './RouteGuard';
import { STANDALONE_PAGES } from './static-routes';

const Layout = lazy(() => import('../layout/Layout'));
const NotBuilt = lazy(() => import('../domains/shell/NotBuilt').then((m) => ({ default: m.NotBuilt })));
const RouteError = lazy(() => import('../domains/shell/RouteError').then((m) => ({ default: m.RouteError })));

function Standalone({ path }: { path: string }) {
  const page = standalonePage(path);
  if (!page) {
    return (
      <Suspense fallback={<PageSpinner full />}>
        <NotBuilt standalone />
      </Suspense>
    );
  }
  const Page = page.component;
  return (
    <Suspense fallback={<PageSpinner full />}>
      <Page />
    </Suspense>
  );
}

const routes: RouteObject[] = [
  {
    element: <RouteGuard />,
    errorElement: (
      <Suspense fallback={null}>
        <RouteError />
      </Suspense>
    ),
    children: [
      ...STANDALONE_PAGES.map((p) => ({ path: p.path, element: <Standalone path={p.path} /> })),
      {
        path: '*',
        element: (
          <Suspense fallback={<PageSpinner full />}>
            <Layout />
          </Suspense>
        ),
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
