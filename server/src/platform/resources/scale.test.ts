import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { api, type Json, multipart, readXlsx, tenantOf, waitForDownload, workbook } from './testkit.js';

/*
 * Bulk behaviour: a large import lands in one transaction with every row audited, and a large export streams
 * (the heap does not grow with the rows). The full sizes and their time and memory limits (10,000-row import,
 * 100,000-row export under 300 MB) are measured by `npm run bench`, not here.
 */
const IMPORT_ROWS = 3_000;
const EXPORT_ROWS = 20_000;

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(async () => t?.close());

const count = async (sql: string) => Number((await t.db.query<{ n: number }>(sql)).rows[0]!.n);

describe('at scale', () => {
  it('imports a clean file of thousands of rows in one go, each row audited', async () => {
    const header = ['编号*', '名称*', '型号', '所属车间', '所属产线', '状态', '重要等级', '购置日期', '原值（元）'];
    const rows: unknown[][] = [header];
    for (let i = 1; i <= IMPORT_ROWS; i++)
      rows.push([
        `BULK-${i}`,
        `批量设备${i}`,
        'X1',
        'WS01',
        '车削线',
        '运行',
        'B类（重要）',
        new Date(Date.UTC(2022, 0, 1 + (i % 300))),
        1000 + i / 100,
      ]);
    const { payload, headers } = multipart(await workbook(rows));
    const auditBefore = await count("select count(*) as n from audit_log where action = 'import'");
    const started = Date.now();
    const r = await t.app.inject({
      method: 'POST',
      url: '/api-manage/equipment/importexcel',
      headers: { ...headers, authorization: `Bearer ${admin}` },
      payload,
    });
    const ms = Date.now() - started;
    expect((r.json() as Json).rtnCode, r.body.slice(0, 500)).toBe(200);
    console.log(`${IMPORT_ROWS}-row import: ${ms} ms`);
    expect(await count("select count(*) as n from equipment where code like 'BULK-%'")).toBe(IMPORT_ROWS);
    expect(await count("select count(*) as n from audit_log where action = 'import'")).toBe(auditBefore + IMPORT_ROWS);
    const one = await api<Record<string, unknown>[]>(
      t,
      'GET',
      `/api-manage/equipment/page?page=1&limit=1&code=BULK-${IMPORT_ROWS}`,
      admin,
    );
    expect(one.data[0]).toMatchObject({
      lineName: '车削线',
      workshopName: '机加工车间',
      status: 'running',
      importance: 'B',
      originalValue: (1000 + IMPORT_ROWS / 100).toFixed(2),
    });
  });

  it('exports tens of thousands of rows with the heap staying flat', async () => {
    const { tenantId } = await tenantOf(t, admin);
    await t.db.query(
      `insert into equipment(tenant_id, code, name, model, status, importance, original_value, purchase_date)
       select $1, 'BIG-' || g, '大批量设备' || g, 'M' || (g % 50), 'running', 'C', g / 100.0, date '2020-01-01' + (g % 1000)
         from generate_series(1, $2::int) g`,
      [tenantId, EXPORT_ROWS],
    );
    // Live heap (after a full collection), sampled while the export runs: retained memory, not garbage.
    v8.setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    gc();
    const base = process.memoryUsage().heapUsed;
    let peak = base;
    const probe = setInterval(() => {
      gc();
      peak = Math.max(peak, process.memoryUsage().heapUsed);
    }, 250);
    const started = Date.now();
    const queued = await api<{ id: number }>(t, 'POST', '/api-manage/equipment/exportexcel?name=大批量', admin, {});
    const file = await waitForDownload(t, admin, queued.data.id, 240_000);
    clearInterval(probe);
    console.log(
      `${EXPORT_ROWS}-row export: ${Date.now() - started} ms, heap peak +${Math.round((peak - base) / 1e6)} MB, file ${Math.round(file.length / 1e6)} MB`,
    );
    // Buffering the rows would hold tens of MB here; streaming keeps a few.
    expect(peak - base).toBeLessThan(20e6);
    const rows = await readXlsx(file);
    expect(rows).toHaveLength(EXPORT_ROWS + 1);
  }, 300_000);
});
