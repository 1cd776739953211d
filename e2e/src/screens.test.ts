import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  browserSuite,
  closeDialog,
  DESKTOP,
  type Lang,
  launchBrowser,
  missingTranslations,
  moveMenuToUnbuiltPath,
  navigate,
  newContext,
  openFromUserMenu,
  PHONE,
  ROOT,
  SCREENSHOTS,
  screenshot,
  startServer,
  type TestServer,
  UNBUILT_PATH,
  waitForScreen,
  waitForShell,
} from './harness.js';

const run = promisify(execFile);
const ORIGIN = 'http://flags.test';

/** Builds the web application with the given build flags into a temporary folder. */
async function build(env: Record<string, string>): Promise<string> {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'eam-web-flags-'));
  await run(
    path.join(ROOT, 'node_modules', '.bin', 'vite'),
    ['build', '--outDir', out, '--emptyOutDir', '--logLevel', 'error'],
    {
      cwd: path.join(ROOT, 'web'),
      env: { ...process.env, ...env },
    },
  );
  return out;
}

/** Serves a built folder to the page as a single-page application (the login page needs no API). */
async function serve(page: Page, dist: string): Promise<void> {
  await page.route(`${ORIGIN}/**`, (route) => {
    const { pathname } = new URL(route.request().url());
    const file = path.join(dist, pathname);
    if (pathname !== '/' && file.startsWith(dist) && fs.existsSync(file) && fs.statSync(file).isFile())
      return route.fulfill({ path: file });
    if (/^\/(api-|sys|user)/.test(pathname)) return route.fulfill({ status: 401, json: { error: 'unauthorized' } });
    return route.fulfill({ path: path.join(dist, 'index.html'), contentType: 'text/html' });
  });
}

const LAYOUT_PATHS = [
  '/dashboard',
  '/group',
  '/plateDataMining',
  '/workboard',
  '/mes/message',
  '/info/index',
  '/preview/index',
  '/speedProgress/speedProgressRecord',
  '/project/projectSaveAdd',
  '/project/projectSaveEdit',
  '/project/projectSaveLook',
  '/project/projectSavePerform',
  '/project/projectSaveAudit',
  '/company/index',
  '/company/batchSave',
  '/showform/index',
  '/labelmodel/index',
  '/process/index',
  '/process/java',
  '/detailed/index',
  '/experInfo/index',
  '/usecaseDetail/index',
];
const STANDALONE_PATHS = [
  '/auth-redirect',
  '/404',
  '/401',
  '/addDownload',
  '/register',
  '/per',
  '/aklHome',
  '/kbList',
  '/details',
  '/userInfo',
  '/printQRcode',
  '/printEnergy',
  '/repairtemplate',
  '/checktemplate',
  '/bytemplate',
  '/inspecttemplate',
];

const TEXTS: Record<Lang, { notBuilt: string; title: string; login: string }> = {
  zh: { notBuilt: '此功能模块尚未上线', title: '设备台账 - 设备管理系统', login: '欢迎登录' },
  en: {
    notBuilt: 'This module is not available yet',
    title: 'Equipment Ledger - Equipment Management System',
    login: 'Welcome back',
  },
  tw: { notBuilt: '此功能模組尚未上線', title: '設備台帳 - 設備管理系統', login: '歡迎登錄' },
};

