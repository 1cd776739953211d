import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { matchPath, useLocation } from 'react-router';
import { buildTitleKey } from './app-title';
import { layoutPages } from './pages';
import { resolveView } from './resolve';
import { useSession } from './session';
import { normalizePath, STANDALONE_PAGES } from './static-routes';
import { useTitleOf } from './titles';

/** Browser title: '<page title> - <application title>', the application title chosen by build flags. */
export function useDocumentTitle(): void {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const session = useSession();
  const titleOf = useTitleOf();
  const appTitle = t(buildTitleKey());
  const path = normalizePath(pathname);
  const standalone = STANDALONE_PAGES.find((p) => matchPath(p.path, path));
  const view = standalone || session.status !== 'ready' ? null : resolveView(path, session.routes, layoutPages);
  const pageTitle = standalone ? t(standalone.titleKey) : view ? titleOf(view.meta) : '';
  const title = pageTitle ? `${pageTitle} - ${appTitle}` : appTitle;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
