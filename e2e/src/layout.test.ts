import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it, onTestFinished } from 'vitest';
import {
  browserSuite,
  cookieValue,
  launchBrowser,
  navigate,
  newContext,
  PHONE,
  recordRequests,
  screenshot,
  startServer,
  type TestServer,
  throttleCpu,
  waitForShell,
} from './harness.js';

const TOTAL = 300;

/** Serves a message list of TOTAL rows (the server has no way to create messages yet). */
async function mockMessages(page: Page) {
  await page.route('**/api-core/msg/page?**', (route) => {
    const url = new URL(route.request().url());
    const p = Number(url.searchParams.get('page'));
    const limit = Number(url.searchParams.get('limit'));
    const rows = Array.from({ length: Math.max(0, Math.min(limit, TOTAL - (p - 1) * limit)) }, (_, i) => {
      const n = (p - 1) * limit + i + 1;
      return {
        id: n,
        title: `消息 ${n}`,
        content: `第 ${n} 条消息`,
        state: n % 3 === 0 ? 0 : 1,
        created_at: '2025-01-10T08:00:00Z',
      };
    });
    return route.fulfill({ json: { rtnCode: 200, msg: 'success', data: rows, count: TOTAL } });
  });
  return recordRequests(page, '/api-core/msg/page');
}

const tab = (page: Page, path: string) => page.locator(`[data-testid="tab"][data-path="${path}"]`);
const tabPaths = (page: Page) =>
  page.locator('[data-testid="tab"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-path')));
const path = (page: Page) => new URL(page.url()).pathname;

