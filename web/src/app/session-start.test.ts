import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../platform/ui/feedback', () => ({ toast: vi.fn() }));

/** A browser's cookie jar and session storage, enough for the session's own helpers. */
function fakeBrowser() {
  const cookies = new Map<string, string>();
  const document = {
    get cookie() {
      return [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    },
    set cookie(line: string) {
      const [pair, ...attrs] = line.split('; ');
      const [name, value] = pair!.split('=') as [string, string];
      if (attrs.some((a) => a.startsWith('expires=') && new Date(a.slice(8)).getTime() < Date.now()))
        cookies.delete(name);
      else cookies.set(name, value);
    },
  };
  const items = new Map<string, string>();
  const sessionStorage = {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => items.set(k, v),
    removeItem: (k: string) => items.delete(k),
  };
  const reload = vi.fn();
  vi.stubGlobal('document', document);
  vi.stubGlobal('sessionStorage', sessionStorage);
  vi.stubGlobal('location', { protocol: 'http:', reload });
  vi.stubGlobal('window', { location: { reload } });
  return { cookies, items, reload };
}

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The user-info answer of a valid token; the current user and the menus are left to each test. */
const userInfo = answer(200, { rtnCode: 200, data: { roles: ['admin'] } });

describe('starting a session after login (issue 45 #11)', () => {
  let browser: ReturnType<typeof fakeBrowser>;
  beforeEach(() => {
    vi.resetModules();
    browser = fakeBrowser();
    browser.cookies.set('Admin-Token', 'tok');
    browser.items.set('refreshToken', 'refresh');
    browser.items.set('userid', '7');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  const start = async (menus: () => Promise<Response>) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url.includes('/user/info')) return userInfo.clone();
        if (url.includes('/api-user/users/current')) return answer(200, { rtnCode: 200, data: { id: 7 } });
        if (url.includes('/api-user/sys/me')) return menus();
        return answer(200, { rtnCode: 200, data: {} });
      }),
    );
    const session = await import('./session');
    return { outcome: await session.startSession(), status: session.sessionStore.get().status };
  };

  it('keeps the token and the stored session when /sys/me is aborted by a reload', async () => {
    const r = await start(() => Promise.reject(new DOMException('The user aborted a request.', 'AbortError')));
    expect(r).toEqual({ outcome: 'kept', status: 'unreachable' });
    expect(browser.cookies.get('Admin-Token')).toBe('tok');
    expect(browser.items.get('refreshToken')).toBe('refresh');
    expect(browser.items.get('userid')).toBe('7');
  });

  it('keeps the session when the network fails, and when the server fails', async () => {
    const offline = await start(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(offline.outcome).toBe('kept');
    expect(browser.cookies.get('Admin-Token')).toBe('tok');
    vi.resetModules();
    const failed = await start(async () => answer(502, { msg: 'Bad gateway' }));
    expect(failed.outcome).toBe('kept');
    expect(browser.cookies.get('Admin-Token')).toBe('tok');
    expect(browser.items.get('refreshToken')).toBe('refresh');
  });

  it('ends the session on a real 401: token and session storage cleared, then the page reloads', async () => {
    vi.useFakeTimers();
    const r = await start(async () => answer(401, { error_description: 'invalid token' }));
    expect(r).toEqual({ outcome: 'ended', status: 'idle' });
    expect(browser.cookies.has('Admin-Token')).toBe(false);
    expect(browser.items.size).toBe(0);
    expect(browser.reload).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(browser.reload).toHaveBeenCalledOnce();
  });

  it('starts again after an unanswered start', async () => {
    let calls = 0;
    const r = await start(async () => {
      calls += 1;
      if (calls === 1) throw new TypeError('Failed to fetch');
      return answer(200, { rtnCode: 200, me: [] });
    });
    expect(r.outcome).toBe('kept');
    const session = await import('./session');
    session.retrySession();
    expect(session.sessionStore.get().status).toBe('idle');
    await expect(session.startSession()).resolves.toBe('ready');
    expect(session.sessionStore.get().status).toBe('ready');
  });
});
