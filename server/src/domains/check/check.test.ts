import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsDir } from '../../db/migrate.js';
import { runSteps } from '../../platform/jobs/runner.js';
import {
  multipart,
  readXlsx,
  secondTenant,
  tenantOf,
  userWithCodes,
  waitForDownload,
  workbook,
} from '../../platform/resources/testkit.js';
import { withTenant } from '../../platform/tenancy/tenant-tx.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { fillHistory } from './demo.js';
import { generateTasks } from './generate.js';
import { type CheckRunPlace, checkRun, checkRunStep, checkRunWidth, PLANS_PER_STEP } from './job.js';
import { generateMesurTasks } from './metrology.js';
import { notifyOverdue } from './overdue.js';
import { codes } from './permissions.js';

type Row = Record<string, unknown>;
interface Json<T = Row> {
  rtnCode: number;
  msg: string;
  field?: string;
  data: T;
}

let t: TestApp;
let admin: string;
let adminId: number;
let tenantId: number;
let machines: Row[];
let seq = 0;
/** A date in the test tenant's time zone (Asia/Shanghai, UTC+8), `offset` days from today. */
const tenantDay = (offset = 0) => new Date(Date.now() + 8 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);

const call = async <T = Row>(method: 'GET' | 'POST', url: string, body?: unknown, token = admin, lang?: string) =>
  (await (await t.call(method, url, token, body, lang ? { lang } : undefined)).json()) as Json<T>;
const ok = async <T = Row>(url: string, body: unknown, token = admin) => {
  const r = await call<T>('POST', url, body, token);
  expect(r.rtnCode, `${url}: ${r.msg}`).toBe(200);
  return r.data;
};
const get = async <T = Row>(url: string, token = admin) => {
  const r = await call<T>('GET', url, undefined, token);
  expect(r.rtnCode, `${url}: ${r.msg}`).toBe(200);
  return r.data;
};

/** A scheme of three items (reading 0–80 °C raising repair, pass/fail raising repair, a choice to the danger pool). */
async function makeScheme(kind = 2) {
  const n = ++seq;
  const temp = await ok('/api-manage/checkproject/save', {
    kind,
    code: `T${n}`,
    name: '轴承温度',
    answerType: 'number',
    unit: '°C',
    lowerLimit: 0,
    upperLimit: 80,
    raiseRepair: true,
  });
  const oil = await ok('/api-manage/checkproject/save', {
    kind,
    code: `O${n}`,
    name: '油位',
    answerType: 'passfail',
    raiseRepair: true,
  });
  const look = await ok('/api-manage/checkproject/save', {
    kind,
    code: `L${n}`,
    name: '外观',
    answerType: 'choice',
    choices: '清洁,有油污,漏油',
    abnormalChoices: '漏油',
    raiseRepair: false,
  });
  const scheme = await ok('/api-manage/checkscheme/save', { kind, code: `S${n}`, name: `方案${n}` });
  for (const [i, p] of [temp, oil, look].entries())
    await ok('/api-manage/checkschemedtl/save', { schemeId: scheme.id, projectId: p.id, sort: i });
  return { scheme, items: { temp, oil, look } };
}

async function makePlan(plan: Row, machineIds = [machines[0]!.id], kind = 2) {
  const { scheme } = await makeScheme(kind);
  const p = await ok('/api-manage/checkplan/save', {
    kind,
    code: `P${++seq}`,
    name: `计划${seq}`,
    schemeId: scheme.id,
    ...plan,
  });
  for (const m of machineIds) await ok('/api-manage/checkplan/machine/save', { planId: p.id, equipmentId: m });
  await ok('/api-manage/checkplan/enable', { id: p.id });
  return p;
}

const run = (planId: unknown, now: string, catchUpDays = 7) =>
  withTenant(t.db, tenantId, adminId, (tx) =>
    generateTasks(tx, { now: new Date(now), catchUpDays, planIds: [Number(planId)] }),
  );
const tasksOf = async (planId: unknown) =>
  await get<Row[]>(`/api-manage/checktask/page?planId=${planId}&limit=100&sort=dueAt&order=asc`);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  ({ tenantId, userId: adminId } = await tenantOf(t, admin));
  machines = await get<Row[]>('/api-manage/equipment/page?page=1&limit=3');
  await t.db.query("update companies set timezone = 'Asia/Shanghai' where id = $1", [tenantId]);
});
afterAll(async () => t?.close());

