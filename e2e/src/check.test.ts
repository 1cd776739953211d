import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  browserSuite,
  expectToast,
  launchBrowser,
  missingTranslations,
  newContext,
  openFromUserMenu,
  PHONE,
  screenshot,
  startServer,
  type TestServer,
  waitForShell,
} from './harness.js';

/*
 * Spot checks end to end: an item made on the items page, a scheme and a plan, the plan previewed and switched
 * on, its tasks made; then on a 390 px phone the task is done with one abnormal reading, which raises a repair
 * order shown on the item.
 */

const SLOW = { timeout: 15_000 };
type Row = Record<string, unknown>;

async function choose(page: Page, select: ReturnType<Page['locator']>, option: string): Promise<void> {
  await select.click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

browserSuite('patrol, spot check and maintenance', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;
  let adminId: number;
  let plan: Row;
  let machine: Row;

  const api = async <T = Row>(method: 'GET' | 'POST', url: string, body?: unknown) => {
    const r = await server.api<{ rtnCode: number; msg: string; data: T }>(method, url, body, token);
    expect(r.body.rtnCode, `${url}: ${r.body.msg}`).toBe(200);
    return r.body.data;
  };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    token = await server.token('admin');
    adminId = Number((await api<Row>('GET', '/api-user/users/current')).id);
    machine = (await api<Row[]>('GET', '/api-manage/equipment/page?page=1&limit=1'))[0]!;
    context = await newContext(browser, server, { token, lang: 'zh' });
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('makes an item on the items page, then a scheme and a plan that is previewed and switched on', async () => {
    await page.goto('/check/spotcheck/2');
    await waitForShell(page);
    await page.getByTestId('resource-table-checkproject').waitFor();
    await page.getByTestId('resource-add').click();
    const form = page.getByTestId('resource-form');
    await form.getByTestId('field-code').fill('E2E-T');
    await form.getByTestId('field-name').fill('轴承温度');
    await choose(page, form.getByTestId('field-answerType'), '数值');
    await form.getByTestId('field-unit').fill('°C');
    await form.getByTestId('field-lowerLimit').fill('0');
    await form.getByTestId('field-upperLimit').fill('80');
    await page.getByTestId('resource-form-save').click();
    await expectToast(page, '保存成功');
    await page.getByTestId('resource-table-checkproject').getByText('E2E-T').waitFor();

    const project = (await api<Row[]>('GET', '/api-manage/checkproject/page?code=E2E-T'))[0]!;
    expect(project.kind).toBe(2);
    const scheme = await api('POST', '/api-manage/checkscheme/save', { kind: 2, code: 'E2E-S', name: '端到端方案' });
    await api('POST', '/api-manage/checkschemedtl/save', { schemeId: scheme.id, projectId: project.id });
    plan = await api('POST', '/api-manage/checkplan/save', {
      kind: 2,
      code: 'E2E-P',
      name: '端到端计划',
      schemeId: scheme.id,
      cycle: 'day',
      startDate: new Date().toISOString().slice(0, 10),
      dueTime: '00:00',
      assigneeId: adminId,
    });
    await api('POST', '/api-manage/checkplan/machine/save', { planId: plan.id, equipmentId: machine.id });

    await page.goto('/check/spotcheckPlan/2');
    const row = page.getByTestId('resource-table-checkplan').locator('tr', { hasText: 'E2E-P' });
    await row.getByTestId('plan-preview').click();
    await page.getByTestId('check-preview').waitFor();
    await page.getByText('未来56天将生成').waitFor(SLOW);
    await screenshot(page, 'check-plan-preview');

    await page.goto('/check/spotcheckPlan/2');
    await row.getByTestId('plan-enable').click();
    await expectToast(page, /启用/);
    await row.getByTestId('plan-generate').click();
    await expectToast(page, /任务/);
  });

  it('does the task on a 390 px phone: an abnormal reading turns red and raises a repair order', async () => {
    const phone = await newContext(browser, server, { token, lang: 'en', viewport: PHONE });
    const p = await phone.newPage();
    await p.goto('/check/task/2');
    await waitForShell(p);
    const card = p
      .getByTestId('check-mine')
      .locator('.ant-card', { hasText: String(machine.name) })
      .first();
    await card.waitFor(SLOW);
    await card.click();
    const drawer = p.locator('.ant-drawer-content-wrapper').last();
    await p.getByTestId('check-answer-number').first().waitFor();
    const width = await drawer.evaluate((el) => el.getBoundingClientRect().width);
    expect(Math.round(width)).toBeLessThanOrEqual(390);

    const input = p
      .locator('input[data-testid="check-answer-number"], [data-testid="check-answer-number"] input')
      .first();
    await input.fill('95.5');
    await input.press('Enter');
    const item = p.locator('[data-abnormal]').first();
    await expect.poll(() => item.getAttribute('data-abnormal'), SLOW).toBe('true');
    await screenshot(p, 'check-task-phone-abnormal');

    await p.getByTestId('check-action-finish').click();
    await expect.poll(() => p.getByTestId('check-task-state').getAttribute('data-state'), SLOW).toBe('done');
    await p.getByTestId('check-task-state').getByText('Done').waitFor();
    await item.locator('.check-item-repair').waitFor(SLOW);
    const order = await api<Row[]>(`GET`, '/api-manage/maintaintask/page?source=check&limit=5');
    expect(order.some((o) => o.equipmentId === machine.id && String(o.phenomenon).includes('95.5'))).toBe(true);
    await screenshot(p, 'check-task-phone-done');
    const overflow = await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await phone.close();
  });

  it('keeps answers on a phone without network and sends each once when it returns', async () => {
    const other = (await api<Row[]>('GET', '/api-manage/equipment/page?page=1&limit=5')).at(-1)!;
    const scheme = await api('POST', '/api-manage/checkscheme/save', { kind: 2, code: 'E2E-OFF', name: '离线方案' });
    const oil = await api('POST', '/api-manage/checkproject/save', {
      kind: 2,
      code: 'E2E-OFF-1',
      name: '液压油位',
      answerType: 'passfail',
    });
    await api('POST', '/api-manage/checkschemedtl/save', { schemeId: scheme.id, projectId: oil.id });
    const offline = await api('POST', '/api-manage/checkplan/save', {
      kind: 2,
      code: 'E2E-OFFP',
      name: '离线计划',
      schemeId: scheme.id,
      cycle: 'day',
      startDate: new Date().toISOString().slice(0, 10),
      dueTime: '00:00',
      assigneeId: adminId,
    });
    await api('POST', '/api-manage/checkplan/machine/save', { planId: offline.id, equipmentId: other.id });
    await api('POST', '/api-manage/checkplan/enable', { id: offline.id });
    await api('POST', '/api-manage/checkplan/generate', { id: offline.id });

    const phone = await newContext(browser, server, { token, lang: 'zh', viewport: PHONE });
    const p = await phone.newPage();
    let delivered = 0;
    p.on('requestfinished', (r) => {
      if (r.url().includes('/checktaskdtl/answer')) delivered++;
    });
    await p.goto('/check/task/2');
    await waitForShell(p);
    await p
      .getByTestId('check-mine')
      .locator('.ant-card', { hasText: String(other.name) })
      .first()
      .click(SLOW);
    await p.getByTestId('check-answer-pass').first().waitFor(SLOW);

    await phone.setOffline(true);
    await p.getByTestId('check-answer-fail').first().click();
    await p.getByTestId('check-answer-pass').first().click();
    await p.getByTestId('check-kept').waitFor(SLOW);
    // Not started on the server yet: no finish to offer until the kept answer is in.
    expect(await p.getByTestId('check-action-finish').count()).toBe(0);
    await screenshot(p, 'check-task-phone-offline');
    expect(delivered).toBe(0);

    await phone.setOffline(false);
    await p.getByTestId('check-kept').waitFor({ state: 'detached', timeout: 30_000 });
    const opened = Number(new URL(p.url()).searchParams.get('id'));
    const detail = await api<Row & { details: Row[] }>('GET', `/api-manage/checktask/get?id=${opened}`);
    expect(detail.planId).toBe(offline.id);
    expect(detail.details[0]).toMatchObject({ answer: 'pass', abnormal: false });
    expect(delivered).toBe(1);
    await expect.poll(() => p.getByTestId('check-action-finish').isDisabled()).toBe(false);
    await phone.close();
  });

  it('lists every reading of the kind and exports them as spot-check task details (spec 3.1 ywlx 3)', async () => {
    await page.goto('/check/task/2');
    await waitForShell(page);
    const listed = page.waitForResponse((r) => r.url().includes('/api-manage/checktaskdtl/page'));
    await page.getByTestId('check-view-details').click();
    const count = Number(((await (await listed).json()) as { count: number }).count);
    expect(count).toBeGreaterThan(0);
    const table = page.getByTestId('resource-table-checktaskdtl');
    await table.locator('tr', { hasText: '95.5' }).first().waitFor(SLOW);
    const headers = (await table.locator('thead th').allInnerTexts()).map((h) => h.trim()).filter(Boolean);
    await page.getByTestId('resource-export').click();
    await openFromUserMenu(page, 'menu-downloads');
    const entry = page.getByTestId('downloads-dialog').locator('tr', { hasText: '点检任务明细' }).first();
    const link = entry.getByTestId('download-link');
    await link.waitFor({ timeout: 20_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(await download.path());
    const ws = wb.worksheets[0]!;
    const cells = (r: number) =>
      (ws.getRow(r).values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)));
    // The sheet has the list's columns in the same language, one row per reading of the list, the 95.5 among them.
    const sheetHeaders = cells(1);
    for (const h of headers.filter((x) => !['操作', '#'].includes(x))) expect(sheetHeaders).toContain(h);
    expect(ws.rowCount - 1).toBe(count);
    const rows = Array.from({ length: count }, (_, i) => cells(i + 2));
    expect(rows.some((r) => r.some((v) => v === '95.5'))).toBe(true);
    expect(rows.every((r) => r.some((v) => v !== ''))).toBe(true);
    await page.keyboard.press('Escape');
  });

  it("adds a template's items and a scheme of them from the items page, naming a code in use", async () => {
    await page.goto('/check/spotcheck/2');
    await waitForShell(page);
    await page.getByTestId('template-apply').click();
    await choose(page, page.getByTestId('template-pick'), 'MB-2');
    await expect.poll(() => page.getByTestId('template-code').inputValue()).toBe('MB-2');
    await page.getByTestId('template-code').fill('E2E-MB');
    await page.getByTestId('template-apply-ok').click();
    await expectToast(page, /已按模板创建4个项目和一个方案/);
    await page.getByTestId('resource-table-checkproject').getByText('E2E-MB-01').waitFor(SLOW);
    const scheme = (await api<Row[]>('GET', '/api-manage/checkscheme/page?code=E2E-MB'))[0]!;
    expect(scheme).toMatchObject({ kind: 2, name: '设备点检模板' });

    // The same code again: the dialog stays open and says which code is taken.
    await page.getByTestId('template-apply').click();
    await choose(page, page.getByTestId('template-pick'), 'MB-2');
    await page.getByTestId('template-code').fill('E2E-MB');
    await page.getByTestId('template-apply-ok').click();
    await page.locator('.ant-modal .ant-form-item-explain-error').first().waitFor(SLOW);
    await screenshot(page, 'check-template-clash');
    await page.keyboard.press('Escape');
  });

  it('keeps check routes on the plan page, and a route task on a phone walks its machines stop by stop', async () => {
    const [first, second] = await api<Row[]>('GET', '/api-manage/equipment/page?page=1&limit=2');
    const scheme = (await api<Row[]>('GET', '/api-manage/checkscheme/page?code=FA-1'))[0]!;
    const line = await api('POST', '/api-manage/checkline/save', { kind: 1, code: 'E2E-LX', name: 'E2E路线' });
    for (const [i, m] of [second!, first!].entries())
      await api('POST', '/api-manage/checkline/stop/save', { lineId: line.id, equipmentId: m.id, sort: i });
    const routePlan = await api('POST', '/api-manage/checkplan/save', {
      kind: 1,
      code: 'E2E-XL',
      name: 'E2E路线计划',
      schemeId: scheme.id,
      lineId: line.id,
      cycle: 'day',
      startDate: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10),
      assigneeId: adminId,
    });
    await api('POST', '/api-manage/checkplan/enable', { id: routePlan.id });
    await api('POST', '/api-manage/checkplan/generate', { id: routePlan.id });

    await page.goto('/patrol/plan');
    await waitForShell(page);
    await page.getByTestId('route-manage').click();
    await page.getByTestId('route-drawer').getByText('E2E-LX').waitFor(SLOW);
    await screenshot(page, 'check-routes');
    await page.keyboard.press('Escape');

    const phone = await newContext(browser, server, { token, lang: 'zh', viewport: PHONE });
    const p = await phone.newPage();
    await p.goto('/patrol/task/1');
    await waitForShell(p);
    await p.getByTestId('check-mine').locator('.ant-card', { hasText: 'E2E路线' }).first().click(SLOW);
    const stops = p.getByTestId('check-stop');
    await stops.first().waitFor(SLOW);
    expect(await stops.allTextContents()).toEqual([
      `第1站 · ${String(second!.name)}`,
      `第2站 · ${String(first!.name)}`,
    ]);
    // Nothing but the stops' headings between the items (no stray text).
    const between = await p
      .locator('.check-items')
      .evaluate((el) => [...el.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).length);
    expect(between).toBe(0);
    await screenshot(p, 'check-route-task-phone');
    await phone.close();
  });

  it('keeps metrology plans on the maintenance plan page and records a calibration on the task page', async () => {
    await page.goto('/maintain/plan/3');
    await waitForShell(page);
    await page.getByTestId('metrology-manage').click();
    await page.getByTestId('metrology-drawer').getByText('JL-1').waitFor(SLOW);
    await screenshot(page, 'check-metrology-plans');
    await page.keyboard.press('Escape');

    await page.goto('/maintain/task/2?view=metrology');
    await waitForShell(page);
    const row = page.getByTestId('resource-table-mesurtask').locator('tr', { hasText: '出口压力表年度检定' });
    await row.getByTestId('mesurtask-finish').click(SLOW);
    const dialog = page.getByTestId('workflow-action-dialog');
    await dialog.getByTestId('field-calibratedAt').click();
    await page.keyboard.type('2026-11-20');
    await page.keyboard.press('Enter');
    await choose(page, dialog.getByTestId('field-result'), '合格');
    await dialog.getByTestId('field-certificateNo').fill('JD-E2E-1');
    await page.getByTestId('workflow-action-submit').click();
    await expectToast(page, /登记检定结果/);
    const plan = (await api<Row[]>('GET', '/api-manage/mesurplan/page?code=JL-1'))[0]!;
    expect(plan).toMatchObject({ lastCalibratedAt: '2026-11-20', nextDue: '2027-11-20' });
    await screenshot(page, 'check-metrology-tasks');
  });

  it("records a maintenance task's outside maintenance in its drawer and shows the sum", async () => {
    const project = await api('POST', '/api-manage/checkproject/save', {
      kind: 3,
      code: 'E2E-BY',
      name: '润滑',
      answerType: 'text',
    });
    const scheme = await api('POST', '/api-manage/checkscheme/save', { kind: 3, code: 'E2E-BYS', name: '润滑保养' });
    await api('POST', '/api-manage/checkschemedtl/save', { schemeId: scheme.id, projectId: project.id });
    const byPlan = await api('POST', '/api-manage/checkplan/save', {
      kind: 3,
      code: 'E2E-BYP',
      name: '润滑计划',
      schemeId: scheme.id,
      cycle: 'day',
      startDate: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10),
    });
    await api('POST', '/api-manage/checkplan/machine/save', { planId: byPlan.id, equipmentId: machine.id });
    await api('POST', '/api-manage/checkplan/enable', { id: byPlan.id });
    await api('POST', '/api-manage/checkplan/generate', { id: byPlan.id });
    const task = (await api<Row[]>('GET', `/api-manage/checktask/page?planId=${byPlan.id}&limit=1`))[0]!;

    await page.goto(`/maintain/task/2?id=${task.id}`);
    await waitForShell(page);
    const lines = page.getByTestId('check-task-lines');
    await lines.getByTestId('child-tab-checktaskexternal').click(SLOW);
    await lines.getByTestId('resource-add').last().click();
    const form = page.getByTestId('resource-form').last();
    await form.getByTestId('field-vendor').fill('厂家服务站');
    await form.getByTestId('field-cost').fill('300');
    await page.getByTestId('resource-form-save').last().click();
    await expectToast(page, '保存成功');
    await lines.getByText('厂家服务站').waitFor(SLOW);
    await lines.getByTestId('check-costs-refresh').click();
    await expect.poll(() => page.getByTestId('check-costs').textContent(), SLOW).toContain('300.00');
    await screenshot(page, 'check-maintenance-lines');
    // Issuing parts from the task: the stock issue opens with the task named (reason 保养任务).
    await lines.getByTestId('check-issue-parts').click();
    const doc = page.getByTestId('spare-doc-form');
    await doc.getByTestId('field-checkTaskId').getByText(String(task.code)).waitFor(SLOW);
    await screenshot(page, 'check-maintenance-issue');
  });

  it('asked for no missing translations', () => {
    expect(missingTranslations).toEqual([]);
  });
});
