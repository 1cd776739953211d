import { describe, expect, it } from 'vitest';
import { flattenRoutes, menuPermissions, menusToRoutes, menuToRoute } from './menu-routes';
import type { MenuNode } from './route-types';

const node = (over: Partial<MenuNode>): MenuNode => ({ id: 'a-1', menuname: '菜单', ...over });

describe('server menu to route conversion (spec 2.6)', () => {
  it('gives a branch with children the path /user{id} and converts its children', () => {
    const r = menuToRoute(
      node({ id: 'b-2', icon: 'SettingOutlined', children: [node({ id: 'c', url: '/setUp/workshop' })] }),
    );
    expect(r.path).toBe('/userb-2');
    expect(r.view).toBe('branch');
    expect(r.meta).toMatchObject({ title: '菜单', id: 'b-2', icon: 'SettingOutlined' });
    expect(r.children?.[0].path).toBe('/setUp/workshop');
  });

  it('turns a leaf with an http URL into an embedded frame page', () => {
    const r = menuToRoute(node({ id: 'f-1', url: 'https://example.com/board' }));
    expect(r).toMatchObject({ view: 'frame', path: '/userf-1', meta: { urls: 'https://example.com/board' } });
  });

  it('uses the URL as path for a leaf with a URL and no query', () => {
    expect(menuToRoute(node({ url: '/setUp/role' }))).toMatchObject({ path: '/setUp/role', view: 'page' });
    expect(menuToRoute(node({ url: 'setUp/role' })).path).toBe('/setUp/role');
  });

  it('gives a leaf with a query the path url/query and the generic form page', () => {
    const r = menuToRoute(node({ url: '/showform', query: 'f123' }));
    expect(r).toMatchObject({ path: '/showform/f123', view: 'form', meta: { query: 'f123' } });
  });

  it('keeps the project page for a leaf with a query that belongs to the project', () => {
    const r = menuToRoute(node({ url: '/equipment/ledger', query: '1', fromproject: 1 }));
    expect(r).toMatchObject({ path: '/equipment/ledger/1', view: 'page' });
    expect(menuToRoute(node({ url: '/equipment/ledger', query: '1', fromproject: true })).view).toBe('page');
  });

  it('makes a leaf with formtype 3 or without URL the new-home dashboard page', () => {
    expect(menuToRoute(node({ id: 'h', url: '/home', formtype: 3 }))).toMatchObject({ view: 'home', path: '/home' });
    expect(menuToRoute(node({ id: 'h', url: '' }))).toMatchObject({ view: 'home', path: '/userh' });
    expect(menuToRoute(node({ id: 'h', url: null }))).toMatchObject({ view: 'home', path: '/userh' });
    expect(menuToRoute(node({ id: 'h', url: '#' }))).toMatchObject({ view: 'home', path: '/userh' });
  });

  it('keeps mailto and tel addresses as external links', () => {
    expect(menuToRoute(node({ url: 'mailto:ops@example.com' }))).toMatchObject({
      view: 'external',
      path: 'mailto:ops@example.com',
    });
  });

  it('carries the hidden and always-show flags in their server spellings', () => {
    expect(menuToRoute(node({ hidden: 1, url: '/x' })).hidden).toBe(true);
    expect(menuToRoute(node({ hidden: false, url: '/x' })).hidden).toBe(false);
    const r = menuToRoute(node({ isone: '1', children: [node({ url: '/y' })] }));
    expect(r.alwaysShow).toBe(true);
  });

  it('orders siblings by sort', () => {
    const routes = menusToRoutes([node({ id: '2', sort: 2, url: '/b' }), node({ id: '1', sort: 1, url: '/a' })]);
    expect(routes.map((r) => r.path)).toEqual(['/a', '/b']);
  });

  it('collects the permission codes (ext4) of every button', () => {
    const menus = [
      node({
        button: [{ ext4: 'back:company:manage' }],
        children: [node({ url: '/x', button: [{ ext4: 'x:add' }, { ext4: null }] })],
      }),
    ];
    expect(menuPermissions(menus).sort()).toEqual(['back:company:manage', 'x:add']);
  });

  it('flattens leaves with their ancestors', () => {
    const routes = menusToRoutes([node({ id: 'p', children: [node({ id: 'c', url: '/c' })] })]);
    const leaves = flattenRoutes(routes);
    expect(leaves).toHaveLength(1);
    expect(leaves[0].route.path).toBe('/c');
    expect(leaves[0].parents.map((p) => p.path)).toEqual(['/userp']);
  });
});
