import { defineEntity } from '../../platform/resources/registry.js';
import type { EntityDef } from '../../platform/resources/types.js';
import { P } from './permissions.js';
import { childHooks, repairHooks } from './rules.js';
import { repairWorkflow } from './workflow.js';

const permissions: EntityDef['permissions'] = {
  view: P.view,
  add: P.add,
  edit: [P.edit, P.execute],
  delete: P.delete,
  import: P.add,
  export: P.export,
};

export const REPAIR_STATES = [
  'reported',
  'dispatched',
  'accepted',
  'repairing',
  'paused',
  'finished',
  'checked',
  'cancelled',
] as const;
/** States in which the order is still open (counted on the board, flagged when overdue). */
export const OPEN_STATES = ['reported', 'dispatched', 'accepted', 'repairing', 'paused'] as const;
export const URGENCIES = ['urgent', 'high', 'normal'] as const;

/** The open states as an SQL list, for `state in (...)`. */
export const openList = OPEN_STATES.map((s) => `'${s}'`).join(', ');
/** An order (alias t) still open past its planned finish (or deadline), or not answered by its response time. */
export const overdueSql = (t: string) =>
  `(${t}.state in (${openList}) and (coalesce(${t}.plan_finish, ${t}.due_at) < now() or (${t}.state in ('reported', 'dispatched') and ${t}.respond_by < now())))`;

/**
 * The repair order (spec 7.5 maintaintask, the repair type 0 of /repair_admin/task/0): a breakdown reported
 * on a machine, dispatched, repaired and accepted. Its life is declared in workflow.ts.
 */
