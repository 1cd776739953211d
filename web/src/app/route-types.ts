/** A menu node as the server sends it (GET /api-user/sys/me → me). */
export interface MenuNode {
  id: string;
  parentId?: string | null;
  menuname: string;
  icon?: string | null;
  url?: string | null;
  query?: string | null;
  sort?: number | null;
  hidden?: boolean | number | string | null;
  isone?: boolean | number | string | null;
  formtype?: number | string | null;
  fromproject?: boolean | number | string | null;
  button?: Array<{ id?: string; name?: string; ext4?: string | null }> | null;
  children?: MenuNode[] | null;
}

/**
 * How a route is shown: a page of the registry, an embedded frame, the generic form page, the new-home
 * dashboard, a branch of the menu (submenu) or an external link.
 */
export type ViewKind = 'page' | 'frame' | 'form' | 'home' | 'branch' | 'external';

export interface RouteMeta {
  /** Title as given: the menu name (zh) of a menu route. */
  title: string;
  /** i18n key ('ns:key') of a static route's title. */
  titleKey?: string;
  /** Menu id: en and tw titles are the translations keyed by it without dashes. */
  id?: string;
  icon?: string;
  /** A fixed tab that cannot be closed. */
  affix?: boolean;
  /** The view is not kept alive when left. */
  noCache?: boolean;
  /** External address of an embedded frame page. */
  urls?: string;
  /** Query part of a menu (the generic form's key or a page's parameter). */
  query?: string;
  /** The menu's own URL. */
  url?: string;
  /** Roles allowed to see a static route; none means everybody. */
  roles?: string[];
}

export interface RouteRecord {
  path: string;
  view: ViewKind;
  hidden?: boolean;
  /** Show as a submenu even with a single visible child. */
  alwaysShow?: boolean;
  meta: RouteMeta;
  children?: RouteRecord[];
}
