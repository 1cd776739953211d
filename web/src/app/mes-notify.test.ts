import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../platform/ui/feedback', () => ({ toast: vi.fn() }));

const answer = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** A browser with a token, enough for the session's own helpers. */
function fakeBrowser() {
  const items = new Map<string, string>();
  vi.stubGlobal('document', { cookie: 'Admin-Token=tok' });
  vi.stubGlobal('sessionStorage', {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => items.set(k, v),
    removeItem: (k: string) => items.delete(k),
  });
  vi.stubGlobal('location', { protocol: 'http:', reload: vi.fn() });
  vi.stubGlobal('window', { location: { reload: vi.fn() } });
}

/** Starts a session for a current user and returns every call made, with its body. */
async function startAs(user: Record<string, unknown>) {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : null });
      if (url.includes('/user/info')) return answer({ rtnCode: 200, data: { roles: ['admin'] } });
      if (url.includes('/api-user/users/current')) return answer({ rtnCode: 200, data: user });
      if (url.includes('/api-user/sys/me')) return answer({ rtnCode: 200, me: [] });
      return answer({ rtnCode: 200, data: {} });
    }),
  );
  const session = await import('./session');
  expect(await session.startSession()).toBe('ready');
  await new Promise((r) => setTimeout(r, 0));
  return calls.filter((c) => c.url.includes('/api-mes/message/notifyRegister'));
}

describe('MES message-notify registration after login (spec 7.1)', () => {
  beforeEach(() => {
    vi.resetModules();
    fakeBrowser();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is made with the tenantID and account when the session has isMes', async () => {
    const made = await startAs({ id: 7, tenantid: 3, username: 'amy', isMes: true });
    expect(made).toEqual([{ url: expect.any(String), body: { tenantID: 3, account: 'amy' } }]);
  });

  it('is not made when isMes is not set', async () => {
    expect(await startAs({ id: 7, tenantid: 3, username: 'amy', isMes: false })).toEqual([]);
    vi.resetModules();
    expect(await startAs({ id: 7, tenantid: 3, username: 'amy' })).toEqual([]);
  });
});
