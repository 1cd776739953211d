import type { Database } from '../../db/index.js';
import { readContext } from '../../platform/resources/read.js';
import type { EntityDef, WireRow } from '../../platform/resources/types.js';
import { createRow, updateRow } from '../../platform/resources/write.js';
import { type TenantTx, withTenant } from '../../platform/tenancy/tenant-tx.js';
import { runAction } from '../../platform/workflow/run.js';
import { answerItem } from './execute.js';
import { generateTasks } from './generate.js';
import { mesurPlanEntity } from './metrology.js';
import {
  lineEntity,
  lineStopEntity,
  planEntity,
  planMachineEntity,
  projectEntity,
  schemeDetailEntity,
  schemeEntity,
  taskEntity,
} from './resources.js';
import { templateEntity, templateItemEntity } from './templates.js';

type Item = WireRow & { code: string };

/** The demo's items per kind: a reading with limits, a pass/fail and a choice (to the danger pool). */
const ITEMS: Record<number, Item[]> = {
  1: [
    { code: 'XJ-01', name: '运行声音', part: '整机', answerType: 'passfail', standard: '无异响', raiseRepair: true },
    {
      code: 'XJ-02',
      name: '电机温度',
      part: '电机',
      answerType: 'number',
      unit: '°C',
      lowerLimit: '0',
      upperLimit: '75',
      raiseRepair: true,
    },
    {
      code: 'XJ-03',
      name: '现场5S',
      part: '周边',
      answerType: 'choice',
      choices: '整洁,一般,脏乱',
      abnormalChoices: '脏乱',
      raiseRepair: false,
    },
  ],
  2: [
    {
      code: 'DJ-01',
      name: '液压油位',
      part: '液压站',
      answerType: 'passfail',
      standard: '在油标上下限之间',
      raiseRepair: true,
    },
    {
      code: 'DJ-02',
      name: '主轴振动',
      part: '主轴',
      answerType: 'number',
      unit: 'mm/s',
      lowerLimit: '0',
      upperLimit: '4.5',
      raiseRepair: true,
    },
    {
      code: 'DJ-03',
      name: '气源压力',
      part: '气路',
      answerType: 'number',
      unit: 'MPa',
      lowerLimit: '0.4',
      upperLimit: '0.7',
      raiseRepair: true,
    },
    {
      code: 'DJ-04',
      name: '防护罩',
      part: '外观',
      answerType: 'choice',
      choices: '完好,松动,破损',
      abnormalChoices: '破损',
      raiseRepair: false,
    },
  ],
  3: [
    {
      code: 'BY-01',
      name: '导轨润滑',
      part: '导轨',
      answerType: 'passfail',
      method: '加注 68# 导轨油',
      raiseRepair: true,
    },
    {
      code: 'BY-02',
      name: '滤网清洁',
      part: '冷却系统',
      answerType: 'passfail',
      method: '拆下清洗',
      raiseRepair: false,
    },
    { code: 'BY-03', name: '皮带张紧', part: '传动', answerType: 'text', method: '检查并调整' },
  ],
};
const NAMES: Record<number, string> = { 1: '日常巡检', 2: '设备点检', 3: '月度保养' };
const CYCLE: Record<number, WireRow> = {
  1: { cycle: 'day', dueTime: '09:00', durationHours: 8 },
  2: { cycle: 'day', dueTime: '08:00', durationHours: 4, skipWeekends: true },
  3: { cycle: 'month', dueTime: '13:00', durationHours: 72 },
};

const create = async (tx: TenantTx, def: EntityDef, body: WireRow) =>
  createRow(tx, await readContext(tx, def, 'zh'), body);

