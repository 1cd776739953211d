import { describe, expect, it } from 'vitest';
import { generateRoutes } from './generate-routes';
import type { RouteRecord } from './route-types';

const r = (path: string, roles?: string[]): RouteRecord => ({ path, view: 'page', meta: { title: path, roles } });

describe('permitted routes by role (spec 4)', () => {
  const statics = [r('/open'), r('/editors', ['editor'])];
  const menus = [r('/menu')];

  it('gives the admin role every static route and the menu routes', () => {
    expect(generateRoutes(['admin'], statics, menus).map((x) => x.path)).toEqual(['/open', '/editors', '/menu']);
  });

  it('filters routes by allowed roles for other roles; unrestricted routes pass', () => {
    expect(generateRoutes(['user'], statics, menus).map((x) => x.path)).toEqual(['/open', '/menu']);
    expect(generateRoutes(['editor'], statics, menus).map((x) => x.path)).toEqual(['/open', '/editors', '/menu']);
  });
});
