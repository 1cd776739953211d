import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  browserSuite,
  expectToast,
  launchBrowser,
  newContext,
  screenshot,
  startServer,
  type TestServer,
  waitForShell,
} from './harness.js';

/*
 * Photos and attachments of a record in the browser: the generic form uploads them (a phone opens its
 * camera), the view shows the photo, read with the token in the query.
 */

const drawer = (page: Page) => page.getByTestId('resource-form');
const rows = (page: Page) => page.getByTestId('resource-table-equipment').locator('tbody tr.ant-table-row');
const PDF = Buffer.from('%PDF-1.4\n%e2e\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

browserSuite('photos and attachments (generic form)', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    const token = await server.token('admin');
    context = await newContext(browser, server, { token, lang: 'zh' });
    page = await context.newPage();
    await page.goto('/equipment/ledger/1');
    await waitForShell(page);
    await rows(page).first().waitFor();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('uploads a photo and a document with a new machine and shows the photo in its view', async () => {
    const photo = await page.screenshot({ clip: { x: 0, y: 0, width: 240, height: 160 } });
    await page.getByTestId('resource-add').click();
    const form = drawer(page);
    await form.getByTestId('field-code').fill('E2E-PHOTO');
    await form.getByTestId('field-name').fill('带照片的设备');
    await form.getByTestId('field-importance').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();

    const photoInput = form.getByTestId('field-pictures').locator('input[type=file]');
    expect(await photoInput.getAttribute('accept')).toBe('image/*');
    expect(await photoInput.getAttribute('capture')).toBe('environment');
    await photoInput.setInputFiles({ name: 'pump.png', mimeType: 'image/png', buffer: photo });
    const thumb = form.getByTestId('field-pictures').locator('.ant-upload-list-item-done img');
    await thumb.waitFor();
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    await form
      .getByTestId('field-attachments')
      .locator('input[type=file]')
      .setInputFiles({ name: '说明书.pdf', mimeType: 'application/pdf', buffer: PDF });
    // Done, the name becomes a link; while antd swaps the uploading item for it, both carry the name.
    await form.getByTestId('field-attachments').getByRole('link', { name: '说明书.pdf' }).waitFor();
    await form.getByTestId('field-attachments').scrollIntoViewIfNeeded();
    await screenshot(page, 'files-form');
    await page.getByTestId('resource-form-save').click();
    await expectToast(page, '保存成功');
    await drawer(page).waitFor({ state: 'detached' });

    await page.getByTestId('resource-search').getByTestId('field-code').fill('E2E-PHOTO');
    await page.getByTestId('resource-search-submit').click();
    await expect.poll(() => rows(page).count()).toBe(1);
    await rows(page)
      .first()
      .getByRole('button', { name: /查\s?看/ })
      .click();
    const view = page.getByTestId('resource-view');
    const img = view.locator('img[alt="pump.png"]');
    await img.waitFor();
    expect(await img.getAttribute('src')).toMatch(/\/api-file\/files\/\d+\?access_token=/);
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(240);
    await view.getByText('说明书.pdf').waitFor();
    await screenshot(page, 'files-view');
  });

  it('refuses a program renamed .png with the server message', async () => {
    await page.keyboard.press('Escape');
    await page.getByTestId('resource-add').click();
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(100)]);
    await drawer(page)
      .getByTestId('field-pictures')
      .locator('input[type=file]')
      .setInputFiles({ name: 'virus.png', mimeType: 'image/png', buffer: exe });
    await expectToast(page, /不支持的文件类型/);
    expect(await drawer(page).getByTestId('field-pictures').locator('.ant-upload-list-item-done').count()).toBe(0);
  });
});