describe('generating tasks from plans', () => {
  it('a daily plan makes one task per machine and day in the tenant time zone, also at midnight', async () => {
    const plan = await makePlan(
      { cycle: 'day', startDate: '2026-03-01', endDate: '2026-03-31', dueTime: '08:00', durationHours: 8 },
      [machines[0]!.id, machines[1]!.id],
    );
    // 23:59 in Shanghai on 1 March: only the 1st's tasks; one minute after midnight the 2nd's appear.
    expect(await run(plan.id, '2026-03-01T15:59:00Z')).toEqual({ tasks: 2, items: 6 });
    expect(await run(plan.id, '2026-03-01T16:01:00Z')).toEqual({ tasks: 2, items: 6 });
    const tasks = await tasksOf(plan.id);
    expect(tasks.map((x) => x.dueAt)).toEqual([
      '2026-03-01T00:00:00.000Z',
      '2026-03-01T00:00:00.000Z',
      '2026-03-02T00:00:00.000Z',
      '2026-03-02T00:00:00.000Z',
    ]);
    expect(tasks[0]!.deadline).toBe('2026-03-01T08:00:00.000Z');
    // Spot check's DJ and the task's id.
    for (const x of tasks) expect(x.code).toBe(`DJ${String(x.id).padStart(8, '0')}`);
    const task = await get<Row & { details: Row[] }>(`/api-manage/checktask/get?id=${tasks[0]!.id}`);
    expect(task.details.map((d) => d.name)).toEqual(['轴承温度', '油位', '外观']);
  });

  it('is idempotent: running twice, or two runs at once, creates nothing twice', async () => {
    const plan = await makePlan({ cycle: 'day', startDate: '2026-04-01', endDate: '2026-04-30' });
    const [a, b] = await Promise.all([run(plan.id, '2026-04-03T04:00:00Z'), run(plan.id, '2026-04-03T04:00:00Z')]);
    expect(a.tasks + b.tasks).toBe(3);
    expect(a.items + b.items).toBe(9);
    expect(await run(plan.id, '2026-04-03T05:00:00Z')).toEqual({ tasks: 0, items: 0 });
    expect(await tasksOf(plan.id)).toHaveLength(3);
  });

  it("skips the rest days of the plan's work group roster, and moves a floating plan's day past them", async () => {
    const group = await withTenant(t.db, tenantId, adminId, async (tx) => {
      const ins = async (table: string, v: Row) => Number((await tx.insert<{ id: number }>(table, v, 'id')).id);
      const g = await ins('work_groups', { code: 'WG-REST', name: '轮休班组' });
      const shift = await ins('shifts', { code: 'S-REST', name: '白班', start_time: '08:00', end_time: '17:00' });
      const cycle = await ins('shift_cycles', { name: '做二休一' });
      // The roster covers 1–10 August; the group works the 1st, 2nd, 4th, 7th and 8th.
      await ins('work_group_shifts', {
        workgroup_id: g,
        cycle_id: cycle,
        start_date: '2026-08-01',
        end_date: '2026-08-10',
      });
      for (const day of ['01', '02', '04', '07', '08'])
        await ins('member_shifts', { user_id: adminId, work_date: `2026-08-${day}`, shift_id: shift, workgroup_id: g });
      return g;
    });
    const fixed = await makePlan({ cycle: 'day', startDate: '2026-08-01', endDate: '2026-08-12', workgroupId: group });
    await run(fixed.id, '2026-08-12T04:00:00Z', 12);
    expect((await tasksOf(fixed.id)).map((x) => String(x.dueAt).slice(0, 10))).toEqual([
      '2026-08-01',
      '2026-08-02',
      '2026-08-04',
      '2026-08-07',
      '2026-08-08',
      '2026-08-11', // past the roster: working days again
      '2026-08-12',
    ]);
    const floating = await makePlan({
      cycle: 'day',
      mode: 'floating',
      startDate: '2026-08-05',
      endDate: '2026-08-20',
      workgroupId: group,
    });
    await run(floating.id, '2026-08-07T04:00:00Z', 3);
    expect((await tasksOf(floating.id)).map((x) => String(x.dueAt).slice(0, 10))).toEqual(['2026-08-07']);
  });

  it('catches up after downtime within the catch-up window only', async () => {
    const plan = await makePlan({ cycle: 'day', startDate: '2026-05-01', endDate: '2026-05-31' });
    expect((await run(plan.id, '2026-05-20T04:00:00Z', 3)).tasks).toBe(4); // 17th to 20th
    expect((await run(plan.id, '2026-05-25T04:00:00Z', 7)).tasks).toBe(5); // 21st to 25th
  });

  it('plans each call for its own plans and days: no prepared statement keeps a generic plan of it', async () => {
    // From a prepared statement's sixth call PostgreSQL may keep a generic plan, which walked every plan and task
    // of the tenant for each step of the timed run (100 ms a step against 10-15).
    const plan = await makePlan({ cycle: 'day', startDate: '2026-05-01', endDate: '2026-05-31' });
    const kept = await withTenant(t.db, tenantId, adminId, async (tx) => {
      for (let day = 2; day <= 8; day++)
        await generateTasks(tx, { now: new Date(`2026-05-0${day}T04:00:00Z`), planIds: [Number(plan.id)] });
      const r = await tx.query<{ n: number }>(
        "select count(*)::int as n from pg_prepared_statements where statement like '%insert into check_tasks%'",
      );
      return r.rows[0]!.n;
    });
    expect(kept).toBe(0);
    expect(await tasksOf(plan.id)).toHaveLength(8);
  });

  it('steps weeks and calendar months, skips weekends when asked', async () => {
    const weekly = await makePlan({ cycle: 'week', every: 2, startDate: '2026-06-01', endDate: '2026-07-31' });
    await run(weekly.id, '2026-07-01T04:00:00Z', 60);
    expect((await tasksOf(weekly.id)).map((x) => String(x.dueAt).slice(0, 10))).toEqual([
      '2026-06-01',
      '2026-06-15',
      '2026-06-29',
    ]);
    const monthly = await makePlan({ cycle: 'month', startDate: '2026-01-31', endDate: '2026-12-31' });
    await run(monthly.id, '2026-04-30T04:00:00Z', 120);
    expect((await tasksOf(monthly.id)).map((x) => String(x.dueAt).slice(0, 10))).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
    ]);
    const workdays = await makePlan({
      cycle: 'day',
      startDate: '2026-06-05',
      endDate: '2026-06-30',
      skipWeekends: true,
    });
    await run(workdays.id, '2026-06-08T04:00:00Z', 10);
    expect((await tasksOf(workdays.id)).map((x) => String(x.dueAt).slice(0, 10))).toEqual(['2026-06-05', '2026-06-08']);
  });

  it('a floating plan waits for the open task and counts the next from its completion', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const plan = await makePlan({ cycle: 'day', every: 3, mode: 'floating', startDate: today, assigneeId: adminId });
    await run(plan.id, new Date().toISOString());
    await run(plan.id, new Date(Date.now() + 5 * 86_400_000).toISOString());
    const [task] = await tasksOf(plan.id);
    expect(await tasksOf(plan.id)).toHaveLength(1);
    await ok('/api-manage/checktask/close', { id: task!.id, comment: '停产' });
    expect((await run(plan.id, new Date(Date.now() + 86_400_000).toISOString())).tasks).toBe(0);
    expect((await run(plan.id, new Date(Date.now() + 3 * 86_400_000 + 3_600_000).toISOString())).tasks).toBe(1);
  });

  it('previews the tasks of a plan that is still off, and a plan is switched on only when it has machines', async () => {
    const { scheme } = await makeScheme();
    const plan = await ok('/api-manage/checkplan/save', {
      kind: 2,
      code: `P${++seq}`,
      name: '预览',
      schemeId: scheme.id,
      cycle: 'week',
      startDate: new Date().toISOString().slice(0, 10),
    });
    const refused = await call('POST', '/api-manage/checkplan/enable', { id: plan.id });
    expect(refused.rtnCode).toBe(201);
    expect(refused.msg).toBe('计划还没有设备，不能启用');
    await ok('/api-manage/checkplan/machine/save', { planId: plan.id, equipmentId: machines[0]!.id });
    const preview = await get<Row[]>(`/api-manage/checkplan/preview?id=${plan.id}&days=27`);
    expect(preview).toHaveLength(4);
    expect(preview[0]!.equipmentName).toBe(machines[0]!.name);
    expect(await tasksOf(plan.id)).toHaveLength(0);
  });
});

describe('the timed run (check.generate)', () => {
  it('makes the tasks of every plan that is on a few plans per transaction, then notifies overdue tasks in batches', async () => {
    // No overdue task left unnoticed before: the ones counted below are the new plans'.
    while (await withTenant(t.db, tenantId, null, (tx) => notifyOverdue(tx, 500)));
    const plans = [];
    for (let i = 0; i < 3; i++)
      plans.push(await makePlan({ cycle: 'day', startDate: tenantDay(-2), dueTime: '00:00', durationHours: 1 }));
    const on = await t.db.query<{ n: number }>(
      "select count(*)::int as n from check_plans where tenant_id = $1 and state = 'on' and deleted_at is null",
      [tenantId],
    );
    const since = new Date();
    const place: CheckRunPlace = {};
    const txids = new Set<string>();
    let steps = 0;
    for (let more = true; more; steps++)
      more = await withTenant(t.db, tenantId, null, async (tx) => {
        txids.add((await tx.query<{ id: string }>('select txid_current()::text as id')).rows[0]!.id);
        return checkRunStep(tx, place, { plans: 1, overdue: 1 });
      });
    const overdue = await t.db.query<{ due: number; told: number }>(
      `select count(*) filter (where deadline < now())::int as due,
              count(*) filter (where overdue_notified_at is not null)::int as told
         from check_tasks where tenant_id = $1 and plan_id = any($2::bigint[])`,
      [tenantId, plans.map((p) => Number(p.id))],
    );
    const told = await t.db.query<{ n: number }>(
      'select count(*)::int as n from check_tasks where tenant_id = $1 and overdue_notified_at >= $2',
      [tenantId, since],
    );
    // A step per plan that is on, one for metrology, one per overdue task and the last that finds none.
    expect(overdue.rows[0]!.due).toBeGreaterThanOrEqual(6);
    expect(steps).toBe(on.rows[0]!.n + 1 + told.rows[0]!.n + 1);
    expect(txids.size).toBe(steps);
    expect(overdue.rows[0]!.told).toBe(overdue.rows[0]!.due);
    for (const p of plans) expect(await tasksOf(p.id)).toHaveLength(3);
    // Nothing twice on the next run.
    const again: CheckRunPlace = {};
    while (await withTenant(t.db, tenantId, null, (tx) => checkRunStep(tx, again)));
    for (const p of plans) expect(await tasksOf(p.id)).toHaveLength(3);
  });

  it("makes every step's tasks for the run's moment, taken at its first step", async () => {
    // A run that goes past midnight: its later steps must make the day its first step made, not the next one.
    const plans = [];
    for (let i = 0; i < 2; i++)
      plans.push(await makePlan({ cycle: 'day', startDate: tenantDay(-1), dueTime: '00:00', durationHours: 1 }));
    const moment = new Date(Date.parse(`${tenantDay(2)}T12:00:00+08:00`));
    const place: CheckRunPlace = { catchUpDays: 0, now: moment };
    while (place.afterPlan !== null)
      await withTenant(t.db, tenantId, null, (tx) => checkRunStep(tx, place, { plans: 1, overdue: 1 }));
    expect(place.now).toBe(moment);
    for (const p of plans)
      expect((await tasksOf(p.id)).map((x) => new Date(String(x.dueAt)).getTime())).toEqual([
        Date.parse(`${tenantDay(2)}T00:00:00+08:00`),
      ]);
  });
});

