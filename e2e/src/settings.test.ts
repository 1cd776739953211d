import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  browserSuite,
  expectToast,
  holdBack,
  launchBrowser,
  missingTranslations,
  newContext,
  pickOption,
  screenshot,
  startServer,
  type TestServer,
  waitForShell,
} from './harness.js';

/*
 * System settings in the browser: work groups, warehouses and scheduling (shifts, cycles, the month grid).
 */

const drawer = (page: Page) => page.getByTestId('resource-form');
const rowsOf = (page: Page, entity: string) =>
  page.getByTestId(`resource-table-${entity}`).first().locator('tbody tr.ant-table-row');

async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForShell(page);
}

/** Types into a searchable multi-select, picks the first match and closes the list by clicking `away`. */
async function chooseMany(page: Page, select: Locator, text: string, away: Locator): Promise<void> {
  await select.click();
  await select.locator('input').fill(text);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first().click();
  await away.click();
  await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
}

async function searchBy(page: Page, field: string, value: string): Promise<void> {
  const search = page.getByTestId('resource-search').first();
  await search.getByTestId(`field-${field}`).fill(value);
  await page.getByTestId('resource-search-submit').first().click();
}

browserSuite('system settings: team, warehouse and scheduling', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;

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

  it('lists the demo work groups with their lines and members, and creates a work group', async () => {
    await open(page, '/setUp/team');
    const groups = page.getByTestId('resource-table-workgroup');
    await groups.getByText('机加一班').waitFor();
    await groups.locator('.ant-table-row-expand-icon').first().click();
    await page.getByTestId('resource-table-workgroupline').getByText('车削线').waitFor();
    await page.getByTestId('child-tab-workgroupmember').click();
    await page.getByTestId('resource-table-workgroupmember').getByText('张伟').waitFor();
    await screenshot(page, 'settings-team');

    await page.getByTestId('resource-add').first().click();
    await drawer(page).getByTestId('field-code').fill('E2E-TG');
    await drawer(page).getByTestId('field-name').fill('端到端班组');
    await page.getByTestId('resource-form-save').click();
    await expectToast(page, '保存成功');
    await searchBy(page, 'code', 'E2E-TG');
    await expect.poll(() => rowsOf(page, 'workgroup').count()).toBe(1);
    await rowsOf(page, 'workgroup').first().getByText('端到端班组').waitFor();
  });

  it('lists the demo warehouse, creates one and disables it with the enable button', async () => {
    await open(page, '/setUp/warehouse');
    const table = page.getByTestId('resource-table-warehouse');
    await table.getByText('备件仓库').waitFor();
    await page.getByTestId('resource-add').first().click();
    await drawer(page).getByTestId('field-code').fill('E2E-WH');
    await drawer(page).getByTestId('field-name').fill('端到端仓库');
    await page.getByTestId('resource-form-save').click();
    await expectToast(page, '保存成功');
    await searchBy(page, 'code', 'E2E-WH');
    await expect.poll(() => rowsOf(page, 'warehouse').count()).toBe(1);
    const row = rowsOf(page, 'warehouse').first();
    await row.getByText('端到端仓库').waitFor();
    await row.getByTestId('row-switch-state').click();
    await page.locator('.ant-popconfirm:visible .ant-btn-primary').click();
    await expectToast(page, '状态已更新');
    await row.getByText('停用').first().waitFor();
    await screenshot(page, 'settings-warehouse');
  });

  it('creates a shift and a cycle, applies the cycle to a work group and shows it in the month grid', async () => {
    await open(page, '/setUp/scheduling');
    const shifts = page.getByTestId('resource-table-shift');
    await shifts.getByText('早班').waitFor();
    await page.getByTestId('resource-add').first().click();
    await drawer(page).getByTestId('field-code').fill('E2E-S');
    await drawer(page).getByTestId('field-name').fill('测试班');
    await drawer(page).getByTestId('field-startTime').fill('22:00');
    await drawer(page).getByTestId('field-endTime').fill('06:00');
    await page.getByTestId('resource-form-save').click();
    await expectToast(page, '保存成功');
    await shifts.getByText('测试班').waitFor();

    await page.getByRole('tab', { name: '倒班周期' }).click();
    await page.getByTestId('cycle-table').getByText('四班三倒').waitFor();
    await page.getByTestId('cycle-add').click();
    const dialog = page.getByTestId('cycle-dialog');
    await dialog.getByTestId('cycle-name').fill('端到端周期');
    await dialog.getByTestId('cycle-add-day').click();
    await dialog.getByTestId('cycle-day-1').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '休息' }).click();
    await page.getByTestId('cycle-save').click();
    await expectToast(page, '保存成功');
    await page.getByTestId('cycle-table').getByText('端到端周期').waitFor();

    await page.getByRole('tab', { name: '人员排班' }).click();
    const grid = page.getByTestId('member-grid-table');
    await page.getByTestId('grid-workgroup').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '机加一班' }).click();
    await grid.getByText('张伟').waitFor();
    await page.getByTestId('grid-apply').click();
    const apply = page.getByTestId('apply-dialog');
    await apply.getByTestId('apply-cycle').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '端到端周期' }).click();
    await page.getByTestId('apply-save').click();
    await expectToast(page, /已为3人生成\d+个班次/);
    await apply.waitFor({ state: 'detached' });
    // The new cycle starts with the demo's first shift (夜班 00:00) and rests every second day.
    await expect
      .poll(() => grid.locator('tbody tr.ant-table-row').first().getByText('休', { exact: true }).count())
      .toBeGreaterThan(10);
    await screenshot(page, 'settings-scheduling');
    expect(missingTranslations.filter((m) => m.includes('workforce'))).toEqual([]);
  });

  it('shows message types, app versions and approval flows with their steps', async () => {
    await open(page, '/setUp/message');
    await page.getByTestId('resource-table-msgtype').getByText('报修通知').waitFor();
    await open(page, '/setUp/appversion');
    await page.getByTestId('resource-table-appinfo').waitFor();
    await open(page, '/setUp/process');
    const flows = page.getByTestId('resource-table-actflow');
    await flows.getByText('维修审批').waitFor();
    await flows.locator('.ant-table-row-expand-icon').first().click();
    await page.locator('[data-testid^="flow-steps-"]').getByText('班组长审批', { exact: true }).waitFor();
    await screenshot(page, 'settings-process');
    expect(missingTranslations).toEqual([]);
  });

  it('designs a flow with a user step and a role step, shows their names when reopened and previews the approvers', async () => {
    const role = await server.api<{ data: { id: number } }>(
      'POST',
      '/api-user/role/save',
      { name: 'E2E审批角色' },
      token,
    );
    const li = await server.api<{ data: { id: number }[] }>(
      'GET',
      `/api-user/users/all?peoplename=${encodeURIComponent('李强')}`,
      undefined,
      token,
    );
    await server.api(
      'POST',
      '/api-user/users/setRoleToOrgAndUser',
      { roleId: role.body.data.id, userIds: [li.body.data[0]!.id] },
      token,
    );

    await open(page, '/setUp/process');
    await page.getByTestId('resource-add').click();
    await drawer(page).getByTestId('field-code').fill('E2E-FLOW');
    await drawer(page).getByTestId('field-name').fill('端到端审批');
    await page.getByTestId('resource-form-save').click();
    await expectToast(page, '保存成功');
    const flow = rowsOf(page, 'actflow').filter({ hasText: '端到端审批' });

    const dialog = page.getByTestId('flow-steps-dialog');
    const step = (i: number) => dialog.getByTestId(`flow-step-${i}`);
    await flow.getByTestId('row-design').click();
    await dialog.getByText('还没有审批步骤').waitFor();
    await dialog.getByTestId('flow-step-add').click();
    await dialog.getByTestId('flow-step-add').click();
    await step(0).getByTestId('flow-step-name').fill('主管审批');
    await chooseMany(page, step(0).getByTestId('flow-step-approvers'), '张伟', step(0).locator('.ant-card-head-title'));
    await step(1).getByTestId('flow-step-name').fill('角色审批');
    await pickOption(page, step(1).getByTestId('flow-step-kind'), '角色');
    await chooseMany(
      page,
      step(1).getByTestId('flow-step-approvers'),
      'E2E审批',
      step(1).locator('.ant-card-head-title'),
    );
    await screenshot(page, 'settings-process-design');
    await page.getByTestId('flow-steps-save').click();
    await expectToast(page, '保存成功');
    await dialog.waitFor({ state: 'detached' });

    // Reopened: while the steps are on their way the dialog waits (a step added then would be overwritten)...
    const release = await holdBack(page, '**/api-flow/actNodes?*');
    await flow.getByTestId('row-design').click();
    await dialog.locator('.resource-loading').waitFor();
    expect(await page.getByTestId('flow-steps-save').isDisabled()).toBe(true);
    expect(await dialog.getByTestId('flow-step-add').count()).toBe(0);
    await release();
    // ...then the chosen user and role show by name; the role step moves first.
    await step(0).getByTestId('flow-step-approvers').getByText('张伟').waitFor();
    await step(1).getByTestId('flow-step-approvers').getByText('E2E审批角色').waitFor();
    expect(await step(1).getByTestId('flow-step-kind').innerText()).toContain('角色');
    await step(1).getByTestId('flow-step-up').click();
    await expect.poll(() => step(0).getByTestId('flow-step-name').inputValue()).toBe('角色审批');
    await page.getByTestId('flow-steps-save').click();
    await expectToast(page, '保存成功');
    await dialog.waitFor({ state: 'detached' });

    // Viewed: the expanded flow lists its steps with the names; the preview resolves the role to its holder.
    await flow.locator('.ant-table-row-expand-icon').click();
    const steps = page.locator('[data-testid^="flow-steps-"]').filter({ hasText: '角色审批' });
    const stepRows = steps.locator('tbody tr.ant-table-row');
    await expect.poll(() => stepRows.count()).toBe(2);
    expect(await stepRows.nth(0).innerText()).toMatch(/角色审批[\s\S]*角色[\s\S]*E2E审批角色/);
    expect(await stepRows.nth(1).innerText()).toMatch(/主管审批[\s\S]*指定人员[\s\S]*张伟/);
    await steps.getByTestId('flow-preview').click();
    await steps.getByText('我的审批人').waitFor();
    await expect.poll(() => stepRows.nth(0).innerText()).toContain('李强');
    expect(await stepRows.nth(1).innerText()).toMatch(/张伟[\s\S]*张伟/);
    await screenshot(page, 'settings-process-steps');
    expect(missingTranslations.filter((m) => m.includes('workforce') || m.includes('resources'))).toEqual([]);
  });
});
