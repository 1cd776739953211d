import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, type CDPSession, chromium, type Locator, type Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  browserAvailable,
  CHROMIUM,
  copySeeded,
  freshData,
  launchServer,
  ROOT,
  removeData,
  type SeededData,
} from './server-process.js';

export { ADMIN_PASSWORD, browserAvailable, CHROMIUM, ROOT };

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's seeded data (global-setup.ts) as JSON: SeededData. */
    e2eTemplate: string;
  }
}

export const SCREENSHOTS = path.join(ROOT, '.test-artifacts', 'screenshots');

export const DESKTOP = { width: 1440, height: 900 } as const;
export const PHONE = { width: 390, height: 844 } as const;

let skipNoticeShown = false;

/**
 * A browser test suite: skipped with one clear line when no Chromium is found, failing instead when
 * REQUIRE_BROWSER=1.
 */
export function browserSuite(name: string, body: () => void): void {
  if (browserAvailable) {
    describe(name, () => {
      keepFailureScreenshots();
      body();
    });
    return;
  }
  if (process.env.REQUIRE_BROWSER === '1') {
    describe(name, () => {
      it('needs Chromium', () => {
        throw new Error(`REQUIRE_BROWSER=1 but no Chromium at ${CHROMIUM}`);
      });
    });
    return;
  }
  // Test files run in separate workers of one runner: a marker keeps the notice to one line per run.
  const marker = path.join(os.tmpdir(), `eam-e2e-no-chromium-${process.ppid}`);
  if (!skipNoticeShown && !fs.existsSync(marker)) {
    skipNoticeShown = true;
    fs.writeFileSync(marker, '');
    console.warn(
      `Browser tests skipped: no Chromium at ${CHROMIUM} (set CHROMIUM_PATH, or REQUIRE_BROWSER=1 to fail).`,
    );
  }
  describe.skip(name, body);
}

export interface TestServer {
  url: string;
  port: number;
  stop: () => Promise<void>;
  /** Calls the API as JSON; `token` adds the Authorization header the web client sends. */
  api: <T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    token?: string,
  ) => Promise<{ status: number; body: T }>;
  /** Logs in through the API and gives the access token. */
  token: (username: string, password?: string) => Promise<string>;
}

export interface ServerOptions {
  /** Built web application to serve (default web/dist). */
  webDist?: string;
  env?: Record<string, string>;
  /** Seed the demo factory's year of worked history (repairs, checks, stock movements). */
  history?: boolean;
}

/**
 * Starts the real server on a free port and a copy of the run's seeded database (global-setup.ts: a data folder,
 * or a PostgreSQL database of TEST_DATABASE_URL), or a fresh one when the demo history is asked for.
 */