describe('the timed run skips what cannot have changed', () => {
  it("looks at floating plans only until a table the fixed plans' tasks come from changes, or the day does", async () => {
    const timed = checkRun(1, 3600_000, () => 0);
    const count = async (floating: boolean) =>
      (
        await t.db.query<{ n: number }>(
          `select count(*)::int as n from check_plans where tenant_id = $1 and state = 'on' and deleted_at is null
              and ($2::boolean is not true or mode = 'floating')`,
          [tenantId, floating],
        )
      ).rows[0]!.n;
    // One plan a step: the steps that looked for plans say which plans the run made tasks for.
    const runOnce = async (now?: Date) => {
      const place: CheckRunPlace = { now };
      let planSteps = 0;
      for (let more = true; more; )
        more = await withTenant(t.db, tenantId, null, (tx) => {
          if (place.afterPlan !== null) planSteps++;
          return timed(tx, place);
        });
      return { floatingOnly: place.floatingOnly, planSteps };
    };
    await makePlan({ cycle: 'day', mode: 'floating', startDate: tenantDay(-1), dueTime: '00:00', durationHours: 1 });
    expect(await runOnce()).toEqual({ floatingOnly: false, planSteps: (await count(false)) + 1 });
    expect(await runOnce()).toEqual({ floatingOnly: true, planSteps: (await count(true)) + 1 });
    expect(await count(true)).toBeGreaterThan(0);
    expect(await count(false)).toBeGreaterThan(await count(true));
    // A new plan: its table changed, the next run looks at every plan and makes today's task.
    const plan = await makePlan({ cycle: 'day', startDate: tenantDay(-2), dueTime: '00:00', durationHours: 1 });
    expect((await runOnce()).floatingOnly).toBe(false);
    expect(await tasksOf(plan.id)).toHaveLength(1);
    expect((await runOnce()).floatingOnly).toBe(true);
    // A machine taken out of service and back: each is a change.
    const machine = machines[0]!.id;
    const was = await t.db.query<{ status: string }>('select status from equipment where tenant_id = $1 and id = $2', [
      tenantId,
      machine,
    ]);
    await t.db.query("update equipment set status = 'scrapped' where tenant_id = $1 and id = $2", [tenantId, machine]);
    expect((await runOnce()).floatingOnly).toBe(false);
    await t.db.query('update equipment set status = $3 where tenant_id = $1 and id = $2', [
      tenantId,
      machine,
      was.rows[0]!.status,
    ]);
    expect((await runOnce()).floatingOnly).toBe(false);
    // The next day: every plan again, and tomorrow's task made.
    const tomorrow = new Date(Date.now() + 86_400_000);
    expect((await runOnce(tomorrow)).floatingOnly).toBe(false);
    expect(await tasksOf(plan.id)).toHaveLength(2);
    expect((await runOnce(tomorrow)).floatingOnly).toBe(true);
  });
});

describe('the timed run looks back', () => {
  it('a week on its first run for a tenant and once an hour after, today only on the runs between', async () => {
    let clock = 0;
    const timed = checkRun(PLANS_PER_STEP[t.db.kind], 3600_000, () => clock);
    const runOnce = async () => {
      const place: CheckRunPlace = {};
      while (await withTenant(t.db, tenantId, null, (tx) => timed(tx, place)));
      return place.catchUpDays;
    };
    expect(await runOnce()).toBe(7);
    const plan = await makePlan({ cycle: 'day', startDate: tenantDay(-2), dueTime: '00:00', durationHours: 1 });
    clock += 3599_000;
    expect(await runOnce()).toBe(0);
    expect(await tasksOf(plan.id)).toHaveLength(1);
    clock += 1000;
    expect(await runOnce()).toBe(7);
    expect(await tasksOf(plan.id)).toHaveLength(3);
  });
});

describe('the timed run in two lanes (PostgreSQL runs two steps at once)', () => {
  it('makes every task once, then metrology and what the run remembers one step at a time', async () => {
    const timed = checkRun(1, 3600_000, () => 0);
    const plans = [];
    for (let i = 0; i < 5; i++)
      plans.push(await makePlan({ cycle: 'day', startDate: tenantDay(-2), dueTime: '00:00', durationHours: 1 }));
    const run = async () => {
      const place: CheckRunPlace = {};
      let inFlight = 0;
      let most = 0;
      await runSteps(
        place,
        async () => {
          most = Math.max(most, ++inFlight);
          try {
            return await withTenant(t.db, tenantId, null, (tx) => timed(tx, place));
          } finally {
            inFlight--;
          }
        },
        checkRunWidth(2),
      );
      return { place, most };
    };
    const first = await run();
    expect(first.most).toBe(2);
    expect(first.place).toMatchObject({ afterPlan: null, metrologyDone: true, floatingOnly: false });
    for (const p of plans) expect(await tasksOf(p.id)).toHaveLength(3);
    // Remembered as a whole run: the next looks at floating plans only, and nothing is made twice.
    expect((await run()).place.floatingOnly).toBe(true);
    const everyPlan: CheckRunPlace = {};
    await runSteps(
      everyPlan,
      () => withTenant(t.db, tenantId, null, (tx) => checkRun(2)(tx, everyPlan)),
      checkRunWidth(2),
    );
    for (const p of plans) expect(await tasksOf(p.id)).toHaveLength(3);
  });
});

