import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  browserSuite,
  launchBrowser,
  missingTranslations,
  newContext,
  PHONE,
  pickOption,
  screenshot,
  startServer,
  type TestServer,
  waitForShell,
} from './harness.js';

/*
 * Spare stock: a receipt is entered, approved and posted from 备件入库 (/spare/in), another posted in one step;
 * an issue to a repair order from /spare/out makes the order's parts cost real, and so does a part recorded in
 * the order's drawer (issued from stock at once, priced at the average); the stock and movements show it, in
 * Chinese on a desktop and in English on a 390 px phone.
 */

const SLOW = { timeout: 15_000 };
const docTable = (page: Page) => page.getByTestId('resource-table-sparedoc');
const docRow = (page: Page, code: string) => docTable(page).locator('tbody tr.ant-table-row').filter({ hasText: code });
const form = (page: Page) => page.getByTestId('spare-doc-form');
/** The text box of a number input (antd puts the test id on the box itself or on its wrapper). */
const numberBox = (page: Page, id: string) =>
  form(page).locator(`input[data-testid="${id}"], [data-testid="${id}"] input`).first();

interface Json<T> {
  body: { rtnCode: number; data: T };
}

browserSuite('spare stock screens', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;
  const api = <T>(method: string, url: string, body?: unknown) =>
    server.api<Json<T>['body']>(method, url, body, token) as Promise<Json<T>>;
  const latestDoc = async (type: string) =>
    (
      await api<{ id: number; code: string; state: string }[]>(
        'GET',
        `/api-manage/spareparts/doc/page?type=${type}&limit=1`,
      )
    ).body.data[0]!;

  /** Runs a workflow button of a document's row and waits for the state the server reports. */
  async function act(code: string, id: number, action: string, state: string): Promise<void> {
    await docRow(page, code).getByTestId(`doc-${action}`).click();
    await page.getByTestId(`doc-${action}-ok`).click();
    await expect
      .poll(
        async () => (await api<{ state: string }>('GET', `/api-manage/spareparts/doc/get?id=${id}`)).body.data.state,
        SLOW,
      )
      .toBe(state);
  }

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

  it('enters a receipt from 备件入库, approves and posts it: the stock grows', async () => {
    await page.goto('/workboard');
    await waitForShell(page);
    await page.locator('.ant-menu').getByText('备件管理').first().click();
    await page.locator('.ant-menu').getByText('备件入库', { exact: true }).click();
    await page.waitForURL(/\/spare\/in$/);
    await docTable(page).waitFor();
    await page.getByTestId('spare-new-doc').click();
    await form(page).waitFor();
    // The lines are named above them.
    const head = form(page).getByTestId('spare-line-head');
    for (const label of ['备件', '数量', '单价', '批次', '库位'])
      await head.getByText(label, { exact: true }).waitFor();
    await pickOption(page, form(page).getByTestId('field-warehouseId'), '备件仓库');
    await form(page).getByTestId('spare-scan').locator('input').fill('SP-BRG-6205');
    await form(page).getByTestId('spare-scan').locator('input').press('Enter');
    await form(page).locator('[data-testid="spare-line-0"]:not([data-part=""])').waitFor();
    await numberBox(page, 'spare-line-qty-0').fill('10');
    await numberBox(page, 'spare-line-cost-0').fill('20');
    await screenshot(page, 'spare-receipt-form');
    await page.getByTestId('spare-doc-submit').click();
    await form(page).waitFor({ state: 'detached' });
    // The form closes once the draft is saved; the submit step follows it.
    await expect.poll(async () => (await latestDoc('receipt')).state, SLOW).toBe('submitted');
    const doc = await latestDoc('receipt');
    await docRow(page, doc.code).getByText('待审核').waitFor(SLOW);
    await act(doc.code, doc.id, 'approve', 'approved');
    await act(doc.code, doc.id, 'post', 'posted');
    await docRow(page, doc.code).getByText('已过账').waitFor(SLOW);
    await screenshot(page, 'spare-inbound-desktop');
  });

  it('posts a receipt in one step (no approval flow): one confirm, not four', async () => {
    await page.getByTestId('spare-new-doc').click();
    await form(page).waitFor();
    await pickOption(page, form(page).getByTestId('field-warehouseId'), '备件仓库');
    await form(page).getByTestId('spare-scan').locator('input').fill('SP-BRG-6205');
    await form(page).getByTestId('spare-scan').locator('input').press('Enter');
    await form(page).locator('[data-testid="spare-line-0"]:not([data-part=""])').waitFor();
    await numberBox(page, 'spare-line-qty-0').fill('5');
    await numberBox(page, 'spare-line-cost-0').fill('20');
    await page.getByTestId('spare-doc-post-now').click();
    await form(page).waitFor({ state: 'detached' });
    const doc = await latestDoc('receipt');
    await expect.poll(async () => (await latestDoc('receipt')).state, SLOW).toBe('posted');
    await docRow(page, doc.code).getByText('已过账').waitFor(SLOW);
  });

  it('issues two of them to a repair order: the order is costed at the average', async () => {
    const machines = await api<{ id: number }[]>('GET', '/api-manage/equipment/page?page=1&limit=1');
    const order = (
      await api<{ id: number; code: string }>('POST', '/api-manage/maintaintask/save', {
        equipmentId: machines.body.data[0]!.id,
        phenomenon: '轴承异响，更换轴承',
        urgency: 'normal',
      })
    ).body.data;
    const before = (
      await api<{ onHand: string; avgCost: string }[]>('GET', '/api-manage/spareparts/stock/page?partCode=SP-BRG-6205')
    ).body.data[0]!;
    await page.goto('/spare/out');
    await waitForShell(page);
    await docTable(page).waitFor();
    await page.getByTestId('spare-new-doc').click();
    await form(page).waitFor();
    await pickOption(page, form(page).getByTestId('field-warehouseId'), '备件仓库');
    await form(page).getByTestId('field-orderId').waitFor();
    await form(page).getByTestId('field-orderId').click();
    await page.keyboard.type(order.code);
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: order.code })
      .first()
      .click();
    await form(page).getByTestId('spare-scan').locator('input').fill('SP:SP-BRG-6205');
    await form(page).getByTestId('spare-scan').locator('input').press('Enter');
    await form(page).locator('[data-testid="spare-line-0"]:not([data-part=""])').waitFor();
    await numberBox(page, 'spare-line-qty-0').fill('2');
    await page.getByTestId('spare-doc-submit').click();
    await form(page).waitFor({ state: 'detached' });
    const doc = await latestDoc('issue');
    await docRow(page, doc.code).waitFor(SLOW);
    await act(doc.code, doc.id, 'approve', 'approved');
    await act(doc.code, doc.id, 'post', 'posted');
    // Exact decimals: 2 × the average (4 places), rounded half up to cents.
    const cents = Math.floor((2 * Math.round(Number(before.avgCost) * 10_000) + 50) / 100);
    const cost = (cents / 100).toFixed(2);
    const o = await api<{ partsCost: string }>('GET', `/api-manage/maintaintask/get?id=${order.id}`);
    expect(o.body.data.partsCost).toBe(cost);
    const after = (await api<{ onHand: string }[]>('GET', '/api-manage/spareparts/stock/page?partCode=SP-BRG-6205'))
      .body.data[0]!;
    expect(Number(after.onHand)).toBe(Number(before.onHand) - 2);
  });

  it("records a part in the order's drawer: issued from stock at once, priced at the average", async () => {
    const machines = await api<{ id: number }[]>('GET', '/api-manage/equipment/page?page=1&limit=1');
    const order = (
      await api<{ id: number; code: string }>('POST', '/api-manage/maintaintask/save', {
        equipmentId: machines.body.data[0]!.id,
        phenomenon: '联轴器磨损',
        urgency: 'normal',
      })
    ).body.data;
    const stockOf = async () =>
      (
        await api<{ onHand: string; avgCost: string }[]>(
          'GET',
          '/api-manage/spareparts/stock/page?partCode=SP-BRG-6205',
        )
      ).body.data[0]!;
    const before = await stockOf();
    await page.goto('/repair_admin/task/0');
    await waitForShell(page);
    await page.getByTestId('resource-table-maintaintask').waitFor();
    // No "+" expander in the list: the lines are in the drawer.
    expect(await page.getByTestId('resource-table-maintaintask').locator('.ant-table-row-expand-icon').count()).toBe(0);
    await page.goto(`/repair_admin/task/0?id=${order.id}`);
    const drawer = page.getByTestId('repair-drawer');
    // The drawer loads the order and three lists: on a busy machine that takes a while.
    await drawer.getByTestId('repair-part-add').waitFor({ timeout: 45_000 });
    await drawer.getByTestId('repair-part-add').click();
    const partForm = page.getByTestId('repair-part-form');
    await partForm.waitFor();
    await pickOption(page, partForm.getByTestId('field-sparePartId'), 'SP-BRG-6205', true);
    await pickOption(page, partForm.getByTestId('field-warehouseId'), '备件仓库');
    const price = partForm.locator('input[data-testid="repair-part-price"], [data-testid="repair-part-price"] input');
    await expect.poll(async () => Number(await price.first().inputValue()), SLOW).toBe(Number(before.avgCost));
    await screenshot(page, 'repair-part-form');
    await page.getByTestId('repair-part-save').click();
    await partForm.waitFor({ state: 'detached' });
    await expect.poll(async () => Number((await stockOf()).onHand), SLOW).toBe(Number(before.onHand) - 1);
    // The part is listed by its name (SP-BRG-6205 is the demo's 深沟球轴承).
    await drawer.getByTestId('resource-table-repairpart').getByText('深沟球轴承').first().waitFor(SLOW);
    await page.keyboard.press('Escape');
  });

  it('shows the stock and the movements (desktop, Chinese)', async () => {
    await page.goto('/spare/stock');
    await waitForShell(page);
    await page.getByTestId('resource-table-sparestock').getByText('SP-BRG-6205').first().waitFor(SLOW);
    await screenshot(page, 'spare-stock-desktop');
    await page.goto('/spare/outbound');
    await waitForShell(page);
    await page.getByTestId('resource-table-sparemove').getByText('SP-BRG-6205').first().waitFor(SLOW);
    await screenshot(page, 'spare-outbound-desktop');
    await expectToastFree(page);
  });

  it('fits a 390 px phone, in English: stock, movements and the document form', async () => {
    const phone = await newContext(browser, server, { token, lang: 'en', viewport: PHONE });
    const p = await phone.newPage();
    await p.goto('/spare/stock');
    await waitForShell(p);
    await p.getByTestId('resource-table-sparestock').getByText('SP-BRG-6205').first().waitFor(SLOW);
    await p.getByText('Stock', { exact: true }).first().waitFor();
    // A stock card is titled by its part, not "—".
    const titles = await p.getByTestId('list-card-title').allInnerTexts();
    expect(titles.length).toBeGreaterThan(0);
    expect(titles.filter((x) => x.trim() === '—')).toEqual([]);
    const overflow = await p.evaluate(() => Math.round(document.documentElement.scrollWidth) > window.innerWidth);
    expect(overflow).toBe(false);
    await screenshot(p, 'spare-stock-phone');
    await p.getByTestId('spare-stock-new-issue').click();
    await form(p).waitFor();
    await form(p).getByText('Issue').first().waitFor();
    const width = await p
      .locator('.ant-drawer-content-wrapper')
      .last()
      .evaluate((el) => el.getBoundingClientRect().width);
    expect(Math.round(width)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(p, 'spare-issue-form-phone');
    await p.goto('/spare/outbound');
    await waitForShell(p);
    await p.getByTestId('resource-table-sparemove').getByText('SP-BRG-6205').first().waitFor(SLOW);
    await screenshot(p, 'spare-outbound-phone');
    await phone.close();
  });

  it('asked for no missing translations', () => {
    expect(missingTranslations).toEqual([]);
  });
});

/** No error toast is showing. */
async function expectToastFree(page: Page): Promise<void> {
  expect(await page.locator('.ant-message-error').count()).toBe(0);
}