/** Items, a scheme and a plan that is on for each kind, on a few machines of the demo factory. */
async function fillDefinitions(
  tx: TenantTx,
  machines: { id: number; category_id: number | null }[],
  adminId: number,
  start: string,
) {
  const plans: WireRow[] = [];
  for (const kind of [1, 2, 3]) {
    const scheme = await create(tx, schemeEntity, {
      kind,
      code: `FA-${kind}`,
      name: `${NAMES[kind]}方案`,
      categoryId: machines[0]!.category_id,
    });
    for (const [i, item] of ITEMS[kind]!.entries()) {
      const project = await create(tx, projectEntity, { kind, ...item });
      await create(tx, schemeDetailEntity, { schemeId: scheme.id, projectId: project.id, sort: i });
    }
    const plan = await create(tx, planEntity, {
      kind,
      code: `JH-${kind}`,
      name: `${NAMES[kind]}计划`,
      schemeId: scheme.id,
      startDate: start,
      assigneeId: adminId,
      ...CYCLE[kind],
    });
    for (const m of machines) await create(tx, planMachineEntity, { planId: plan.id, equipmentId: m.id });
    await runAction(tx, planEntity, 'enable', plan.id, {}, 'zh', { system: true });
    plans.push(plan);
    if (kind === 1) await fillRoute(tx, machines, plan, start);
  }
  return plans;
}

/** A patrol route through the machines in order, and an afternoon round on it: one task covers the walk. */
async function fillRoute(tx: TenantTx, machines: { id: number }[], patrolPlan: WireRow, start: string) {
  const workshop = await tx.query<{ workshop_id: number | null }>(
    'select workshop_id from equipment where tenant_id = $1 and id = $2',
    [tx.tenantId, machines[0]!.id],
  );
  const line = await create(tx, lineEntity, {
    kind: 1,
    code: 'LX-1',
    name: '车间巡检路线',
    workshopId: workshop.rows[0]?.workshop_id ?? null,
  });
  for (const [i, m] of machines.entries())
    await create(tx, lineStopEntity, { lineId: line.id, equipmentId: m.id, sort: (i + 1) * 10 });
  const plan = await create(tx, planEntity, {
    kind: 1,
    code: 'XL-1',
    name: '午后路线巡检',
    schemeId: patrolPlan.schemeId,
    lineId: line.id,
    startDate: start,
    assigneeId: patrolPlan.assigneeId,
    cycle: 'day',
    dueTime: '14:00',
    durationHours: 4,
  });
  await runAction(tx, planEntity, 'enable', plan.id, {}, 'zh', { system: true });
}

/** The machines' gauges calibrated yearly: one due in ten days (its task is made), one in four months. */
async function fillMetrology(tx: TenantTx, machines: { id: number }[], adminId: number) {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const gauges = [
    { code: 'JL-1', name: '出口压力表年度检定', nextDue: day(10) },
    { code: 'JL-2', name: '温度变送器年度校准', nextDue: day(120), calibrator: 'internal' },
  ];
  for (const [i, g] of gauges.entries()) {
    const plan = await create(tx, mesurPlanEntity, {
      ...g,
      equipmentId: machines[i % machines.length]!.id,
      cycleMonths: 12,
      leadDays: 15,
      agency: '市计量检定测试所',
      assigneeId: adminId,
    });
    await runAction(tx, mesurPlanEntity, 'enable', plan.id, {}, 'zh', { system: true });
  }
}

/** A template per kind holding the same items, to apply to another line's machines (ckprtemplate). */
async function fillTemplates(tx: TenantTx, categoryId: number | null) {
  for (const kind of [1, 2, 3]) {
    const template = await create(tx, templateEntity, {
      kind,
      code: `MB-${kind}`,
      name: `${NAMES[kind]}模板`,
      categoryId,
    });
    for (const [i, { code: _code, ...item }] of ITEMS[kind]!.entries())
      await create(tx, templateItemEntity, { templateId: template.id, sort: i + 1, ...item });
  }
}

/** A small deterministic generator, so every demo factory has the same history. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

const ANSWERS: Record<string, (bad: boolean, rnd: () => number) => string> = {
  passfail: (bad) => (bad ? 'fail' : 'pass'),
  number: (bad, rnd) => (bad ? '99.5' : (0.45 + rnd() * 0.2).toFixed(2)),
  choice: () => '',
  text: () => '已调整',
};

/**
 * Past tasks of the demo plans made by the same generation and done through the same service (answers,
 * finish; some closed as missed, some left overdue), then dated back to when they were due. Each task is its own
 * transaction and only pending tasks not yet left open are taken, so a run cut short is resumed by the next.
 */