describe('doing a task', () => {
  let plan: Row;
  let task: Row & { details: Row[] };
  const item = (name: string) => task.details.find((d) => d.name === name)!;

  beforeAll(async () => {
    plan = await makePlan({
      cycle: 'day',
      startDate: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10),
      assigneeId: adminId,
    });
    await ok('/api-manage/checkplan/generate', { id: plan.id });
    const tasks = await tasksOf(plan.id);
    task = await get(`/api-manage/checktask/get?id=${tasks.at(-1)!.id}`);
  });

  it('lists my tasks of today, judges every answer at once and refuses bad ones naming the field', async () => {
    const mine = await get<Row[]>('/api-manage/checktask/mine?kind=2');
    expect(mine.some((x) => x.id === task.id)).toBe(true);
    const byScan = await get<Row[]>(`/api-manage/checktask/mine?code=${encodeURIComponent(String(machines[0]!.code))}`);
    expect(byScan.some((x) => x.id === task.id)).toBe(true);

    const bad = await call('POST', '/api-manage/checktaskdtl/answer', { id: item('轴承温度').id, answer: '很热' });
    expect(bad).toMatchObject({ rtnCode: 201, field: 'answer', msg: '结果“很热”不是有效的数值' });
    const hot = await ok('/api-manage/checktaskdtl/answer', { id: item('轴承温度').id, answer: '95.5' });
    expect(hot.abnormal).toBe(true);
    const started = await get(`/api-manage/checktask/get?id=${task.id}`);
    expect(started.state).toBe('doing');
    await ok('/api-manage/checktaskdtl/answer', { id: item('油位').id, answer: 'pass' });
    const early = await call('POST', '/api-manage/checktask/finish', { id: task.id });
    expect(early.msg).toBe('还有未记录的检查项：外观');
    const leak = await ok('/api-manage/checktaskdtl/answer', {
      id: item('外观').id,
      answer: '漏油',
      note: '底部有油迹',
    });
    expect(leak.abnormal).toBe(true);
  });

  it('finishing raises one repair order for the machine and puts the rest in the danger pool', async () => {
    const done = await ok('/api-manage/checktask/finish', { id: task.id });
    expect(done).toMatchObject({ state: 'done', abnormalCount: 2, late: false });
    const after = await get<Row & { details: Row[] }>(`/api-manage/checktask/get?id=${task.id}`);
    const temp = after.details.find((d) => d.name === '轴承温度')!;
    expect(temp.dangerState).toBe('repaired');
    const order = await get(`/api-manage/maintaintask/get?id=${temp.repairOrderId}`);
    expect(order).toMatchObject({ source: 'check', equipmentId: machines[0]!.id, state: 'reported' });
    expect(order.phenomenon).toBe(`点检任务 ${task.code} 发现异常：轴承温度: 95.5 °C`);
    // The order keeps the findings as facts: each reader sees the sentence in their own language.
    expect(order.findings).toMatchObject({
      taskCode: task.code,
      kind: 2,
      items: [{ name: '轴承温度', answer: '95.5' }],
    });
    const en = await call(`GET`, `/api-manage/maintaintask/get?id=${temp.repairOrderId}`, undefined, admin, 'en');
    expect(en.data.phenomenon).toBe(`Spot check task ${task.code} found abnormal items: 轴承温度: 95.5 °C`);
    const page = await call<Row[]>('GET', `/api-manage/maintaintask/page?code=${order.code}`, undefined, admin, 'tw');
    expect(page.data[0]!.phenomenon).toBe(`點檢任務 ${task.code} 發現異常：轴承温度: 95.5 °C`);
    // A person's correction of the phenomenon is kept in their words: the findings give way.
    await ok('/api-manage/maintaintask/update', {
      id: order.id,
      phenomenon: '轴承过热，需更换',
      updatedAt: order.updatedAt,
    });
    const fixed = await call('GET', `/api-manage/maintaintask/get?id=${order.id}`, undefined, admin, 'en');
    expect(fixed.data).toMatchObject({ phenomenon: '轴承过热，需更换', findings: null });
    const look = after.details.find((d) => d.name === '外观')!;
    expect(look).toMatchObject({ dangerState: 'open', repairOrderId: null });
    const pool = await get<Row[]>('/api-manage/checktaskdtl/page?dangerState=open&limit=100');
    expect(pool.some((d) => d.id === look.id)).toBe(true);
    const raised = await ok('/api-manage/checktaskdtl/raiseRepair', { id: look.id });
    expect(raised.dangerState).toBe('repaired');
    expect(raised.repairOrderId).toBeTruthy();
    const late = await call('POST', '/api-manage/checktaskdtl/answer', { id: temp.id, answer: '20' });
    expect(late.msg).toBe('任务已完成或已关闭，不能再记录');
  });

  it('exports the tasks of a plan and their items to My downloads', async () => {
    const queued = await ok<{ id: number }>(`/api-manage/checktask/exportexcel?planId=${plan.id}`, {});
    const [header, ...rows] = await readXlsx(await waitForDownload(t, admin, Number(queued.id ?? queued)));
    expect(header).toContain('任务号');
    expect(rows.length).toBeGreaterThan(0);
    const items = await ok<{ id: number }>(`/api-manage/checktaskdtl/exportexcel?taskId=${task.id}`, {});
    const [, ...lines] = await readXlsx(await waitForDownload(t, admin, Number(items.id ?? items)));
    expect(lines.map((l) => l.join(' ')).join('\n')).toContain('95.5');

    // Spec 3.1's codes by kind: 1 maintenance task, 2 its details, 3 spot-check details, else patrol details.
    const idOf = (q: unknown) => Number((q as { id?: number }).id ?? q);
    const spot = idOf(await ok('/api-manage/checktaskdtl/exportexcel?kind=2', {}));
    const [, ...spotLines] = await readXlsx(await waitForDownload(t, admin, spot));
    expect(spotLines.map((l) => l.join(' ')).join('\n')).toContain('95.5');
    const patrol = idOf(await ok('/api-manage/checktaskdtl/exportexcel?kind=1', {}));
    const [, ...patrolLines] = await readXlsx(await waitForDownload(t, admin, patrol));
    expect(patrolLines.map((l) => l.join(' ')).join('\n')).not.toContain('95.5');
    const maintenance = idOf(await ok('/api-manage/checktask/exportexcel?kind=3', {}));
    const maintenanceItems = idOf(await ok('/api-manage/checktaskdtl/exportexcel?kind=3', {}));
    const downloads = await get<{ id: number; ywlx: string }[]>('/api-core/download/page?limit=20');
    const typeOf = (id: number) => String(downloads.find((d) => d.id === id)?.ywlx);
    expect([maintenance, maintenanceItems, spot, patrol].map(typeOf)).toEqual(['1', '2', '3', '4']);
    expect(typeOf(idOf(items))).toBe('checktaskdtl');
  });

  it("sums tasks by plan and shows a machine's readings", async () => {
    const today = tenantDay();
    const from = tenantDay(-3);
    const rows = await get<Row[]>(`/api-list/checksummary?kind=2&from=${from}&to=${today}&groupBy=plan`);
    const mine = rows.find((r) => Number(r.key) === Number(plan.id))!;
    expect(mine).toMatchObject({ onTime: 1, abnormalTasks: 1, abnormalRate: 100 });
    const temp = task.details.find((d) => d.name === '轴承温度')!;
    const data = await ok<Row[]>('/api-manage/dataReport', {
      equipmentId: machines[0]!.id,
      projectId: temp.projectId,
      from,
      to: today,
    });
    expect(data.at(-1)).toMatchObject({ value: '95.5000', abnormal: true, upper: '80.0000' });
  });
});

describe('who may do what', () => {
  it('refuses an unqualified maintainer, the wrong person and the wrong permissions; hides other tenants', async () => {
    const plan = await makePlan(
      { cycle: 'day', startDate: new Date().toISOString().slice(0, 10) },
      [machines[0]!.id],
      3,
    );
    await ok('/api-manage/checkplan/generate', { id: plan.id });
    const [task] = await tasksOf(plan.id);
    const fitter = await userWithCodes(t, tenantId, 'fitter', [...codes('task', 'view'), ...codes('task', 'execute')]);
    const fitterId = (await tenantOf(t, fitter)).userId;
    const machine = await get(`/api-manage/equipment/get?id=${machines[0]!.id}`);
    await ok('/api-manage/maintainqualification/save', { userId: adminId, categoryId: machine.categoryId });
    const refused = await call('POST', '/api-manage/checktask/reassign', { id: task!.id, assigneeId: fitterId });
    expect(refused.msg).toBe('该人员没有此类设备的保养资质');
    const start = await call('POST', '/api-manage/checktask/start', { id: task!.id }, fitter);
    expect(start.msg).toBe('该人员没有此类设备的保养资质');
    const assign = await t.call('POST', '/api-manage/checktask/close', fitter, { id: task!.id, comment: 'x' });
    expect(assign.statusCode).toBe(403);
    await ok('/api-manage/maintainqualification/save', { userId: fitterId, categoryId: machine.categoryId });
    await ok('/api-manage/checktask/reassign', { id: task!.id, assigneeId: fitterId });
    const notMine = await call('POST', '/api-manage/checktask/start', { id: task!.id });
    expect(notMine.rtnCode).toBe(201);
    expect((await ok('/api-manage/checktask/start', { id: task!.id }, fitter)).state).toBe('doing');

    const other = await secondTenant(t, 'check-b');
    const hidden = await t.call('GET', `/api-manage/checktask/get?id=${task!.id}`, other.token);
    expect([200, 404]).toContain(hidden.statusCode);
    if (hidden.statusCode === 200) expect(((await hidden.json()) as Json).rtnCode).toBe(404);
    const act = (await (
      await t.call('POST', '/api-manage/checktask/close', other.token, { id: task!.id, comment: 'x' })
    ).json()) as Json;
    expect(act.rtnCode).toBe(404);
    const en = await call('POST', '/api-manage/checkplan/enable', { id: plan.id }, admin, 'en');
    expect(en.msg).toBe('It is already On (someone has just done it)');
  });
});

