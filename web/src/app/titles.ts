import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMenuTitle } from '../platform/i18n';
import type { RouteMeta } from './route-types';
import { useSession } from './session';

export const DASHBOARD_TITLE_KEY = 'routes:dashboard';

/** The title of a route in the current language: dashboard → company name (default 首页); menus → spec 1 rule. */
export function useTitleOf(): (meta: Pick<RouteMeta, 'title' | 'titleKey' | 'id'>) => string {
  const { t, i18n } = useTranslation();
  const company = useSession().user?.company?.name;
  const lang = i18n.language;
  return useCallback(
    (meta) => {
      void lang;
      if (meta.titleKey === DASHBOARD_TITLE_KEY) return company || t(DASHBOARD_TITLE_KEY);
      if (meta.id) return translateMenuTitle(meta);
      if (meta.titleKey) return t(meta.titleKey);
      return meta.title;
    },
    [t, company, lang],
  );
}
