import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  browserSuite,
  expectToast,
  launchBrowser,
  loginThroughForm,
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
 * Equipment records beyond the ledger in the browser: an allotment from the ledger through audit, the
 * record card's timeline, and the QR label sheet (also opened on a phone without a session).
 */

type Row = Record<string, unknown>;

const rows = (page: Page, entity: string) =>
  page.getByTestId(`resource-table-${entity}`).locator('tbody tr.ant-table-row');

async function confirmPop(page: Page): Promise<void> {
  await page.locator('.ant-popconfirm:visible .ant-btn-primary').click();
}

browserSuite('equipment records (allotment, record card, QR labels)', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;

  const api = async <T>(path: string): Promise<T> =>
    ((await server.api<{ data: T }>('GET', path, undefined, token)).body as { data: T }).data;

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

  it('allots a machine from the ledger; once audited it stands in the new workshop, shown on its record card', async () => {
    const shops = await api<Row[]>('/api-user/workShop/tree');
    const [from, to] = [shops[0]!, shops[1]!];
    const machine = (await api<Row[]>(`/api-manage/equipment/page?page=1&limit=1&workshopId=${from.id}`))[0]!;

    await page.goto('/equipment/ledger/1');
    await waitForShell(page);
    await page.getByTestId('resource-search').getByTestId('field-code').fill(String(machine.code));
    await page.getByTestId('resource-search-submit').click();
    await expect.poll(() => rows(page, 'equipment').count()).toBe(1);
    await rows(page, 'equipment').first().locator('.ant-checkbox-input').check();
    await page.getByTestId('ledger-allot').click();
    const dialog = page.getByTestId('allot-dialog');
    const toLine = dialog.getByTestId('field-toLineId');
    // The line waits for its (required) workshop, then offers that workshop's lines only.
    await expect.poll(() => toLine.innerText()).toContain('请先选择调入车间');
    expect(await toLine.locator('input').isDisabled()).toBe(true);
    await pickOption(page, dialog.getByTestId('field-toWorkshopId'), String(to.workshopname));
    const lines = await api<Row[]>(`/api-user/line/getLinePage?page=1&limit=50&workshopid=${to.id}`);
    await toLine.click();
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await expect
      .poll(async () => (await options.allInnerTexts()).sort())
      .toEqual(lines.map((l) => `${l.linename} (${l.linecode})`).sort());
    await options.filter({ hasText: String(lines[0]!.linename) }).click();
    await dialog.getByTestId('field-reason').fill('端到端调拨');
    await dialog.locator('.ant-btn-primary').click();
    await expectToast(page, '调拨单已创建');
    await dialog.waitFor({ state: 'hidden' });

    await page.goto('/equipment/allot');
    await waitForShell(page);
    const allot = rows(page, 'equipmentallot').filter({ hasText: '端到端调拨' });
    await allot.getByTestId('row-submit').click();
    await confirmPop(page);
    await expectToast(page, '已提交');
    await allot.getByTestId('row-audit').click();
    await confirmPop(page);
    await expectToast(page, '审核通过');
    await allot.getByText('已审核').waitFor();
    await screenshot(page, 'equipment-allot');
    expect(await api<Row>(`/api-manage/equipment/get?id=${machine.id}`)).toMatchObject({
      workshopId: to.id,
      lineId: lines[0]!.id,
    });

    await page.goto(`/equipment/ledger/detail/${machine.id}`);
    await page.getByTestId('equipment-detail').getByText(String(to.workshopname)).first().waitFor();
    const entry = page.getByTestId('equipment-timeline').locator('[data-record-type="allot"]');
    await entry.waitFor();
    expect(await entry.innerText()).toContain('调拨');
    expect(missingTranslations.filter((m) => m.includes('equipment') || m.includes('resources'))).toEqual([]);
  });

  it('renders a QR label per selected machine on /printQRcode', async () => {
    const machines = await api<Row[]>('/api-manage/equipment/page?page=1&limit=3');
    await page.goto(`/printQRcode?ids=${machines.map((m) => m.id).join(',')}`);
    const labels = page.getByTestId('qr-label');
    await expect.poll(() => labels.count()).toBe(3);
    for (const [i, m] of machines.entries()) {
      await labels.nth(i).getByText(String(m.code)).waitFor();
      expect(await labels.nth(i).locator('img').getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    }
    await expect.poll(() => page.getByTestId('app-layout').count()).toBe(0);
    await screenshot(page, 'equipment-qr-labels');
  });

  it("opens a label's record card on a phone without a session through the login page", async () => {
    const machine = (await api<Row[]>('/api-manage/equipment/page?page=1&limit=1'))[0]!;
    const phone = await newContext(browser, server, { viewport: PHONE, lang: 'zh' });
    const p = await phone.newPage();
    await p.goto(`/equipment/ledger/detail/${machine.id}`);
    await p.waitForURL(/\/login\?redirect=/);
    await loginThroughForm(p, 'admin');
    await p.getByTestId('equipment-detail').waitFor({ timeout: 20_000 });
    expect(new URL(p.url()).pathname).toBe(`/equipment/ledger/detail/${machine.id}`);
    await p.getByTestId('equipment-detail').getByText(String(machine.code)).first().waitFor();
    await phone.close();
  });

  it("counts a workshop's machines by scanning their labels on a phone; closing it lists the missing ones", async () => {
    const shops = await api<Row[]>('/api-user/workShop/tree');
    const machines = await api<Row[]>(`/api-manage/equipment/all?workshopId=${shops[0]!.id}`);
    const phone = await newContext(browser, server, { viewport: PHONE, lang: 'zh', token });
    const p = await phone.newPage();
    await p.goto('/equipment/ledger/1');
    await waitForShell(p);
    await p.getByTestId('ledger-count').click();
    await p.getByTestId('count-page').waitFor();
    await p.getByTestId('count-add').click();
    const dialog = p.getByTestId('count-new');
    await dialog.getByTestId('count-name').fill('端到端盘点');
    await pickOption(p, dialog.locator('.ant-select').first(), String(shops[0]!.workshopname ?? shops[0]!.name));
    await dialog.locator('.ant-btn-primary').click();
    await expectToast(p, `已生成盘点单，应盘${machines.length}台`);
    const scan = p.getByTestId('count-scan');
    // The camera reads the label's QR: the record card's link.
    await scan.fill(`${server.url}/equipment/ledger/detail/${machines[0]!.id}`);
    await scan.press('Enter');
    await expectToast(p, /^已盘到/);
    await p.getByTestId('count-lines').getByText('已盘到').first().waitFor();
    const width = await p.evaluate(() => document.documentElement.scrollWidth);
    expect(Math.round(width)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(p, 'equipment-count-phone');
    await p.getByTestId('count-card-close').click();
    await confirmPop(p);
    await p.getByTestId('count-lines').getByText('盘亏').first().waitFor();
    await phone.close();
  });
});