describe('each kind is governed by its own menu', () => {
  it("codes of one kind reach that kind's rows only: read, do, change, import, generate, sum", async () => {
    const today = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const plans = {} as Record<1 | 2 | 3, Row>;
    const tasks = {} as Record<1 | 2 | 3, Row & { details: Row[] }>;
    for (const kind of [1, 2, 3] as const) {
      plans[kind] = await makePlan({ cycle: 'day', startDate: today }, [machines[kind - 1]!.id], kind);
      await ok('/api-manage/checkplan/generate', { id: plans[kind].id });
      tasks[kind] = await get(`/api-manage/checktask/get?id=${(await tasksOf(plans[kind].id)).at(-1)!.id}`);
    }
    // A patrol man who may also look at (not do) spot checks.
    const man = await userWithCodes(t, tenantId, 'patrolman', [
      ...['view', 'add', 'edit', 'import'].map((a) => `patrol:project:${a}`),
      ...['view', 'generate'].map((a) => `patrol:plan:${a}`),
      'patrol:task:view',
      'patrol:task:execute',
      'check:task:view',
    ]);
    const status = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
      const r = await t.call(method, url, man, body);
      return r.statusCode === 200 ? ((await r.json()) as Json).rtnCode : r.statusCode;
    };

    // Reading: the task list holds patrol and spot-check tasks, as many as there are; maintenance is not there.
    const listed = await call<Row[]>('GET', '/api-manage/checktask/page?page=1&limit=1', undefined, man);
    const [{ n }] = (
      await t.db.query<{ n: number }>(
        'select count(*)::int as n from check_tasks where tenant_id = $1 and kind in (1, 2)',
        [tenantId],
      )
    ).rows as [{ n: number }];
    expect((listed as unknown as { count: number }).count).toBe(n);
    const kinds = (await get<Row[]>('/api-manage/checktask/page?page=1&limit=500', man)).map((x) => x.kind);
    expect(new Set(kinds)).toEqual(new Set([1, 2]));
    expect(await status('GET', `/api-manage/checktask/get?id=${tasks[3].id}`)).toBe(404);
    expect((await get<Row[]>('/api-manage/checktask/mine', man)).some((x) => x.kind === 3)).toBe(false);
    expect(await status('GET', `/api-manage/checkplan/preview?id=${plans[3].id}`)).toBe(404);

    // Doing: a patrol task yes; a spot-check task he sees but may not do; a maintenance task he cannot find.
    const answer = (task: Row & { details: Row[] }) =>
      status('POST', '/api-manage/checktaskdtl/answer', { id: task.details[1]!.id, answer: 'pass' });
    expect(await answer(tasks[1])).toBe(200);
    expect(await answer(tasks[2])).toBe(403);
    expect(await status('POST', '/api-manage/checktask/start', { id: tasks[2].id })).toBe(403);
    expect(await answer(tasks[3])).toBe(404);
    expect(await status('POST', '/api-manage/checkplan/generate', { id: plans[2].id })).toBe(404);

    // Changing: a patrol item yes; not one of another kind, nor turning his own into another kind.
    const item = { code: `PM${++seq}`, name: '巡视', answerType: 'passfail' };
    const mine = await ok('/api-manage/checkproject/save', { ...item, kind: 1 }, man);
    expect(await status('POST', '/api-manage/checkproject/save', { ...item, code: `PM${++seq}`, kind: 3 })).toBe(403);
    expect(await status('POST', '/api-manage/checkproject/update', { id: mine.id, kind: 3 })).toBe(403);
    expect((await get<Row>(`/api-manage/checkproject/get?id=${mine.id}`)).kind).toBe(1);

    // Importing: a row of another kind is named, and nothing is imported.
    const { payload, headers } = multipart(
      await workbook([
        ['类别', '编号', '名称', '结果类型'],
        ['巡检', `PI${++seq}`, '导入一', '正常/异常'],
        ['保养', `PI${++seq}`, '导入二', '正常/异常'],
      ]),
    );
    const imported = (
      await t.app.inject({
        method: 'POST',
        url: '/api-manage/checkproject/importexcel',
        headers: { ...headers, authorization: `Bearer ${man}` },
        payload,
      })
    ).json() as Json<{ row: number; message: string }[]>;
    expect(imported.rtnCode).toBe(201);
    expect(imported.data).toEqual([expect.objectContaining({ row: 3, message: '类别为“保养”的记录您无权导入' })]);
    expect(await call('GET', `/api-manage/checkproject/page?code=PI${seq - 1}`).then((r) => r.data)).toEqual([]);

    // Sums: the summary of maintenance is empty for him, not for the administrator.
    const to = tenantDay();
    const sum = (token: string) => get<Row[]>(`/api-list/checksummary?kind=3&from=${today}&to=${to}`, token);
    expect(await sum(man)).toEqual([]);
    expect((await sum(admin)).length).toBeGreaterThan(0);

    // The pages' buttons follow the same split: the metadata says what he may do per kind.
    type Meta = {
      can: Record<string, boolean>;
      canBy: { field: string; values: Record<string, Record<string, boolean>> };
      workflow: { actions: { name: string; can: boolean; canBy: Record<string, boolean> }[] };
    };
    const projects = await get<Meta>('/api-manage/meta/checkproject', man);
    expect(projects.can).toMatchObject({ view: true, add: true });
    expect(projects.canBy.field).toBe('kind');
    expect(projects.canBy.values['1']).toMatchObject({
      view: true,
      add: true,
      edit: true,
      import: true,
      delete: false,
    });
    expect(projects.canBy.values['3']).toMatchObject({ view: false, add: false, edit: false, import: false });
    const taskMeta = await get<Meta>('/api-manage/meta/checktask', man);
    const start = taskMeta.workflow.actions.find((a) => a.name === 'start')!;
    expect(start.can).toBe(true);
    expect(start.canBy).toEqual({ '1': true, '2': false, '3': false });
    expect(taskMeta.canBy.values['2']!.view).toBe(true);
  });
});