export const repairEntity = defineEntity({
  name: 'maintaintask',
  table: 'repair_orders',
  ns: 'repair',
  prefix: '/api-manage/maintaintask',
  paths: { all: ['alldata'] },
  actions: ['page', 'all', 'get', 'update', 'del', 'exportexcel'],
  permissions,
  dataScope: { workshop: 'workshopId', workgroup: 'workgroupId', own: ['reporterId', 'assigneeId'] },
  codeField: 'code',
  nameField: 'phenomenon',
  defaultSort: { field: 'reportedAt', dir: 'desc' },
  // The open orders alone, with what the home panel counts of them (overdue, stopping): read without the table,
  // whose year of finished orders would scatter the 20,000 open ones over as many pages.
  indexes: [
    {
      name: 'open',
      fields: ['state'],
      include: ['planFinish', 'dueAt', 'respondBy', 'stopped', 'equipmentId'],
      where: `state in (${openList})`,
    },
    // The fault ranking counts a year of orders from this index alone (an index-only scan, half the time of
    // reading the orders): when reported, state, reason, machine, downtime and assignee (the person filter).
    {
      name: 'faults',
      fields: ['reportedAt'],
      include: ['state', 'faultReasonId', 'equipmentId', 'downtimeMinutes', 'assigneeId'],
    },
  ],
  live: true,
  downloadType: '0',
  hooks: repairHooks,
  workflow: repairWorkflow,
  children: [
    { entity: 'repairlabour', field: 'orderId', as: 'labour' },
    { entity: 'repairpart', field: 'orderId', as: 'parts' },
    { entity: 'maintainexternal', field: 'orderId', as: 'externals' },
  ],
  fields: [
    { name: 'code', type: 'string', readOnly: true, unique: true, maxLength: 30, filter: 'like', sortable: true },
    { name: 'equipmentId', type: 'ref', ref: 'equipment', required: true, filter: 'eq' },
    { name: 'workshopId', type: 'ref', ref: 'workshop', readOnly: true, filter: 'eq' },
    { name: 'lineId', type: 'ref', ref: 'line', readOnly: true, filter: 'eq' },
    {
      name: 'source',
      type: 'enum',
      options: ['manual', 'scan', 'check', 'patrol', 'maintain', 'alarm'],
      default: 'manual',
      filter: 'eq',
    },
    { name: 'phenomenon', type: 'text', required: true, maxLength: 2000, list: true, filter: 'like' },
    // What a check task found (repair/check-findings.ts), kept as facts: the phenomenon is read from it in the reader's
    // language (repairHooks.present); null for an order a person reported.
    { name: 'findings', type: 'json', readOnly: true, list: false, exportable: false, importable: false },
    {
      name: 'urgency',
      type: 'enum',
      options: URGENCIES,
      required: true,
      default: 'normal',
      filter: 'in',
      sortable: true,
    },
    { name: 'stopped', type: 'boolean', default: false, filter: 'eq' },
    {
      name: 'state',
      type: 'enum',
      options: REPAIR_STATES,
      default: 'reported',
      readOnly: true,
      filter: 'in',
      sortable: true,
    },
    { name: 'reporterId', type: 'ref', ref: 'user', readOnly: true, filter: 'eq', blocksDelete: false },
    { name: 'reportedBy', type: 'string', readOnly: true, maxLength: 50, list: false },
    {
      name: 'reportedAt',
      type: 'datetime',
      required: true,
      readOnly: true,
      defaultNow: true,
      filter: 'range',
      sortable: true,
    },
    { name: 'workgroupId', type: 'ref', ref: 'workgroup', filter: 'eq', blocksDelete: false },
    { name: 'assigneeId', type: 'ref', ref: 'user', readOnly: true, filter: 'eq', blocksDelete: false },
    { name: 'planFinish', type: 'datetime', sortable: true, list: false },
    { name: 'respondBy', type: 'datetime', readOnly: true, list: false },
    { name: 'dueAt', type: 'datetime', readOnly: true, sortable: true },
    {
      name: 'overdue',
      type: 'boolean',
      filter: 'eq',
      computed: overdueSql,
    },
    { name: 'overdueNotifiedAt', type: 'datetime', readOnly: true, list: false, exportable: false },
    { name: 'dispatchedAt', type: 'datetime', readOnly: true, list: false },
    { name: 'dispatcherId', type: 'ref', ref: 'user', readOnly: true, list: false, blocksDelete: false },
    { name: 'acceptedAt', type: 'datetime', readOnly: true, list: false },
    { name: 'startedAt', type: 'datetime', readOnly: true, list: false },
    { name: 'pauseReason', type: 'enum', options: ['parts', 'outside', 'other'], readOnly: true, list: false },
    { name: 'finishedAt', type: 'datetime', readOnly: true, filter: 'range', sortable: true },
    { name: 'checkedAt', type: 'datetime', readOnly: true, list: false },
    { name: 'checkerId', type: 'ref', ref: 'user', readOnly: true, list: false, blocksDelete: false },
    { name: 'faultReasonId', type: 'ref', ref: 'faultreason', readOnly: true, filter: 'eq', list: false },
    { name: 'problemCode', type: 'dict', dict: 'repairproblem', readOnly: true, filter: 'eq', list: false },
    { name: 'causeCode', type: 'dict', dict: 'repaircause', readOnly: true, filter: 'eq', list: false },
    { name: 'remedyCode', type: 'dict', dict: 'repairremedy', readOnly: true, filter: 'eq', list: false },
    { name: 'remedy', type: 'text', readOnly: true, maxLength: 2000 },
    { name: 'responseMinutes', type: 'integer', readOnly: true, min: 0, sortable: true, list: false },
    { name: 'repairMinutes', type: 'integer', readOnly: true, min: 0, sortable: true },
    { name: 'downtimeMinutes', type: 'integer', readOnly: true, min: 0, sortable: true, list: false },
    { name: 'labourHours', type: 'decimal', precision: 10, scale: 2, readOnly: true, list: false },
    { name: 'partsCost', type: 'decimal', precision: 14, scale: 2, readOnly: true, list: false },
    { name: 'labourCost', type: 'decimal', precision: 14, scale: 2, readOnly: true, list: false },
    { name: 'externalCost', type: 'decimal', precision: 14, scale: 2, readOnly: true, list: false },
    { name: 'totalCost', type: 'decimal', precision: 14, scale: 2, readOnly: true, sortable: true },
    { name: 'pictures', type: 'image' },
    { name: 'attachments', type: 'attachments' },
  ],
});

