// The master data first: the registry (and so the engine-wide tests) meet materials before the orders of them.
import './resources.js';
import { defineEntity } from '../../platform/resources/registry.js';
import { P, perms } from './permissions.js';
import { planTaskHooks } from './plan-rules.js';
import { orderWorkflow } from './workflow.js';

export const ORDER_STATES = ['planned', 'released', 'inProgress', 'done', 'closed', 'cancelled'] as const;
/** States in which an order takes reports (a released one starts with its first). */
export const REPORTING_STATES = ['released', 'inProgress'] as const;
/** How an order's components leave the warehouse: not at all, all on release, or by reports (backflush). */
export const ISSUE_MODES = ['none', 'release', 'backflush'] as const;
export const TASK_STATES = ['waiting', 'scheduled', 'running', 'done'] as const;

const qty = { type: 'decimal', precision: 14, scale: 2 } as const;

/**
 * A work order (spec /api-pm planWork): a quantity of a product due on a day, with its priority; releasing it
 * fixes its routing and exploded BOM (snapshots, so later edits of either leave it alone) and makes its plan
 * tasks, one per procedure. Its life is declared in workflow.ts; split and reporting in split.ts, reporting.ts.
 */
export const orderEntity = defineEntity({
  name: 'workorder',
  table: 'work_orders',
  ns: 'production',
  prefix: '/api-pm/planWork',
  paths: { importexcel: ['/api-pm/planWorkImport'] },
  permissions: perms('planWork'),
  codeField: 'code',
  nameField: 'code',
  defaultSort: { field: 'dueDate', dir: 'asc' },
  workflow: orderWorkflow,
  live: true,
  fields: [
    { name: 'code', type: 'string', required: true, unique: true, maxLength: 50, filter: 'like', sortable: true },
    { name: 'materialId', type: 'ref', ref: 'material', required: true, filter: 'eq' },
    { name: 'quantity', ...qty, required: true, min: 0.01, max: 1_000_000_000, sortable: true },
    { name: 'dueDate', type: 'date', required: true, filter: 'range', sortable: true },
    { name: 'priority', type: 'integer', min: 1, max: 9, default: 5, filter: 'eq', sortable: true },
    { name: 'workshopId', type: 'ref', ref: 'workshop', filter: 'eq' },
    { name: 'routingId', type: 'ref', ref: 'routing', filter: 'eq' },
    { name: 'bomId', type: 'ref', ref: 'bom', filter: 'eq' },
    // The warehouse its components come from and how (fixed at release from the workshop's warehouse rule).
    { name: 'warehouseId', type: 'ref', ref: 'warehouse', filter: 'eq' },
    { name: 'materialIssue', type: 'enum', options: ISSUE_MODES, readOnly: true, default: 'none', list: false },
    {
      name: 'state',
      type: 'enum',
      options: ORDER_STATES,
      default: 'planned',
      readOnly: true,
      filter: 'in',
      sortable: true,
    },
    { name: 'goodQty', ...qty, readOnly: true, default: 0, importable: false },
    { name: 'scrapQty', ...qty, readOnly: true, default: 0, importable: false },
    {
      name: 'progress',
      type: 'decimal',
      precision: 7,
      scale: 1,
      computed: (t) => `round(${t}.good_qty * 100.0 / nullif(${t}.quantity, 0), 1)`,
    },
    { name: 'parentId', type: 'ref', ref: 'workorder', readOnly: true, blocksDelete: false, list: false },
    { name: 'routingSnapshot', type: 'json', readOnly: true, list: false, exportable: false },
    { name: 'bomSnapshot', type: 'json', readOnly: true, list: false, exportable: false },
    { name: 'releasedAt', type: 'datetime', readOnly: true, list: false },
    { name: 'startedAt', type: 'datetime', readOnly: true, list: false },
    { name: 'finishedAt', type: 'datetime', readOnly: true, filter: 'range', list: false },
    { name: 'closedAt', type: 'datetime', readOnly: true, list: false },
    { name: 'remark', type: 'string', maxLength: 500 },
  ],
});

/**
 * A plan task (spec /api-plantask/planTask): one procedure of a released order, to be worked on a station (its
 * machine) in a shift; the schedule (schedule.ts) fills station, shift and times, which a planner may move.
 */