describe('project templates', () => {
  it('applying one makes its items and a scheme of them through the service, all or nothing, per kind', async () => {
    const n = ++seq;
    const template = await ok('/api-manage/ckprtemplate/save', { kind: 2, code: `MB${n}`, name: '数控车床日点检' });
    const item = (body: Row | Record<string, unknown>) =>
      call('POST', '/api-manage/ckprtemplatedtl/save', { templateId: template.id, ...body });
    expect(
      (await item({ sort: 1, name: '主轴温度', answerType: 'number', unit: '°C', lowerLimit: 0, upperLimit: 70 }))
        .rtnCode,
    ).toBe(200);
    expect((await item({ sort: 2, name: '导轨润滑', answerType: 'passfail', raiseRepair: false })).rtnCode).toBe(200);
    // An item is judged like a check project: limits in order.
    expect(await item({ name: '油压', answerType: 'number', lowerLimit: 9, upperLimit: 1 })).toMatchObject({
      rtnCode: 201,
      field: 'upperLimit',
    });

    const made = await ok<{ schemeId: number; projects: number }>('/api-manage/ckprtemplate/apply', {
      id: template.id,
      code: `L1-${n}`,
    });
    expect(made.projects).toBe(2);
    const scheme = await get<Row & { details: Row[] }>(`/api-manage/checkscheme/get?id=${made.schemeId}`);
    expect(scheme).toMatchObject({ kind: 2, code: `L1-${n}`, name: '数控车床日点检' });
    const projects = await get<Row[]>(`/api-manage/checkproject/page?code=L1-${n}-&limit=10`);
    expect(projects.map((p) => [p.code, p.name, p.kind]).sort()).toEqual([
      [`L1-${n}-01`, '主轴温度', 2],
      [`L1-${n}-02`, '导轨润滑', 2],
    ]);
    expect(scheme.details.map((d) => Number(d.projectId)).sort()).toEqual(projects.map((p) => Number(p.id)).sort());
    const temp = await get<Row>(`/api-manage/checkproject/get?id=${projects.find((p) => p.name === '主轴温度')!.id}`);
    expect(temp).toMatchObject({ answerType: 'number', upperLimit: '70.0000', unit: '°C' });
    const audited = await t.db.query(
      "select 1 from audit_log where entity = 'checkproject' and action = 'create' and record_id::text = any($1::text[])",
      [projects.map((p) => String(p.id))],
    );
    expect(audited.rows).toHaveLength(2);

    // The same code again: the clash is named, and nothing of the second try is left.
    const rows = async () =>
      (
        await t.db.query<{ n: number }>(
          'select (select count(*) from check_projects where tenant_id = $1) + (select count(*) from check_schemes where tenant_id = $1) as n',
          [tenantId],
        )
      ).rows[0]!.n;
    const before = await rows();
    const again = await call('POST', '/api-manage/ckprtemplate/apply', { id: template.id, code: `L1-${n}` });
    expect(again).toMatchObject({ rtnCode: 201, field: 'code' });
    expect(await rows()).toBe(before);
    const empty = await ok('/api-manage/ckprtemplate/save', { kind: 2, code: `MB${n}E`, name: '空模板' });
    expect(await call('POST', '/api-manage/ckprtemplate/apply', { id: empty.id })).toMatchObject({
      msg: '该模板还没有项目',
    });

    // A patrol man neither sees nor applies a spot-check template; he may apply a patrol one.
    const man = await userWithCodes(t, tenantId, `tpl${n}`, [
      'patrol:project:view',
      'patrol:project:add',
      'patrol:programme:add',
      'patrol:programme:edit',
    ]);
    const listed = await get<Row[]>('/api-manage/ckprtemplate/page?limit=100', man);
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((x) => x.kind === 1)).toBe(true);
    expect((await t.call('POST', '/api-manage/ckprtemplate/apply', man, { id: template.id })).statusCode).toBe(404);
    const patrol = listed.find((x) => x.code === 'MB-1')!;
    expect(await ok('/api-manage/ckprtemplate/apply', { id: patrol.id, code: `XJ${n}` }, man)).toMatchObject({
      projects: 3,
    });
  });
});

describe('moving a task by status (checktask/updatestatus)', () => {
  it('runs the declared step to the status asked for, and names both states when none leads there', async () => {
    const plan = await makePlan(
      { cycle: 'day', startDate: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10), assigneeId: adminId },
      [machines[2]!.id],
      3,
    );
    await ok('/api-manage/checkplan/generate', { id: plan.id });
    const id = (await tasksOf(plan.id)).at(-1)!.id;
    const done = await call('POST', '/api-manage/checktask/updatestatus', { id, status: 'done' });
    expect(done).toMatchObject({ rtnCode: 201, msg: '不能从「待执行」直接变为「已完成」' });
    expect(await ok('/api-manage/checktask/updatestatus', { id, status: 'doing' })).toMatchObject({ state: 'doing' });
    // doing → done is finish, whose guard still wants every item answered.
    const early = await call('POST', '/api-manage/checktask/updatestatus', { id, status: 'done' });
    expect(early.msg).toMatch(/^还有未记录的检查项/);
    const closing = await call('POST', '/api-manage/checktask/updatestatus', { id, status: 'closed' });
    expect(closing).toMatchObject({ rtnCode: 201, field: 'comment' });
    await ok('/api-manage/checktask/updatestatus', { id, status: 'closed', comment: '停机检修' });
    expect(await get(`/api-manage/checktask/get?id=${id}`)).toMatchObject({ state: 'closed', remark: '停机检修' });
  });
});

describe('labour, parts and outside maintenance of a maintenance task', () => {
  it('are kept while the task is open, summed on the task, and refused once it is closed', async () => {
    const plan = await makePlan(
      { cycle: 'day', startDate: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10) },
      [machines[2]!.id],
      3,
    );
    await ok('/api-manage/checkplan/generate', { id: plan.id });
    const id = (await tasksOf(plan.id)).at(-1)!.id;
    const part = await ok('/api-manage/spareparts/save', { code: `BJ${++seq}`, name: '滤芯', price: 12.5 });
    await ok('/api-manage/checktask/labour/save', { taskId: id, userId: adminId, hours: 1.5 });
    await ok('/api-manage/checktask/part/save', { taskId: id, sparePartId: part.id, quantity: 2 });
    await ok('/api-manage/checktask/part/save', { taskId: id, sparePartId: part.id, quantity: 1, unitPrice: 20 });
    await ok('/api-manage/checktask/external/save', { taskId: id, vendor: '厂家服务', cost: 300 });
    expect(await get(`/api-manage/checktask/get?id=${id}`)).toMatchObject({
      labourHours: '1.50',
      partsCost: '45.00',
      externalCost: '300.00',
    });
    const twice = await call('POST', '/api-manage/checktask/labour/save', { taskId: id, userId: adminId, hours: 1 });
    expect(twice).toMatchObject({ rtnCode: 201, field: 'userId' });
    await ok('/api-manage/checktask/close', { id, comment: '停机' });
    const late = await call('POST', '/api-manage/checktask/external/save', { taskId: id, vendor: '迟到', cost: 1 });
    expect(late).toMatchObject({ rtnCode: 201, field: 'taskId', msg: '任务已完成或已关闭，不能再记录' });
    const [labour] = await get<Row[]>(`/api-manage/checktask/labour/page?taskId=${id}`);
    const gone = await call('POST', '/api-manage/checktask/labour/del', { ids: [labour!.id] });
    expect(gone).toMatchObject({ rtnCode: 201, msg: '任务已完成或已关闭，不能再记录' });
    // A patrol man (patrol codes only) does not reach a maintenance task's lines.
    const man = await userWithCodes(
      t,
      tenantId,
      `lines${seq}`,
      codes('task', 'view').filter((c) => c.startsWith('patrol')),
    );
    expect((await get<Row[]>(`/api-manage/checktask/labour/page?taskId=${id}`, man)).length).toBe(0);
  });
});

