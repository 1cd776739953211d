import { describe, expect, it } from 'vitest';
import { addView, afterClose, closeAll, closeOthers, closeView, type TabView } from './tabs-model';

const tab = (path: string, affix = false, fullPath = path): TabView => ({
  path,
  fullPath,
  query: '',
  meta: { title: path, affix },
  visitedAt: 0,
});

describe('tabs bar rules (spec 2.2)', () => {
  const views = [tab('/dashboard', true), tab('/a'), tab('/b')];

  it('adds one tab per visited page and updates its full path', () => {
    expect(addView(views, tab('/c')).map((v) => v.path)).toEqual(['/dashboard', '/a', '/b', '/c']);
    const next = addView(views, tab('/a', false, '/a?x=1'));
    expect(next).toHaveLength(3);
    expect(next[1].fullPath).toBe('/a?x=1');
  });

  it('never closes a fixed tab', () => {
    expect(closeView(views, '/dashboard')).toEqual(views);
    expect(closeView(views, '/a').map((v) => v.path)).toEqual(['/dashboard', '/b']);
  });

  it('close others keeps fixed tabs and the chosen one; close all keeps fixed tabs', () => {
    expect(closeOthers(views, '/b').map((v) => v.path)).toEqual(['/dashboard', '/b']);
    expect(closeAll(views).map((v) => v.path)).toEqual(['/dashboard']);
  });

  it('goes to the last remaining tab after closing the active one, or to / if none', () => {
    expect(afterClose([tab('/dashboard', true), tab('/a', false, '/a?q=1')])).toBe('/a?q=1');
    expect(afterClose([])).toBe('/');
  });
});
