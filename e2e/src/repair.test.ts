import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  browserSuite,
  expectToast,
  holdBack,
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
 * The repair orders screen (/repair_admin/task/0): report a breakdown, walk it through its workflow from the
 * drawer's buttons, and see the state tabs, the list and the timeline follow.
 */

const PATH = '/repair_admin/task/0';
/** The shared machine can be slow: a refetch after an action may take a while. */
const SLOW = { timeout: 15_000 };
const table = (page: Page) => page.getByTestId('resource-table-maintaintask');
const rows = (page: Page) => table(page).locator('tbody tr.ant-table-row');
const drawer = (page: Page) => page.getByTestId('repair-drawer');
const dialog = (page: Page) => page.getByTestId('workflow-action-dialog').locator('.ant-modal');
/** A 1×1 PNG (the server checks the bytes of an upload). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const count = async (page: Page, state: string) =>
  Number(await page.getByTestId(`repair-count-${state}`).getAttribute('data-count'));

/** Runs an action from the drawer and waits for the order to reach `state`. */
async function act(page: Page, action: string, state: string, fill?: () => Promise<void>): Promise<void> {
  await drawer(page).getByTestId(`repair-action-${action}`).click();
  if (fill) {
    await dialog(page).waitFor();
    await fill();
    await page.getByTestId('workflow-action-submit').click();
    await dialog(page).waitFor({ state: 'detached' });
  }
  await expect.poll(() => drawer(page).getAttribute('data-state'), SLOW).toBe(state);
}

