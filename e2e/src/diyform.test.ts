import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  browserSuite,
  expectToast,
  launchBrowser,
  missingTranslations,
  newContext,
  pickLanguage,
  screenshot,
  startServer,
  type TestServer,
  waitForShell,
} from './harness.js';

/*
 * Custom forms (/setUp/diyform, spec 2.6): an administrator designs a form, publishes it to the menu, opens it
 * from the sidebar, records into it through the generic form page, and its labels follow the language.
 */

/** The view of the main area being shown (kept-alive views stay in the page, hidden). */
const view = (page: Page) => page.locator('[data-testid="view"]:visible');
const drawer = (page: Page) => page.getByTestId('resource-form');

async function choose(page: Page, select: ReturnType<Page['locator']>, option: string): Promise<void> {
  await select.click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

browserSuite('custom forms: design, publish to the menu, record (spec 2.6)', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    const token = await server.token('admin');
    context = await newContext(browser, server, { token, lang: 'zh' });
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('creates a form and designs its fields', async () => {
    await page.goto('/setUp/diyform');
    await waitForShell(page);
    await view(page).getByTestId('resource-table-customform').waitFor();
    await view(page).getByTestId('resource-add').click();
    await drawer(page).getByTestId('field-code').fill('e2e_visit');
    await drawer(page).getByTestId('field-name').fill('来访登记');
    await drawer(page).getByTestId('field-nameEn').fill('Visitor log');
    await drawer(page).getByTestId('field-nameTw').fill('來訪登記');
    await page.getByTestId('resource-form-save').click();
    await expectToast(page, '保存成功');
    const row = view(page).getByTestId('resource-table-customform').locator('tr', { hasText: 'e2e_visit' });
    await row.waitFor();

    await row.getByTestId('form-design').click();
    const designer = page.getByTestId('field-designer');
    await designer.getByTestId('resource-table-form/e2e_visit/fields').waitFor();

    await designer.getByTestId('resource-add').click();
    await drawer(page).getByTestId('field-name').fill('visitor');
    await drawer(page).getByTestId('field-label').fill('访客');
    await drawer(page).getByTestId('field-labelEn').fill('Visitor');
    await drawer(page).getByTestId('field-labelTw').fill('訪客');
    await drawer(page).getByTestId('field-required').click();
    await choose(page, drawer(page).getByTestId('field-filter'), '包含');
    await page.getByTestId('resource-form-save').click();
    await expectToast(page, '保存成功');
    await designer.getByText('访客').waitFor();

    await designer.getByTestId('resource-add').click();
    await drawer(page).getByTestId('field-name').fill('purpose');
    await drawer(page).getByTestId('field-label').fill('事由');
    await drawer(page).getByTestId('field-labelEn').fill('Purpose');
    await drawer(page).getByTestId('field-labelTw').fill('事由');
    await choose(page, drawer(page).getByTestId('field-fieldType'), '选项');
    await drawer(page).getByTestId('field-options').fill('参观,维修,送货');
    await page.getByTestId('resource-form-save').click();
    await expectToast(page, '保存成功');
    await designer.getByText('事由').first().waitFor();
    await screenshot(page, 'diyform-designer');
    await page.locator('.ant-drawer-close').last().click();
    await designer.waitFor({ state: 'hidden' });
    await expect.poll(() => row.locator('td').allInnerTexts()).toContain('2');
  });

  it('publishes the form under 系统设置 and opens it from the sidebar', async () => {
    const row = view(page).getByTestId('resource-table-customform').locator('tr', { hasText: 'e2e_visit' });
    await row.getByTestId('form-more').click();
    await page.getByTestId('form-publish').click();
    await page.getByTestId('publish-parent').waitFor();
    await page.getByTestId('publish-ok').click();
    await expectToast(page, '已发布到菜单');
    await row.locator('.ant-tag', { hasText: '是' }).waitFor();
    await screenshot(page, 'diyform-forms');

    const link = page.getByTestId('sidebar').getByTestId('menu-link-/showform/e2e_visit');
    await link.waitFor();
    expect(await link.textContent()).toBe('来访登记');
    await link.click();
    await expect.poll(() => page.url()).toContain('/showform/e2e_visit');
    await view(page).getByTestId('resource-table-form/e2e_visit').waitFor();
  });

  it('adds a record that shows in the list', async () => {
    await view(page).getByTestId('resource-add').click();
    await drawer(page).getByTestId('field-custom.visitor').fill('张三');
    await choose(page, drawer(page).getByTestId('field-custom.purpose'), '参观');
    await page.getByTestId('resource-form-save').click();
    await expectToast(page, '保存成功');
    const table = view(page).getByTestId('resource-table-form/e2e_visit');
    await table.locator('tbody tr', { hasText: '张三' }).getByText('参观').waitFor();
    await table.locator('thead').getByText('访客').waitFor();
    await screenshot(page, 'diyform-records');
  });

  it('switches the form and menu labels with the language', async () => {
    const pick = (lang: string) => pickLanguage(page, lang);
    const link = page.getByTestId('sidebar').getByTestId('menu-link-/showform/e2e_visit');
    const table = view(page).getByTestId('resource-table-form/e2e_visit');

    await pick('en');
    await expectToast(page, 'Language switched');
    await link.getByText('Visitor log').waitFor();
    await table.locator('thead').getByText('Visitor').waitFor();
    await table.locator('thead').getByText('Purpose').waitFor();
    await view(page).locator('.ant-card-head-title', { hasText: 'Visitor log' }).waitFor();
    await screenshot(page, 'diyform-records-en');

    await pick('tw');
    await expectToast(page, '語言切換成功');
    await link.getByText('來訪登記').waitFor();
    await table.locator('thead').getByText('訪客').waitFor();

    await pick('zh');
    await expectToast(page, '语言切换成功');
    await link.getByText('来访登记').waitFor();
    await table.locator('thead').getByText('访客').waitFor();
  });

  it('asked for no missing translation', () => {
    expect(missingTranslations).toEqual([]);
  });
});
