import { createContext, useContext } from 'react';
import type { RouteMeta } from './route-types';

/** The route a kept-alive view was opened for: its meta (menu id, query, external URL…) and full path. */
export interface ViewRoute {
  meta: RouteMeta;
  path: string;
  fullPath: string;
}

export const ViewRouteContext = createContext<ViewRoute | null>(null);

/** For pages: the meta of the route they are shown for (for example the generic form page reads meta.query). */
export const useViewRoute = (): ViewRoute | null => useContext(ViewRouteContext);
