import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readXlsx, secondTenant, tenantOf, userWithCodes, waitForDownload } from '../../platform/resources/testkit.js';
import { type TenantTx, withTenant } from '../../platform/tenancy/tenant-tx.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { P as REPAIR } from '../repair/permissions.js';

/*
 * Data scope in the hand-written reports and the boards: a member whose role sees one workshop gets the figures of
 * that workshop's machines only, equal to those worked out by hand below; the tenant administrator gets both.
 * Period 2026-03-01..2026-03-10 in a tenant on UTC. Workshop W1: M1, M2; workshop W2: M3.
 *   O1 M1 Bearing, stopped 2 h (03-02 01:00–03:00), repair 90 min, cost 100
 *   O2 M2 Electric, not stopped, repair 30 min, cost 50
 *   O3 M3 Bearing, stopped 4 h, repair 60 min, cost 500
 *   O4 M3 Electric, not stopped, repair 60 min, cost 70
 * W1 by hand: 2 failures (1 Bearing, 1 Electric), 2 h down, 2 repairs of 120 min, cost 150.
 * Both workshops: 4 failures (2 + 2), 6 h down, 4 repairs, cost 720. O5 (M1) and O6 (M3) are open, after the period.
 */

type Row = Record<string, unknown>;
interface Report {
  rows: Row[];
  total?: Row;
}

let t: TestApp;
let admin: string;
let scoped: string;
let tenantId: number;
const ids: Record<string, number> = {};
const PERIOD = 'start=2026-03-01&end=2026-03-10';
const CODES = [
  'reportform:workshopChart:view',
  'reportform:workshopChart:export',
  'reportform:faultReasonChart:view',
  'reportform:mtchart:view',
  REPAIR.view,
  REPAIR.assign,
];

const get = async <T = Report>(url: string, token: string) => {
  const r = (await (await t.call('GET', url, token)).json()) as { rtnCode: number; msg: string; data: T };
  expect(r.rtnCode, `${url}: ${r.msg}`).toBe(200);
  return r.data;
};
const report = (key: string, query: string, token: string) => get(`/api-list/report/${key}?${PERIOD}${query}`, token);
const named = (rows: Row[]) => Object.fromEntries(rows.map((r) => [String(r.name), r]));

async function fixture(tx: TenantTx) {
  const ins = async (table: string, values: Row) => Number((await tx.insert<{ id: number }>(table, values, 'id')).id);
  ids.w1 = await ins('workshops', { workshopcode: 'W1', workshopname: 'W1' });
  ids.w2 = await ins('workshops', { workshopcode: 'W2', workshopname: 'W2' });
  ids.group = await ins('work_groups', { code: 'G1', name: 'G1', workshop_id: ids.w1 });
  ids.cat = await ins('equipment_categories', { code: 'C1', name: 'Lathes' });
  const machine = (code: string, workshop: number) =>
    ins('equipment', {
      code,
      name: code,
      workshop_id: workshop,
      category_id: ids.cat,
      commissioning_date: '2025-01-01',
      status: 'running',
    });
  ids.m1 = await machine('M1', ids.w1);
  ids.m2 = await machine('M2', ids.w1);
  ids.m3 = await machine('M3', ids.w2);
  ids.r1 = await ins('fault_reasons', { category_id: ids.cat, code: 'R1', name: 'Bearing' });
  ids.r2 = await ins('fault_reasons', { category_id: ids.cat, code: 'R2', name: 'Electric' });
  const order = (code: string, m: number, workshop: number, v: Row) =>
    ins('repair_orders', { code, phenomenon: 'x', equipment_id: m, workshop_id: workshop, ...v });
  const done = (reason: number, day: string, minutes: number, cost: string, stopped: boolean) => ({
    fault_reason_id: reason,
    state: 'finished',
    stopped,
    reported_at: `2026-03-${day}T01:00:00Z`,
    finished_at: new Date(Date.parse(`2026-03-${day}T01:00:00Z`) + (stopped ? 120 : 30) * 60_000).toISOString(),
    repair_minutes: minutes,
    downtime_minutes: stopped ? 120 : 0,
    total_cost: cost,
  });
  await order('O1', ids.m1, ids.w1, done(ids.r1, '02', 90, '100.00', true));
  await order('O2', ids.m2, ids.w1, done(ids.r2, '05', 30, '50.00', false));
  await order('O3', ids.m3, ids.w2, {
    ...done(ids.r1, '04', 60, '500.00', true),
    finished_at: '2026-03-04T05:00:00Z',
    downtime_minutes: 240,
  });
  await order('O4', ids.m3, ids.w2, done(ids.r2, '06', 60, '70.00', false));
  await order('O5', ids.m1, ids.w1, { state: 'reported', reported_at: '2026-03-20T01:00:00Z' });
  await order('O6', ids.m3, ids.w2, { state: 'reported', reported_at: '2026-03-20T01:00:00Z' });
}

