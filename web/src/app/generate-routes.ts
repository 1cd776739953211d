import type { RouteRecord } from './route-types';

export const ADMIN_ROLE = 'admin';

const allowed = (roles: string[], route: RouteRecord): boolean =>
  !route.meta.roles?.length || roles.some((r) => route.meta.roles?.includes(r));

/** Routes whose allowed roles include one of the user's roles; routes without role restriction pass. */
export function filterByRoles(routes: RouteRecord[], roles: string[]): RouteRecord[] {
  return routes
    .filter((r) => allowed(roles, r))
    .map((r) => (r.children ? { ...r, children: filterByRoles(r.children, roles) } : r));
}

/**
 * The permitted routes (spec 4): the admin role gets the static routes and the routes built from the stored
 * menus; other roles get the routes filtered by each route's allowed roles (menu routes carry none, since the
 * server only sends the menus a user may see).
 */
export function generateRoutes(roles: string[], staticRoutes: RouteRecord[], menuRoutes: RouteRecord[]): RouteRecord[] {
  if (roles.includes(ADMIN_ROLE)) return [...staticRoutes, ...menuRoutes];
  return [...filterByRoles(staticRoutes, roles), ...filterByRoles(menuRoutes, roles)];
}
