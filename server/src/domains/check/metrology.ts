import { AppError } from '../../platform/http/errors.js';
import { readContext } from '../../platform/resources/read.js';
import { defineEntity } from '../../platform/resources/registry.js';
import type { FieldDef, FieldIssue, WireRow } from '../../platform/resources/types.js';
import { updateRow } from '../../platform/resources/write.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import type { StepContext, WorkflowDef } from '../../platform/workflow/types.js';

/*
 * Metrology (spec 7.5 mesurtask, the data model's mesur plan and task): an instrument is calibrated every so
 * many months; a plan that is on makes the next calibration task a few days before it is due, and finishing it
 * with its certificate moves the plan's next due date. Governed by the maintenance pages' codes.
 */

const PLAN = {
  view: 'maintain:plan:view',
  add: 'maintain:plan:add',
  edit: 'maintain:plan:edit',
  delete: 'maintain:plan:delete',
  import: 'maintain:plan:add',
  export: 'maintain:plan:export',
  enable: 'maintain:plan:enable',
} as const;
const TASK = {
  view: ['maintain:task:view', 'maintain:byScan:execute'],
  execute: ['maintain:task:execute', 'maintain:byScan:execute'],
  close: 'maintain:task:close',
  export: 'maintain:task:export',
} as const;

export const RESULTS = ['pass', 'limited', 'fail'] as const;

const addMonths = (day: string, months: number) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 1 + months, Math.min(d, last))).toISOString().slice(0, 10);
};

/** Switching a plan on makes its task at once when it is already within its lead days. */
async function generateOnEnable(s: StepContext, after: WireRow) {
  await generateMesurTasks(s.tx, { planIds: [Number(after.id)] });
}

const planWorkflow: WorkflowDef = {
  stateField: 'state',
  messageType: 'checkplan',
  actions: [
    { name: 'enable', from: ['off'], to: 'on', permission: PLAN.enable, after: generateOnEnable },
    { name: 'disable', from: ['on'], to: 'off', permission: PLAN.enable, danger: true },
  ],
};

/** An instrument's calibration schedule. */
export const mesurPlanEntity = defineEntity({
  name: 'mesurplan',
  table: 'mesur_plans',
  ns: 'check',
  prefix: '/api-manage/mesurplan',
  permissions: PLAN,
  codeField: 'code',
  nameField: 'name',
  softDelete: true,
  workflow: planWorkflow,
  fields: [
    { name: 'code', type: 'string', required: true, unique: true, maxLength: 50, filter: 'like', sortable: true },
    { name: 'name', type: 'string', required: true, maxLength: 100, filter: 'like', sortable: true },
    { name: 'equipmentId', type: 'ref', ref: 'equipment', required: true, filter: 'eq' },
    { name: 'cycleMonths', type: 'integer', required: true, default: 12, min: 1, max: 120 },
    { name: 'leadDays', type: 'integer', required: true, default: 15, min: 0, max: 365, list: false },
    { name: 'nextDue', type: 'date', required: true, filter: 'range', sortable: true },
    { name: 'lastCalibratedAt', type: 'date', readOnly: true, sortable: true },
    { name: 'calibrator', type: 'enum', options: ['internal', 'external'], default: 'external', filter: 'eq' },
    { name: 'agency', type: 'string', maxLength: 100, list: false },
    { name: 'assigneeId', type: 'ref', ref: 'user', filter: 'eq', blocksDelete: false },
    { name: 'state', type: 'enum', options: ['off', 'on'], default: 'off', readOnly: true, filter: 'eq' },
    { name: 'remark', type: 'text', maxLength: 500, list: false },
  ],
});

const FINISH_FIELDS: FieldDef[] = [
  { name: 'calibratedAt', type: 'date', required: true },
  { name: 'result', type: 'enum', options: RESULTS, required: true },
  { name: 'certificateNo', type: 'string', maxLength: 100 },
  { name: 'certificate', type: 'attachments' },
  { name: 'agency', type: 'string', maxLength: 100 },
  { name: 'cost', type: 'decimal', precision: 14, scale: 2, min: 0, max: 1e9 },
  { name: 'nextDue', type: 'date' },
];

/**
 * The next due date: the one given, else a cycle after the calibration. A failed instrument is calibrated again
 * on a date the person names (after its repair), never a whole cycle later.
 */
function guardFinish(s: StepContext): FieldIssue[] {
  const { calibratedAt, result, nextDue } = s.input;
  if (result === 'fail' && !nextDue) return [{ field: 'nextDue', key: 'required' }];
  if (nextDue && calibratedAt && String(nextDue) <= String(calibratedAt))
    throw new AppError('business', 'check.errors.nextDueAfter', {}, 'nextDue');
  return [];
}

async function finishValues(s: StepContext): Promise<WireRow> {
  const cycle = await s.tx.query<{ cycle_months: number }>(
    'select cycle_months from mesur_plans where tenant_id = $1 and id = $2',
    [s.tx.tenantId, s.row.planId],
  );
  const months = Number(cycle.rows[0]?.cycle_months ?? 12);
  return { nextDue: s.input.nextDue ?? addMonths(String(s.input.calibratedAt), months) };
}

/** The plan remembers the calibration and waits for the next due date (through its own service). */
async function afterFinish(s: StepContext, task: WireRow) {
  const ctx = await readContext(s.tx, mesurPlanEntity, s.lang);
  await updateRow(
    s.tx,
    ctx,
    task.planId,
    { lastCalibratedAt: task.calibratedAt, nextDue: task.nextDue },
    { system: true },
  );
}

