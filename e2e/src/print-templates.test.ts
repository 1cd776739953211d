import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  browserSuite,
  launchBrowser,
  newContext,
  PHONE,
  screenshot,
  startServer,
  type TestServer,
  waitForShell,
} from './harness.js';

/*
 * Print and label templates in the browser: the ledger's QR label page printing through the tenant's default
 * equipment label at its exact size (on screen, in print and as a PDF), the built-in layout still one choice
 * away, and the template list on a phone.
 */

type Row = Record<string, unknown>;
const MM_TO_PT = 72 / 25.4;

browserSuite('print and label templates', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;

  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> =>
    ((await server.api<{ data: T }>(method, path, body, token)).body as { data: T }).data;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    token = await server.token('admin');
    context = await newContext(browser, server, { token, lang: 'zh' });
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("prints the selected machines' labels through the default template, one 60 × 40 mm page each", async () => {
    const demo = (await call<Row[]>('GET', '/api-manage/printTemplates/all?kind=equipmentLabel'))[0]!;
    await call('POST', '/api-manage/printTemplates/update', {
      id: demo.id,
      isDefault: true,
      updatedAt: demo.updatedAt,
    });
    const machines = await call<Row[]>('GET', '/api-manage/equipment/page?page=1&limit=2');

    await page.goto(`/printQRcode?ids=${machines.map((m) => m.id).join(',')}`);
    const pages = page.getByTestId('tp-page');
    await expect.poll(() => pages.count()).toBe(2);
    for (const [i, m] of machines.entries()) {
      await pages.nth(i).getByText(String(m.code), { exact: true }).first().waitFor();
      const srcs = await pages
        .nth(i)
        .locator('img')
        .evaluateAll((els) => els.map((e) => e.getAttribute('src') ?? ''));
      expect(srcs).toHaveLength(2);
      expect(srcs.every((s) => s.startsWith('data:image/svg+xml'))).toBe(true);
    }
    const box = await pages.first().boundingBox();
    expect(box!.width).toBeCloseTo((60 * 96) / 25.4, 0);
    expect(box!.height).toBeCloseTo((40 * 96) / 25.4, 0);
    await screenshot(page, 'print-template-labels');

    // The browser's print-to-PDF keeps the template's paper: each page is a 60 × 40 mm sheet.
    const pdf = (await page.pdf({ preferCSSPageSize: true, printBackground: true })).toString('latin1');
    const boxes = [...pdf.matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)].map((m) => [
      Number(m[1]),
      Number(m[2]),
    ]);
    expect(boxes).toHaveLength(2);
    for (const [w, h] of boxes) {
      expect(w).toBeCloseTo(60 * MM_TO_PT, 0);
      expect(h).toBeCloseTo(40 * MM_TO_PT, 0);
    }

    await page.getByTestId('tp-select').click();
    await page.locator('.ant-select-item-option').first().click();
    await expect.poll(() => page.getByTestId('qr-label').count()).toBe(2);
    await call('POST', '/api-manage/printTemplates/update', {
      id: demo.id,
      isDefault: false,
      updatedAt: (await call<Row>('GET', `/api-manage/printTemplates/get?id=${demo.id}`)).updatedAt,
    });
  });

  it('lists the templates on a phone and designs a new one there', async () => {
    const phone = await newContext(browser, server, { token, lang: 'zh', viewport: PHONE });
    const p = await phone.newPage();
    await p.goto('/labelmodel/index');
    await waitForShell(p);
    const names = (await call<Row[]>('GET', '/api-manage/printTemplates/all')).map((r) => String(r.name));
    expect(names.length).toBeGreaterThanOrEqual(8);
    for (const name of names.slice(0, 3)) await p.getByText(name, { exact: true }).first().waitFor();
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(p, 'print-templates-phone');
    await p.getByTestId('tp-new').click();
    await p.getByTestId('tp-canvas').waitFor();
    await p.getByTestId('tp-add-qr').click();
    await p.getByTestId('tp-box-0').waitFor();
    await p.getByTestId('tp-props').waitFor();
    await p.getByTestId('tp-canvas').locator('img.tp-image').first().waitFor();
    await screenshot(p, 'print-template-designer-phone');
    await phone.close();
  });
});
