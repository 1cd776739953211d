import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  browserSuite,
  closeDialog,
  DESKTOP,
  expectToast,
  holdBack,
  launchBrowser,
  missingTranslations,
  newContext,
  openFromUserMenu,
  PHONE,
  pickLanguage,
  pickOption,
  screenshot,
  startServer,
  type TestServer,
  waitForShell,
} from './harness.js';

/*
 * The equipment ledger in the browser: the generic resource pages driven by the server's metadata.
 */

const table = (page: Page) => page.getByTestId('resource-table-equipment');
const search = (page: Page) => page.getByTestId('resource-search');
const drawer = (page: Page) => page.getByTestId('resource-form');
const rows = (page: Page) => table(page).locator('tbody tr.ant-table-row');

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('data');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function searchByCode(page: Page, code: string): Promise<void> {
  await search(page).getByTestId('field-code').fill(code);
  await page.getByTestId('resource-search-submit').click();
}

async function confirmPop(page: Page): Promise<void> {
  await page.locator('.ant-popconfirm:visible .ant-btn-primary').click();
}

browserSuite('equipment ledger (resource engine pages)', () => {
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

  it('lists the demo machines with readable workshop, line and status, 20 to a page', async () => {
    expect(await rows(page).count()).toBe(20);
    await page.getByTestId('pagination-total').getByText('共 60 条').waitFor();
    await table(page).getByText('机加工车间').first().waitFor();
    await screenshot(page, 'equipment-ledger-desktop');
  });

  it('creates, finds, edits and deletes a machine', async () => {
    await page.getByTestId('resource-add').click();
    await drawer(page).getByTestId('field-code').fill('E2E-001');
    await drawer(page).getByTestId('field-name').fill('端到端测试车床');
    await pickOption(page, drawer(page).getByTestId('field-importance'), 'A类');
    await page.getByTestId('resource-form-save').click();
    await expectToast(page, '保存成功');

    await searchByCode(page, 'E2E-001');
    await expect.poll(() => rows(page).count()).toBe(1);
    await rows(page).first().getByText('端到端测试车床').waitFor();

    // While the record is on its way the form waits: nothing typed is overwritten and nothing empty is saved.
    const release = await holdBack(page, '**/api-manage/equipment/get?*');
    await rows(page).first().getByTestId('row-edit').click();
    await expect(page.getByTestId('resource-form-save').isDisabled()).resolves.toBe(true);
    expect(await drawer(page).getByTestId('field-name').count()).toBe(0);
    await release();
    await expect.poll(() => drawer(page).getByTestId('field-name').inputValue()).toBe('端到端测试车床');
    await drawer(page).getByTestId('field-name').fill('端到端测试车床（改）');
    await page.getByTestId('resource-form-save').click();
    await expectToast(page, '保存成功');
    await rows(page).first().getByText('端到端测试车床（改）').waitFor();

    // Opened again, it waits for the record afresh: the copy kept from the first opening has the old name.
    const again = await holdBack(page, '**/api-manage/equipment/get?*');
    await rows(page).first().getByTestId('row-edit').click();
    await expect(page.getByTestId('resource-form-save').isDisabled()).resolves.toBe(true);
    expect(await drawer(page).getByTestId('field-name').count()).toBe(0);
    await again();
    await expect.poll(() => drawer(page).getByTestId('field-name').inputValue()).toBe('端到端测试车床（改）');

    // Someone else saves it while it is open: this save is refused with the reason, and theirs stays.
    const token = await server.token('admin');
    const id = Number(await rows(page).first().getAttribute('data-row-key'));
    const theirs = await server.api<{ rtnCode: number }>(
      'POST',
      '/api-manage/equipment/update',
      { id, remark: '他人修改' },
      token,
    );
    expect(theirs.body.rtnCode).toBe(200);
    await drawer(page).getByTestId('field-name').fill('端到端测试车床（覆盖）');
    await page.getByTestId('resource-form-save').click();
    await expectToast(page, '该记录在您打开后已被他人修改，请重新打开后再编辑');
    await page.keyboard.press('Escape');
    await drawer(page).waitFor({ state: 'detached' });
    await rows(page).first().getByText('端到端测试车床（改）').waitFor();

    await rows(page).first().getByTestId('row-delete').click();
    await confirmPop(page);
    await expectToast(page, '删除成功');
    await expect.poll(() => rows(page).count()).toBe(0);
  });

  it('shows the server message naming the field when a code is taken', async () => {
    await page.getByTestId('resource-add').click();
    await drawer(page).getByTestId('field-code').fill('EQ-CK-001');
    await drawer(page).getByTestId('field-name').fill('重复编号');
    await page.getByTestId('resource-form-save').click();
    await expectToast(page, '编号“EQ-CK-001”已存在');
    await drawer(page).locator('.ant-form-item-explain-error', { hasText: '已存在' }).waitFor();
    await page.keyboard.press('Escape');
    await drawer(page).waitFor({ state: 'detached' });
  });

  it("offers only the chosen workshop's lines, and clears a line when another workshop is chosen", async () => {
    await page.getByTestId('resource-add').click();
    const form = drawer(page);
    const line = form.getByTestId('field-lineId');
    await pickOption(page, form.getByTestId('field-workshopId'), '注塑冲压车间');
    await line.click();
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await expect
      .poll(async () => (await options.allInnerTexts()).sort())
      .toEqual(['冲压线 (L0203)', '注塑一线 (L0201)', '注塑二线 (L0202)'].sort());
    await options.filter({ hasText: '注塑一线' }).click();
    await expect.poll(() => line.innerText()).toContain('注塑一线');
    await screenshot(page, 'equipment-ledger-line-within-workshop');

    await pickOption(page, form.getByTestId('field-workshopId'), '机加工车间');
    await expect.poll(() => line.innerText()).toContain('请选择所属产线');
    await line.click();
    await expect
      .poll(async () => (await options.allInnerTexts()).sort())
      .toEqual(['车削线 (L0101)', '铣削线 (L0102)', '磨削装配线 (L0103)', '公用动力站 (L0104)'].sort());
    await options.filter({ hasText: '车削线' }).click();
    await expect.poll(() => line.innerText()).toContain('车削线');
    await drawer(page)
      .getByRole('button', { name: /取\s?消/ })
      .click();
    await drawer(page).waitFor({ state: 'detached' });
  });

  it('imports a file, and reports a bad file row by row without importing it', async () => {
    await page.getByTestId('resource-import').click();
    const dialog = page.getByTestId('import-dialog');
    const input = dialog.locator('input[type=file]');
    const bad = await xlsx([
      ['编号*', '名称*', '所属车间', '状态'],
      ['E2E-IMP-1', '导入设备一', 'WS01', '运行'],
      ['E2E-IMP-2', '', 'WS99', '运行'],
    ]);
    await input.setInputFiles({ name: 'bad.xlsx', mimeType: 'application/octet-stream', buffer: bad });
    const report = page.getByTestId('import-report');
    await report.getByText('名称不能为空').waitFor();
    await report.getByText('所属车间：找不到“WS99”').waitFor();
    await screenshot(page, 'equipment-import-report');

    const good = await xlsx([
      ['编号*', '名称*', '所属车间', '所属产线', '状态'],
      ['E2E-IMP-1', '导入设备一', 'WS01', '车削线', '运行'],
      ['E2E-IMP-2', '导入设备二', '机加工车间', 'L0102', '待机'],
    ]);
    await input.setInputFiles({ name: 'good.xlsx', mimeType: 'application/octet-stream', buffer: good });
    await expectToast(page, '成功导入2条数据');
    await searchByCode(page, 'E2E-IMP');
    await expect.poll(() => rows(page).count()).toBe(2);
    await rows(page).getByText('铣削线').waitFor();
  });

  it('exports the filtered list to My downloads and downloads the file', async () => {
    await page.getByTestId('resource-export').click();
    await expectToast(page, '我的下载');
    await openFromUserMenu(page, 'menu-downloads');
    const link = page.getByTestId('downloads-dialog').getByTestId('download-link').first();
    await link.waitFor({ timeout: 20_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const path = await download.path();
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(path);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).getCell(1).value).toBe('编号');
    const codes = [2, 3].map((r) => String(ws.getRow(r).getCell(1).value)).sort();
    expect(codes).toEqual(['E2E-IMP-1', 'E2E-IMP-2']);
    expect(ws.rowCount).toBe(3);
    await closeDialog(page);
  });

  it('follows the language switch: labels and values from the server change', async () => {
    const pick = (lang: string) => pickLanguage(page, lang);
    await pick('en');
    await search(page).getByText('Code', { exact: true }).waitFor();
    await table(page).locator('th', { hasText: 'Workshop' }).first().waitFor();
    await page.getByTestId('resource-export').getByText('Export').waitFor();
    // Dictionary values too: the machines' status.
    await table(page).getByText('Running', { exact: true }).first().waitFor();
    await pick('tw');
    await search(page).getByText('編號', { exact: true }).waitFor();
    await page.getByTestId('resource-export').getByText('匯出').waitFor();
    await table(page).getByText('運行', { exact: true }).first().waitFor();
    await pick('zh');
    await search(page).getByText('编号', { exact: true }).waitFor();
    expect(missingTranslations.filter((m) => m.includes('resources'))).toEqual([]);
  });

  it('shows workshops with their lines and the mould list with its life warning', async () => {
    await page.goto('/setUp/workshop');
    await waitForShell(page);
    const shops = page.getByTestId('resource-table-workshop');
    await shops.getByText('机加工车间').waitFor();
    await shops.locator('.ant-table-row-expand-icon').first().click();
    await page.getByTestId('resource-table-line').getByText('车削线').waitFor();
    await page.goto('/eqmold/eqmoldlist/2');
    await waitForShell(page);
    const moulds = page.getByTestId('resource-table-mould');
    await moulds.getByText('前保险杠模具').waitFor();
    // A mould past its share of rated shots is marked on its row; the others are not.
    const token = await server.token('admin');
    const list = async (warning: boolean) =>
      (
        (await server.api('GET', `/api-manage/eqmold/page?page=1&limit=100&lifeWarning=${warning}`, undefined, token))
          .body as { data: { code: string }[] }
      ).data.map((m) => m.code);
    const warned = await list(true);
    const fine = await list(false);
    expect(warned.length).toBeGreaterThan(0);
    const shown = await moulds
      .locator('tbody tr.ant-table-row')
      .evaluateAll((trs) =>
        trs.map((tr) => ({ text: (tr as HTMLElement).innerText, marked: tr.classList.contains('mould-life-warning') })),
      );
    const codeOf = (text: string) => [...warned, ...fine].find((c) => text.includes(c));
    const marked = shown.filter((r) => r.marked).map((r) => codeOf(r.text));
    const unmarked = shown.filter((r) => !r.marked).map((r) => codeOf(r.text));
    expect(marked.length).toBeGreaterThan(0);
    expect(marked.every((c) => c !== undefined && warned.includes(c))).toBe(true);
    expect(unmarked.every((c) => c !== undefined && fine.includes(c))).toBe(true);
    await screenshot(page, 'mould-list-desktop');
    await page.setViewportSize(PHONE);
    await page.getByTestId('resource-table-mould').waitFor();
    await screenshot(page, 'mould-list-phone');
    await page.setViewportSize(DESKTOP);
  });
});