describe('check routes', () => {
  it('a plan on a route makes one task per due time covering its machines in walking order, and nothing twice', async () => {
    const { scheme, items } = await makeScheme(1);
    const second = await makeScheme(1);
    const spot = await makeScheme(2);
    const n = ++seq;
    const line = await ok('/api-manage/checkline/save', { kind: 1, code: `LX${n}`, name: `路线${n}` });
    // Walked machine 2 first, then machine 1 with its own scheme.
    await ok('/api-manage/checkline/stop/save', { lineId: line.id, equipmentId: machines[1]!.id, sort: 1 });
    const mixed = await call('POST', '/api-manage/checkline/stop/save', {
      lineId: line.id,
      equipmentId: machines[0]!.id,
      sort: 2,
      schemeId: spot.scheme.id,
    });
    expect(mixed).toMatchObject({ rtnCode: 201, field: 'schemeId' });
    await ok('/api-manage/checkline/stop/save', {
      lineId: line.id,
      equipmentId: machines[0]!.id,
      sort: 2,
      schemeId: second.scheme.id,
    });
    const wrongKind = await call('POST', '/api-manage/checkplan/save', {
      kind: 2,
      code: `P${++seq}`,
      name: '错类路线',
      schemeId: spot.scheme.id,
      lineId: line.id,
      startDate: '2026-05-01',
    });
    expect(wrongKind).toMatchObject({ rtnCode: 201, field: 'lineId' });
    const empty = await ok('/api-manage/checkline/save', { kind: 1, code: `LE${n}`, name: '空路线' });
    const plan = await ok('/api-manage/checkplan/save', {
      kind: 1,
      code: `P${++seq}`,
      name: '路线计划',
      schemeId: scheme.id,
      lineId: empty.id,
      cycle: 'day',
      startDate: '2026-05-01',
      endDate: '2026-05-31',
      dueTime: '14:00',
    });
    expect((await call('POST', '/api-manage/checkplan/enable', { id: plan.id })).msg).toBe('路线还没有设备，不能启用');
    await ok('/api-manage/checkplan/update', { id: plan.id, lineId: line.id });
    await ok('/api-manage/checkplan/enable', { id: plan.id });
    const preview = await get<Row[]>(`/api-manage/checkplan/preview?id=${plan.id}&days=2`);
    expect(preview.every((o) => o.equipmentId === null && o.equipmentName === `路线${n}`)).toBe(true);

    // Two days at once (catch-up): one task a day, 3 + 3 items each; a second run makes nothing.
    expect(await run(plan.id, '2026-05-02T08:00:00Z', 1)).toEqual({ tasks: 2, items: 12 });
    expect(await run(plan.id, '2026-05-02T08:00:00Z', 1)).toEqual({ tasks: 0, items: 0 });
    const [first] = await get<Row[]>(`/api-manage/checktask/page?lineId=${line.id}&limit=10&sort=dueAt&order=asc`);
    expect(first).toMatchObject({ planId: plan.id, lineId: line.id, lineName: `路线${n}`, equipmentId: null });
    const task = await get<Row & { details: Row[] }>(`/api-manage/checktask/get?id=${first!.id}`);
    expect(task.details.map((d) => [d.equipmentId, d.name])).toEqual([
      [machines[1]!.id, '轴承温度'],
      [machines[1]!.id, '油位'],
      [machines[1]!.id, '外观'],
      [machines[0]!.id, '轴承温度'],
      [machines[0]!.id, '油位'],
      [machines[0]!.id, '外观'],
    ]);
    // The first stop uses the plan's scheme, the second its own.
    expect(task.details.map((d) => d.projectId)).toEqual([
      items.temp.id,
      items.oil.id,
      items.look.id,
      second.items.temp.id,
      second.items.oil.id,
      second.items.look.id,
    ]);
  });

  it('scanning any machine of the route opens its task, and abnormal items raise one order per machine', async () => {
    const { scheme } = await makeScheme(1);
    const n = ++seq;
    const line = await ok('/api-manage/checkline/save', { kind: 1, code: `LX${n}`, name: `路线${n}` });
    for (const [i, m] of [machines[0]!, machines[1]!].entries())
      await ok('/api-manage/checkline/stop/save', { lineId: line.id, equipmentId: m.id, sort: i });
    const plan = await ok('/api-manage/checkplan/save', {
      kind: 1,
      code: `P${++seq}`,
      name: '路线执行',
      schemeId: scheme.id,
      lineId: line.id,
      cycle: 'day',
      startDate: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10),
      assigneeId: adminId,
    });
    await ok('/api-manage/checkplan/enable', { id: plan.id });
    await ok('/api-manage/checkplan/generate', { id: plan.id });
    const id = (await tasksOf(plan.id)).at(-1)!.id;
    for (const m of [machines[0]!, machines[1]!]) {
      const scanned = await get<Row[]>(`/api-manage/checktask/mine?code=${encodeURIComponent(String(m.code))}`);
      expect(scanned.some((x) => x.id === id)).toBe(true);
    }
    const task = await get<Row & { details: Row[] }>(`/api-manage/checktask/get?id=${id}`);
    for (const d of task.details) {
      const bad = d.name === '轴承温度' || (d.name === '油位' && d.equipmentId === machines[1]!.id);
      const answer = d.name === '轴承温度' ? (bad ? '99' : '20') : d.name === '油位' ? (bad ? 'fail' : 'pass') : '清洁';
      await ok('/api-manage/checktaskdtl/answer', { id: d.id, answer });
    }
    expect(await ok('/api-manage/checktask/finish', { id })).toMatchObject({ state: 'done', abnormalCount: 3 });
    const after = await get<Row & { details: Row[] }>(`/api-manage/checktask/get?id=${id}`);
    const orders = new Map<unknown, unknown>();
    for (const d of after.details.filter((x) => x.abnormal)) orders.set(d.equipmentId, d.repairOrderId);
    expect(orders.size).toBe(2);
    // The items' results read in the reader's language (pass or fail translated, a reading with its unit).
    for (const [lang, fail, pass] of [
      ['en', 'Fail', 'Pass'],
      ['zh', '异常', '正常'],
      ['tw', '異常', '正常'],
    ]) {
      const rows = (
        await call<Row[]>('GET', `/api-manage/checktaskdtl/page?taskId=${id}&limit=50`, undefined, admin, lang)
      ).data;
      const oil = rows.filter((d) => d.name === '油位').map((d) => [d.answer, d.result]);
      expect(oil.sort()).toEqual(
        [
          ['fail', fail],
          ['pass', pass],
        ].sort(),
      );
      expect(rows.find((d) => d.name === '轴承温度')!.result).toBe('99 °C');
    }
    // A patrol's finding is a patrol's (巡检异常), not a spot check's.
    for (const [equipmentId, orderId] of orders) {
      const order = await get(`/api-manage/maintaintask/get?id=${orderId}`);
      expect(order).toMatchObject({ source: 'patrol', equipmentId });
    }
    const secondId = orders.get(machines[1]!.id);
    const second = await get(`/api-manage/maintaintask/get?id=${secondId}`);
    expect(second.phenomenon).toBe(`巡检任务 ${task.code} 发现异常：轴承温度: 99 °C; 油位: 异常`);
    const en = await call('GET', `/api-manage/maintaintask/get?id=${secondId}`, undefined, admin, 'en');
    expect(en.data.phenomenon).toBe(`Patrol task ${task.code} found abnormal items: 轴承温度: 99 °C; 油位: Fail`);
    const meta = await call<{ fields: { name: string; options?: { value: string; label: string }[] }[] }>(
      'GET',
      '/api-manage/meta/maintaintask',
    );
    const source = meta.data.fields.find((f) => f.name === 'source')!;
    expect(source.options!.find((o) => o.value === 'patrol')!.label).toBe('巡检异常');

    // An order made before the findings were kept (its sentence stored in Chinese, source 'check') gets its facts
    // back from the task items that point at it (migration 0065), and a rewritten one keeps its words.
    const firstId = orders.get(machines[0]!.id);
    await t.db.query(
      `update repair_orders set findings = null, source = 'check', phenomenon = $2 where id = any($1::bigint[])`,
      [[secondId, firstId], `检查任务 ${task.code} 发现异常：轴承温度: 99 °C; 油位: fail`],
    );
    await t.db.query(`update repair_orders set phenomenon = '轴承过热' where id = $1`, [firstId]);
    const migration = fs.readFileSync(path.join(migrationsDir, '0065_repair_check_findings.sql'), 'utf8');
    await t.db.query(migration.slice(migration.indexOf('with found as')));
    const old = await call('GET', `/api-manage/maintaintask/get?id=${secondId}`, undefined, admin, 'en');
    expect(old.data).toMatchObject({
      source: 'patrol',
      phenomenon: `Patrol task ${task.code} found abnormal items: 轴承温度: 99 °C; 油位: Fail`,
    });
    expect(await get(`/api-manage/maintaintask/get?id=${firstId}`)).toMatchObject({
      source: 'check',
      phenomenon: '轴承过热',
      findings: null,
    });
  });
});