export async function fillHistory(db: Database, tenantId: number, adminId: number, days: number) {
  const rnd = random(20_261_123);
  await withTenant(db, tenantId, adminId, (tx) => generateTasks(tx, { catchUpDays: days }));
  const tasks = await db.query<{ id: number; due_at: Date; deadline: Date }>(
    `select id, due_at, deadline from check_tasks where tenant_id = $1 and state = 'pending'
      and due_at < now() - interval '1 day' and overdue_notified_at is null order by due_at`,
    [tenantId],
  );
  for (const task of tasks.rows) {
    const roll = rnd();
    await withTenant(db, tenantId, adminId, async (tx) => {
      if (roll < 0.06) {
        // left open: missed and overdue (already told, so the job does not tell again)
        const ctx = await readContext(tx, taskEntity, 'zh');
        await updateRow(tx, ctx, task.id, { overdueNotifiedAt: new Date().toISOString() }, { system: true });
        return;
      }
      if (roll < 0.12) {
        await runAction(tx, taskEntity, 'close', task.id, { comment: '停产未检' }, 'zh', { system: true });
        return;
      }
      const items = await tx.query<{ id: number; answer_type: string; choices: string | null }>(
        'select id, answer_type, choices from check_task_details where tenant_id = $1 and task_id = $2 order by sort',
        [tenantId, task.id],
      );
      const abnormal = roll > 0.93;
      for (const [i, item] of items.rows.entries()) {
        const bad = abnormal && i === 0;
        const answer =
          item.answer_type === 'choice'
            ? (item.choices ?? '').split(',')[roll > 0.9 ? 2 : 0]!
            : ANSWERS[item.answer_type]!(bad, rnd);
        await answerItem(tx, { id: item.id, answer }, 'zh');
      }
      await runAction(tx, taskEntity, 'finish', task.id, {}, 'zh', { system: true });
      const late = roll > 0.8;
      const due = new Date(task.due_at).getTime();
      const finished = late
        ? new Date(task.deadline).getTime() + 3_600_000
        : due + (20 + Math.floor(rnd() * 90)) * 60_000;
      await updateRow(
        tx,
        await readContext(tx, taskEntity, 'zh'),
        task.id,
        { startedAt: new Date(due + 10 * 60_000).toISOString(), finishedAt: new Date(finished).toISOString(), late },
        { system: true },
      );
      await tx.query(`update check_task_details set answered_at = $3 where tenant_id = $1 and task_id = $2`, [
        tenantId,
        task.id,
        new Date(finished).toISOString(),
      ]);
      await tx.query(
        `update record_steps set created_at = $3 where tenant_id = $1 and entity = 'checktask' and record_id = $2`,
        [tenantId, task.id, new Date(finished).toISOString()],
      );
    });
  }
  await db.query("delete from messages where tenant_id = $1 and type_code in ('checktask', 'checkplan')", [tenantId]);
}

const adminOf = async (db: Database, tenantId: number) =>
  (await db.query<{ id: number }>('select id from users where tenant_id = $1 order by id limit 1', [tenantId])).rows[0];

/** How many days of check history the demo factory gets (its plans start that long ago). */
export const DEMO_CHECK_DAYS = 21;

/**
 * The demo's items, schemes, plans, route, templates and gauges, in one transaction. Without history the plans
 * start tomorrow, so nothing is due (and overdue) the moment a demo factory is made.
 */
export async function fillCheckDefinitions(
  db: Database,
  tenantId: number,
  history: boolean,
  days = DEMO_CHECK_DAYS,
): Promise<void> {
  const admin = await adminOf(db, tenantId);
  const machines = await db.query<{ id: number; category_id: number | null }>(
    'select id, category_id from equipment where tenant_id = $1 and deleted_at is null order by id limit 2',
    [tenantId],
  );
  if (!admin || !machines.rows.length) return;
  const adminId = Number(admin.id);
  const start = new Date(Date.now() + (history ? -days : 1) * 86_400_000).toISOString().slice(0, 10);
  await withTenant(db, tenantId, adminId, async (tx) => {
    await fillDefinitions(tx, machines.rows, adminId, start);
    await fillTemplates(tx, machines.rows[0]!.category_id);
    await fillMetrology(tx, machines.rows, adminId);
  });
}

/** The demo's past check tasks (fillHistory), resumed where an interrupted run left them. */
export async function fillCheckHistory(db: Database, tenantId: number, days = DEMO_CHECK_DAYS): Promise<void> {
  const admin = await adminOf(db, tenantId);
  if (admin) await fillHistory(db, tenantId, Number(admin.id), days);
}
