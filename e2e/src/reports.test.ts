import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  browserSuite,
  launchBrowser,
  missingTranslations,
  newContext,
  PHONE,
  screenshot,
  startServer,
  type TestServer,
  waitForShell,
} from './harness.js';

/*
 * Reports: the dashboard's home panel and three report pages (MTBF/MTTR, fault reasons, workshop analysis) in
 * Chinese and English, each with its chart, table and formula; a report row opens the orders behind it.
 */

const SLOW = { timeout: 20_000 };

async function openReport(page: Page, path: string, key: string): Promise<void> {
  await page.goto(path);
  await waitForShell(page);
  await page.getByTestId(`report-${key}`).waitFor(SLOW);
  await page.getByTestId('report-table').locator('.ant-table-row, .ant-empty, .list-card').first().waitFor(SLOW);
}

browserSuite('reports', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let token: string;
  let openOrder: { id: number };
  let call: (path: string, body: object) => Promise<{ id: number; token?: string }>;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    token = await server.token('admin');
    // Two breakdowns of today: one stops its machine and stays open, one is repaired (a failure and a repair).
    type Page1 = { data: { id: number; categoryId: number }[] };
    const machines = await server.api<Page1>('GET', '/api-manage/equipment/page?page=1&limit=2', undefined, token);
    const reasons = await server.api<{ data: { id: number }[] }>(
      'GET',
      '/api-manage/equipmentcategory/faultreason/all',
      undefined,
      token,
    );
    call = async (path: string, body: object) => {
      const r = await server.api<{ rtnCode: number; msg: string; data: { id: number; token?: string } }>(
        'POST',
        path,
        body,
        token,
      );
      expect(r.body.rtnCode, `${path}: ${r.body.msg}`).toBe(200);
      return r.body.data;
    };
    const [first, second] = machines.body.data;
    openOrder = await call('/api-manage/maintaintask/save', {
      equipmentId: first!.id,
      phenomenon: 'E2E 停机',
      urgency: 'high',
      stopped: true,
    });
    const done = await call('/api-manage/maintaintask/save', {
      equipmentId: second!.id,
      phenomenon: 'E2E 异响',
      urgency: 'normal',
    });
    await call('/api-manage/maintaintask/accept', { id: done.id });
    await call('/api-manage/maintaintask/start', { id: done.id });
    await call('/api-manage/maintaintask/finish', { id: done.id, faultReasonId: reasons.body.data[0]!.id });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const lang of ['zh', 'en'] as const) {
    it(`shows the home panel and three reports in ${lang}`, async () => {
      context = await newContext(browser, server, { token, lang });
      const page = await context.newPage();
      await page.goto('/dashboard');
      await waitForShell(page);
      await page.getByTestId('home-panel').waitFor(SLOW);
      await expect.poll(() => page.getByTestId('home-mtbf').locator('.ant-skeleton').count(), SLOW).toBe(0);
      await expect(page.getByTestId('home-oee').innerText()).resolves.toMatch(
        lang === 'zh' ? /仅计量可用率/ : /availability only/,
      );
      await expect
        .poll(
          async () => Number(await page.getByTestId('home-open').locator('.ant-statistic-content-value').innerText()),
          SLOW,
        )
        .toBeGreaterThanOrEqual(1);
      await expect
        .poll(
          async () =>
            Number(await page.getByTestId('home-stopped').locator('.ant-statistic-content-value').innerText()),
          SLOW,
        )
        .toBeGreaterThanOrEqual(1);
      await screenshot(page, `reports-dashboard-${lang}`);

      await openReport(page, '/reportform/mtchart', 'mtchart');
      await page.getByTestId('report-chart').locator('canvas').waitFor(SLOW);
      await expect(page.locator('.ant-table-thead').innerText()).resolves.toContain('MTBF');
      await page.getByTestId('report-help').click();
      await expect(page.locator('.report-formula').innerText()).resolves.toMatch(
        lang === 'zh' ? /运行时间/ : /Running time/,
      );
      await screenshot(page, `reports-mtchart-${lang}`);
      await page.keyboard.press('Escape');

      await openReport(page, '/reportform/faultReasonChart/fr', 'faultReasonChart');
      await screenshot(page, `reports-fault-reasons-${lang}`);

      await openReport(page, '/reportform/workshopChart/ft', 'workshopChart');
      await screenshot(page, `reports-workshop-${lang}`);
      await page.getByTestId('report-tab-personnel').click();
      await page.getByTestId('report-personnel').waitFor(SLOW);
      await context.close();
    });
  }

  it('opens the orders behind a workshop row, and fits a phone', async () => {
    context = await newContext(browser, server, { token, lang: 'zh', viewport: PHONE });
    const page = await context.newPage();
    await openReport(page, '/reportform/workshopChart/ft', 'workshopChart');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(Math.round(width)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'reports-workshop-phone');
    const drill = page.getByTestId('report-drill').first();
    if ((await drill.count()) > 0) {
      await drill.click();
      await expect.poll(() => new URL(page.url()).pathname, SLOW).toBe('/repair_admin/task/0');
      expect(new URL(page.url()).searchParams.get('reportedAtFrom')).toBeTruthy();
    }
    await context.close();
    expect(missingTranslations.filter((m) => m.includes('reports'))).toEqual([]);
  });

  it('keeps the MTBF page of 60 machines to a few screens on a phone: its table paged, its chart scrolling sideways', async () => {
    context = await newContext(browser, server, { token, lang: 'zh', viewport: PHONE });
    const page = await context.newPage();
    await openReport(page, '/reportform/mtchart', 'mtchart');
    await page.getByTestId('report-chart').locator('canvas').waitFor(SLOW);
    const table = page.getByTestId('report-table');
    await expect.poll(() => table.locator('.list-card').count(), SLOW).toBe(10);
    const pager = page.getByTestId('list-cards-pager');
    await pager.waitFor();
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height).toBeLessThan(4 * PHONE.height);
    expect(Math.round(await page.evaluate(() => document.documentElement.scrollWidth))).toBeLessThanOrEqual(
      PHONE.width,
    );
    await screenshot(page, 'reports-mtchart-phone');
    const first = await table.locator('.list-card').first().innerText();
    await pager.locator('.ant-pagination-next').click();
    await expect.poll(() => table.locator('.list-card').first().innerText()).not.toBe(first);
    await context.close();
  });

  it('a board opens on a TV without a session and follows an order that moves', async () => {
    const board = await call('/api-list/board/save', { kind: 'repair', name: 'E2E 维修看板' });
    context = await newContext(browser, server, { lang: 'zh' });
    const page = await context.newPage();
    // The board hears the change on its socket: well before its one-minute poll.
    const socket = page.waitForEvent('websocket', { predicate: (ws) => ws.url().includes('/webSocket/board/') });
    await page.goto(`/details?token=${encodeURIComponent(board.token!)}`);
    await page.getByTestId('kb-board').waitFor(SLOW);
    await socket;
    const count = async (state: string) =>
      Number(await page.getByTestId(`kb-column-${state}`).getAttribute('data-count'));
    const before = await count('dispatched');
    const me = await server.api<{ data: { id: number } }>('GET', '/api-user/users/current', undefined, token);
    await call('/api-manage/maintaintask/dispatch', { id: openOrder.id, assigneeId: me.body.data.id });
    await expect.poll(() => count('dispatched'), SLOW).toBe(before + 1);
    await screenshot(page, 'reports-board-tv');
    await context.close();
  });
});