export const childPermissions: EntityDef['permissions'] = {
  view: P.view,
  add: P.execute,
  edit: P.execute,
  delete: P.execute,
  import: P.execute,
  export: P.export,
};

export const orderRef = {
  name: 'orderId',
  type: 'ref',
  ref: 'maintaintask',
  required: true,
  owner: true,
  filter: 'eq',
} as const;

/** Hours each person worked on an order (labour cost = hours × the tenant's hourly rate). */
export const labourEntity = defineEntity({
  name: 'repairlabour',
  table: 'repair_labour',
  ns: 'repair',
  prefix: '/api-manage/maintaintask/labour',
  actions: ['page', 'all', 'get', 'save', 'update', 'del'],
  permissions: childPermissions,
  nameField: 'remark',
  customFields: false,
  hooks: childHooks('repair_labour'),
  fields: [
    orderRef,
    { name: 'userId', type: 'ref', ref: 'user', required: true, unique: true, uniqueWith: ['orderId'], filter: 'eq' },
    { name: 'hours', type: 'decimal', precision: 8, scale: 2, required: true, min: 0, max: 1000 },
    { name: 'remark', type: 'string', maxLength: 200 },
  ],
});

/** Outside repair of an order (spec 7.5 maintainexternal): vendor, dates, cost. */
export const externalEntity = defineEntity({
  name: 'maintainexternal',
  table: 'repair_externals',
  ns: 'repair',
  prefix: '/api-manage/maintainexternal',
  actions: ['page', 'all', 'get', 'save', 'update', 'del'],
  permissions: childPermissions,
  nameField: 'vendor',
  customFields: false,
  hooks: childHooks('repair_externals'),
  fields: [
    orderRef,
    { name: 'vendor', type: 'string', required: true, maxLength: 200, filter: 'like' },
    { name: 'startDate', type: 'date' },
    { name: 'endDate', type: 'date' },
    { name: 'cost', type: 'decimal', precision: 14, scale: 2, min: 0, required: true },
    { name: 'remark', type: 'string', maxLength: 500 },
  ],
});

/**
 * Repair settings of a tenant (/setUp/repair): deadlines per urgency and the labour rate. One row; without it
 * the declared deadlines apply and labour is not costed.
 */
export const repairSettingEntity = defineEntity({
  name: 'repairsetting',
  table: 'repair_settings',
  ns: 'repair',
  prefix: '/api-manage/maintaintask/setting',
  actions: ['all', 'get', 'save', 'update'],
  permissions: {
    view: ['setUp:repair:view', P.view],
    add: 'setUp:repair:edit',
    edit: 'setUp:repair:edit',
    delete: 'setUp:repair:edit',
    import: 'setUp:repair:edit',
    export: 'setUp:repair:view',
  },
  nameField: 'remark',
  customFields: false,
  fields: [
    { name: 'hourlyRate', type: 'decimal', precision: 10, scale: 2, min: 0, required: true },
    { name: 'responseUrgent', type: 'integer', min: 1, max: 100_000, required: true, default: 15 },
    { name: 'responseHigh', type: 'integer', min: 1, max: 100_000, required: true, default: 30 },
    { name: 'responseNormal', type: 'integer', min: 1, max: 100_000, required: true, default: 120 },
    { name: 'repairUrgent', type: 'integer', min: 1, max: 100_000, required: true, default: 4 },
    { name: 'repairHigh', type: 'integer', min: 1, max: 100_000, required: true, default: 8 },
    { name: 'repairNormal', type: 'integer', min: 1, max: 100_000, required: true, default: 24 },
    { name: 'remark', type: 'string', maxLength: 200 },
  ],
});

export const repairEntities = [repairEntity, labourEntity, externalEntity, repairSettingEntity];
