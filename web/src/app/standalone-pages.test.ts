import { describe, expect, it } from 'vitest';
import { layoutPages, standalonePage } from './pages';
import { isPublicPath } from './static-routes';

describe('the standalone and detail pages of spec 2.1 and 2.5', () => {
  it('registers a page for each, so none opens the "not built" page', () => {
    for (const path of ['/userInfo', '/per', '/aklHome', '/addDownload']) expect(standalonePage(path)).toBeDefined();
    const inLayout = layoutPages.map((p) => p.path);
    expect(inLayout).toEqual(expect.arrayContaining(['/detailed/index', '/design/scan']));
  });

  it('keeps /per, /aklHome and /userInfo public and My downloads behind the session', () => {
    for (const path of ['/per', '/aklHome', '/userInfo']) expect(isPublicPath(path)).toBe(true);
    expect(isPublicPath('/addDownload')).toBe(false);
  });
});
