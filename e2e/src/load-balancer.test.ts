import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  browserSuite,
  closeDialog,
  expectToast,
  launchBrowser,
  loginThroughForm,
  newContext,
  openFromUserMenu,
  pickOption,
  waitForShell,
} from './harness.js';
import { type LoadBalancer, startLoadBalancer } from './load-balancer.js';
import {
  ADMIN_PASSWORD,
  copySeeded,
  launchServer,
  removeData,
  type SeededData,
  type ServerProcess,
} from './server-process.js';

/*
 * Two server instances on one PostgreSQL database behind nginx in round robin (docs/scaling.md): the main loop
 * of the product through the balancer, and a stop of one instance while requests flow. PostgreSQL only: the
 * embedded database belongs to one process (on the embedded run the suite is skipped, as the server tests
 * that need PostgreSQL are).
 */

const onPostgres = !!process.env.TEST_DATABASE_URL;
const SLOW = { timeout: 15_000 };
const REPAIRS = '/repair_admin/task/0';
const drawer = (page: Page) => page.getByTestId('repair-drawer');
const dialog = (page: Page) => page.getByTestId('workflow-action-dialog').locator('.ant-modal');

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

interface Reply<T> {
  status: number;
  body: { rtnCode?: number; data: T; count?: number; access_token?: string };
}