beforeAll(async () => {
  t = await createTestApp();
  const other = await secondTenant(t, 'rscope');
  admin = other.token;
  tenantId = other.tenantId;
  await withTenant(t.db, tenantId, null, fixture);
  scoped = await userWithCodes(t, tenantId, 'rscope_w1', CODES);
  const { userId } = await tenantOf(t, scoped);
  await withTenant(t.db, tenantId, null, async (tx) => {
    await tx.query(`update roles set data_scope = 'workshop' where tenant_id = $1 and name = 'role_rscope_w1'`, [
      tenantId,
    ]);
    await tx.insert('work_group_members', { workgroup_id: ids.group, user_id: userId }, 'user_id');
  });
}, 120_000);
afterAll(async () => t?.close());

describe('a workshop-scoped member in the reports', () => {
  it('gets the cost and failures of its workshop only (workshopChart)', async () => {
    const mine = named((await report('workshopChart', '&groupBy=workshop', scoped)).rows);
    expect(Object.keys(mine)).toEqual(['W1']);
    expect(mine.W1).toMatchObject({ failures: 2, downtimeHours: '2.00', totalCost: '150.00' });
    const all = named((await report('workshopChart', '&groupBy=workshop', admin)).rows);
    expect(all.W1).toMatchObject({ failures: 2, totalCost: '150.00' });
    expect(all.W2).toMatchObject({ failures: 2, downtimeHours: '4.00', totalCost: '570.00' });
  });

  it('exports the rows of its workshop only', async () => {
    const r = await t.call('POST', '/api-list/report/workshopChart/export', scoped, {
      start: '2026-03-01',
      end: '2026-03-10',
      groupBy: 'workshop',
    });
    const rows = await readXlsx(await waitForDownload(t, scoped, r.json().data.id));
    expect(rows.slice(1).map((row) => row[0])).toEqual(['W1']);
  });

  it('ranks the faults of its workshop only (faultReasonChart)', async () => {
    const mine = named((await report('faultReasonChart', '', scoped)).rows);
    expect(mine.Bearing).toMatchObject({ failures: 1 });
    expect(mine.Electric).toMatchObject({ failures: 1 });
    const byMachine = (await report('faultReasonChart', '&groupBy=equipment', scoped)).rows.map((r) => r.name);
    expect(byMachine.sort()).toEqual(['M1 M1', 'M2 M2']);
    const all = named((await report('faultReasonChart', '', admin)).rows);
    expect(all.Bearing).toMatchObject({ failures: 2 });
  });

  it('totals MTBF / MTTR over its workshop’s machines only (mtchart)', async () => {
    const mine = await report('mtchart', '', scoped);
    expect(mine.rows.map((r) => r.name).sort()).toEqual(['M1 M1', 'M2 M2']);
    // Two machines over 10 calendar days: 480 h planned, 2 h down; 2 failures; 2 repairs of 120 min in all.
    expect(mine.total).toMatchObject({ failures: 2, repairs: 2, downtimeHours: '2.00', plannedHours: '480.00' });
    const all = await report('mtchart', '', admin);
    expect(all.total).toMatchObject({ failures: 4, repairs: 4, downtimeHours: '6.00', plannedHours: '720.00' });
  });
});

describe('a board made by a workshop-scoped member', () => {
  const board = async (kind: string) => {
    const made = await (await t.call('POST', '/api-list/board/save', scoped, { kind, name: `scoped ${kind}` })).json();
    const list = await get<{ id: number; token: string }[]>('/api-list/board/list', admin);
    const token = list.find((b) => b.id === Number(made.data.id))!.token;
    return (await (await t.call('GET', `/api-anon/board/${token}`, null)).json()).data;
  };

  it('shows the machines and open orders of that member’s scope only', async () => {
    const wall = await board('equipment');
    expect(wall.machines.map((m: Row) => m.code)).toEqual(['M1', 'M2']);
    const repair = await board('repair');
    expect(repair.orders.map((o: Row) => o.code)).toEqual(['O5']);
  });
});
