import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  browserSuite,
  launchBrowser,
  newContext,
  PHONE,
  screenshot,
  startServer,
  type TestServer,
  waitForShell,
} from './harness.js';

/*
 * Sign-up in the browser: a company registers for a trial, a person joins by invite code, and another system
 * hands its user over with a one-time key. SMS codes go to a stand-in gateway (SMS_WEBHOOK_URL).
 */

const sent: { phone: string; code: string }[] = [];
const gateway = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c) => {
    body += c;
  });
  req.on('end', () => {
    sent.push(JSON.parse(body));
    res.end('{}');
  });
});

async function codeFor(phone: string): Promise<string> {
  await expect.poll(() => sent.some((s) => s.phone === phone), { timeout: 10_000 }).toBe(true);
  return [...sent].reverse().find((s) => s.phone === phone)!.code;
}

async function fillPerson(page: Page, p: { name: string; phone: string; username: string; password: string }) {
  await page.getByTestId('register-peoplename').fill(p.name);
  await page.getByTestId('register-phone').fill(p.phone);
  await page.getByTestId('signup-send-sms').click();
  await page.getByTestId('signup-sms-code').fill(await codeFor(p.phone));
  await expect.poll(() => page.getByTestId('signup-send-sms').isDisabled()).toBe(true);
  await page.getByTestId('register-username').fill(p.username);
  await page.getByTestId('register-password').fill(p.password);
  await page.getByTestId('register-verifypassword').fill(p.password);
}

browserSuite('sign-up and hand-over login', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    await new Promise<void>((r) => gateway.listen(0, '127.0.0.1', r));
    const sms = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/sms`;
    [server, browser] = await Promise.all([startServer({ env: { SMS_WEBHOOK_URL: sms } }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await new Promise<void>((r) => gateway.close(() => r()));
  });

  it('registers a company from the login page and opens its workspace', async () => {
    const context = await newContext(browser, server, { lang: 'zh' });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByTestId('login-register-link').click();
    await page.waitForURL('**/register');
    await page.getByTestId('register-company-name').fill('星河精密制造');
    await fillPerson(page, { name: '陈经理', phone: '13900000011', username: 'xinghe', password: 'Xinghe2026' });
    await screenshot(page, 'register-company-desktop');
    await page.getByTestId('register-submit').click();
    await waitForShell(page);
    await page.getByTestId('sidebar').getByText('系统设置', { exact: true }).waitFor();
    // The new company's administrator is the one logged in, in a company apart from the demo factory.
    expect(await page.getByTestId('user-menu').innerText()).toContain('陈经理');
    const current = async (token: string) =>
      (await server.api<{ data: { tenantid: number } }>('GET', '/api-user/users/current', undefined, token)).body.data;
    const founder = await current(await server.token('xinghe', 'Xinghe2026'));
    expect(founder.tenantid).not.toBe((await current(await server.token('admin'))).tenantid);
    await context.close();
  });

  it('validates the form in the browser before asking the server', async () => {
    const context = await newContext(browser, server, { lang: 'en', viewport: PHONE });
    const page = await context.newPage();
    await page.goto('/register');
    await page.getByTestId('register-phone').fill('abc');
    await page.getByTestId('register-password').fill('abcdefgh');
    await page.getByTestId('register-submit').click();
    await page.getByText('The mobile number is not valid').waitFor();
    await page.getByText('Please enter the company name').waitFor();
    await screenshot(page, 'register-phone-en');
    // Nothing was sent: the user stays on the form and no code went out.
    expect(new URL(page.url()).pathname).toBe('/register');
    expect(sent.some((s) => s.phone === 'abc')).toBe(false);
    await context.close();
  });

  it('joins an organisation with the invite link an administrator shares', async () => {
    const admin = await server.token('admin');
    const orgs = await server.api<{ data: { id: number }[] }>(
      'GET',
      '/api-user/organization/getListByTree',
      undefined,
      admin,
    );
    const invite = await server.api<{ data: { url: string } }>(
      'GET',
      `/api-manage/backend-anon/inviteCode?organizationId=${orgs.body.data[0]!.id}`,
      undefined,
      admin,
    );
    const context = await newContext(browser, server, { lang: 'zh' });
    const page = await context.newPage();
    await page.goto(invite.body.data.url);
    await page.getByTestId('register-invited').getByText('演示工厂').waitFor();
    await fillPerson(page, { name: '王师傅', phone: '13700000012', username: 'wang-tech', password: 'Tech12345' });
    await page.getByTestId('register-submit').click();
    await waitForShell(page);
    expect(await page.getByTestId('user-menu').innerText()).toContain('王师傅');
    // The new member belongs to the organisation of the link, in the inviting company.
    const me = await server.api<{ data: { tenantid: number; organizationid: number } }>(
      'GET',
      '/api-user/users/current',
      undefined,
      await server.token('wang-tech', 'Tech12345'),
    );
    const inviter = await server.api<{ data: { tenantid: number } }>(
      'GET',
      '/api-user/users/current',
      undefined,
      admin,
    );
    expect(me.body.data.tenantid).toBe(inviter.body.data.tenantid);
    expect(Number(me.body.data.organizationid)).toBe(orgs.body.data[0]!.id);
    await context.close();
  });

  it('opens the wanted page with a hand-over key, and explains a used key', async () => {
    const admin = await server.token('admin');
    const key = await server.api<{ data: { url: string } }>(
      'GET',
      '/api-mes/Home/InterfaceLogin?redirect=/equipment/ledger/1',
      undefined,
      admin,
    );
    const context = await newContext(browser, server, { lang: 'zh' });
    const page = await context.newPage();
    await page.goto(key.body.data.url);
    await page.waitForURL('**/equipment/ledger/1');
    await waitForShell(page);
    expect(new URL(page.url()).pathname).toBe('/equipment/ledger/1');
    await page.getByTestId('resource-table-equipment').waitFor();
    const again = await context.newPage();
    await again.goto(key.body.data.url);
    const refused = again.getByTestId('auth-redirect-error');
    await refused.waitFor();
    expect(await refused.innerText()).toBe('登录链接无效或已过期，请重新打开');
    expect(new URL(again.url()).pathname).not.toBe('/equipment/ledger/1');
    await context.close();
  });
});
