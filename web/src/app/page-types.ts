import type { ComponentType, LazyExoticComponent } from 'react';

/**
 * A page of the application. Each web/src/domains/<domain>/pages.ts exports `pages: PageDef[]`; the app collects
 * them (app/pages.ts). A menu route or static route whose path matches `path` renders `component`.
 */
export interface PageDef {
  /** Route pattern such as '/equipment/ledger/:type', or an exact path such as '/setUp/workshop'. */
  path: string;
  /** React.lazy(() => import('./SomePage')) so that each page is its own chunk. */
  component: LazyExoticComponent<ComponentType>;
  /** i18n key ('namespace:key') of the title, for a page that is not a menu route. */
  titleKey?: string;
  /** Do not keep the view alive when the user leaves it. */
  noCache?: boolean;
  /**
   * For a page that is no menu of its own (a record card): the menu paths it is opened from. It is reachable
   * only while one of them is a permitted route, and its breadcrumb runs through that menu.
   */
  openedFrom?: string[];
}