export async function startServer(options: ServerOptions = {}): Promise<TestServer> {
  const template = options.history ? null : (JSON.parse(inject('e2eTemplate') || 'null') as SeededData | null);
  const data = template ? await copySeeded(template) : freshData();
  const server = await launchServer({
    data,
    env: {
      // A year of demo history costs every server a cold start; suites that show history ask for it.
      DEMO_HISTORY: options.history ? '1' : '0',
      ...(options.webDist ? { WEB_DIST: options.webDist } : {}),
      ...options.env,
    },
  });
  const { url } = server;

  const api: TestServer['api'] = async (method, p, body, token) => {
    const headers: Record<string, string> = { lang: 'zh' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer${token}`;
    const res = await fetch(`${url}${p}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: res.status, body: parsed as never };
  };

  return {
    url,
    port: server.port,
    api,
    token: async (username, password = ADMIN_PASSWORD) => {
      const res = await api<{ access_token?: string }>('POST', '/sys/login', { username, password });
      if (!res.body.access_token) throw new Error(`login of ${username} failed: ${JSON.stringify(res.body)}`);
      return res.body.access_token;
    },
    stop: async () => {
      await server.stop();
      await removeData(data);
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export type Lang = 'zh' | 'en' | 'tw';

/** Open contexts, so that a failing test can keep screenshots of every page it had open. */
const openContexts = new Set<BrowserContext>();
/** The last browser errors and failed requests of each context, printed when a test fails. */
const recentTrouble = new WeakMap<BrowserContext, string[]>();

function noteTrouble(context: BrowserContext, line: string): void {
  const lines = recentTrouble.get(context) ?? [];
  lines.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
  recentTrouble.set(context, lines.slice(-15));
}

/** Screenshots of every open page when a test fails (in .test-artifacts/screenshots/failures). */
export function keepFailureScreenshots(): void {
  afterEach(async (ctx) => {
    if (ctx.task.result?.state !== 'fail') return;
    const dir = path.join(SCREENSHOTS, 'failures');
    fs.mkdirSync(dir, { recursive: true });
    const name = ctx.task.name.replace(/[^\w一-龥-]+/g, '_').slice(0, 80);
    // A test that passes on its retry shows no error in the report: the first failure's is kept in the log.
    for (const e of ctx.task.result?.errors ?? [])
      console.warn(`failed: ${ctx.task.name}\n  ${(e.message ?? String(e)).slice(0, 1500)}`);
    let i = 0;
    for (const context of openContexts) {
      for (const page of context.pages()) {
        await page.screenshot({ path: path.join(dir, `${name}-${i++}.png`) }).catch(() => {});
        // CI keeps only the log: what the page showed and what went wrong in it.
        const text = await page
          .evaluate(() => {
            const squeeze = (s: string) => s.replace(/\s+/g, ' ').trim();
            // Dialogs, messages and notifications first: they are what the user was looking at.
            const overlays = [...document.querySelectorAll('.ant-modal, .ant-message, .ant-notification, .ant-popover')]
              .map((e) => squeeze((e as HTMLElement).innerText))
              .filter(Boolean)
              .join(' | ');
            return `${overlays ? `[overlays] ${overlays.slice(0, 800)} ` : ''}${squeeze(document.body.innerText).slice(0, 1200)}`;
          })
          .catch(() => '(page closed)');
        console.warn(`failure screenshot of ${page.url()}: ${name}-${i - 1}.png\n  page text: ${text}`);
      }
      for (const line of recentTrouble.get(context) ?? []) console.warn(`  ${line}`);
    }
    // A retry (CI) or the next test starts on the same page: not behind the dialog the failure left open.
    for (const context of openContexts)
      for (const page of context.pages())
        for (
          let i = 0;
          i < 3 &&
          (await page
            .locator('.ant-modal-wrap:visible, .ant-drawer-open')
            .count()
            .catch(() => 0));
          i++
        )
          await page.keyboard.press('Escape').catch(() => {});
  });
}

/** Translation keys the pages asked for but a language lacks (logged by the app's i18n set-up). */
export const missingTranslations: string[] = [];

export interface ContextOptions {
  viewport?: { width: number; height: number };
  lang?: Lang;
  /** Access token to start logged in (cookie Admin-Token). */
  token?: string;
  /**
   * Animate as a default browser does. Contexts ask for reduced motion unless told otherwise: a click that lands
   * while a dropdown or drawer is still sliding in was the suite's flake on a loaded machine, and the app honours
   * the setting by turning antd's motion off.
   */
  motion?: boolean;
}

/** A fresh browser context (own cookies and storage) on the server, optionally logged in. */
export async function newContext(
  browser: Browser,
  server: Pick<TestServer, 'url'>,
  options: ContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: options.viewport ?? DESKTOP,
    baseURL: server.url,
    reducedMotion: options.motion ? 'no-preference' : 'reduce',
  });
  openContexts.add(context);
  context.on('close', () => openContexts.delete(context));
  context.on('console', (msg) => {
    if (msg.text().startsWith('[i18n] missing')) missingTranslations.push(msg.text());
    if (msg.type() === 'error') noteTrouble(context, `console: ${msg.text().slice(0, 300)}`);
  });
  context.on('requestfailed', (req) => noteTrouble(context, `request failed: ${req.method()} ${req.url()}`));
  context.on('response', (res) => {
    if (res.status() >= 400) noteTrouble(context, `HTTP ${res.status()}: ${res.request().method()} ${res.url()}`);
    // A refusal travels as HTTP 200 with its own rtnCode (spec 4): what the user was told is worth keeping too.
    if (res.status() === 200 && (res.headers()['content-type'] ?? '').includes('json'))
      res
        .json()
        .then((body: { rtnCode?: number; msg?: string }) => {
          if (typeof body?.rtnCode === 'number' && body.rtnCode !== 200)
            noteTrouble(context, `rtnCode ${body.rtnCode} "${body.msg ?? ''}": ${res.request().method()} ${res.url()}`);
        })
        .catch(() => undefined);
    const waited = res.request().timing().responseStart;
    if (waited > 5000) noteTrouble(context, `slow (${Math.round(waited)} ms): ${res.request().method()} ${res.url()}`);
  });
  // E2E_CPU_THROTTLE=6 slows every page's CPU that many times, as on a busy CI machine: races between the page
  // and the test (a dialog not yet covering what a click lands on) show every time instead of once in ten runs.
  const throttle = Number(process.env.E2E_CPU_THROTTLE ?? 0);
  if (throttle > 1) context.on('page', (page) => void throttleCpu(page, throttle).catch(() => undefined));
  const cookies = [];
  if (options.lang) cookies.push({ name: 'language', value: options.lang, url: server.url });
  if (options.token) cookies.push({ name: 'Admin-Token', value: options.token, url: server.url });
  if (cookies.length) await context.addCookies(cookies);
  return context;
}

const devTools = new WeakMap<Page, Promise<CDPSession>>();

/**
 * Slows the page's CPU rate times (1: full speed again), through the DevTools protocol. The session stays
 * attached: detaching it ends the emulation.
 */
export async function throttleCpu(page: Page, rate: number): Promise<void> {
  let cdp = devTools.get(page);
  if (!cdp) {
    cdp = page.context().newCDPSession(page);
    devTools.set(page, cdp);
  }
  await (await cdp).send('Emulation.setCPUThrottlingRate', { rate });
}

/** Logs in through the login form. */
export async function loginThroughForm(page: Page, username: string, password = ADMIN_PASSWORD): Promise<void> {
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/** Waits until the shell is shown (session loaded, routes generated). */
export async function waitForShell(page: Page): Promise<void> {
  await page.getByTestId('app-layout').waitFor({ state: 'visible', timeout: 20_000 });
}

/**
 * Opens a dialog from the user menu (我的下载, 修改密码…) and waits for it. On a busy machine a late layout
 * change (the announcement banner arriving) can close the dropdown under the click, so the menu is opened
 * again until a dialog shows.
 */
export async function openFromUserMenu(page: Page, item: string): Promise<void> {
  const dialog = page.locator('.ant-modal:visible');
  // A dialog closed just before is still fading out: it must not count as the one asked for.
  await expect.poll(() => dialog.count(), { timeout: 10_000 }).toBe(0);
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await dialog.count()) === 0) {
        await page.getByTestId('user-menu').click();
        await page.getByTestId(item).click({ timeout: 3_000 });
      }
      await dialog.first().waitFor({ timeout: 3_000 });
      return;
    } catch (err) {
      if (Date.now() > deadline) throw err;
    }
  }
}