export const planTaskEntity = defineEntity({
  name: 'plantask',
  table: 'plan_tasks',
  ns: 'production',
  prefix: '/api-plantask/planTask',
  paths: { save: ['insertOrUpdate'] },
  actions: ['page', 'all', 'get', 'save', 'update', 'del', 'exportexcel'],
  permissions: { ...perms('planTask'), add: P.schedule, edit: [P.taskEdit, P.schedule] },
  nameField: 'remark',
  customFields: false,
  defaultSort: { field: 'planStart', dir: 'asc' },
  hooks: planTaskHooks,
  live: true,
  fields: [
    { name: 'workOrderId', type: 'ref', ref: 'workorder', required: true, owner: true, filter: 'eq' },
    { name: 'seq', type: 'integer', required: true, min: 1, max: 1000, sortable: true },
    { name: 'procedureId', type: 'ref', ref: 'procedure', required: true, filter: 'eq' },
    { name: 'stationId', type: 'ref', ref: 'station', filter: 'eq' },
    { name: 'equipmentId', type: 'ref', ref: 'equipment', filter: 'eq' },
    { name: 'shiftId', type: 'ref', ref: 'shift', filter: 'eq' },
    { name: 'planDate', type: 'date', filter: 'range', sortable: true },
    { name: 'planStart', type: 'datetime', filter: 'range', sortable: true },
    { name: 'planEnd', type: 'datetime', sortable: true },
    { name: 'planQty', ...qty, required: true, min: 0.01, max: 1_000_000_000 },
    { name: 'goodQty', ...qty, readOnly: true, default: 0 },
    { name: 'scrapQty', ...qty, readOnly: true, default: 0 },
    { name: 'state', type: 'enum', options: TASK_STATES, default: 'waiting', readOnly: true, filter: 'in' },
    { name: 'remark', type: 'string', maxLength: 200 },
  ],
});

/**
 * A work report (报工, spec /speedProgress/speedProgressRecord): good and scrapped quantities of one plan task,
 * with the scrap reason, the time worked, the operator and the machine. Written by reporting.ts only (the order
 * locked, so two reports at once both count, each once); ideal cycle × count ÷ run time is OEE's performance.
 */
export const workReportEntity = defineEntity({
  name: 'workreport',
  table: 'work_reports',
  ns: 'production',
  prefix: '/api-proreport/workReport',
  actions: ['page', 'all', 'get', 'exportexcel'],
  permissions: {
    view: [P.reportView, P.report, P.reportsView],
    add: P.report,
    edit: P.report,
    delete: P.report,
    import: P.report,
    export: 'production:report:export',
  },
  nameField: 'remark',
  customFields: false,
  defaultSort: { field: 'endAt', dir: 'desc' },
  live: true,
  indexes: [{ name: 'machine_time', fields: ['equipmentId', 'endAt'], include: ['goodQty', 'scrapQty'] }],
  fields: [
    { name: 'planTaskId', type: 'ref', ref: 'plantask', required: true, filter: 'eq' },
    { name: 'workOrderId', type: 'ref', ref: 'workorder', required: true, readOnly: true, filter: 'eq' },
    { name: 'procedureId', type: 'ref', ref: 'procedure', required: true, readOnly: true, filter: 'eq' },
    { name: 'stationId', type: 'ref', ref: 'station', filter: 'eq' },
    { name: 'equipmentId', type: 'ref', ref: 'equipment', filter: 'eq' },
    { name: 'shiftId', type: 'ref', ref: 'shift', filter: 'eq' },
    { name: 'operatorId', type: 'ref', ref: 'user', filter: 'eq', blocksDelete: false },
    { name: 'goodQty', ...qty, required: true, min: 0, max: 1_000_000_000 },
    { name: 'scrapQty', ...qty, min: 0, max: 1_000_000_000, default: 0 },
    { name: 'scrapReason', type: 'dict', dict: 'scrapreason', filter: 'eq' },
    // The ideal cycle of the procedure when reported (seconds per unit): changing the procedure later leaves it.
    { name: 'idealCycleSeconds', type: 'decimal', precision: 12, scale: 3, readOnly: true },
    { name: 'startAt', type: 'datetime' },
    { name: 'endAt', type: 'datetime', required: true, defaultNow: true, filter: 'range', sortable: true },
    { name: 'overReason', type: 'string', maxLength: 200 },
    { name: 'clientKey', type: 'string', maxLength: 64, unique: true, list: false, exportable: false },
    { name: 'remark', type: 'string', maxLength: 200 },
  ],
});

export const orderEntities = [orderEntity, planTaskEntity, workReportEntity];
