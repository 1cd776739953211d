import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  browserSuite,
  expectToast,
  launchBrowser,
  loginThroughForm,
  missingTranslations,
  newContext,
  openFromUserMenu,
  PHONE,
  pickOption,
  screenshot,
  startServer,
  type TestServer,
  waitForShell,
} from './harness.js';

/*
 * The operator's console: root creates a company on a small version and gives it two more menus; the
 * company's administrator sees exactly those. A notice for that company reaches it, and feedback goes to the
 * operator and comes back answered.
 */

const SLOW = { timeout: 15_000 };
const CODE = 'e2eco';
const ADMIN = 'e2eco.boss';
const FIRST_PASSWORD = 'Start1234';
const PASSWORD = 'Works5678';

interface MenuNode {
  key: string | null;
  url: string | null;
  children: MenuNode[];
}
const leafUrls = (nodes: MenuNode[]): string[] =>
  nodes.flatMap((n) => (n.children.length ? leafUrls(n.children) : n.url ? [n.url] : []));

browserSuite('operator console', () => {
  let server: TestServer;
  let browser: Browser;
  let rootContext: BrowserContext;
  let root: Page;
  let rootToken: string;
  let bossToken = '';
  let companyId = 0;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    rootToken = await server.token('root');
    // A small version: the organisation and role pages only.
    const all = await server.api<{
      data: { menus: { id: string; key: string; children: { id: string; key: string }[] }[] };
    }>('GET', '/api-user/sysversion/findMenuByVersionId?versionId=1', undefined, rootToken);
    const ids = all.body.data.menus
      .flatMap((m) => m.children)
      .filter((m) => m.key === 'setUp.organize' || m.key === 'setUp.role')
      .map((m) => m.id);
    expect(ids).toHaveLength(2);
    const made = await server.api<{ rtnCode: number }>(
      'POST',
      '/api-user/sysversion/insertOrUpdateVersion',
      { name: 'E2E Basic', menuIds: ids },
      rootToken,
    );
    expect(made.body.rtnCode).toBe(200);
    rootContext = await newContext(browser, server, { token: rootToken, lang: 'zh' });
    root = await rootContext.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("lands root on the operator's console: its groups in the sidebar, no tenant business pages", async () => {
    const ctx = await newContext(browser, server, { lang: 'zh' });
    const page = await ctx.newPage();
    await page.goto('/login');
    await loginThroughForm(page, 'root');
    await page.waitForURL('**/dashboard');
    await waitForShell(page);
    const home = page.getByTestId('operator-console');
    await home.waitFor();
    // The demo factory is the one tenant company of a fresh start.
    await home.getByTestId('operator-figure-companies').getByText('1', { exact: true }).waitFor();
    expect(await page.getByTestId('home-panel').count()).toBe(0);
    const sidebar = page.getByTestId('sidebar');
    await sidebar.getByText('超管专用', { exact: true }).waitFor();
    await sidebar.getByText('运营管理', { exact: true }).waitFor();
    for (const business of ['工作台', '系统设置', '设备管理', '维修任务', '备件管理', '报表中心'])
      expect(await sidebar.getByText(business, { exact: true }).count()).toBe(0);
    await home.getByTestId('operator-figure-companies').click();
    await page.waitForURL('**/admin/company');
    await ctx.close();
  });

  it('creates a company with its administrator on a version', async () => {
    await root.goto('/admin/company');
    await waitForShell(root);
    await root.getByTestId('company-add').click();
    await root.getByTestId('company-field-name').fill('端到端工厂');
    await root.getByTestId('company-field-code').fill(CODE);
    await root.getByTestId('company-field-username').fill(ADMIN);
    await root.getByTestId('company-field-peoplename').fill('王厂长');
    await root.getByTestId('company-field-password').fill(FIRST_PASSWORD);
    await pickOption(root, root.getByTestId('company-field-version'), 'E2E Basic');
    await root.getByTestId('company-form-save').click();
    await expectToast(root, '保存成功');
    const row = root.getByTestId('company-row').filter({ hasText: CODE });
    await row.getByText('E2E Basic').waitFor(SLOW);
    await screenshot(root, 'operator-companies-zh');
    const list = await server.api<{ data: { id: number }[] }>(
      'GET',
      `/api-user/company/getCompanyManage?code=${CODE}`,
      undefined,
      rootToken,
    );
    companyId = list.body.data[0]!.id;
    expect(companyId).toBeGreaterThan(0);
  });

  it('gives it two more menus on its menu page; its administrator sees exactly those', async () => {
    await root.getByTestId(`company-menus-${CODE}`).click();
    const tree = root.getByTestId('company-menus-page');
    await tree.getByTestId('menu-check-setUp.organize').waitFor(SLOW);
    await tree.getByTestId('menu-check-equipment.ledger').click();
    await tree.getByTestId('menu-check-equipment.allot').click();
    await root.getByTestId('company-menus-save').click();
    await expectToast(root, '该公司共有');
    await screenshot(root, 'operator-company-menus-zh');

    // Its administrator's first login, through the form and in English: the initial password must be changed.
    const boss = await (await newContext(browser, server, { lang: 'en' })).newPage();
    await boss.goto('/login');
    await loginThroughForm(boss, ADMIN, FIRST_PASSWORD);
    await waitForShell(boss);
    await boss.getByTestId('password-forced-notice').waitFor(SLOW);
    await boss.getByTestId('password-original').fill(FIRST_PASSWORD);
    await boss.getByTestId('password-new').fill(PASSWORD);
    await boss.getByTestId('password-confirm').fill(PASSWORD);
    await boss.getByTestId('password-submit').click();
    await boss.waitForURL('**/login', SLOW);
    await loginThroughForm(boss, ADMIN, PASSWORD);
    await waitForShell(boss);
    // On a page of each group, so its links are shown.
    await boss.goto('/setUp/organize');
    await waitForShell(boss);
    const sidebar = boss.getByTestId('sidebar');
    await sidebar.getByTestId('menu-link-/setUp/organize').waitFor(SLOW);
    await sidebar.getByTestId('menu-link-/setUp/role').waitFor();
    expect(await sidebar.locator('[data-testid^="menu-sub-"]').count()).toBe(2);
    await screenshot(boss, 'operator-new-company-admin-en');

    bossToken = await server.token(ADMIN, PASSWORD);
    const me = await server.api<{ me: MenuNode[] }>('GET', '/api-user/sys/me', undefined, bossToken);
    expect(leafUrls(me.body.me).sort()).toEqual(
      ['/equipment/allot', '/equipment/ledger/1', '/setUp/organize', '/setUp/role'].sort(),
    );
    await boss.context().close();
  });

  it("keeps a role template; the company's administrator starts a role from it and gets the pages it has", async () => {
    await root.goto('/admin/companyAuthorize');
    await waitForShell(root);
    await root.getByTestId('company-authorize').getByRole('tab', { name: '角色模板' }).click();
    const panel = root.getByTestId('role-templates');
    await panel.getByTestId('role-template-add').click();
    await root.getByTestId('role-template-field-name').fill('端到端仓管模板');
    await root.getByTestId('role-template-form-save').click();
    await expectToast(root, '保存成功');
    const menus = panel.getByTestId('role-template-menus');
    await menus.getByTestId('menu-check-equipment.ledger').click(SLOW);
    // A page the company does not have: a role made from the template in that company does not get it.
    await menus.getByTestId('menu-check-setUp.dictionary').click();
    await root.getByTestId('role-template-menus-save').click();
    await expectToast(root, '保存成功');
    // The two pages and their two groups.
    await panel.getByTestId('role-template-row').filter({ hasText: '端到端仓管模板' }).getByText('4').waitFor();
    await screenshot(root, 'operator-role-templates-zh');

    const boss = await (await newContext(browser, server, { token: bossToken, lang: 'zh' })).newPage();
    await boss.goto('/setUp/role');
    await waitForShell(boss);
    await boss.getByTestId('role-add').click();
    await boss.getByTestId('role-field-name').fill('仓管员');
    await pickOption(boss, boss.getByTestId('role-field-template'), '端到端仓管模板 · 1 个页面');
    await boss.getByTestId('role-form-save').click();
    await expectToast(boss, '保存成功');
    await boss.context().close();

    const roles = await server.api<{ data: { id: number; name: string }[] }>(
      'GET',
      '/api-user/role/all',
      undefined,
      bossToken,
    );
    const role = roles.body.data.find((r) => r.name === '仓管员')!;
    const granted = await server.api<{ data: { menuIds: string[]; buttonIds: string[] } }>(
      'GET',
      `/api-user/sys/findAllMenusByRoleId?roleId=${role.id}`,
      undefined,
      bossToken,
    );
    type Keyed = { id: string; key: string; children: Keyed[] };
    const tree = await server.api<{ data: { menus: Keyed[] } }>(
      'GET',
      `/api-user/company/findAllMenusByCompanyId?companyId=${companyId}`,
      undefined,
      rootToken,
    );
    const keys = new Map<string, string>();
    const walk = (nodes: Keyed[]) => {
      for (const n of nodes) {
        keys.set(n.id, n.key);
        walk(n.children);
      }
    };
    walk(tree.body.data.menus);
    expect(granted.body.data.menuIds.map((id) => keys.get(id)).sort()).toEqual(['equipment', 'equipment.ledger']);
    expect(granted.body.data.buttonIds.length).toBeGreaterThan(0);
  });

  it('adds a value to the dictionary template that new companies copy', async () => {
    await root.goto('/admin/menu');
    await waitForShell(root);
    await root.getByTestId('menu-admin').getByRole('tab', { name: '字典模板' }).click();
    const editor = root.getByTestId('dictionary-page');
    await editor.getByText('新建公司时复制这份数据字典').waitFor();
    await editor.getByTestId('item-WorkType').getByTestId('item-add-child').click();
    await root.getByTestId('item-field-code').fill('e2eTemplateTrade');
    await root.getByTestId('item-field-name').fill('模板工种');
    await root.getByTestId('item-form-save').click();
    await expectToast(root, '保存成功');
    await editor.getByTestId('item-e2eTemplateTrade').getByText('模板工种').waitFor();
    const list = await server.api<{ data: { code: string }[] }>(
      'GET',
      '/api-user/itemtemplate/getItemListByCode?code=WorkType',
      undefined,
      rootToken,
    );
    expect(list.body.data.map((x) => x.code)).toContain('e2eTemplateTrade');
    // The company made before keeps its own dictionary.
    const theirs = await server.api<{ data: { code: string }[] }>(
      'GET',
      '/api-user/item/getItemListByCode?code=WorkType',
      undefined,
      bossToken,
    );
    expect(theirs.body.data.map((x) => x.code)).not.toContain('e2eTemplateTrade');
  });

  it("posts a notice for that company: its users see it, the demo company's do not", async () => {
    await root.goto('/operatesys/notice');
    await waitForShell(root);
    await root.getByTestId('notice-add').click();
    await root.getByTestId('notice-field-content').fill('周五停机检修（端到端）');
    await pickOption(root, root.getByTestId('notice-field-companies'), '端到端工厂');
    await root.keyboard.press('Escape');
    await root.getByTestId('notice-form-save').click();
    await expectToast(root, '保存成功');
    await root.getByTestId('notice-row').filter({ hasText: '周五停机检修' }).getByText('端到端工厂').waitFor(SLOW);
    await screenshot(root, 'operator-notices-zh');

    const boss = await (await newContext(browser, server, { token: bossToken, lang: 'zh' })).newPage();
    await boss.goto('/workboard');
    await waitForShell(boss);
    await boss.getByTestId('announcement').getByText('周五停机检修（端到端）').waitFor(SLOW);
    await boss.context().close();
    const demo = await server.api<{ data: { content: string } | null }>(
      'GET',
      '/api-user/feedback/getLatestSysNotice',
      undefined,
      await server.token('admin'),
    );
    expect(demo.body.data?.content).not.toBe('周五停机检修（端到端）');

    // The login page's update log lists notices for every company only.
    const all = await server.api<{ rtnCode: number }>(
      'POST',
      '/api-user/feedback/addSysNotice',
      { title: '新版本上线：备件盘点', content: '备件盘点支持扫码录入', state: 1 },
      rootToken,
    );
    expect(all.body.rtnCode).toBe(200);
    const guest = await (await newContext(browser, server, { lang: 'zh' })).newPage();
    await guest.goto('/login');
    const log = guest.getByTestId('login-update-log');
    await log.getByText('新版本上线：备件盘点').waitFor(SLOW);
    expect(await log.getByText('周五停机检修').count()).toBe(0);
    await guest.context().close();
  });

  it('carries feedback from the user menu to the operator and the answer back as a message', async () => {
    const boss = await (await newContext(browser, server, { token: bossToken, lang: 'zh' })).newPage();
    await boss.goto('/workboard');
    await waitForShell(boss);
    // The notice banner arrives after the shell and moves the navbar down: wait for it before using the menu.
    await boss.getByTestId('announcement').waitFor(SLOW);
    await openFromUserMenu(boss, 'menu-feedback');
    await boss.getByTestId('feedback-content').fill('台账导出太慢');
    await boss.getByTestId('feedback-send').click();
    await expectToast(boss, '感谢您的反馈');

    await root.goto('/operatesys/feedback');
    await waitForShell(root);
    const row = root.getByTestId('feedback-row').filter({ hasText: '台账导出太慢' });
    await row.getByText('端到端工厂').waitFor(SLOW);
    await row.getByTestId('feedback-answer').click();
    await root.getByTestId('feedback-answer-text').fill('已在 2.1 版修复');
    await root.getByTestId('feedback-answer-save').click();
    await expectToast(root, '已答复');
    await row.getByText('已答复').waitFor(SLOW);
    await screenshot(root, 'operator-feedback-zh');

    await boss.goto('/mes/message');
    await waitForShell(boss);
    await boss.getByText('您的反馈已有答复').first().waitFor(SLOW);
    await boss.context().close();
  });

  it("associates the company with the demo company's group: the lead's manager sees both companies' figures", async () => {
    const list = await server.api<{ data: { id: number }[] }>(
      'GET',
      '/api-user/company/getCompanyManage?code=demo',
      undefined,
      rootToken,
    );
    const demoId = list.body.data[0]!.id;
    const joined = await server.api<{ rtnCode: number }>(
      'POST',
      '/api-user/company/addSysAssoce',
      { groupId: demoId, companyIds: [companyId] },
      rootToken,
    );
    expect(joined.body.rtnCode).toBe(200);

    const lead = await (
      await newContext(browser, server, { token: await server.token('admin'), lang: 'zh' })
    ).newPage();
    await lead.goto('/group');
    await waitForShell(lead);
    const table = lead.getByTestId('group-table');
    await table.getByText('演示工厂').first().waitFor(SLOW);
    await table.getByText('端到端工厂').first().waitFor(SLOW);
    await lead.getByTestId('group-page').locator('canvas').first().waitFor(SLOW);
    await screenshot(lead, 'group-figures-zh');
    await lead.context().close();

    // The member's administrator is refused: a member does not see its lead's figures.
    const member = await (await newContext(browser, server, { token: bossToken, lang: 'en' })).newPage();
    await member.goto('/group');
    await waitForShell(member);
    await member.getByTestId('group-refused').waitFor(SLOW);
    await member.context().close();
  });

  it('shows the timed tasks, usage and version pages in English, and the company list on a phone', async () => {
    const en = await (await newContext(browser, server, { token: rootToken, lang: 'en' })).newPage();
    await en.goto('/admin/timetask');
    await waitForShell(en);
    await en.getByTestId('timetask-repair.overdue').getByText('Overdue repair orders').waitFor(SLOW);
    // A company's export shows among the one-off jobs with its company.
    const demoAdmin = await server.token('admin');
    await server.api('POST', '/api-manage/equipment/exportexcel', {}, demoAdmin);
    await en.reload();
    await waitForShell(en);
    const jobs = en.getByTestId('timetask-jobs');
    await jobs.locator('tr', { hasText: 'Data export' }).filter({ hasText: '演示工厂' }).first().waitFor(SLOW);
    await screenshot(en, 'operator-timetask-en');
    await en.goto(`/usecaseDetail/index?id=${companyId}`);
    await waitForShell(en);
    await en.getByTestId('login-chart').locator('canvas').waitFor(SLOW);
    await en.getByTestId('usage-people').getByText(ADMIN).waitFor(SLOW);
    await screenshot(en, 'operator-usage-en');
    await en.goto('/operatesys/version');
    await waitForShell(en);
    await en.getByTestId('version-row').filter({ hasText: 'E2E Basic' }).click();
    await en.getByTestId('version-menus').getByTestId('menu-check-setUp.role').waitFor(SLOW);
    await screenshot(en, 'operator-versions-en');
    // Its remark through the edit dialog, the name kept.
    const versionRow = en.getByTestId('version-row').filter({ hasText: 'E2E Basic' });
    await versionRow.getByRole('button', { name: 'Edit' }).click();
    await expect(en.getByTestId('version-field-name').inputValue()).resolves.toBe('E2E Basic');
    await en.locator('.ant-modal textarea').fill('two pages only');
    await en.getByTestId('version-form-save').click();
    await expectToast(en, 'Saved');
    const versions = await server.api<{ data: { name: string; remark: string | null }[] }>(
      'GET',
      '/api-user/sysversion/getVersionPage?page=1&limit=50&name=E2E',
      undefined,
      rootToken,
    );
    expect(versions.body.data).toEqual([expect.objectContaining({ name: 'E2E Basic', remark: 'two pages only' })]);
    await en.goto('/admin/menu');
    await waitForShell(en);
    await en.getByTestId('menu-node-equipment').click();
    await en.getByTestId('menu-impact').getByText('端到端工厂', { exact: false }).waitFor(SLOW);
    await screenshot(en, 'operator-menu-editor-en');
    await en.context().close();

    const phone = await (
      await newContext(browser, server, { token: rootToken, lang: 'zh', viewport: PHONE })
    ).newPage();
    await phone.goto('/admin/company');
    await waitForShell(phone);
    await phone.getByText('端到端工厂').first().waitFor(SLOW);
    const width = await phone.evaluate(() => document.documentElement.scrollWidth);
    expect(Math.round(width)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(phone, 'operator-companies-phone');
    await phone.goto('/admin/companyAuthorize');
    await waitForShell(phone);
    await phone.getByTestId('company-authorize').getByRole('tab', { name: '角色模板' }).click();
    await phone.getByTestId('role-template-row').filter({ hasText: '端到端仓管模板' }).click(SLOW);
    await phone.getByTestId('role-template-menus').getByTestId('menu-check-equipment.ledger').waitFor(SLOW);
    expect(Math.round(await phone.evaluate(() => document.documentElement.scrollWidth))).toBeLessThanOrEqual(
      PHONE.width,
    );
    await screenshot(phone, 'operator-role-templates-phone');
    await phone.context().close();
  });

  it('uploads a banner that then stands behind the dashboard greeting of every company', async () => {
    await root.goto('/operatesys/picture');
    await waitForShell(root);
    const page = root.getByTestId('picture-page');
    await page.getByText('横幅').click();
    const image = await root.screenshot({ clip: { x: 0, y: 0, width: 320, height: 120 } });
    await page.locator('input[type=file]').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: image });
    await page.getByTestId('picture-card').getByText('使用中').waitFor(SLOW);
    await screenshot(root, 'operator-pictures-zh');

    const admin = await (await newContext(browser, server, { token: await server.token('admin') })).newPage();
    await admin.goto('/dashboard');
    await waitForShell(admin);
    const hero = admin.getByTestId('dashboard-hero');
    await expect
      .poll(() => hero.evaluate((el) => getComputedStyle(el).backgroundImage), SLOW)
      .toContain('/api-file/files/sysPicture/');
    await admin.context().close();
  });

  it("refuses a menu edit over another operator's later save, and lets one operator save twice", async () => {
    const tree = await server.api<{ data: { id: string; key: string; updatedAt: string }[] }>(
      'GET',
      '/api-user/sys/all',
      undefined,
      rootToken,
    );
    const equipment = tree.body.data.find((m) => m.key === 'equipment')!;
    await root.goto('/admin/menu');
    await waitForShell(root);
    await root.getByTestId('menu-node-equipment').click();
    const detail = root.getByTestId('menu-detail');
    const en = detail.getByTestId('menu-field-en');
    const button = detail.getByTestId('menu-save');
    const save = async (title: string) => {
      // A click on the button while the last save is still under way (loading) does nothing.
      await expect.poll(() => button.getAttribute('class')).not.toContain('ant-btn-loading');
      await en.fill(title);
      await button.click();
      await root.locator('.ant-popconfirm:visible .ant-btn-primary').click();
    };
    await save('Equipment one');
    await expectToast(root, '保存成功');
    // The second save starts from the first one's result, not from the tree as first read.
    await save('Equipment two');
    const info = async () =>
      JSON.stringify(
        (await server.api('GET', `/api-user/sys/getMenuInfo?menuId=${equipment.id}`, undefined, rootToken)).body,
      );
    await expect.poll(info).toContain('Equipment two');

    const fresh = (
      await server.api<{ data: { key: string; updatedAt: string }[] }>('GET', '/api-user/sys/all', undefined, rootToken)
    ).body.data.find((m) => m.key === 'equipment')!;
    const theirs = await server.api<{ rtnCode: number }>(
      'POST',
      '/api-user/sys/update',
      { id: equipment.id, titles: { en: 'Their equipment' }, updatedAt: fresh.updatedAt },
      rootToken,
    );
    expect(theirs.body.rtnCode).toBe(200);
    await save('Equipment three');
    await expectToast(root, '该记录在您打开后已被他人修改，请重新打开后再编辑');
    expect(await info()).toContain('Their equipment');
    await server.api('POST', '/api-user/sys/update', { id: equipment.id, titles: {} }, rootToken);
  });

  it('asked for no missing translations', () => {
    expect(missingTranslations).toEqual([]);
  });
});