browserSuite(
  'layout shell: sidebar, frames, tabs bar, kept-alive views, mobile drawer, pagination (spec 2.2, 4, 5, 9)',
  () => {
    let server: TestServer;
    let browser: Browser;
    let context: BrowserContext;
    let page: Page;
    let token: string;

    beforeAll(async () => {
      [server, browser] = await Promise.all([startServer(), launchBrowser()]);
      token = await server.token('admin');
      context = await newContext(browser, server, { token });
      page = await context.newPage();
    });
    afterAll(async () => {
      await browser?.close();
      await server?.stop();
    });

    it('has a 256 px sidebar whose state is kept in a cookie as 1 or 0, with the logo linking to /', async () => {
      await page.goto('/workboard');
      await waitForShell(page);
      const sidebar = page.getByTestId('sidebar-container');
      expect((await sidebar.boundingBox())?.width).toBe(256);
      await expect(page.getByTestId('sidebar-logo').getAttribute('href')).resolves.toBe('/');
      await expect(page.locator('.sidebar-logo__title').textContent()).resolves.toBe('演示工厂');

      await page.getByTestId('sidebar-toggle').click();
      await page.waitForFunction(
        () => document.querySelector('[data-testid="sidebar-container"]')?.getBoundingClientRect().width === 64,
      );
      expect(await cookieValue(page, 'sidebarStatus')).toBe('0');
      expect(await page.locator('.sidebar-logo.is-collapsed .logo-mark').count()).toBe(1);
      expect(await page.locator('.sidebar-logo__title').count()).toBe(0);
      await page.reload();
      await waitForShell(page);
      expect((await sidebar.boundingBox())?.width).toBe(64);
      await page.getByTestId('sidebar-toggle').click();
      await page.waitForFunction(
        () => document.querySelector('[data-testid="sidebar-container"]')?.getBoundingClientRect().width === 256,
      );
      expect(await cookieValue(page, 'sidebarStatus')).toBe('1');

      await page.getByTestId('sidebar-logo').click();
      await page.waitForURL('**/dashboard');
    });

    it("shows the tenant's logo from the session", async () => {
      const res = await server.api<{ rtnCode: number }>(
        'POST',
        '/api-user/company/updateTemp',
        { logo: '/favicon.svg' },
        token,
      );
      expect(res.body.rtnCode).toBe(200);
      const ctx = await newContext(browser, server, { token: await server.token('admin') });
      const p = await ctx.newPage();
      await p.goto('/dashboard');
      await waitForShell(p);
      await expect(p.getByTestId('tenant-logo').getAttribute('src')).resolves.toMatch(/\/favicon\.svg$/);
      await ctx.close();
    });

    it('builds the sidebar from the permitted menus, skipping hidden ones', async () => {
      await page.goto('/dashboard');
      await waitForShell(page);
      await page.getByTestId('sidebar').getByText('系统设置', { exact: true }).click();
      await page.getByTestId('menu-link-/setUp/workshop').waitFor();
      // 维修设置, 生产设置 and 班次管理 are hidden menus of the seed.
      expect(await page.getByTestId('sidebar').getByText('维修设置').count()).toBe(0);
      expect(await page.getByTestId('sidebar').getByText('班次管理').count()).toBe(0);
      await page.getByTestId('menu-link-/setUp/workshop').click();
      await page.waitForURL('**/setUp/workshop');
      await page.locator('[data-testid="view"][data-view-key="/setUp/workshop"]').waitFor();
    });

    it('converts menus read from session storage: single visible child as a link, always-show, external links, frames', async () => {
      const menus = [
        {
          id: 'g-single',
          menuname: '单子组',
          icon: 'ToolOutlined',
          children: [
            { id: 'l-visible', menuname: '唯一可见', url: '/setUp/workshop' },
            { id: 'l-hidden', menuname: '隐藏页', url: '/e2e/cached', hidden: true },
          ],
        },
        {
          id: 'g-always',
          menuname: '总是展开',
          icon: 'BookOutlined',
          isone: true,
          children: [{ id: 'l-one', menuname: '独子', url: '/setUp/team' }],
        },
        {
          id: 'g-multi',
          menuname: '多子组',
          icon: 'InboxOutlined',
          children: [
            { id: 'l-a', menuname: '页面甲', url: '/spare/detailed' },
            { id: 'l-frame', menuname: '嵌入页', url: `${server.url}/favicon.svg` },
            { id: 'l-mail', menuname: '联系运维', url: 'mailto:ops@example.com' },
          ],
        },
        { id: 'l-top-hidden', menuname: '顶层隐藏', url: '/log/loglist', hidden: true },
      ];
      await page.evaluate((m) => {
        sessionStorage.setItem('menusAll', JSON.stringify(m));
        sessionStorage.removeItem('jur');
        sessionStorage.removeItem('menusMe');
      }, menus);
      await page.goto('/dashboard');
      await waitForShell(page);
      const sidebar = page.getByTestId('sidebar');
      await sidebar.getByText('唯一可见').waitFor();
      expect(await sidebar.getByText('单子组').count()).toBe(0);
      expect(await sidebar.getByText('隐藏页').count()).toBe(0);
      expect(await sidebar.getByText('顶层隐藏').count()).toBe(0);
      await page.getByTestId('menu-sub-/userg-always').click();
      await sidebar.getByText('独子').waitFor();
      await page.getByTestId('menu-sub-/userg-multi').click();
      const mail = page.getByTestId('menu-link-mailto:ops@example.com');
      await expect(mail.getAttribute('href')).resolves.toBe('mailto:ops@example.com');
      await expect(mail.getAttribute('target')).resolves.toBe('_blank');

      // An external URL opens in an embedded frame that stays alive and shows only on its path.
      await page.getByTestId('menu-link-/userl-frame').click();
      await page.waitForURL('**/userl-frame');
      const frame = page.locator('[data-testid="frame"][data-path="/userl-frame"]');
      await frame.waitFor({ state: 'visible' });
      await expect(frame.locator('iframe').getAttribute('src')).resolves.toBe(`${server.url}/favicon.svg`);
      await frame.evaluate((el) => {
        el.setAttribute('data-mark', 'alive');
      });
      await tab(page, '/dashboard').click();
      await page.waitForURL('**/dashboard');
      await frame.waitFor({ state: 'hidden' });
      expect(await frame.count()).toBe(1);
      await tab(page, '/userl-frame').click();
      await frame.waitFor({ state: 'visible' });
      await expect(frame.getAttribute('data-mark')).resolves.toBe('alive');
      // Closing its tab hides the frame.
      await tab(page, '/userl-frame').getByTestId('tab-close').click();
      await page.waitForURL('**/dashboard');
      expect(await frame.count()).toBe(0);

      // Back to the server's menus.
      await page.evaluate(() => {
        for (const k of ['menusAll', 'jur', 'menusMe']) sessionStorage.removeItem(k);
      });
    });

    it('keeps visited views alive by full path and drops noCache views (permitted routes from session storage)', async () => {
      const jur = [
        { path: '/e2e/no-cache', view: 'page', meta: { title: '不缓存页', noCache: true } },
        { path: '/e2e/cached', view: 'page', meta: { title: '缓存页' } },
      ];
      await page.evaluate((j) => {
        sessionStorage.setItem('jur', JSON.stringify(j));
        sessionStorage.setItem('menusMe', '[]');
      }, jur);
      await page.goto('/e2e/cached');
      await waitForShell(page);
      await expect(page.getByTestId('sidebar').getByText('缓存页', { exact: true }).count()).resolves.toBe(1);
      const mark = (key: string) =>
        page.locator(`[data-view-key="${key}"]`).evaluate((el) => {
          el.setAttribute('data-mark', 'kept');
        });
      const marked = (key: string) => page.locator(`[data-view-key="${key}"]`).getAttribute('data-mark');
      await mark('/e2e/cached');
      await navigate(page, '/e2e/no-cache');
      await page.locator('[data-view-key="/e2e/no-cache"]').waitFor();
      await mark('/e2e/no-cache');
      await navigate(page, '/dashboard');
      await page.getByTestId('dashboard').waitFor();
      expect(await page.locator('[data-view-key="/e2e/no-cache"]').count()).toBe(0);
      await navigate(page, '/e2e/cached');
      await expect(marked('/e2e/cached')).resolves.toBe('kept');
      await navigate(page, '/e2e/no-cache');
      await page.locator('[data-view-key="/e2e/no-cache"]').waitFor();
      await expect(marked('/e2e/no-cache')).resolves.toBeNull();

      await page.evaluate(() => {
        for (const k of ['menusAll', 'jur', 'menusMe']) sessionStorage.removeItem(k);
      });
    });

    it('keeps the state of a visited page (messages filter) and rebuilds it on refresh', async () => {
      await page.goto('/mes/message');
      await waitForShell(page);
      await page.getByTestId('messages-page').getByText('未读', { exact: true }).first().click();
      const selected = () => page.locator('.ant-segmented-item-selected').textContent();
      await expect(selected()).resolves.toBe('未读');
      await navigate(page, '/workboard');
      await page.getByTestId('workboard').waitFor();
      await tab(page, '/mes/message').click();
      await expect(selected()).resolves.toBe('未读');

      await tab(page, '/mes/message').click({ button: 'right' });
      await page.getByTestId('tab-menu-refresh').click();
      await page.waitForURL('**/mes/message');
      await page.waitForFunction(() => document.querySelector('.ant-segmented-item-selected')?.textContent === '全部');
    });

    it('keeps a list on the page it was left on: back through its tab it is still on page 2, page 1 not asked again', async () => {
      await page.goto('/equipment/ledger/1');
      await waitForShell(page);
      const ledger = page.locator('[data-view-key="/equipment/ledger/1"]');
      const pager = ledger.getByTestId('pagination');
      const firstRow = () => ledger.locator('.ant-table-row').first().getAttribute('data-row-key');
      await pager.getByTestId('pagination-total').getByText('共 60 条').waitFor();
      const onPage1 = await firstRow();
      await pager.getByTestId('pagination-next').click();
      await expect.poll(() => pager.getAttribute('data-page')).toBe('2');
      await expect.poll(firstRow).not.toBe(onPage1);
      const onPage2 = await firstRow();

      const calls = recordRequests(page, '/api-manage/equipment/page');
      await tab(page, '/dashboard').click();
      await page.getByTestId('dashboard').waitFor();
      await tab(page, '/equipment/ledger/1').click();
      await page.waitForURL('**/equipment/ledger/1');
      await ledger.waitFor({ state: 'visible' });
      // Time for a request the shown view would make (the refresh of its page) to go out.
      await page.waitForTimeout(1500);
      expect(await pager.getAttribute('data-page')).toBe('2');
      expect(await firstRow()).toBe(onPage2);
      expect(calls.map((c) => c.url.searchParams.get('page'))).not.toContain('1');
    });

    it('titles each tab by its route, fixes the dashboard tab, and closes tabs by icon, middle click and menu', async () => {
      // On a slow machine (the CPU at a sixth) a click can come after the address changed and before the tabs
      // bar rendered it: closing the tab just navigated to must still leave its page.
      await throttleCpu(page, 6);
      onTestFinished(() => throttleCpu(page, 1));
      await page.goto('/dashboard');
      await waitForShell(page);
      await navigate(page, '/workboard');
      await page.getByTestId('workboard').waitFor();
      await navigate(page, '/mes/message');
      await page.getByTestId('messages-page').waitFor();
      await expect(tabPaths(page)).resolves.toEqual(['/dashboard', '/workboard', '/mes/message']);
      await expect(page.locator('[data-testid="tab"]').allTextContents()).resolves.toEqual([
        '演示工厂',
        '工作台',
        '消息提醒',
      ]);
      expect(await tab(page, '/dashboard').getByTestId('tab-close').count()).toBe(0);

      // The tab shows when it was visited.
      await tab(page, '/workboard').hover();
      await page.getByTestId('tab-time').getByText('访问于 刚刚').waitFor();

      // Closing the active tab goes to the last tab.
      await tab(page, '/mes/message').getByTestId('tab-close').click();
      await page.waitForURL('**/workboard');
      await expect(tabPaths(page)).resolves.toEqual(['/dashboard', '/workboard']);

      // Middle click closes.
      await tab(page, '/workboard').click({ button: 'middle' });
      await page.waitForURL('**/dashboard');
      await expect(tabPaths(page)).resolves.toEqual(['/dashboard']);

      // The fixed tab cannot be closed from the menu either.
      await tab(page, '/dashboard').click({ button: 'right' });
      await expect(page.locator('.ant-dropdown-menu-item-disabled', { hasText: '关闭' }).count()).resolves.toBe(1);
      await page.keyboard.press('Escape');

      // Close others keeps the fixed tab and the chosen one.
      for (const [p, id] of [
        ['/workboard', 'workboard'],
        ['/mes/message', 'messages-page'],
        ['/info/index', 'company-info'],
      ]) {
        await navigate(page, p);
        await page.getByTestId(id).waitFor();
      }
      await tab(page, '/mes/message').click({ button: 'right' });
      await page.locator('.ant-dropdown:visible').getByTestId('tab-menu-others').click();
      await page.waitForURL('**/mes/message');
      await expect(tabPaths(page)).resolves.toEqual(['/dashboard', '/mes/message']);

      // Close all keeps the fixed tab and goes there.
      await tab(page, '/mes/message').click({ button: 'right' });
      await page.locator('.ant-dropdown:visible').getByTestId('tab-menu-all').click();
      await page.waitForURL('**/dashboard');
      await expect(tabPaths(page)).resolves.toEqual(['/dashboard']);
      expect(path(page)).toBe('/dashboard');
    });

    it('turns the sidebar into a drawer below 992 px that closes on navigation and on an outside click', async () => {
      const ctx = await newContext(browser, server, { token, viewport: PHONE });
      const p = await ctx.newPage();
      await p.goto('/dashboard');
      await waitForShell(p);
      await expect(p.getByTestId('app-layout').getAttribute('data-device')).resolves.toBe('mobile');
      expect(await p.getByTestId('sidebar').isVisible()).toBe(false);
      await p.getByTestId('sidebar-toggle').click();
      await p.getByTestId('sidebar').waitFor({ state: 'visible' });
      await p.getByTestId('sidebar').getByText('工作台').click();
      await p.waitForURL('**/workboard');
      await p.getByTestId('sidebar').waitFor({ state: 'hidden' });

      await p.getByTestId('sidebar-toggle').click();
      await p.getByTestId('sidebar').waitFor({ state: 'visible' });
      await p.mouse.click(PHONE.width - 20, PHONE.height / 2);
      await p.getByTestId('sidebar').waitFor({ state: 'hidden' });
      await ctx.close();
    });

    it("shows a list's rows on a phone's first screen: filters and secondary buttons fold behind one toggle", async () => {
      const ctx = await newContext(browser, server, { token, viewport: PHONE });
      const p = await ctx.newPage();
      for (const [path, entity] of [
        ['/repair_admin/task/0', 'maintaintask'],
        ['/equipment/ledger/1', 'equipment'],
      ] as const) {
        await p.goto(path);
        await waitForShell(p);
        const view = p.locator(`[data-view-key="${path}"]`);
        const list = view.getByTestId(`resource-table-${entity}`);
        await list.waitFor();
        // Where the first row starts: in the upper half of the first screen.
        expect((await list.boundingBox())!.y).toBeLessThan(PHONE.height / 2);
        const search = view.getByTestId('resource-search');
        expect(await search.isVisible()).toBe(false);
        expect(await view.getByTestId('resource-export').count()).toBe(0);
        await screenshot(p, `phone-list-${entity}`);

        const toggle = view.getByTestId('resource-tools-toggle');
        await toggle.click();
        await search.waitFor({ state: 'visible' });
        await view.getByTestId('resource-export').waitFor();
        await screenshot(p, `phone-list-tools-${entity}`);
        await toggle.click();
        await search.waitFor({ state: 'hidden' });
      }
      await ctx.close();
    });

    // Pagination control (spec 2.2, 5, 9) on the messages page; the list is served by the test.
    it('shows total, sizes 10/50/100 with 20 by default, first/previous/next/last and emits page and limit', async () => {
      const context = await newContext(browser, server, { token });
      const page = await context.newPage();
      const calls = await mockMessages(page);
      // The page and limit the pager emitted, as the list shows them (the first row of the page).
      const last = async () => {
        const pager = page.getByTestId('pagination');
        const first = await page.locator('.ant-table-row').first().locator('td').nth(2).textContent();
        return [Number(await pager.getAttribute('data-page')), Number(await pager.getAttribute('data-limit')), first];
      };
      await page.goto('/mes/message');
      await waitForShell(page);
      const pager = page.getByTestId('pagination');
      await pager.getByTestId('pagination-total').getByText('共 300 条').waitFor();
      expect(await last()).toEqual([1, 20, '消息 1']);
      expect(calls.at(-1)?.url.searchParams.get('limit')).toBe('20');
      expect(await pager.getByTestId('pagination-first').isDisabled()).toBe(true);
      expect(await pager.getByTestId('pagination-prev').isDisabled()).toBe(true);

      // Each click scrolls the window to the top over 800 ms, and the pager sits below the fold: a click while
      // that runs is placed where the button was a step before (the README run at e99ac63 missed "previous" so).
      const still = () => page.waitForFunction(() => window.scrollY === 0);
      await pager.getByTestId('pagination-next').click();
      await expect.poll(last).toEqual([2, 20, '消息 21']);
      await still();
      await pager.getByTestId('pagination-last').click();
      await expect.poll(last).toEqual([15, 20, '消息 281']);
      expect(await pager.getByTestId('pagination-next').isDisabled()).toBe(true);
      await still();
      await pager.getByTestId('pagination-prev').click();
      await expect.poll(last).toEqual([14, 20, '消息 261']);
      await still();
      await pager.getByTestId('pagination-first').click();
      await expect.poll(last).toEqual([1, 20, '消息 1']);

      // A dropdown opened while the window scrolls is re-placed on every step (and hidden while it is).
      await still();
      await pager.getByTestId('pagination-sizes').click();
      const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
      await expect.poll(() => options.allTextContents()).toEqual(['10 条/页', '20 条/页', '50 条/页', '100 条/页']);
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '50 条/页' }).click();
      await expect.poll(last).toEqual([1, 50, '消息 1']);
      // A background refetch of the 20-row page may land after it: the 50-row page was asked for, not necessarily last.
      expect(calls.map((c) => c.url.searchParams.get('limit'))).toContain('50');
      await context.close();
    });

    it('parses the typed jump: a non-number gives 1, above the last page the last, below 1 gives 1', async () => {
      const context = await newContext(browser, server, { token });
      const page = await context.newPage();
      await mockMessages(page);
      const lastPage = async () => Number(await page.getByTestId('pagination').getAttribute('data-page'));
      await page.goto('/mes/message');
      await waitForShell(page);
      const jump = page.getByTestId('pagination-jump');
      await jump.fill('7');
      await jump.press('Enter');
      await expect.poll(lastPage).toBe(7);
      await jump.fill('abc');
      await jump.press('Enter');
      await expect.poll(lastPage).toBe(1);
      await jump.fill('99');
      await jump.press('Enter');
      await expect.poll(lastPage).toBe(15);
      await jump.fill('0');
      await jump.press('Enter');
      await expect.poll(lastPage).toBe(1);
      await jump.fill('4.8');
      await jump.press('Enter');
      await expect.poll(lastPage).toBe(4);
      await context.close();
    });

    it('scrolls the window to the top over about 800 ms on a page change, gradually on a busy machine too', async () => {
      const context = await newContext(browser, server, { token });
      onTestFinished(() => context.close());
      const page = await context.newPage();
      const calls = await mockMessages(page);
      await page.goto('/mes/message');
      await waitForShell(page);
      await page.getByTestId('pagination-sizes').click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '100 条/页' }).click();
      await expect.poll(() => calls.at(-1)?.url.searchParams.get('limit')).toBe('100');
      await page.getByText('消息 100', { exact: true }).waitFor();
      await page.waitForFunction(() => window.scrollY === 0);
      await page.waitForTimeout(1000);

      /**
       * Scrolls to the bottom, clicks "next" and samples the scroll position in the page on every frame (a plain
       * script: no bundler helpers), noting when the click lands: the time to the top counts from it, not from the
       * sampling's start (a loaded machine takes a while to deliver the click). `busy` is the time the page could
       * not draw beyond MAX_STEP at a time (rendering the next page's 100 rows): the scroll pauses through it.
       */
      // The most the scroll moves on between two steps (web/src/platform/pagination/scroll-to.ts MAX_STEP_ADVANCE).
      const MAX_STEP = 200;
      const scrollAfterNext = async () => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await page.waitForTimeout(100);
        const start = await page.evaluate(() => window.scrollY);
        expect(start).toBeGreaterThan(2000);
        await page.evaluate(`window.__scrollLog = []; var t0 = performance.now(); var f = function () {
      window.__scrollLog.push([performance.now() - t0, window.scrollY]);
      if (performance.now() - t0 < 45000 && window.scrollY !== 0) requestAnimationFrame(f); else window.__scrollLog.push([performance.now() - t0, window.scrollY]);
    }; requestAnimationFrame(f);
    document.addEventListener('click', function () { window.__clickedAt = performance.now() - t0; }, { capture: true, once: true });`);
        await page.getByTestId('pagination-next').click();
        await page.waitForFunction(() => window.scrollY === 0, undefined, { timeout: 45_000 });
        await page.waitForTimeout(100);
        const samples = (await page.evaluate('window.__scrollLog')) as Array<[number, number]>;
        const clickedAt = (await page.evaluate('window.__clickedAt')) as number;
        const topAt = samples.find(([, y]) => y === 0)?.[0] ?? 0;
        let busy = 0;
        for (let i = 1; i < samples.length && samples[i - 1]![0] < topAt; i++)
          if (samples[i]![0] > clickedAt) busy += Math.max(0, samples[i]![0] - samples[i - 1]![0] - MAX_STEP);
        return { start, samples, reachedTop: topAt - clickedAt, busy };
      };

      // Gradual: positions between the start and the top, then the top after most of the 800 ms of scrolling
      // (the time the page was too busy to draw aside: on a loaded machine the scroll pauses through it).
      const expectGradual = (run: Awaited<ReturnType<typeof scrollAfterNext>>) => {
        expect(run.samples.some(([, y]) => y > 0 && y < run.start)).toBe(true);
        expect(run.samples.at(-1)?.[1]).toBe(0);
        expect(run.reachedTop - run.busy).toBeGreaterThan(600);
        expect(run.reachedTop - run.busy).toBeLessThan(4000);
      };
      expectGradual(await scrollAfterNext());
    });

    it("offers the page box variant with 'of N pages', validated on blur", async () => {
      const context = await newContext(browser, server, { token, viewport: PHONE });
      const page = await context.newPage();
      await mockMessages(page);
      const lastPage = async () => Number(await page.getByTestId('pagebox').getAttribute('data-page'));
      await page.goto('/mes/message');
      await waitForShell(page);
      const box = page.getByTestId('pagebox-input');
      await page.getByTestId('pagebox-of').getByText('共 15 页').waitFor();
      await expect(box.inputValue()).resolves.toBe('1');
      await box.fill('3');
      await box.blur();
      await expect.poll(lastPage).toBe(3);
      await box.fill('x');
      await box.blur();
      await expect.poll(lastPage).toBe(1);
      await expect(box.inputValue()).resolves.toBe('1');
      await box.fill('99');
      await box.blur();
      await expect.poll(lastPage).toBe(15);
      await expect(box.inputValue()).resolves.toBe('15');
      await context.close();
    });
  },
);