browserSuite('two server instances behind nginx', () => {
  describe.runIf(onPostgres)('on one PostgreSQL database, in round robin', () => {
    let data: SeededData;
    let otherDir: string;
    let a: ServerProcess;
    let b: ServerProcess;
    let lb: LoadBalancer;
    let browser: Browser;
    let token: string;

    const api = async <T>(method: string, p: string, body?: unknown): Promise<Reply<T>> => {
      const res = await fetch(`${lb.url}${p}`, {
        method,
        headers: {
          lang: 'zh',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, body: text.startsWith('{') ? JSON.parse(text) : { data: text } };
    };

    beforeAll(async () => {
      const template = JSON.parse(inject('e2eTemplate')) as SeededData;
      data = await copySeeded(template);
      otherDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eam-e2e-other-'));
      // One after the other: the second finds the schema migrated and seeded.
      a = await launchServer({ data });
      b = await launchServer({ data: { ...data, dataDir: otherDir } });
      [lb, browser] = await Promise.all([startLoadBalancer([a.port, b.port]), launchBrowser()]);
      const login = await api<unknown>('POST', '/sys/login', { username: 'admin', password: ADMIN_PASSWORD });
      token = login.body.access_token!;
      expect(token).toBeTruthy();
    });
    afterAll(async () => {
      await browser?.close();
      await lb?.stop();
      await Promise.all([a?.stop(), b?.stop()]);
      if (data) await removeData(data);
      if (otherDir) fs.rmSync(otherDir, { recursive: true, force: true });
    });

    it('logs in, reports, dispatches, takes, finishes, accepts, exports and downloads, hears the push', async () => {
      const context = await newContext(browser, lb, { lang: 'zh' });
      const page = await context.newPage();
      await page.goto('/login');
      await loginThroughForm(page, 'admin');
      await waitForShell(page);
      const me = await api<{ peoplename: string }>('GET', '/api-user/users/current');
      const adminName = me.body.data.peoplename;

      await page.goto(REPAIRS);
      await page.getByTestId('resource-table-maintaintask').waitFor();
      await page.getByTestId('repair-report').click();
      const form = page.getByTestId('repair-report-dialog');
      await pickOption(page, form.getByTestId('field-equipmentId'));
      await form.getByTestId('field-phenomenon').fill('主轴异响，负载均衡测试');
      await pickOption(page, form.getByTestId('field-urgency'), '紧急');
      await page.getByTestId('repair-report-submit').click();
      await expectToast(page, '报修成功');
      const latest = await api<{ code: string }[]>('GET', '/api-manage/maintaintask/page?page=1&limit=1');
      const code = latest.body.data[0]!.code;
      const rows = page.getByTestId('resource-table-maintaintask').locator('tbody tr.ant-table-row');
      await rows.filter({ hasText: code }).getByTestId('row-open').click(SLOW);
      await drawer(page).getByText(code).first().waitFor();

      await act(page, 'dispatch', 'dispatched', () =>
        pickOption(page, dialog(page).getByTestId('field-assigneeId'), adminName, true),
      );
      await act(page, 'accept', 'accepted');
      await act(page, 'start', 'repairing');
      await act(page, 'finish', 'finished', async () => {
        await pickOption(page, dialog(page).getByTestId('field-faultReasonId'));
        await dialog(page).getByTestId('field-comment').fill('更换主轴轴承');
      });
      await drawer(page).getByTestId('workflow-approval-approve').click();
      await dialog(page).waitFor();
      await page.getByTestId('workflow-action-submit').click();
      await dialog(page).waitFor({ state: 'detached', ...SLOW });
      await expect.poll(() => drawer(page).getAttribute('data-state'), SLOW).toBe('checked');
      await page.keyboard.press('Escape');

      // The export runs as a job on either instance; its push reaches the page's socket on whichever it is.
      await page.goto('/equipment/ledger/1');
      await page.getByTestId('resource-export').click();
      await expectToast(page, '我的下载');
      await page.getByTestId('download-notice-success').waitFor({ timeout: 30_000 });
      await openFromUserMenu(page, 'menu-downloads');
      const link = page.getByTestId('downloads-dialog').getByTestId('download-link').first();
      await link.waitFor(SLOW);
      const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
      // The file is the ledger: its header in the page's language, one row per machine, each with its name.
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.readFile((await download.path())!);
      const ws = wb.worksheets[0]!;
      const header = (ws.getRow(1).values as unknown[]).slice(1).map((v) => String(v ?? ''));
      expect(header.slice(0, 2)).toEqual(['编号', '名称']);
      const ledger = await api<{ code: string; name: string }[]>('GET', '/api-manage/equipment/page?page=1&limit=1000');
      expect(ws.rowCount - 1).toBe(ledger.body.count);
      const sheet = new Map<string, string>();
      for (let r = 2; r <= ws.rowCount; r++)
        sheet.set(String(ws.getRow(r).getCell(1).value), String(ws.getRow(r).getCell(2).value));
      expect(ledger.body.data.length).toBeGreaterThan(0);
      for (const m of ledger.body.data) expect(sheet.get(m.code), m.code).toBe(m.name);
      await closeDialog(page);
      await context.close();

      const served = new Set(lb.upstreams());
      expect(served).toContain(`127.0.0.1:${a.port}`);
      expect(served).toContain(`127.0.0.1:${b.port}`);
      // Two servers, a browser and nginx on a loaded two-core machine: a step can take a while.
    }, 240_000);

    it('loses no request while one instance stops on SIGTERM', async () => {
      const machines = await api<{ id: number }[]>('GET', '/api-manage/equipment/page?page=1&limit=1');
      const equipmentId = machines.body.data[0]!.id;
      const ordersNow = async () =>
        Number((await api<unknown[]>('GET', '/api-manage/maintaintask/page?page=1&limit=1')).body.count);
      const before = await ordersNow();
      const failures: string[] = [];
      let reported = 0;
      let reads = 0;
      let flowing = true;
      const worker = async (w: number) => {
        for (let i = 0; flowing; i++) {
          try {
            const r =
              i % 2 === 0
                ? await api('POST', '/api-manage/maintaintask/save', {
                    equipmentId,
                    phenomenon: `停机测试 ${w}-${i}`,
                    urgency: 'normal',
                  })
                : await api('GET', '/api-manage/maintaintask/page?page=1&limit=5');
            if (r.status !== 200 || r.body.rtnCode !== 200) failures.push(`${r.status} ${JSON.stringify(r.body)}`);
            else if (i % 2 === 0) reported++;
            else reads++;
          } catch (err) {
            failures.push(String(err));
          }
        }
      };
      const answered = async (n: number) => {
        for (const end = Date.now() + 60_000; reported + reads < n && Date.now() < end; )
          await new Promise((r) => setTimeout(r, 50));
      };
      const workers = Array.from({ length: 6 }, (_, w) => worker(w));
      await answered(30);
      const servedByB = lb.upstreams().filter((u) => u === `127.0.0.1:${b.port}`).length;
      await b.stop();
      const atStop = reported + reads;
      await answered(atStop + 30);
      flowing = false;
      await Promise.all(workers);
      expect(failures).toEqual([]);
      expect(servedByB).toBeGreaterThan(5);
      expect(reported + reads).toBeGreaterThanOrEqual(atStop + 30);
      // Every acknowledged report is there, once.
      expect(await ordersNow()).toBe(before + reported);
      const log = lb.upstreams();
      expect(log.slice(-5)).toEqual(Array(5).fill(`127.0.0.1:${a.port}`));
    });
  });
});