/** Keeps a screenshot as a test artefact (.test-artifacts/screenshots, git-ignored). */
export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.waitForTimeout(150);
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: false });
}

/** The text of the antd message toasts currently shown. */
export async function toasts(page: Page): Promise<string[]> {
  return page.locator('.ant-message-notice').allInnerTexts();
}

/** Waits for a toast containing `text`. */
export async function expectToast(page: Page, text: string | RegExp): Promise<void> {
  await page.locator('.ant-message-notice', { hasText: text }).first().waitFor({ state: 'visible', timeout: 10_000 });
}

/** Client-side navigation (no reload), as a link click would do. */
export async function navigate(page: Page, path: string): Promise<void> {
  await page.evaluate((p) => {
    window.history.pushState({}, '', p);
    window.dispatchEvent(new PopStateEvent('popstate', { state: {} }));
  }, path);
}

/**
 * Holds back the requests matching a glob until the returned function is called; that function lets them
 * through, waits until they have gone and stops holding. For what a screen shows while its data is on its way.
 */
export async function holdBack(page: Page, glob: string): Promise<() => Promise<void>> {
  let release = () => {};
  const held = new Promise<void>((r) => {
    release = r;
  });
  const passing: Promise<void>[] = [];
  await page.route(glob, (route) => {
    const passed = held.then(() => route.continue());
    passing.push(passed);
    return passed;
  });
  return async () => {
    release();
    await Promise.all(passing);
    await page.unroute(glob);
  };
}

