import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  browserSuite,
  createUser,
  DESKTOP,
  launchBrowser,
  loginThroughForm,
  navigate,
  newContext,
  PHONE,
  screenshot,
  startServer,
  type TestServer,
  waitForShell,
} from './harness.js';

/*
 * What a new user ran into (issue 10): typed paths of pages one may not open, lists on a phone, the login
 * page in English, the tabs bar, saving an empty form, the category picker, the record card and the ledger.
 */

const card = (page: Page, code: string) =>
  page.getByTestId('resource-table-equipment').getByTestId('list-card').filter({ hasText: code });
const crumbs = (page: Page) =>
  page
    .locator('[data-testid="breadcrumb"] li:not(.ant-breadcrumb-separator)')
    .allTextContents()
    .then((t) => t.map((x) => x.trim()));

/** The page's uncaught errors and unhandled rejections, and the console's errors. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return errors;
}

browserSuite('rough edges a new user met (issue 10)', () => {
  let server: TestServer;
  let browser: Browser;
  let token: string;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    token = await server.token('admin');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const open = async (options: Parameters<typeof newContext>[2] = {}) => {
    const context = await newContext(browser, server, options);
    contexts.push(context);
    return context.newPage();
  };

  it('ends a typed path of a page the member has no menu for on the 404 page', async () => {
    await createUser(server, token, 'typist', 'Init12345');
    const page = await open({ token: await server.token('typist', 'Init12345') });
    for (const path of ['/setUp/organize', '/equipment/ledger/1', '/equipment/ledger/detail/1']) {
      await page.goto(path);
      await page.getByTestId('page-404').waitFor();
      expect(new URL(page.url()).pathname).toBe('/404');
      expect(await page.locator('.ant-message-notice').count()).toBe(0);
    }
    await page.context().close();
  });

  it('opens the record card from the ledger under its menus in the breadcrumb, with an empty history', async () => {
    const found = await server.api<{ data: { id: number; code: string }[] }>(
      'GET',
      '/api-manage/equipment/page?code=EQ-AC-002',
      undefined,
      token,
    );
    const id = found.body.data.find((r) => r.code === 'EQ-AC-002')!.id;
    const page = await open({ token });
    await page.goto(`/equipment/ledger/detail/${id}`);
    await page.getByTestId('equipment-detail').waitFor();
    await expect.poll(() => crumbs(page)).toEqual(['演示工厂', '设备管理', '设备台账', '设备履历']);
    await page.getByTestId('equipment-timeline-empty').getByText('暂无履历记录').waitFor();
    await page.context().close();
  });

  it('shows the ledger on a phone as cards: code and name readable, actions behind ⋯, no sideways scroll', async () => {
    const page = await open({ token, viewport: PHONE });
    await page.goto('/equipment/ledger/1');
    await waitForShell(page);
    const first = card(page, 'EQ-AC-001');
    await first.getByText('EQ-AC-001').waitFor();
    await first.getByText('螺杆空压机 1#').waitFor();
    for (const text of ['EQ-AC-001', '螺杆空压机 1#']) {
      const box = await first.getByText(text).boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(Math.round(box!.x + box!.width)).toBeLessThanOrEqual(PHONE.width);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'equipment-ledger-phone-cards');

    await first.getByTestId('row-menu').click();
    const menu = page.getByTestId('row-menu-items');
    await menu.getByText('查看').waitFor();
    await menu.getByText('删除').waitFor();
    await menu.getByTestId('row-edit').click();
    await page.getByTestId('resource-form').waitFor();
    await expect.poll(() => menu.isVisible()).toBe(false);
    await page.context().close();
  });

  it('saves an empty form without an unhandled rejection, showing the required fields', async () => {
    const page = await open({ token });
    const errors = watchErrors(page);
    await page.goto('/equipment/ledger/1');
    await waitForShell(page);
    await page.getByTestId('resource-add').click();
    await page.getByTestId('resource-form-save').click();
    await page.locator('.ant-form-item-explain-error', { hasText: '编号' }).first().waitFor();
    await page.waitForTimeout(300);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('picks the equipment type in a tree, a type under its parent', async () => {
    const page = await open({ token });
    await page.goto('/equipment/ledger/1');
    await waitForShell(page);
    await page.getByTestId('resource-add').click();
    await page.getByTestId('resource-form').getByTestId('field-categoryId').click();
    const tree = page.locator('.ant-select-dropdown:visible .ant-select-tree');
    const parent = tree.locator('.ant-select-tree-treenode', { hasText: '机加工设备' }).first();
    const child = tree.locator('.ant-select-tree-treenode', { hasText: '数控车床' }).first();
    await child.waitFor();
    const [px, cx] = await Promise.all([
      parent.locator('.ant-select-tree-title').boundingBox(),
      child.locator('.ant-select-tree-title').boundingBox(),
    ]);
    expect(cx!.x).toBeGreaterThan(px!.x);
    await child.locator('.ant-select-tree-title').click();
    await expect
      .poll(() => page.getByTestId('resource-form').getByTestId('field-categoryId').innerText())
      .toContain('数控车床');
    await page.context().close();
  });

  it('keeps the ledger buttons apart and its actions column as wide as its buttons', async () => {
    const page = await open({ token });
    await page.goto('/equipment/ledger/1');
    await waitForShell(page);
    await page.getByTestId('resource-table-equipment').locator('tbody tr.ant-table-row').first().waitFor();
    const [allot, print] = await Promise.all([
      page.getByTestId('ledger-allot').boundingBox(),
      page.getByTestId('ledger-print').boundingBox(),
    ]);
    expect(print!.x - (allot!.x + allot!.width)).toBeGreaterThanOrEqual(6);
    const cell = page.locator('tbody tr.ant-table-row').first().locator('td.resource-actions');
    const [cellBox, buttons] = await Promise.all([cell.boundingBox(), cell.getByTestId('row-actions').boundingBox()]);
    expect(cellBox!.width - buttons!.width).toBeLessThanOrEqual(40);
    await screenshot(page, 'equipment-ledger-desktop-actions');
    await page.context().close();
  });

  it('shows the login page in English in the app font, with a styled language menu and register link', async () => {
    const page = await open({ lang: 'en' });
    await page.goto('/login');
    const title = page.getByText('Welcome back');
    await title.waitFor();
    const font = await title.evaluate((el) => getComputedStyle(el).fontFamily);
    expect(font).not.toMatch(/times/i);
    expect(font).toMatch(/sans-serif/);
    expect(await page.getByTestId('login-page').locator('select').count()).toBe(0);
    const link = page.getByTestId('login-register-link');
    expect(await link.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(37, 99, 235)');
    expect(await link.evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe('none');
    await screenshot(page, 'login-en-desktop');
    await page.getByTestId('login-language').click();
    await page.getByTestId('login-language-menu').locator('[data-lang="zh"]').click();
    await page.getByText('欢迎登录').waitFor();
    await page.getByTestId('login-language').click();
    await page.getByTestId('login-language-menu').locator('[data-lang="en"]').click();
    await title.waitFor();
    await page.setViewportSize(PHONE);
    await screenshot(page, 'login-en-phone');
    await page.setViewportSize(DESKTOP);

    // After login a spinner with a word says the application is loading.
    await page.route('**/api-user/users/current', async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await loginThroughForm(page, 'admin');
    await page.getByRole('status').getByText('Loading…').waitFor();
    await waitForShell(page);
    await page.context().close();
  });

  it('animates by default and not when the system asks for reduced motion', async () => {
    /** The login button's transition, and the user menu's classes while it slid in (antd's motion, if any). */
    const motions = async (motion: boolean) => {
      const page = await open({ motion });
      await page.goto('/login');
      const login = await page.getByTestId('login-submit').evaluate((el) => getComputedStyle(el).transitionDuration);
      await loginThroughForm(page, 'admin');
      await waitForShell(page);
      await page.evaluate(() => {
        const seen: string[] = [];
        (window as unknown as { seenMotion: string[] }).seenMotion = seen;
        new MutationObserver((records) => {
          for (const r of records) {
            const nodes = r.type === 'attributes' ? [r.target] : [...r.addedNodes];
            for (const n of nodes)
              if (n instanceof Element && /-(appear|enter)-active(\s|$)/.test(n.className)) seen.push(n.className);
          }
        }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
      });
      await page.getByTestId('user-menu').click();
      await page.locator('.ant-dropdown:visible').waitFor();
      await page.waitForTimeout(500);
      const slid = await page.evaluate(() => (window as unknown as { seenMotion: string[] }).seenMotion.join(' / '));
      await page.context().close();
      return { login, slid };
    };
    const moving = await motions(true);
    expect(moving.login).not.toMatch(/^0s(, 0s)*$/);
    expect(moving.slid).toContain('ant-slide-up-appear-active');
    expect(await motions(false)).toEqual({ login: expect.stringMatching(/^0s(, 0s)*$/), slid: '' });
  });

  it('brings the active tab into view when many tabs are open', async () => {
    const page = await open({ token, viewport: { width: 1100, height: 800 } });
    await page.goto('/dashboard');
    await waitForShell(page);
    const paths = [
      '/workboard',
      '/mes/message',
      '/info/index',
      '/setUp/workshop',
      '/setUp/organize',
      '/setUp/team',
      '/setUp/warehouse',
      '/setUp/role',
      '/setUp/dictionary',
      '/equipment/machine/1',
      '/equipment/allot',
      '/equipment/ledger/1',
    ];
    for (const p of paths) {
      await navigate(page, p);
      await page.locator(`[data-testid="tab"][data-path="${p}"]`).waitFor();
    }
    const inView = async (p: string) => {
      const bar = await page.locator('.tags-view__scroll').boundingBox();
      const tab = await page.locator(`[data-testid="tab"][data-path="${p}"]`).boundingBox();
      return tab!.x >= bar!.x - 1 && tab!.x + tab!.width <= bar!.x + bar!.width + 1;
    };
    await expect.poll(() => inView('/equipment/ledger/1')).toBe(true);
    await page.locator('[data-testid="tab"][data-path="/equipment/ledger/1"]').waitFor();
    await navigate(page, '/workboard');
    await expect.poll(() => inView('/workboard')).toBe(true);
    await page.context().close();
  });

  it('keeps the English "Sort order" column title on one line', async () => {
    const page = await open({ token, lang: 'en' });
    await page.goto('/setUp/dictionary');
    await waitForShell(page);
    const th = page.locator('th', { hasText: 'Sort order' }).first();
    await th.waitFor();
    const lines = await th.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    });
    expect(lines).toBe(1);
    await page.context().close();
  });
});
