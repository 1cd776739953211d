import { describe, expect, it } from 'vitest';
import type { RouteRecord } from './route-types';
import { sidebarItems } from './sidebar-items';

const leaf = (path: string, over: Partial<RouteRecord> = {}): RouteRecord => ({
  path,
  view: 'page',
  meta: { title: path },
  ...over,
});
const branch = (path: string, children: RouteRecord[], over: Partial<RouteRecord> = {}): RouteRecord => ({
  path,
  view: 'branch',
  meta: { title: path, icon: 'AppstoreOutlined' },
  children,
  ...over,
});

describe('sidebar items from permitted routes (spec 2.2)', () => {
  it('skips hidden items', () => {
    const items = sidebarItems([leaf('/a', { hidden: true }), leaf('/b')]);
    expect(items.map((i) => i.key)).toEqual(['/b']);
  });

  it('shows a branch with exactly one visible child as a single link to that child', () => {
    const items = sidebarItems([branch('/user1', [leaf('/a'), leaf('/b', { hidden: true })])]);
    expect(items).toEqual([expect.objectContaining({ kind: 'link', path: '/a', icon: 'AppstoreOutlined' })]);
  });

  it('keeps a submenu for a single child when the branch is always-show', () => {
    const items = sidebarItems([branch('/user1', [leaf('/a')], { alwaysShow: true })]);
    expect(items[0]).toMatchObject({ kind: 'submenu', key: '/user1' });
  });

  it('makes a submenu with icon and title for several visible children', () => {
    const items = sidebarItems([branch('/user1', [leaf('/a'), leaf('/b')])]);
    expect(items[0]).toMatchObject({ kind: 'submenu', icon: 'AppstoreOutlined' });
    expect(items[0].kind === 'submenu' && items[0].children.map((c) => c.key)).toEqual(['/a', '/b']);
  });

  it('drops a branch whose children are all hidden', () => {
    expect(sidebarItems([branch('/user1', [leaf('/a', { hidden: true })])])).toEqual([]);
  });

  it('uses an external link as given', () => {
    const items = sidebarItems([
      leaf('mailto:x@y.z', { view: 'external', meta: { title: 'mail', url: 'mailto:x@y.z' } }),
    ]);
    expect(items[0]).toMatchObject({ kind: 'link', external: true, path: 'mailto:x@y.z' });
  });
});