browserSuite(
  'screens in every language at desktop and phone widths; static routes; build flags (spec 1, 2.5, 9)',
  () => {
    let server: TestServer;
    let browser: Browser;
    let token: string;
    let ops: string;
    let mes: string;

    beforeAll(async () => {
      // The two extra builds run while the server starts.
      [server, browser, ops, mes] = await Promise.all([
        startServer(),
        launchBrowser(),
        build({ VITE_APP_OPS: '1' }),
        build({ VITE_APP_FLAVOR: 'mes' }),
      ]);
      token = await server.token('admin');
    });
    afterAll(async () => {
      await browser?.close();
      await server?.stop();
      for (const dir of [ops, mes]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
    });

    it('has every static route of 2.5, under the layout or standalone', async () => {
      const ctx = await newContext(browser, server, { token });
      const page = await ctx.newPage();
      await page.goto('/dashboard');
      await waitForShell(page);
      for (const path of LAYOUT_PATHS) {
        await navigate(page, path);
        await page.locator(`[data-testid="view"][data-view-key="${path}"]`).waitFor();
        expect(new URL(page.url()).pathname).toBe(path);
      }
      for (const path of STANDALONE_PATHS) {
        await navigate(page, path);
        await page.getByTestId('app-layout').waitFor({ state: 'detached' });
        await waitForScreen(page);
        expect(new URL(page.url()).pathname).toBe(path);
        expect(await page.getByTestId('app-layout').count()).toBe(0);
      }
      await ctx.close();
    });

    /** Every key screen of one language at both widths, with its screenshots. */
    const visitScreens = async (lang: Lang) => {
      for (const viewport of [DESKTOP, PHONE]) {
        const size = viewport.width;
        const anon = await newContext(browser, server, { lang, viewport });
        const login = await anon.newPage();
        await login.goto('/login');
        await login.getByText(TEXTS[lang].login).waitFor();
        await screenshot(login, `login-${lang}-${size}`);
        await anon.close();

        const ctx = await newContext(browser, server, { token, lang, viewport });
        const page: Page = await ctx.newPage();
        await page.goto('/dashboard');
        await waitForShell(page);
        await page.getByTestId('module-tile').first().waitFor();
        await screenshot(page, `dashboard-${lang}-${size}`);

        await moveMenuToUnbuiltPath(page, 'equipment.ledger');
        await navigate(page, UNBUILT_PATH);
        await page.getByTestId('not-built').getByText(TEXTS[lang].notBuilt).waitFor();
        await expect(page.title()).resolves.toBe(TEXTS[lang].title);
        await screenshot(page, `not-built-${lang}-${size}`);

        await navigate(page, '/mes/message');
        await page.getByTestId('messages-page').waitFor();
        await screenshot(page, `messages-${lang}-${size}`);

        await navigate(page, '/info/index');
        await page.getByTestId('company-info').waitFor();
        await screenshot(page, `company-${lang}-${size}`);

        if (size === DESKTOP.width) {
          await openFromUserMenu(page, 'menu-change-password');
          await page.getByTestId('password-original').waitFor();
          await page.waitForTimeout(300);
          await screenshot(page, `password-dialog-${lang}-${size}`);
          await page.getByTestId('password-cancel').click();
          await openFromUserMenu(page, 'menu-downloads');
          await page.waitForLoadState('networkidle');
          await screenshot(page, `downloads-dialog-${lang}-${size}`);
          await closeDialog(page);
          await page.getByTestId('lock-toggle').click();
          await page.getByTestId('lock-screen').waitFor();
          await screenshot(page, `lock-screen-${lang}-${size}`);
          await page.evaluate(() => sessionStorage.removeItem('locked'));
        } else {
          await page.getByTestId('sidebar-toggle').click();
          await page.getByTestId('sidebar').waitFor();
          await screenshot(page, `sidebar-drawer-${lang}-${size}`);
        }
        await ctx.close();
      }
    };

    it('looks finished in zh, en and tw at 1440 and 390 px, and says plainly when a module is not built', {
      timeout: 300_000,
    }, async () => {
      const started = Date.now();
      // One language after another: side by side, three pages loading the app at once beside another browser file
      // took each asset 5-8 s on a loaded 2-core machine, and the shell did not show within its 20 s.
      for (const lang of ['zh', 'en', 'tw'] as const) await visitScreens(lang);
      // Every key screen was reached and kept, in every language and at both widths.
      const screens = ['login', 'dashboard', 'not-built', 'messages', 'company'];
      for (const lang of ['zh', 'en', 'tw'])
        for (const size of [DESKTOP.width, PHONE.width]) {
          const names = [
            ...screens,
            ...(size === DESKTOP.width ? ['password-dialog', 'downloads-dialog', 'lock-screen'] : ['sidebar-drawer']),
          ];
          for (const name of names) {
            const file = path.join(SCREENSHOTS, `${name}-${lang}-${size}.png`);
            expect(fs.existsSync(file) && fs.statSync(file).mtimeMs >= started - 1000, file).toBe(true);
          }
        }
    });

    it('asked for no translation key that a language lacks', () => {
      expect([...new Set(missingTranslations)]).toEqual([]);
    });

    // Browser title and login background by build flags (spec 1).
    const open = async (dist: string) => {
      const page = await browser.newPage();
      await serve(page, dist);
      await page.goto(`${ORIGIN}/login`);
      await page.getByTestId('login-page').waitFor();
      return page;
    };
    const background = (page: Page) =>
      page.getByTestId('login-page').evaluate((el) => getComputedStyle(el).backgroundImage);

    it('uses the operations-management title and login background with the operations flag', async () => {
      const page = await open(ops);
      await expect(page.title()).resolves.toBe('登录 - 运维管理平台');
      await expect(page.getByTestId('login-page').getAttribute('data-ops')).resolves.toBe('1');
      // The operations background is the teal one (its SVG is inlined into the stylesheet).
      expect(await background(page)).toMatch(/0f766e/);
      await screenshot(page, 'login-ops-build-1440');
      await page.close();
    });

    it('uses the MES title in the MES build, with the standard background', async () => {
      const page = await open(mes);
      await expect(page.title()).resolves.toBe('登录 - MES制造执行系统');
      expect(await background(page)).toMatch(/1e40af/);
      await page.close();
    });

    it('uses the equipment-management title by default', async () => {
      const page = await open(path.join(ROOT, 'web', 'dist'));
      await expect(page.title()).resolves.toBe('登录 - 设备管理系统');
      expect(await background(page)).toMatch(/1e40af/);
      await page.close();
    });
  },
);
