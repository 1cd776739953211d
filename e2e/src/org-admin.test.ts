import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  browserSuite,
  DESKTOP,
  expectToast,
  launchBrowser,
  missingTranslations,
  newContext,
  PHONE,
  pickLanguage,
  screenshot,
  startServer,
  type TestServer,
  waitForShell,
} from './harness.js';

/*
 * Tenant administration in the browser: organisations and members, role permissions, the dictionary and
 * a custom field that then shows in the equipment ledger.
 */

const CHANGED_MEANWHILE = '该记录在您打开后已被他人修改，请重新打开后再编辑';

interface Envelope<T> {
  rtnCode: number;
  data: T;
}

browserSuite('tenant administration (/setUp)', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;

  const open = async (path: string) => {
    await page.goto(path);
    await waitForShell(page);
  };
  const api = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const r = await server.api<Envelope<T>>(method, path, body, token);
    if (r.body.rtnCode !== 200) throw new Error(`${path}: ${JSON.stringify(r.body)}`);
    return r.body.data;
  };

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

  it('adds an organisation under the company and a member in it', async () => {
    await open('/setUp/organize');
    const tree = page.getByTestId('org-tree');
    await tree.getByTestId('org-node').first().click();
    await page.getByTestId('org-add').click();
    await page.getByTestId('org-field-name').fill('端到端车间');
    await page.getByTestId('org-field-code').fill('E2E-WS');
    await page.getByTestId('org-form-save').click();
    await expectToast(page, '保存成功');
    await tree.getByText('端到端车间').waitFor();

    await tree.getByText('端到端车间').click();
    await page.getByTestId('member-add').click();
    const drawer = page.getByTestId('member-form');
    await drawer.getByTestId('member-field-peoplename').fill('端到端成员');
    await drawer.getByTestId('member-field-username').fill('e2e.member');
    await drawer.getByTestId('member-field-password').fill('Start123');
    await drawer.getByTestId('member-field-verifypassword').fill('Start123');
    await page.getByTestId('member-form-save').click();
    await expectToast(page, '保存成功');
    const table = page.getByTestId('member-table');
    await table.getByText('e2e.member').waitFor();
    await table.getByText('端到端车间').first().waitFor();
    await screenshot(page, 'setup-organize');

    const members = await api<{ username: string; mustChangePassword: boolean }[]>(
      'GET',
      '/api-user/users/all?username=e2e.member',
    );
    expect(members).toEqual([expect.objectContaining({ username: 'e2e.member', mustChangePassword: true })]);
  });

  it("refuses to save a member or an organisation over someone else's change made while the form was open", async () => {
    await open('/setUp/organize');
    const tree = page.getByTestId('org-tree');
    await tree.getByText('端到端车间').click();
    const table = page.getByTestId('member-table');
    const row = table.locator('tr', { hasText: 'e2e.member' });
    await row.getByTestId('member-edit').click();
    const drawer = page.getByTestId('member-form');
    await drawer.getByTestId('member-field-peoplename').fill('端到端成员（我改）');
    const [member] = await api<{ id: number }[]>('GET', '/api-user/users/all?username=e2e.member');
    await api('POST', '/api-user/users/update', { id: member!.id, note: '他人修改' });
    await page.getByTestId('member-form-save').click();
    await expectToast(page, CHANGED_MEANWHILE);
    const [kept] = await api<{ peoplename: string; note: string }[]>('GET', '/api-user/users/all?username=e2e.member');
    expect(kept).toMatchObject({ peoplename: '端到端成员', note: '他人修改' });
    await page.keyboard.press('Escape');

    await page.getByTestId('org-edit').click();
    await page.getByTestId('org-field-name').fill('端到端车间（我改）');
    type Node = { id: number; organizationName: string; children: Node[] };
    const find = (nodes: Node[]): Node | undefined =>
      nodes.map((n) => (n.organizationName === '端到端车间' ? n : find(n.children))).find(Boolean);
    const ws = find(await api<Node[]>('GET', '/api-user/organization/getListByTree'))!;
    await api('POST', '/api-user/organization/update', { id: ws.id, phone: '12345' });
    await page.getByTestId('org-form-save').click();
    await expectToast(page, CHANGED_MEANWHILE);
    expect(find(await api<Node[]>('GET', '/api-user/organization/getListByTree'))?.id).toBe(ws.id);
    await page.keyboard.press('Escape');
  });

  it('saves an organisation with those below it as a template and copies it below another', async () => {
    type Node = { id: number; organizationName: string; children: Node[] };
    const [root] = await api<Node[]>('GET', '/api-user/organization/getListByTree');
    const add = (parentId: number, organizationName: string) =>
      api<{ id: number }>('POST', '/api-user/organization/insert', { parentId, organizationName });
    const source = await add(root!.id, '模板来源部');
    await add(source.id, '模板甲班');
    await add(source.id, '模板乙班');
    const target = await add(root!.id, '模板目标厂');

    await open('/setUp/organize');
    const tree = page.getByTestId('org-tree');
    await tree.getByText('模板来源部').click();
    await page.getByTestId('org-templates-open').click();
    const drawer = page.getByTestId('org-templates');
    await drawer.getByText('还没有组织模板').waitFor();
    await drawer.getByTestId('org-template-save-from').click();
    await expect(page.getByTestId('org-template-field-name').inputValue()).resolves.toBe('模板来源部');
    await page.getByTestId('org-template-field-name').fill('标准班组');
    await page.getByTestId('org-template-form-save').click();
    await expectToast(page, '保存成功');
    const card = drawer.getByTestId('org-template').filter({ hasText: '标准班组' });
    await card.getByText('3 个机构').waitFor();
    await card.getByText('标准班组').click();
    await card.getByTestId('org-template-preview').getByText('模板乙班').waitFor();
    await screenshot(page, 'setup-org-templates');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    await tree.getByText('模板目标厂').click();
    await page.getByTestId('org-templates-open').click();
    await card.getByTestId('org-template-apply').click();
    await page.locator('.ant-popconfirm').getByText('模板目标厂').waitFor();
    await page.locator('.ant-popconfirm .ant-btn-primary').click();
    await expectToast(page, '已在「模板目标厂」下新增 3 个机构');
    const [after] = await api<Node[]>('GET', '/api-user/organization/getListByTree');
    const copied = after!.children.find((n) => n.id === target.id)!.children;
    expect(copied.map((n) => n.organizationName)).toEqual(['模板来源部']);
    expect(copied[0]!.children.map((n) => n.organizationName).sort()).toEqual(['模板乙班', '模板甲班']);
    await page.keyboard.press('Escape');
    await tree.getByText('模板来源部').nth(1).waitFor();

    await page.getByTestId('org-templates-open').click();
    await card.getByTestId('org-template-delete').click();
    await page.locator('.ant-popconfirm .ant-btn-primary').click();
    await expectToast(page, '删除成功');
    await drawer.getByText('还没有组织模板').waitFor();
    expect(await api<unknown[]>('GET', '/api-user/orgtemplate/all')).toEqual([]);
    // On a phone the drawer takes the screen's width, no more.
    await page.setViewportSize(PHONE);
    try {
      const box = await drawer.boundingBox();
      expect(Math.round(box!.x)).toBeGreaterThanOrEqual(0);
      expect(Math.round(box!.x + box!.width)).toBeLessThanOrEqual(PHONE.width);
      await drawer.getByTestId('org-template-save-from').waitFor();
    } finally {
      await page.setViewportSize(DESKTOP);
      await page.keyboard.press('Escape');
    }
  });

  it('grants a role a menu button in the permission tree', async () => {
    await open('/setUp/role');
    await page.getByTestId('role-add').click();
    await page.getByTestId('role-field-name').fill('端到端角色');
    await page.getByTestId('role-form-save').click();
    await expectToast(page, '保存成功');
    await page.getByTestId('role-row').filter({ hasText: '端到端角色' }).click();

    const grants = page.getByTestId('role-grants');
    const node = grants.locator('.ant-tree-treenode', { has: page.getByTestId('grant-setUp:organize:view') });
    await node.locator('.ant-tree-checkbox').click();
    await page.getByTestId('role-grants-save').click();
    await expectToast(page, '保存成功');
    await screenshot(page, 'setup-role');

    const roles = await api<{ id: number; name: string }[]>('GET', '/api-user/role/all');
    const role = roles.find((r) => r.name === '端到端角色')!;
    const granted = await api<{ menuIds: string[]; buttonIds: string[] }>(
      'GET',
      `/api-user/sys/findAllMenusByRoleId?roleId=${role.id}`,
    );
    expect(granted.buttonIds).toHaveLength(1);
    // The page and every group above it come with the button.
    expect(granted.menuIds.length).toBeGreaterThanOrEqual(2);

    // Someone else changes the role while its form is open: this save is refused with the reason, theirs stays.
    await page.getByTestId('role-row').filter({ hasText: '端到端角色' }).getByTestId('role-edit').click();
    await page.getByTestId('role-field-name').fill('端到端角色（我改）');
    await api('POST', '/api-user/role/update', { id: role.id, remark: '他人修改' });
    await page.getByTestId('role-form-save').click();
    await expectToast(page, CHANGED_MEANWHILE);
    const kept = (await api<{ id: number; name: string; remark: string }[]>('GET', '/api-user/role/all')).find(
      (r) => r.id === role.id,
    );
    expect(kept).toMatchObject({ name: '端到端角色', remark: '他人修改' });
    await page.keyboard.press('Escape');
  });

  it('adds a value to the WorkType dictionary', async () => {
    await open('/setUp/dictionary');
    const group = page.getByTestId('item-WorkType');
    await group.getByTestId('item-add-child').click();
    await page.getByTestId('item-field-code').fill('e2eWorker');
    await page.getByTestId('item-field-name').fill('端到端工种');
    await page.getByTestId('item-field-name-en').fill('E2E trade');
    await page.getByTestId('item-form-save').click();
    await expectToast(page, '保存成功');
    await page.getByTestId('item-e2eWorker').getByText('端到端工种').waitFor();
    await page.getByTestId('item-energytype').waitFor();
    await screenshot(page, 'setup-dictionary');
    // In English the value and the built-in groups show their English names; 繁体 falls back to the name given.
    await pickLanguage(page, 'en');
    await page.getByTestId('item-e2eWorker').getByText('E2E trade').waitFor();
    await page.getByTestId('item-WorkType').getByText('Work types').waitFor();
    await pickLanguage(page, 'tw');
    await page.getByTestId('item-e2eWorker').getByText('端到端工种').waitFor();
    await page.getByTestId('item-WorkType').getByText('工種').waitFor();
    await pickLanguage(page, 'zh');
    // Changed: the form sends the entry's version and its names per language.
    // antd spaces a two-character Chinese button label (编 辑).
    await page
      .getByTestId('item-e2eWorker')
      .getByRole('button', { name: /^编\s?辑$/ })
      .click();
    await page.getByTestId('item-field-name').fill('端到端钳工');
    await page.getByTestId('item-form-save').click();
    await expectToast(page, '保存成功');
    await page.getByTestId('item-e2eWorker').getByText('端到端钳工').waitFor();
  });

  it('adds a custom field to equipment that then shows in the ledger form and list', async () => {
    await open('/setUp/field');
    await page.getByTestId('field-entity-equipment').click();
    await page.getByTestId('resource-add').click();
    const form = page.getByTestId('resource-form');
    await form.getByTestId('field-name').fill('e2eNote');
    await form.getByTestId('field-label').fill('端到端备注');
    await page.getByTestId('resource-form-save').click();
    await expectToast(page, '保存成功');
    await page.getByTestId('resource-table-customfield').getByText('端到端备注').waitFor();
    await screenshot(page, 'setup-field');

    await open('/equipment/ledger/1');
    await page.getByTestId('resource-table-equipment').locator('thead').getByText('端到端备注').waitFor();
    await page.getByTestId('resource-add').click();
    const ledgerForm = page.getByTestId('resource-form');
    await ledgerForm.getByText('端到端备注').waitFor();
    await ledgerForm.getByTestId('field-custom.e2eNote').waitFor();
  });

  it('asked for no missing translation', () => {
    expect(missingTranslations).toEqual([]);
  });
});