describe('metrology', () => {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const plan = async (nextDue: string, extra: Row = {}) =>
    ok('/api-manage/mesurplan/save', {
      code: `JL${++seq}`,
      name: '压力表检定',
      equipmentId: machines[0]!.id,
      cycleMonths: 12,
      leadDays: 15,
      nextDue,
      assigneeId: adminId,
      ...extra,
    });
  const tasksOfPlan = (id: unknown) => get<Row[]>(`/api-manage/mesurtask/page?planId=${id}&limit=10`);
  const generate = () => withTenant(t.db, tenantId, adminId, (tx) => generateMesurTasks(tx));

  it('a plan switched on within its lead days makes its calibration task once; a later one waits', async () => {
    const soon = await plan(day(10));
    const later = await plan(day(60));
    await ok('/api-manage/mesurplan/enable', { id: soon.id });
    await ok('/api-manage/mesurplan/enable', { id: later.id });
    const [task] = await tasksOfPlan(soon.id);
    expect(task).toMatchObject({ state: 'pending', dueDate: day(10), equipmentId: machines[0]!.id, overdue: false });
    expect(String(task!.code)).toMatch(/^JL\d{8}$/);
    expect(await tasksOfPlan(later.id)).toHaveLength(0);
    await generate();
    await generate();
    expect(await tasksOfPlan(soon.id)).toHaveLength(1);
    expect(await tasksOfPlan(later.id)).toHaveLength(0);
  });

  it('recording a calibration needs its date and result, and moves the next due date a cycle on', async () => {
    const p = await plan(day(3));
    await ok('/api-manage/mesurplan/enable', { id: p.id });
    const [task] = await tasksOfPlan(p.id);
    const missing = await call('POST', '/api-manage/mesurtask/finish', { id: task!.id, result: 'pass' });
    expect(missing).toMatchObject({ rtnCode: 201, field: 'calibratedAt' });
    const backwards = await call('POST', '/api-manage/mesurtask/finish', {
      id: task!.id,
      calibratedAt: '2026-06-10',
      result: 'pass',
      nextDue: '2026-06-01',
    });
    expect(backwards).toMatchObject({ rtnCode: 201, field: 'nextDue', msg: '下次检定日期必须晚于检定日期' });
    const done = await ok('/api-manage/mesurtask/finish', {
      id: task!.id,
      calibratedAt: '2026-01-31',
      result: 'pass',
      certificateNo: 'JD-2026-0131',
      cost: 180,
    });
    expect(done).toMatchObject({ state: 'done', nextDue: '2027-01-31', certificateNo: 'JD-2026-0131', cost: '180.00' });
    expect(await get(`/api-manage/mesurplan/get?id=${p.id}`)).toMatchObject({
      lastCalibratedAt: '2026-01-31',
      nextDue: '2027-01-31',
    });
    const queued = await ok<{ id: number }>(`/api-manage/mesurtask/exportexcel?planId=${p.id}`, {});
    const [header, ...rows] = await readXlsx(await waitForDownload(t, admin, Number(queued.id ?? queued)));
    expect(rows).toHaveLength(1);
    expect(rows[0]![header!.indexOf('证书编号')]).toBe('JD-2026-0131');
    // The next due date is months away: nothing new, and a done task cannot be recorded twice.
    await generate();
    expect(await tasksOfPlan(p.id)).toHaveLength(1);
    const again = await call('POST', '/api-manage/mesurtask/finish', {
      id: task!.id,
      calibratedAt: '2026-02-01',
      result: 'pass',
    });
    expect(again.rtnCode).toBe(201);
  });

  it('a failed instrument is due again on the date given, which is required; a closed task needs a reason', async () => {
    const p = await plan(day(-2));
    await ok('/api-manage/mesurplan/enable', { id: p.id });
    const [task] = await tasksOfPlan(p.id);
    expect(task!.overdue).toBe(true);
    const noDate = await call('POST', '/api-manage/mesurtask/finish', {
      id: task!.id,
      calibratedAt: day(0),
      result: 'fail',
    });
    expect(noDate).toMatchObject({ rtnCode: 201, field: 'nextDue' });
    await ok('/api-manage/mesurtask/finish', { id: task!.id, calibratedAt: day(0), result: 'fail', nextDue: day(7) });
    await generate();
    const [next] = (await tasksOfPlan(p.id)).filter((x) => x.state === 'pending');
    expect(next).toMatchObject({ dueDate: day(7) });
    expect((await call('POST', '/api-manage/mesurtask/close', { id: next!.id })).field).toBe('comment');
    await ok('/api-manage/mesurtask/close', { id: next!.id, comment: '器具已报废' });
  });

  it('is governed by the maintenance codes: a viewer reads but cannot record', async () => {
    const viewer = await userWithCodes(t, tenantId, 'gaugeviewer', ['maintain:task:view']);
    const p = await plan(day(5));
    await ok('/api-manage/mesurplan/enable', { id: p.id });
    const [task] = await get<Row[]>(`/api-manage/mesurtask/page?planId=${p.id}`, viewer);
    const refused = await t.call('POST', '/api-manage/mesurtask/finish', viewer, {
      id: task!.id,
      calibratedAt: day(0),
      result: 'pass',
    });
    expect(refused.statusCode).toBe(403);
    expect((await t.call('GET', '/api-manage/mesurplan/page', viewer)).statusCode).toBe(403);
  });
});

describe('the demo factory', () => {
  it('has items, schemes and plans of each kind, and a history made through the same service when asked', async () => {
    const plans = await get<Row[]>('/api-manage/checkplan/page?code=JH-&limit=10');
    expect(plans.map((p) => p.kind).sort()).toEqual([1, 2, 3]);
    expect(plans.every((p) => p.state === 'on')).toBe(true);
    const start = new Date(Date.now() - 12 * 86_400_000).toISOString().slice(0, 10);
    for (const p of plans) await ok('/api-manage/checkplan/update', { id: p.id, startDate: start });
    await fillHistory(t.db, tenantId, adminId, 12);
    const from = start;
    const to = tenantDay();
    const rows = await get<Row[]>(`/api-list/checksummary?from=${from}&to=${to}&groupBy=plan`);
    const demo = rows.filter((r) => plans.some((p) => Number(p.id) === Number(r.key)));
    const sum = (k: string) => demo.reduce((n, r) => n + Number(r[k]), 0);
    expect(sum('total')).toBeGreaterThan(20);
    expect(sum('onTime')).toBeGreaterThan(0);
    expect(sum('late') + sum('missed')).toBeGreaterThan(0);
    // Twelve days of every demo plan through the service: a minute or more on a busy machine.
  }, 240_000);
});
