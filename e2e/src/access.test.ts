import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  browserSuite,
  cookieValue,
  expectToast,
  launchBrowser,
  loginThroughForm,
  navigate,
  newContext,
  recordRequests,
  sessionValue,
  startServer,
  type TestServer,
  toasts,
  waitForScreen,
  waitForShell,
} from './harness.js';

const PUBLIC = ['/login', '/auth-redirect', '/register', '/per', '/aklHome', '/userInfo', '/kbList', '/details'];

browserSuite('access rules and session flow (spec 2.1, 4, 7, 8)', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const fresh = async (options: Parameters<typeof newContext>[2] = {}) => {
    await context?.close();
    context = await newContext(browser, server, options);
    page = await context.newPage();
    return page;
  };

  it('shows the public paths without a session', async () => {
    await fresh();
    for (const path of PUBLIC) {
      await page.goto(path);
      await waitForScreen(page);
      expect(new URL(page.url()).pathname).toBe(path);
      if (path !== '/login') expect(await page.getByTestId('login-page').count()).toBe(0);
    }
  });

  it('sends any other path without a session to /login with the wanted path, and lands there after login', async () => {
    await fresh();
    await page.goto('/equipment/ledger/1?from=mail#top');
    await page.waitForURL(/\/login\?/);
    const url = new URL(page.url());
    expect(url.pathname).toBe('/login');
    expect(url.searchParams.get('redirect')).toBe('/equipment/ledger/1?from=mail#top');
    await page.goto('/some/unknown/page');
    await page.waitForURL(/\/login\?/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/some/unknown/page');

    await page.goto(`/login?redirect=${encodeURIComponent('/equipment/ledger/1?from=mail')}`);
    await loginThroughForm(page, 'admin');
    await waitForShell(page);
    const landed = new URL(page.url());
    expect(landed.pathname + landed.search).toBe('/equipment/ledger/1?from=mail');
    await expect(page.title()).resolves.toBe('设备台账 - 设备管理系统');
  });

  it('lets a logged-in user visit /login without redirect', async () => {
    await page.goto('/login');
    await page.getByTestId('login-page').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('sends unknown paths to /404 and has a /401 page', async () => {
    await page.goto('/no/such/page');
    await page.waitForURL('**/404');
    await page.getByTestId('page-404').waitFor();
    expect(await page.getByTestId('page-404').innerText()).toContain('抱歉，您访问的页面不存在。');
    await page.goto('/401');
    await page.getByTestId('page-401').waitFor();
    expect(new URL(page.url()).pathname).toBe('/401');
    expect(await page.getByTestId('page-401').innerText()).toContain('抱歉，您没有权限访问此页面。');
  });

  it('refreshes through /redirect/:path*, keeping the query', async () => {
    await page.goto('/redirect/mes/message?tab=1');
    await page.waitForURL('**/mes/message?tab=1');
    await page.getByTestId('messages-page').waitFor();
    const landed = new URL(page.url());
    expect(landed.pathname + landed.search).toBe('/mes/message?tab=1');
    expect(await page.getByTestId('messages-page').isVisible()).toBe(true);
  });

  it('resets scrolling to the top on navigation', async () => {
    await page.goto('/dashboard');
    await waitForShell(page);
    await page.evaluate(() => {
      document.body.style.minHeight = '4000px';
      window.scrollTo(0, 1500);
    });
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    await navigate(page, '/workboard');
    await page.getByTestId('workboard').waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  it('loads user info, then routes, when a token has no roles yet; keeps menus in session storage', async () => {
    const token = await server.token('admin');
    await fresh({ token });
    const calls = recordRequests(page, '/user/info', '/api-user/users/current', '/api-user/sys/me');
    await page.goto('/workboard');
    await waitForShell(page);
    expect(calls.map((c) => c.path)).toEqual(
      expect.arrayContaining(['/user/info', '/api-user/users/current', '/api-user/sys/me']),
    );
    expect(calls.find((c) => c.path === '/user/info')?.url.searchParams.get('token')).toBe(token);
    expect(JSON.parse((await sessionValue(page, 'menusAll')) ?? '[]').length).toBeGreaterThan(5);
    expect(JSON.parse((await sessionValue(page, 'menusMe')) ?? '[]')).toContain('back:company:manage');
    expect(JSON.parse((await sessionValue(page, 'jur')) ?? '[]').length).toBeGreaterThan(5);
    expect(await sessionValue(page, 'userid')).toBe('2');

    // The Authorization header is 'Bearer' directly followed by the token, with the user id and language.
    const current = calls.find((c) => c.path === '/api-user/users/current');
    expect(current?.headers.authorization).toBe(`Bearer${token}`);
    const later = recordRequests(page, '/api-core/msgtype/getUnreadNum', '/api-user/sys/me');
    await page.reload();
    await waitForShell(page);
    await page.waitForLoadState('networkidle');
    expect(later.find((c) => c.path === '/api-core/msgtype/getUnreadNum')?.headers).toMatchObject({
      authorization: `Bearer${token}`,
      userid: '2',
      lang: 'zh',
    });
    // Menus and permitted routes now come from session storage, not from the server.
    expect(later.some((c) => c.path === '/api-user/sys/me')).toBe(false);
  });

  it('clears the session, shows the error and goes to / when user info fails', async () => {
    const token = await server.token('admin');
    await fresh({ token, lang: 'en' });
    await page.route('**/user/info?**', (route) =>
      route.fulfill({ json: { rtnCode: 200, msg: 'success', data: { roles: [], name: 'x' } } }),
    );
    await page.goto('/workboard');
    await expectToast(page, 'getInfo: roles must be a non-null array!');
    await page.waitForURL(/\/login\?redirect=%2F$/);
    expect(await cookieValue(page, 'Admin-Token')).toBeUndefined();

    await page.unroute('**/user/info?**');
    await context.addCookies([{ name: 'Admin-Token', value: token, url: server.url }]);
    await page.route('**/user/info?**', (route) =>
      route.fulfill({ json: { rtnCode: 200, msg: 'success', data: null } }),
    );
    await page.goto('/workboard');
    await expectToast(page, 'Verification failed, please login again.');
    await page.waitForURL(/\/login/);
    expect(await cookieValue(page, 'Admin-Token')).toBeUndefined();
  });

  it('logs out through the server, then clears token, menus and roles', async () => {
    const token = await server.token('admin');
    await fresh({ token });
    await page.goto('/dashboard');
    await waitForShell(page);
    const calls = recordRequests(page, '/sys/logout');
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-logout').click();
    await page.waitForURL('**/login');
    expect(calls[0]?.headers.authorization).toBe(`Bearer${token}`);
    expect(await cookieValue(page, 'Admin-Token')).toBeUndefined();
    for (const key of ['menusAll', 'menusMe', 'jur', 'userid']) expect(await sessionValue(page, key)).toBeNull();
    expect((await server.api('GET', '/api-user/users/current', undefined, token)).status).toBe(401);
  });

  it("warns with the server's error_description when login is refused, and 用户名或者密码错误 on other failures", async () => {
    await fresh();
    await page.goto('/login');
    await loginThroughForm(page, 'admin', 'wrong-password-1');
    await page.locator('.ant-message-warning', { hasText: '用户名或密码错误' }).first().waitFor();
    await page.route('**/sys/login', (route) => route.fulfill({ status: 500, json: { rtnCode: 500, msg: 'boom' } }));
    await page.getByTestId('login-submit').click();
    await page.locator('.ant-message-warning', { hasText: '用户名或者密码错误' }).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('handles the error catalogue: 201, 11211, 403, network failure, 401', async () => {
    const token = await server.token('admin');
    await fresh({ token });
    let answer: { status: number; json?: unknown; abort?: boolean } = { status: 200, json: { rtnCode: 200, data: 0 } };
    await page.route('**/api-core/msgtype/getUnreadNum', (route) =>
      answer.abort ? route.abort('connectionrefused') : route.fulfill({ status: answer.status, json: answer.json }),
    );
    // Each reload asks the unread count again (the message bell).
    const refetch = async () => {
      await page.goto('/dashboard');
      await waitForShell(page);
    };

    // 201: the body's message as an error toast.
    answer = { status: 200, json: { rtnCode: 201, msg: '业务规则不允许' } };
    await refetch();
    await page.locator('.ant-message-error', { hasText: '业务规则不允许' }).first().waitFor();

    // 11211: nothing shown.
    await page.evaluate(() => {
      for (const n of document.querySelectorAll('.ant-message-notice')) n.remove();
    });
    answer = { status: 200, json: { code: 11211, msg: 'ignored' } };
    await refetch();
    await page.waitForTimeout(800);
    expect((await toasts(page)).join()).not.toContain('ignored');

    // 403: error_description as a warning.
    answer = { status: 403, json: { error: 'access_denied', error_description: '没有查看消息的权限' } };
    await refetch();
    await page.locator('.ant-message-warning', { hasText: '没有查看消息的权限' }).first().waitFor();
    expect(await page.locator('.ant-message-notice', { hasText: '没有查看消息的权限' }).count()).toBe(1);

    // Any other failure: 网络请求失败 as an error toast for 5 seconds.
    answer = { status: 0, abort: true };
    await refetch();
    const failed = page.locator('.ant-message-error', { hasText: '网络请求失败' }).first();
    await failed.waitFor();
    const shownAt = Date.now();
    await page.waitForTimeout(3500);
    expect(await failed.isVisible()).toBe(true);
    await failed.waitFor({ state: 'detached', timeout: 5000 });
    expect(Date.now() - shownAt).toBeGreaterThan(4000);

    // 401: 请重新登录, log out and reload to the login page.
    answer = { status: 401, json: { error: 'unauthorized', error_description: 'expired' } };
    // Not refetch(): the session may end before the shell has drawn.
    await page.goto('/dashboard');
    await page.locator('.ant-message-error', { hasText: '请重新登录' }).first().waitFor();
    await page.waitForURL(/\/login\?redirect=/);
    expect(await cookieValue(page, 'Admin-Token')).toBeUndefined();
  });
});