/** Records the requests whose URL path starts with one of the prefixes. */
export function recordRequests(
  page: Page,
  ...prefixes: string[]
): Array<{ path: string; url: URL; headers: Record<string, string> }> {
  const seen: Array<{ path: string; url: URL; headers: Record<string, string> }> = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (prefixes.some((p) => url.pathname.startsWith(p)))
      seen.push({ path: url.pathname, url, headers: req.headers() });
  });
  return seen;
}

/** Adds a member of the demo company (as its administrator); members start with must-change-password set. */
export async function createUser(
  server: TestServer,
  adminToken: string,
  username: string,
  password: string,
): Promise<number> {
  const res = await server.api<{ rtnCode: number; data?: { id: number } }>(
    'POST',
    '/api-user/users/save',
    { peoplename: `测试${username}`, username, organizationid: 2, password },
    adminToken,
  );
  if (res.body.rtnCode !== 200 || !res.body.data)
    throw new Error(`creating ${username} failed: ${JSON.stringify(res.body)}`);
  return res.body.data.id;
}

/** Reads a value of the page's session storage. */
export async function sessionValue(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => sessionStorage.getItem(k), key);
}

export async function cookieValue(page: Page, name: string): Promise<string | undefined> {
  return (await page.context().cookies()).find((c) => c.name === name)?.value;
}

/** A path no module registers: a menu moved there shows the "not built yet" page whatever others build. */
export const UNBUILT_PATH = '/e2e-unbuilt/ledger';

/**
 * Moves a seeded menu (by its seed key, e.g. 'equipment.ledger') to UNBUILT_PATH through session storage, from
 * where the shell reads its menus, and reloads. Its title (translated by menu id) stays.
 */
export async function moveMenuToUnbuiltPath(page: Page, key: string): Promise<void> {
  await page.evaluate(
    ({ menuKey, target }) => {
      type Node = { key?: string; url?: string | null; children?: Node[] };
      const menus = JSON.parse(sessionStorage.getItem('menusAll') ?? '[]') as Node[];
      const walk = (nodes: Node[]) => {
        for (const n of nodes) {
          if (n.key === menuKey) n.url = target;
          walk(n.children ?? []);
        }
      };
      walk(menus);
      sessionStorage.setItem('menusAll', JSON.stringify(menus));
      sessionStorage.removeItem('jur');
      sessionStorage.removeItem('menusMe');
    },
    { menuKey: key, target: UNBUILT_PATH },
  );
  await page.reload();
  await waitForShell(page);
}

/** Waits until the application has rendered a screen (no start-up splash or page spinner left). */
export async function waitForScreen(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const root = document.getElementById('root');
      return Boolean(root?.firstElementChild) && !document.querySelector('.boot-splash, .boot-screen, .page-spinner');
    },
    undefined,
    { timeout: 20_000 },
  );
}

/**
 * Closes the open dialog with its close button and waits until no dialog covers the page: Escape only
 * works while focus is inside the dialog, and a closing dialog still intercepts clicks while it fades.
 */
export async function closeDialog(page: Page): Promise<void> {
  await page.locator('.ant-modal-wrap:visible .ant-modal-close').last().click();
  await expect.poll(() => page.locator('.ant-modal-wrap:visible').count(), { timeout: 10_000 }).toBe(0);
}

/**
 * Picks a language from the navbar switch. Waits until no dropdown is open before and after, so a pick never
 * lands on the fading menu of the previous one.
 */
export async function pickLanguage(page: Page, lang: string): Promise<void> {
  const open = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
  await expect.poll(() => open.count(), { timeout: 10_000 }).toBe(0);
  // A click that lands while the menu is still animating open can be lost: try again until the menu closes.
  for (let attempt = 1; ; attempt++) {
    if ((await open.count()) === 0) await page.getByTestId('language-switch').click();
    await open.locator(`[data-lang="${lang}"]`).click({ timeout: 5_000 });
    try {
      await expect.poll(() => open.count(), { timeout: 3_000 }).toBe(0);
      return;
    } catch (err) {
      if (attempt >= 3) throw err;
    }
  }
}

/**
 * Opens an antd select and clicks the first option holding `text` (any option without one). With `search`, types
 * it first: a long list renders only its first options (virtual scrolling).
 */
export async function pickOption(page: Page, select: Locator, text?: string, search = false): Promise<void> {
  await select.click();
  if (search && text) await page.keyboard.type(text);
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await (text ? options.filter({ hasText: text }) : options).first().click();
}