const userId = (v: unknown): number[] => (v ? [Number(v)] : []);

const taskWorkflow: WorkflowDef = {
  stateField: 'state',
  messageType: 'checktask',
  link: () => '/maintain/task/2?view=metrology',
  actions: [
    {
      name: 'finish',
      from: ['pending'],
      to: 'done',
      permission: TASK.execute,
      fields: FINISH_FIELDS,
      stamp: { at: 'finishedAt', by: 'finishedBy' },
      guard: guardFinish,
      apply: finishValues,
      after: afterFinish,
    },
    {
      name: 'close',
      from: ['pending'],
      to: 'closed',
      permission: TASK.close,
      commentRequired: true,
      danger: true,
      apply: (s) => ({ remark: s.comment }),
      notify: (_s, after) => userId(after.assigneeId),
    },
  ],
};

/** One calibration of an instrument, made by generateMesurTasks; unique per plan and due date. */
export const mesurTaskEntity = defineEntity({
  name: 'mesurtask',
  table: 'mesur_tasks',
  ns: 'check',
  prefix: '/api-manage/mesurtask',
  actions: ['page', 'all', 'get', 'exportexcel'],
  permissions: {
    view: TASK.view,
    add: TASK.execute,
    edit: TASK.execute,
    delete: TASK.close,
    import: TASK.execute,
    export: TASK.export,
  },
  codeField: 'code',
  nameField: 'code',
  customFields: false,
  defaultSort: { field: 'dueDate', dir: 'asc' },
  workflow: taskWorkflow,
  fields: [
    { name: 'code', type: 'string', readOnly: true, maxLength: 30, filter: 'like', sortable: true },
    {
      name: 'planId',
      type: 'ref',
      ref: 'mesurplan',
      readOnly: true,
      filter: 'eq',
      unique: true,
      uniqueWith: ['dueDate'],
    },
    { name: 'equipmentId', type: 'ref', ref: 'equipment', readOnly: true, filter: 'eq' },
    { name: 'dueDate', type: 'date', readOnly: true, filter: 'range', sortable: true },
    {
      name: 'state',
      type: 'enum',
      options: ['pending', 'done', 'closed'],
      default: 'pending',
      readOnly: true,
      filter: 'in',
    },
    {
      name: 'overdue',
      type: 'boolean',
      filter: 'eq',
      // Past due in the tenant's own calendar.
      computed: (t) => `(${t}.state = 'pending' and ${t}.due_date < (select (now() at time zone
        coalesce(nullif(c.timezone, ''), 'UTC'))::date from companies c where c.id = ${t}.tenant_id))`,
    },
    { name: 'assigneeId', type: 'ref', ref: 'user', readOnly: true, filter: 'eq', blocksDelete: false },
    { name: 'calibratedAt', type: 'date', readOnly: true, sortable: true },
    { name: 'result', type: 'enum', options: RESULTS, readOnly: true, filter: 'eq' },
    { name: 'certificateNo', type: 'string', readOnly: true, maxLength: 100, filter: 'like' },
    { name: 'certificate', type: 'attachments', readOnly: true },
    { name: 'agency', type: 'string', readOnly: true, maxLength: 100, list: false },
    { name: 'cost', type: 'decimal', precision: 14, scale: 2, readOnly: true, min: 0, max: 1e9 },
    { name: 'nextDue', type: 'date', readOnly: true },
    { name: 'finishedAt', type: 'datetime', readOnly: true, list: false },
    { name: 'finishedBy', type: 'ref', ref: 'user', readOnly: true, list: false, blocksDelete: false },
    { name: 'remark', type: 'text', readOnly: true, maxLength: 500, list: false },
  ],
});

export const metrologyEntities = [mesurPlanEntity, mesurTaskEntity];

/**
 * Makes the calibration tasks due: a plan that is on gets its next one `leadDays` before its next due date (in
 * the tenant's time zone), one open task at a time. Idempotent: unique per plan and due date.
 */
export async function generateMesurTasks(
  tx: TenantTx,
  opts: { now?: Date; planIds?: number[] | null } = {},
): Promise<number> {
  const r = await tx.query<{ id: number }>(
    `with win as (
       select ($2::timestamptz at time zone coalesce(nullif(timezone, ''), 'UTC'))::date as today
         from companies where id = $1)
     insert into mesur_tasks (tenant_id, plan_id, equipment_id, due_date, state, assignee_id)
     select $1, p.id, p.equipment_id, p.next_due, 'pending', p.assignee_id
       from mesur_plans p cross join win
       join equipment e on e.tenant_id = $1 and e.id = p.equipment_id and e.deleted_at is null
        and e.status is distinct from 'scrapped'
      where p.tenant_id = $1 and p.deleted_at is null and p.state = 'on'
        and p.next_due - p.lead_days <= win.today
        and ($3::bigint[] is null or p.id = any($3::bigint[]))
        and not exists (select 1 from mesur_tasks t where t.tenant_id = $1 and t.plan_id = p.id
                           and (t.state = 'pending' or t.due_date = p.next_due))
     on conflict do nothing
     returning id`,
    [tx.tenantId, (opts.now ?? new Date()).toISOString(), opts.planIds ?? null],
  );
  if (r.rows.length)
    await tx.query(
      `update mesur_tasks set code = 'JL' || lpad(id::text, 8, '0') where tenant_id = $1 and code is null`,
      [tx.tenantId],
    );
  return r.rows.length;
}
