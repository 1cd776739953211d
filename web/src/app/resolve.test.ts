import { lazy } from 'react';
import { describe, expect, it } from 'vitest';
import { menusToRoutes } from './menu-routes';
import type { PageDef } from './page-types';
import { findPage, resolveView } from './resolve';
import { LAYOUT_ROUTES } from './static-routes';

const C = lazy(async () => ({ default: () => null }));
const pages: PageDef[] = [
  { path: '/equipment/ledger/:type', component: C },
  {
    path: '/equipment/ledger/detail/:id',
    component: C,
    titleKey: 'equipment:detail',
    openedFrom: ['/equipment/ledger/1'],
  },
  { path: '/showform/index', component: C },
  { path: '/setUp/organize', component: C },
  { path: '/dashboard', component: C },
];
const routes = [
  ...LAYOUT_ROUTES,
  ...menusToRoutes([
    {
      id: 'g',
      menuname: '设备',
      children: [
        { id: 'l', menuname: '设备台账', url: '/equipment/ledger', query: '1', fromproject: 1 },
        { id: 'w', menuname: '车间', url: '/setUp/workshop' },
        { id: 'f', menuname: '表单', url: '/diy', query: 'abc' },
        { id: 'h', menuname: '新首页', formtype: 3 },
        { id: 'x', menuname: '外部', url: 'http://example.com' },
      ],
    },
  ]),
];

describe('what the main area shows for a path', () => {
  it('renders a permitted menu route with the page registered for its pattern', () => {
    const v = resolveView('/equipment/ledger/1', routes, pages);
    expect(v).toMatchObject({
      kind: 'page',
      pattern: '/equipment/ledger/:type',
      permitted: true,
      meta: { title: '设备台账' },
    });
    expect(v?.parents.map((p) => p.title)).toEqual(['设备']);
  });

  it('says "not built yet" for a menu route without a registered page', () => {
    expect(resolveView('/setUp/workshop', routes, pages)).toMatchObject({ kind: 'notBuilt', pattern: '*' });
  });

  it('uses the generic form page for a form menu and the dashboard for a new-home menu', () => {
    expect(resolveView('/diy/abc', routes, pages)).toMatchObject({
      kind: 'page',
      page: { path: '/showform/index' },
      meta: { query: 'abc' },
    });
    expect(resolveView('/userh', routes, pages)).toMatchObject({ kind: 'page', page: { path: '/dashboard' } });
  });

  it('shows an embedded frame for an external URL menu', () => {
    expect(resolveView('/userx', routes, pages)).toMatchObject({ kind: 'frame', meta: { urls: 'http://example.com' } });
  });

  it('reaches a page opened from a permitted menu by its pattern, under that menu in the breadcrumb', () => {
    const v = resolveView('/equipment/ledger/detail/9', routes, pages);
    expect(v).toMatchObject({ kind: 'page', permitted: false, meta: { titleKey: 'equipment:detail' } });
    expect(v?.parents.map((p) => p.title)).toEqual(['设备', '设备台账']);
  });

  it('gives null for a registered page whose menu the user does not have (a typed path → /404)', () => {
    expect(resolveView('/setUp/organize', routes, pages)).toBeNull();
    expect(resolveView('/equipment/ledger/2', routes, pages)).toBeNull();
    const withoutLedger = routes.filter((r) => r.path !== '/userg');
    expect(resolveView('/equipment/ledger/1', withoutLedger, pages)).toBeNull();
    expect(resolveView('/equipment/ledger/detail/9', withoutLedger, pages)).toBeNull();
  });

  it('gives null for an unknown path (→ /404)', () => {
    expect(resolveView('/nope', routes, pages)).toBeNull();
    expect(resolveView('/equipment/ledger', routes, pages)).toBeNull();
  });

  it('ignores a trailing slash', () => {
    expect(resolveView('/dashboard/', routes, pages)?.kind).toBe('page');
  });

  it('ranks an exact pattern above a parameter', () => {
    expect(findPage(pages, '/equipment/ledger/detail/3')?.titleKey).toBe('equipment:detail');
  });
});