browserSuite('repair orders screen', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;
  let adminName: string;
  let code = '';

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    token = await server.token('admin');
    const info = await server.api<{ data: { peoplename: string } }>('GET', '/api-user/users/current', undefined, token);
    adminName = info.body.data.peoplename;
    expect(adminName).toBeTruthy();
    context = await newContext(browser, server, { token, lang: 'zh' });
    page = await context.newPage();
    await page.goto(PATH);
    await waitForShell(page);
    await table(page).waitFor();
    await page.getByTestId('repair-count-all').and(page.locator('[data-count]:not([data-count=""])')).waitFor();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('reports a breakdown: the new order is counted under 待派工 and listed', async () => {
    const before = { all: await count(page, 'all'), reported: await count(page, 'reported') };
    await page.getByTestId('repair-report').click();
    const form = page.getByTestId('repair-report-dialog');
    await pickOption(page, form.getByTestId('field-equipmentId'));
    await form.getByTestId('field-phenomenon').fill('主轴异响，端到端测试');
    await pickOption(page, form.getByTestId('field-urgency'), '紧急');
    await form.getByTestId('field-stopped').click();
    await page.getByTestId('repair-report-submit').click();
    await expectToast(page, '报修成功');
    await expect.poll(() => count(page, 'reported'), SLOW).toBe(before.reported + 1);
    await expect.poll(() => count(page, 'all'), SLOW).toBe(before.all + 1);

    const latest = await server.api<{ data: { code: string; state: string }[] }>(
      'GET',
      '/api-manage/maintaintask/page?page=1&limit=1',
      undefined,
      token,
    );
    code = latest.body.data[0]!.code;
    expect(code).toMatch(/^WX\d{8}-\d{4}$/);
    await page.getByTestId('repair-tab-reported').click();
    await rows(page).filter({ hasText: code }).waitFor();
    await rows(page).filter({ hasText: code }).getByText('待派工').waitFor();
  });

  it('dispatches, takes, starts and finishes it from the drawer; the acceptance approval then checks it', async () => {
    const before = { reported: await count(page, 'reported'), checked: await count(page, 'checked') };
    await rows(page).filter({ hasText: code }).getByTestId('row-open').click();
    await drawer(page).getByText(code).first().waitFor();
    expect(await drawer(page).getAttribute('data-state')).toBe('reported');
    // A reported order offers dispatch, accept and cancel, not the later steps.
    await drawer(page).getByTestId('repair-action-dispatch').waitFor();
    expect(await drawer(page).getByTestId('repair-action-finish').count()).toBe(0);

    // The members on shift now come first; anyone else is found by typing a name.
    await act(page, 'dispatch', 'dispatched', () =>
      pickOption(page, dialog(page).getByTestId('field-assigneeId'), adminName, true),
    );
    await drawer(page).getByTestId('repair-field-assigneeId').getByText(adminName).waitFor();
    await act(page, 'accept', 'accepted');
    await act(page, 'start', 'repairing');

    // Finishing needs the fault reason: the dialog refuses without it.
    await drawer(page).getByTestId('repair-action-finish').click();
    await page.getByTestId('workflow-action-submit').click();
    await dialog(page).locator('.ant-form-item-explain-error', { hasText: '故障原因' }).waitFor();
    await pickOption(page, dialog(page).getByTestId('field-faultReasonId'));
    await dialog(page).getByTestId('field-comment').fill('更换主轴轴承');
    await page.getByTestId('workflow-action-submit').click();
    await dialog(page).waitFor({ state: 'detached' });
    await expect.poll(() => drawer(page).getAttribute('data-state'), SLOW).toBe('finished');

    // The demo factory's repair flow is enabled: finishing started its approval, and the admin decides its node.
    await drawer(page).getByTestId('workflow-approval-pending').getByText('设备主管审批').waitFor();
    expect(await drawer(page).getByTestId('repair-action-check').count()).toBe(0);
    const timeline = drawer(page).getByTestId('repair-timeline');
    await expect
      .poll(
        async () =>
          timeline.locator('[data-action]').evaluateAll((els) => els.map((e) => e.getAttribute('data-action'))),
        SLOW,
      )
      .toEqual(['report', 'dispatch', 'accept', 'start', 'finish']);
    await timeline.getByText('更换主轴轴承').waitFor();
    await timeline.getByText('接单').first().waitFor();
    await screenshot(page, 'repair-drawer-finished');

    await drawer(page).getByTestId('workflow-approval-approve').click();
    await dialog(page).waitFor();
    await page.getByTestId('workflow-action-submit').click();
    await dialog(page).waitFor({ state: 'detached', ...SLOW });
    await expect.poll(() => drawer(page).getAttribute('data-state'), SLOW).toBe('checked');
    await expect.poll(() => drawer(page).getByTestId('workflow-approval-pending').count(), SLOW).toBe(0);
    await expect.poll(() => timeline.locator('[data-action]').count(), SLOW).toBeGreaterThan(5);
    await drawer(page).getByTestId('repair-field-faultReasonId').waitFor();

    await page.keyboard.press('Escape');
    await drawer(page).waitFor({ state: 'detached' });
    await expect.poll(() => count(page, 'reported'), SLOW).toBe(before.reported - 1);
    await expect.poll(() => count(page, 'checked'), SLOW).toBe(before.checked + 1);
    await page.getByTestId('repair-tab-all').click();
    await rows(page).filter({ hasText: code }).getByText('已验收').waitFor();
    await screenshot(page, 'repair-list-desktop');
  });

  it('opens an order from a message link (?id=)', async () => {
    const latest = await server.api<{ data: { id: number }[] }>(
      'GET',
      `/api-manage/maintaintask/page?page=1&limit=1&code=${code}`,
      undefined,
      token,
    );
    await page.goto(`${PATH}?id=${latest.body.data[0]!.id}`);
    await drawer(page).getByText(code).first().waitFor();
    expect(await drawer(page).getAttribute('data-state')).toBe('checked');
  });

  it('narrows the list and its counts to the orders assigned to me with 只看我的', async () => {
    // An order nobody has been given yet, beside the one above that was assigned to the admin.
    const machines = await server.api<{ data: { id: number }[] }>(
      'GET',
      '/api-manage/equipment/page?page=1&limit=1',
      undefined,
      token,
    );
    const reported = await server.api<{ rtnCode: number }>(
      'POST',
      '/api-manage/maintaintask/save',
      { equipmentId: machines.body.data[0]!.id, phenomenon: '冷却液泄漏', urgency: 'normal' },
      token,
    );
    expect(reported.body.rtnCode).toBe(200);
    await page.goto(PATH);
    await page.getByTestId('repair-count-all').and(page.locator('[data-count]:not([data-count=""])')).waitFor();
    const all = await count(page, 'all');
    const me = await server.api<{ data: { id: number } }>('GET', '/api-user/users/current', undefined, token);
    const mine = await server.api<{ count: number }>(
      'GET',
      `/api-manage/maintaintask/page?page=1&limit=1&assigneeId=${me.body.data.id}`,
      undefined,
      token,
    );
    // The admin can dispatch, so the page opens on every order; the order above was assigned to the admin.
    expect(await page.getByTestId('repair-mine').getAttribute('aria-checked')).toBe('false');
    expect(mine.body.count).toBeGreaterThan(0);
    expect(mine.body.count).toBeLessThan(all);
    await page.getByTestId('repair-mine').click();
    await expect.poll(() => count(page, 'all'), SLOW).toBe(mine.body.count);
    await rows(page).filter({ hasText: code }).waitFor();
    await page.getByTestId('repair-mine').click();
    await expect.poll(() => count(page, 'all'), SLOW).toBe(all);
  });

  it('recounts the tabs when another user reports (realtime push, no reload)', async () => {
    await page.goto(PATH);
    await page.getByTestId('repair-count-reported').and(page.locator('[data-count]:not([data-count=""])')).waitFor();
    const before = await count(page, 'reported');
    const machines = await server.api<{ data: { id: number }[] }>(
      'GET',
      '/api-manage/equipment/page?page=1&limit=1',
      undefined,
      token,
    );
    const reported = await server.api<{ rtnCode: number }>(
      'POST',
      '/api-manage/maintaintask/save',
      { equipmentId: machines.body.data[0]!.id, phenomenon: '漏油', urgency: 'normal' },
      token,
    );
    expect(reported.body.rtnCode).toBe(200);
    await expect.poll(() => count(page, 'reported'), SLOW).toBe(before + 1);
    await rows(page).getByText('漏油').first().waitFor();
  });

  it('shows the order codes on a 390 px phone, in English', async () => {
    const phone = await newContext(browser, server, { token, lang: 'en', viewport: PHONE });
    const p = await phone.newPage();
    await p.goto(PATH);
    await waitForShell(p);
    await p.getByTestId('repair-tab-all').getByText('All').waitFor();
    await p.getByTestId('repair-tab-reported').getByText('Reported').waitFor();
    // A phone lists the orders as cards.
    const card = table(p).getByTestId('list-card').filter({ hasText: code });
    const cell = card.getByText(code).first();
    await cell.waitFor();
    await cell.scrollIntoViewIfNeeded();
    // Readable: inside the screen and not under another column (pinned actions would cover it).
    const shown = await cell.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
      return r.x >= 0 && r.right <= window.innerWidth && !!hit && (el.contains(hit) || hit.contains(el));
    });
    expect(shown).toBe(true);
    await screenshot(p, 'repair-list-phone');
    await card.getByTestId('row-menu').click();
    await p.getByTestId('row-menu-items').getByTestId('row-open').click();
    await drawer(p).getByTestId('repair-timeline').locator('[data-action]').first().waitFor();
    const width = await p
      .locator('.ant-drawer-content-wrapper')
      .last()
      .evaluate((el) => el.getBoundingClientRect().width);
    // Sub-pixel layout may report 390.00003 for a drawer that fills the screen.
    expect(Math.round(width)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(p, 'repair-drawer-phone');
    await phone.close();
  });

  it('keeps the checked order as experience and finds it by searching the experience base', async () => {
    const found = await server.api<{ data: { id: number }[] }>(
      'GET',
      `/api-manage/maintaintask/page?page=1&limit=1&code=${code}`,
      undefined,
      token,
    );
    // Kept from the drawer of the checked order; its suggestions then name the new entry.
    await page.goto(`${PATH}?id=${found.body.data[0]!.id}`);
    await drawer(page).getByText(code).first().waitFor(SLOW);
    await drawer(page).getByTestId('repair-keep').click();
    await expectToast(page, '已存入经验库');
    await drawer(page).getByTestId('repair-suggestion').filter({ hasText: '主轴异响' }).first().waitFor(SLOW);
    await page.goto('/experience/index');
    await waitForShell(page);
    const search = page.getByTestId('experience-search');
    await search.locator('input').fill('主轴异响');
    await search.locator('input').press('Enter');
    const hit = page.getByTestId('experience-hit').filter({ hasText: '主轴异响' }).first();
    await hit.waitFor(SLOW);
    // A text the base does not know finds nothing.
    await search.locator('input').fill('qzxvjw');
    await search.locator('input').press('Enter');
    await page.locator('.experience-hits .ant-empty').waitFor(SLOW);
    await search.locator('input').fill('主轴异响');
    await search.locator('input').press('Enter');
    await hit.click();
    const detail = page.getByTestId('experience-detail');
    await detail.waitFor(SLOW);
    await detail.getByTestId('experience-field-phenomenon').getByText('主轴异响').waitFor();
    await detail.getByTestId('experience-edit').waitFor();
    await screenshot(page, 'experience-detail');
  });

  it('takes a breakdown report from the public link on a 390 px phone without logging in', async () => {
    const machines = await server.api<{ data: { id: number; code: string }[] }>(
      'GET',
      '/api-manage/equipment/page?page=1&limit=1',
      undefined,
      token,
    );
    const machine = machines.body.data[0]!;
    const link = await server.api<{ data: { token: string; url: string } }>(
      'POST',
      '/api-manage/equipment/reportLink',
      { id: machine.id },
      token,
    );
    expect(link.body.data.url).toBe(`/report/${link.body.data.token}`);
    const phone = await newContext(browser, server, { lang: 'en', viewport: PHONE });
    const p = await phone.newPage();
    await p.goto(link.body.data.url);
    await p.getByTestId('public-report-machine').getByText(machine.code).waitFor(SLOW);
    expect(new URL(p.url()).pathname).toBe(link.body.data.url);
    // The open order reported earlier on this machine is listed, so nobody reports it twice.
    await p.getByTestId('public-report-orders').getByText('漏油').waitFor();
    // The phenomenon is required.
    await p.getByTestId('public-report-submit').click();
    await p.getByText('Please describe the fault').waitFor();
    await p.getByTestId('public-report-phenomenon').fill('Conveyor belt torn, e2e');
    await p.getByTestId('public-report-stopped').click();
    await p.getByTestId('public-report-name').fill('Night shift');
    await p.getByTestId('public-report-photo').setInputFiles({ name: 'belt.png', mimeType: 'image/png', buffer: PNG });
    await p.locator('.public-report-photos').getByText('belt.png').waitFor(SLOW);
    const overflow = await p.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await screenshot(p, 'public-report-phone');
    await p.getByTestId('public-report-submit').click();
    const shown = p.getByTestId('public-report-code');
    await shown.waitFor(SLOW);
    const reported = (await shown.textContent()) ?? '';
    expect(reported).toMatch(/^WX\d{8}-\d{4}$/);
    const saved = await server.api<{ data: { phenomenon: string; stopped: boolean; reportedBy: string }[] }>(
      'GET',
      `/api-manage/maintaintask/page?page=1&limit=1&code=${reported}`,
      undefined,
      token,
    );
    expect(saved.body.data[0]).toMatchObject({ phenomenon: 'Conveyor belt torn, e2e', stopped: true });
    expect((saved.body.data[0] as unknown as { pictures: unknown[] }).pictures).toHaveLength(1);

    // A revoked link shows the unknown-link screen.
    await server.api('POST', '/api-manage/equipment/reportLink/revoke', { id: machine.id }, token);
    await p.goto(link.body.data.url);
    await p.getByTestId('public-report-unknown').waitFor(SLOW);
    await phone.close();
  });

  it('shows the board, the printed work order and the machine record card with its orders', async () => {
    const found = await server.api<{ data: { id: number; equipmentId: number }[] }>(
      'GET',
      `/api-manage/maintaintask/page?page=1&limit=1&code=${code}`,
      undefined,
      token,
    );
    const order = found.body.data[0]!;
    const board = await server.api<{ data: { total: number }[] }>(
      'GET',
      '/api-manage/maintaintask/board',
      undefined,
      token,
    );
    const open = board.body.data.reduce((n, w) => n + w.total, 0);
    expect(open).toBeGreaterThan(0);
    await page.goto(PATH);
    await waitForShell(page);
    await page.getByTestId('repair-view-board').click();
    await page.getByTestId('repair-board-workshop').first().waitFor(SLOW);
    const shown = await page
      .getByTestId('repair-board-workshop')
      .evaluateAll((els) => els.reduce((n, el) => n + Number(el.getAttribute('data-total')), 0));
    expect(shown).toBe(open);
    await screenshot(page, 'repair-board');
    // Another report reaches the open board through the socket push.
    await server.api(
      'POST',
      '/api-manage/maintaintask/save',
      { equipmentId: order.equipmentId, phenomenon: '皮带跑偏', urgency: 'normal' },
      token,
    );
    await expect
      .poll(
        () =>
          page
            .getByTestId('repair-board-workshop')
            .evaluateAll((els) => els.reduce((n, el) => n + Number(el.getAttribute('data-total')), 0)),
        SLOW,
      )
      .toBe(open + 1);

    await page.goto(`/repairtemplate?id=${order.id}`);
    const sheet = page.getByTestId('print-sheet');
    await sheet.getByTestId('print-code').getByText(code).waitFor(SLOW);
    await sheet.locator('img.print-qr').waitFor();
    await sheet.getByText('设备维修单').waitFor();
    await screenshot(page, 'repair-print');

    await page.goto(`/equipment/ledger/detail/${order.equipmentId}`);
    await waitForShell(page);
    await page.getByTestId('equipment-orders').getByTestId('equipment-order').getByText(code).click();
    await drawer(page).getByText(code).first().waitFor(SLOW);
  });

  it('saves the repair settings', async () => {
    // While the settings are on their way the form waits: what is typed then would be overwritten when they come.
    const release = await holdBack(page, '**/api-manage/maintaintask/setting/all*');
    const meta = page.waitForResponse('**/api-manage/meta/repairsetting*');
    await page.goto('/setUp/repair');
    await waitForShell(page);
    const form = page.getByTestId('repair-settings');
    const input = (name: string) =>
      form.locator(`input[data-testid=field-${name}], [data-testid=field-${name}] input`).first();
    const rate = input('hourlyRate');
    await meta;
    await form.locator('.resource-loading').waitFor();
    expect(await rate.count()).toBe(0);
    await release();
    await rate.waitFor(SLOW);
    await rate.fill('88.5');
    await input('responseUrgent').fill('12');
    await page.getByTestId('repair-settings-save').click();
    await expectToast(page, '保存成功');
    const all = await server.api<{ data: { hourlyRate: string; responseUrgent: number }[] }>(
      'GET',
      '/api-manage/maintaintask/setting/all',
      undefined,
      token,
    );
    expect(all.body.data).toHaveLength(1);
    expect(Number(all.body.data[0]!.hourlyRate)).toBe(88.5);
    expect(all.body.data[0]!.responseUrgent).toBe(12);
  });

  it('lists the approval waiting for me on the workboard and opens its order', async () => {
    const get = async <T>(path: string) =>
      (await server.api<{ data: T; count?: number }>('GET', path, undefined, token)).body;
    const post = (path: string, body: unknown) => server.api<{ rtnCode: number }>('POST', path, body, token);
    const me = (await get<{ id: number }>('/api-user/users/current')).data;
    const meta = (
      await get<{ workflow: { actions: { name: string; url: string }[] } }>('/api-manage/meta/maintaintask')
    ).data;
    const url = (name: string) => meta.workflow.actions.find((a) => a.name === name)!.url;
    const machine = (await get<{ id: number }[]>('/api-manage/equipment/page?page=1&limit=1')).data[0]!;
    const reason = (await get<{ id: number }[]>('/api-manage/equipmentcategory/faultreason/page?page=1&limit=1'))
      .data[0]!;
    await post('/api-manage/maintaintask/save', { equipmentId: machine.id, phenomenon: '气缸卡滞', urgency: 'high' });
    const order = (await get<{ id: number; code: string }[]>('/api-manage/maintaintask/page?page=1&limit=1')).data[0]!;
    for (const [action, body] of [
      ['dispatch', { assigneeId: me.id }],
      ['accept', {}],
      ['start', {}],
      ['finish', { faultReasonId: reason.id }],
    ] as const)
      expect((await post(url(action), { id: order.id, ...body })).body.rtnCode).toBe(200);
    const mine = await get<unknown[]>('/api-flow/approval/mine?page=1&limit=5');
    expect(mine.count).toBeGreaterThan(0);

    await page.goto('/workboard');
    await waitForShell(page);
    const card = page.getByTestId('workboard-approvals');
    await expect
      .poll(() => card.getByTestId('workboard-approvals-count').getAttribute('data-count'), SLOW)
      .toBe(String(mine.count));
    await card.getByTestId('workboard-approval').filter({ hasText: order.code }).click();
    await drawer(page).getByTestId('workflow-approval-pending').waitFor(SLOW);
    await drawer(page).getByText(order.code).first().waitFor();
  });

  it('imports a past order from the history template; it opens accepted, numbered on its own day', async () => {
    type Row = Record<string, unknown>;
    const get = async (url: string) => (await server.api<{ data: Row[] }>('GET', url, undefined, token)).body.data;
    const [machine] = await get('/api-manage/equipment/page?page=1&limit=1');
    const [reason] = await get(`/api-manage/equipmentcategory/faultreason/all?categoryId=${machine!.categoryId}`);
    await page.goto(PATH);
    await waitForShell(page);
    await page.getByTestId('repair-history').click();
    const dialog = page.getByTestId('import-dialog');
    expect(await dialog.getByTestId('import-template').getAttribute('href')).toContain('maintaintask/historyTemplate');
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('data');
    ws.addRow(['设备*', '故障现象*', '紧急程度', '是否停机', '报修时间*', '开始维修时间', '完成时间*', '故障原因*']);
    ws.addRow([
      machine!.code,
      '主轴异响',
      '高',
      '是',
      '2025-03-01 08:30',
      '2025-03-01 09:00',
      '2025-03-01 11:15',
      reason!.name,
    ]);
    const file = Buffer.from(await wb.xlsx.writeBuffer());
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'history.xlsx', mimeType: 'application/octet-stream', buffer: file });
    await expectToast(page, '成功导入1条数据');
    const [order] = await get('/api-manage/maintaintask/page?page=1&limit=1&code=WX20250301-');
    await page.goto(`${PATH}?id=${order!.id}`);
    await drawer(page).getByText(String(order!.code)).first().waitFor(SLOW);
    expect(await drawer(page).getAttribute('data-state')).toBe('checked');
  });

  it('asked for no missing translations', () => {
    expect(missingTranslations).toEqual([]);
  });
});
