import { defineEntity } from '../../platform/resources/registry.js';
import type { EntityDef, FieldDef } from '../../platform/resources/types.js';
import { answerText } from '../repair/check-findings.js';
import { BY_KIND, codes, KINDS, P } from './permissions.js';
import { lineStopHooks, planHooks, projectHooks, schemeDetailHooks } from './rules.js';
import { taskCostFields, taskLineEntities } from './task-lines.js';
import { dangerWorkflow, planWorkflow, taskWorkflow } from './workflow.js';

const pagePermissions = (page: 'project' | 'scheme' | 'plan'): EntityDef['permissions'] => ({
  view: codes(page, 'view'),
  add: codes(page, 'add'),
  edit: codes(page, 'edit'),
  delete: codes(page, 'delete'),
  import: page === 'plan' ? codes(page, 'add') : codes(page, 'import'),
  export: codes(page, 'export'),
});

const kindField: FieldDef = { name: 'kind', type: 'enum', options: KINDS, required: true, filter: 'eq' };
export const ANSWER_TYPES = ['number', 'passfail', 'choice', 'text', 'photo'] as const;
/** The kind of the row that owns a line (a line is read and changed with its owner's kind's codes). */
const ownerKind = (table: string, column: string): FieldDef => ({
  name: 'kind',
  type: 'enum',
  options: KINDS,
  list: false,
  exportable: false,
  computed: (t) => `(select o.kind from ${table} o where o.id = ${t}.${column})`,
});
export const CYCLES = ['shift', 'day', 'week', 'month', 'quarter', 'year'] as const;
export const DUE_BY = ['calendar', 'meter', 'either'] as const;
export const METER_KINDS = ['runtimeHours', 'parts'] as const;
export const TASK_STATES = ['pending', 'doing', 'done', 'closed'] as const;
const TIME = '(?:[01]\\d|2[0-3]):[0-5]\\d';

/** How an item is answered, beyond its answer type: the same on an item and on a template's item. */
export const ANSWER_FIELDS: FieldDef[] = [
  { name: 'unit', type: 'string', maxLength: 20, list: false },
  { name: 'lowerLimit', type: 'decimal', precision: 14, scale: 4, list: false },
  { name: 'upperLimit', type: 'decimal', precision: 14, scale: 4, list: false },
  { name: 'choices', type: 'string', maxLength: 500, list: false },
  { name: 'abnormalChoices', type: 'string', maxLength: 500, list: false },
  { name: 'photoRequired', type: 'boolean', default: false, list: false },
];

/** An item to check (spec 7.5 checkproject): what, where on the machine, how, and what a good answer is. */
export const projectEntity = defineEntity({
  name: 'checkproject',
  table: 'check_projects',
  ns: 'check',
  prefix: '/api-manage/checkproject',
  permissions: pagePermissions('project'),
  permissionsBy: BY_KIND,
  codeField: 'code',
  nameField: 'name',
  softDelete: true,
  hooks: projectHooks,
  fields: [
    kindField,
    { name: 'code', type: 'string', required: true, unique: true, maxLength: 50, filter: 'like', sortable: true },
    { name: 'name', type: 'string', required: true, maxLength: 100, filter: 'like', sortable: true },
    { name: 'categoryId', type: 'ref', ref: 'equipmentcategory', filter: 'eq' },
    { name: 'part', type: 'string', maxLength: 100, filter: 'like' },
    { name: 'method', type: 'string', maxLength: 200 },
    { name: 'standard', type: 'string', maxLength: 200 },
    { name: 'answerType', type: 'enum', options: ANSWER_TYPES, required: true, default: 'passfail', filter: 'eq' },
    ...ANSWER_FIELDS,
    { name: 'raiseRepair', type: 'boolean', default: true },
    { name: 'remark', type: 'text', maxLength: 500, list: false },
  ],
});

/** A set of items for a kind of machine (spec 7.5 checkscheme); its lines are checkschemedtl. */
export const schemeEntity = defineEntity({
  name: 'checkscheme',
  table: 'check_schemes',
  ns: 'check',
  prefix: '/api-manage/checkscheme',
  permissions: pagePermissions('scheme'),
  permissionsBy: BY_KIND,
  codeField: 'code',
  nameField: 'name',
  softDelete: true,
  children: [{ entity: 'checkschemedtl', field: 'schemeId', as: 'details' }],
  fields: [
    kindField,
    { name: 'code', type: 'string', required: true, unique: true, maxLength: 50, filter: 'like', sortable: true },
    { name: 'name', type: 'string', required: true, maxLength: 100, filter: 'like', sortable: true },
    { name: 'categoryId', type: 'ref', ref: 'equipmentcategory', filter: 'eq' },
    { name: 'remark', type: 'text', maxLength: 500, list: false },
  ],
});

export const schemeDetailEntity = defineEntity({
  name: 'checkschemedtl',
  table: 'check_scheme_details',
  ns: 'check',
  prefix: '/api-manage/checkschemedtl',
  permissions: { ...pagePermissions('scheme'), add: codes('scheme', 'edit'), delete: codes('scheme', 'edit') },
  permissionsBy: BY_KIND,
  nameField: 'remark',
  customFields: false,
  defaultSort: { field: 'sort', dir: 'asc' },
  hooks: schemeDetailHooks,
  fields: [
    { name: 'schemeId', type: 'ref', ref: 'checkscheme', required: true, owner: true, filter: 'eq' },
    ownerKind('check_schemes', 'scheme_id'),
    { name: 'projectId', type: 'ref', ref: 'checkproject', required: true, unique: true, uniqueWith: ['schemeId'] },
    { name: 'sort', type: 'integer', default: 0, min: 0, max: 100_000, sortable: true },
    { name: 'remark', type: 'string', maxLength: 200 },
  ],
});

/** When, on which machines and by whom a scheme is done (spec 7.5 checkplan); switched on and off. */
export const planEntity = defineEntity({
  name: 'checkplan',
  table: 'check_plans',
  ns: 'check',
  prefix: '/api-manage/checkplan',
  permissions: pagePermissions('plan'),
  permissionsBy: BY_KIND,
  codeField: 'code',
  nameField: 'name',
  softDelete: true,
  workflow: planWorkflow,
  hooks: planHooks,
  children: [{ entity: 'checkplanmachine', field: 'planId', as: 'machines' }],
  fields: [
    kindField,
    { name: 'code', type: 'string', required: true, unique: true, maxLength: 50, filter: 'like', sortable: true },
    { name: 'name', type: 'string', required: true, maxLength: 100, filter: 'like', sortable: true },
    { name: 'schemeId', type: 'ref', ref: 'checkscheme', required: true, filter: 'eq' },
    // On a route, one task per due time covers the route's machines in order; the plan's own machines are unused.
    { name: 'lineId', type: 'ref', ref: 'checkline', filter: 'eq' },
    { name: 'cycle', type: 'enum', options: CYCLES, required: true, default: 'day', filter: 'eq' },
    { name: 'every', type: 'integer', required: true, default: 1, min: 1, max: 366 },
    { name: 'mode', type: 'enum', options: ['fixed', 'floating'], required: true, default: 'fixed' },
    { name: 'startDate', type: 'date', required: true, sortable: true },
    { name: 'endDate', type: 'date', list: false },
    { name: 'dueTime', type: 'string', pattern: TIME, maxLength: 5, required: true, default: '08:00' },
    { name: 'durationHours', type: 'integer', required: true, default: 24, min: 1, max: 8760 },
    { name: 'skipWeekends', type: 'boolean', default: false, list: false },
    // Due by the calendar above, by a meter (every meterEvery runtime hours or parts, from the machine's device tag or
    // the reading entered on the plan's machine), or by whichever comes first (generate.ts, meter-plans.ts).
    { name: 'dueBy', type: 'enum', options: DUE_BY, required: true, default: 'calendar', filter: 'eq' },
    { name: 'meterKind', type: 'enum', options: METER_KINDS, list: false },
    { name: 'meterEvery', type: 'decimal', precision: 14, scale: 2, min: 0.01, max: 100_000_000, list: false },
    { name: 'meterStart', type: 'decimal', precision: 14, scale: 2, min: 0, max: 100_000_000, default: 0, list: false },
    { name: 'workgroupId', type: 'ref', ref: 'workgroup', filter: 'eq', blocksDelete: false },
    { name: 'assigneeId', type: 'ref', ref: 'user', filter: 'eq', blocksDelete: false },
    { name: 'state', type: 'enum', options: ['off', 'on'], default: 'off', readOnly: true, filter: 'eq' },
    { name: 'enabledAt', type: 'datetime', readOnly: true, list: false },
    { name: 'remark', type: 'text', maxLength: 500, list: false },
  ],
});

export const planMachineEntity = defineEntity({
  name: 'checkplanmachine',
  table: 'check_plan_machines',
  ns: 'check',
  prefix: '/api-manage/checkplan/machine',
  permissions: { ...pagePermissions('plan'), add: codes('plan', 'edit'), delete: codes('plan', 'edit') },
  permissionsBy: BY_KIND,
  nameField: 'remark',
  customFields: false,
  fields: [
    { name: 'planId', type: 'ref', ref: 'checkplan', required: true, owner: true, filter: 'eq' },
    ownerKind('check_plans', 'plan_id'),
    { name: 'equipmentId', type: 'ref', ref: 'equipment', required: true, unique: true, uniqueWith: ['planId'] },
    // The machine's meter read by hand (runtime hours or parts), for a meter plan when its device has no such tag.
    { name: 'meterReading', type: 'decimal', precision: 14, scale: 2, min: 0, max: 100_000_000 },
    { name: 'remark', type: 'string', maxLength: 200 },
  ],
});

/**
 * A check route (spec 7.5 checkline): an ordered walk through machines, mostly for a patrol. A plan on a route
 * makes one task per due time that covers the route, scanned machine by machine.
 */
export const lineEntity = defineEntity({
  name: 'checkline',
  table: 'check_lines',
  ns: 'check',
  prefix: '/api-manage/checkline',
  permissions: pagePermissions('plan'),
  permissionsBy: BY_KIND,
  codeField: 'code',
  nameField: 'name',
  softDelete: true,
  children: [{ entity: 'checklinestop', field: 'lineId', as: 'stops' }],
  fields: [
    kindField,
    { name: 'code', type: 'string', required: true, unique: true, maxLength: 50, filter: 'like', sortable: true },
    { name: 'name', type: 'string', required: true, maxLength: 100, filter: 'like', sortable: true },
    { name: 'workshopId', type: 'ref', ref: 'workshop', filter: 'eq' },
    { name: 'remark', type: 'text', maxLength: 500, list: false },
  ],
});

/** A machine on a route, in walking order; its own scheme (else the plan's) says what is checked there. */
export const lineStopEntity = defineEntity({
  name: 'checklinestop',
  table: 'check_line_stops',
  ns: 'check',
  prefix: '/api-manage/checkline/stop',
  permissions: { ...pagePermissions('plan'), add: codes('plan', 'edit'), delete: codes('plan', 'edit') },
  permissionsBy: BY_KIND,
  nameField: 'remark',
  customFields: false,
  defaultSort: { field: 'sort', dir: 'asc' },
  hooks: lineStopHooks,
  fields: [
    { name: 'lineId', type: 'ref', ref: 'checkline', required: true, owner: true, filter: 'eq' },
    ownerKind('check_lines', 'line_id'),
    { name: 'sort', type: 'integer', default: 0, min: 0, max: 10_000, sortable: true },
    { name: 'equipmentId', type: 'ref', ref: 'equipment', required: true, unique: true, uniqueWith: ['lineId'] },
    { name: 'schemeId', type: 'ref', ref: 'checkscheme', blocksDelete: true },
    { name: 'remark', type: 'string', maxLength: 200 },
  ],
});

const OPEN = "('pending', 'doing')";

/** Spec 3.1's My downloads codes: 1 maintenance task, 2 maintenance task detail, 3 spot-check task detail, else patrol. */
const kindOf = (query: Readonly<Record<string, unknown>>) => Number(query.kind) || null;
const TASK_DOWNLOAD: Record<number, string> = { 3: '1' };
const DETAIL_DOWNLOAD: Record<number, string> = { 3: '2', 2: '3', 1: '4' };

/**
 * A task made from a plan for one machine (or one route) and one due time (spec 7.5 checktask; the maintenance
 * tasks of /maintain/task too, kind 3). Generated set-based (generate.ts); unique per plan, machine or route and
 * due time.
 */
export const taskEntity = defineEntity({
  name: 'checktask',
  table: 'check_tasks',
  ns: 'check',
  prefix: '/api-manage/checktask',
  actions: ['page', 'all', 'get', 'exportexcel'],
  permissions: {
    view: P.taskView,
    add: P.taskAssign,
    edit: [...P.taskAssign, ...P.taskExecute],
    delete: P.taskClose,
    import: P.taskAssign,
    export: P.taskExport,
  },
  permissionsBy: BY_KIND,
  dataScope: { workshop: 'workshopId', workgroup: 'workgroupId', own: ['assigneeId'] },
  codeField: 'code',
  nameField: 'code',
  customFields: false,
  defaultSort: { field: 'dueAt', dir: 'desc' },
  downloadType: (query) => TASK_DOWNLOAD[kindOf(query) ?? 0],
  workflow: taskWorkflow,
  children: [{ entity: 'checktaskdtl', field: 'taskId', as: 'details' }],
  fields: [
    { name: 'kind', type: 'enum', options: KINDS, readOnly: true, filter: 'eq' },
    { name: 'code', type: 'string', readOnly: true, maxLength: 30, filter: 'like', sortable: true },
    // The plan, scheme, machine, route, workshop and work group are copied by generation from the plan it reads,
    // never written from a request: no key is checked on each task a day's run writes (see docs/benchmarks-check.md).
    {
      name: 'planId',
      type: 'ref',
      ref: 'checkplan',
      readOnly: true,
      filter: 'eq',
      unique: true,
      uniqueWith: ['equipmentId', 'dueAt'],
      foreignKey: false,
    },
    { name: 'schemeId', type: 'ref', ref: 'checkscheme', readOnly: true, filter: 'eq', list: false, foreignKey: false },
    { name: 'equipmentId', type: 'ref', ref: 'equipment', readOnly: true, filter: 'eq', foreignKey: false },
    // A route's task has no machine of its own: its items name them; unique per plan and due time.
    {
      name: 'lineId',
      type: 'ref',
      ref: 'checkline',
      readOnly: true,
      filter: 'eq',
      unique: true,
      uniqueWith: ['planId', 'dueAt'],
      foreignKey: false,
      // Most tasks are a machine's: the key holds the routes' tasks only.
      sparse: true,
    },
    { name: 'workshopId', type: 'ref', ref: 'workshop', readOnly: true, filter: 'eq', foreignKey: false },
    { name: 'dueAt', type: 'datetime', required: true, readOnly: true, filter: 'range', sortable: true },
    { name: 'deadline', type: 'datetime', readOnly: true, sortable: true },
    { name: 'state', type: 'enum', options: TASK_STATES, default: 'pending', readOnly: true, filter: 'in' },
    { name: 'assigneeId', type: 'ref', ref: 'user', readOnly: true, filter: 'eq', blocksDelete: false },
    {
      name: 'workgroupId',
      type: 'ref',
      ref: 'workgroup',
      readOnly: true,
      filter: 'eq',
      blocksDelete: false,
      foreignKey: false,
    },
    { name: 'startedAt', type: 'datetime', readOnly: true, list: false },
    { name: 'finishedAt', type: 'datetime', readOnly: true, filter: 'range', sortable: true },
    { name: 'late', type: 'boolean', default: false, readOnly: true, filter: 'eq', sparse: true },
    { name: 'abnormalCount', type: 'integer', readOnly: true, min: 0, default: 0 },
    {
      name: 'overdue',
      type: 'boolean',
      filter: 'eq',
      computed: (t) => `(${t}.state in ${OPEN} and ${t}.deadline < now())`,
    },
    { name: 'overdueNotifiedAt', type: 'datetime', readOnly: true, list: false, exportable: false },
    { name: 'remark', type: 'text', maxLength: 500, readOnly: true, list: false },
    ...taskCostFields,
  ],
});

/**
 * One item of a task (spec 7.5 checktaskdtl): the item as it was when the task was made, the answer and
 * its judgement. An abnormal answer raises a repair order or waits in the danger pool (dangerState open).
 */
export const taskDetailEntity = defineEntity({
  name: 'checktaskdtl',
  table: 'check_task_details',
  ns: 'check',
  prefix: '/api-manage/checktaskdtl',
  actions: ['page', 'all', 'get', 'exportexcel'],
  permissions: {
    view: P.taskView,
    add: P.taskExecute,
    edit: P.taskExecute,
    delete: P.taskClose,
    import: P.taskExecute,
    export: P.taskExport,
  },
  permissionsBy: BY_KIND,
  nameField: 'name',
  customFields: false,
  defaultSort: { field: 'sort', dir: 'asc' },
  downloadType: (query) => DETAIL_DOWNLOAD[kindOf(query) ?? 0],
  workflow: dangerWorkflow,
  hooks: {
    present(row, lang) {
      if (row.answer === null || row.answer === undefined) return;
      const unit = (row.unit as string | null) ?? null;
      row.result = answerText({ answerType: String(row.answerType), answer: String(row.answer), unit }, lang);
    },
  },
  // The machine's readings of an item over time, and a machine's items: one index for both, and none for the item
  // alone (a day's generation wrote 190,000 entries in each; issue 12).
  indexes: [{ name: 'equipment_project', fields: ['equipmentId', 'projectId'] }],
  fields: [
    // Written only by generation, with the task it has just made: no key checked on each item (1 s of a day's
    // run); a task's deletion removes its items all the same (an owner-cascade trigger, migration 0039).
    {
      name: 'taskId',
      type: 'ref',
      ref: 'checktask',
      required: true,
      owner: true,
      filter: 'eq',
      foreignKey: false,
    },
    {
      name: 'kind',
      type: 'enum',
      options: KINDS,
      filter: 'eq',
      computed: (t) => `(select k.kind from check_tasks k where k.id = ${t}.task_id)`,
    },
    // The project and the machine as they were when the task was made, copied by generation (a day's 200,000
    // items checked no key: 1.7 s of a 6.4 s insert).
    {
      name: 'projectId',
      type: 'ref',
      ref: 'checkproject',
      readOnly: true,
      filter: 'eq',
      // The item's own name (a copy) is its column; the library entry it came from is a filter.
      list: false,
      blocksDelete: false,
      foreignKey: false,
      indexed: false,
    },
    {
      name: 'equipmentId',
      type: 'ref',
      ref: 'equipment',
      readOnly: true,
      filter: 'eq',
      list: false,
      foreignKey: false,
      indexed: false,
    },
    { name: 'sort', type: 'integer', readOnly: true, default: 0, sortable: true, list: false },
    { name: 'name', type: 'string', readOnly: true, maxLength: 100, filter: 'like' },
    { name: 'part', type: 'string', readOnly: true, maxLength: 100 },
    { name: 'method', type: 'string', readOnly: true, maxLength: 200, list: false },
    { name: 'standard', type: 'string', readOnly: true, maxLength: 200 },
    { name: 'answerType', type: 'enum', options: ANSWER_TYPES, readOnly: true },
    { name: 'unit', type: 'string', readOnly: true, maxLength: 20, list: false },
    { name: 'lowerLimit', type: 'decimal', precision: 14, scale: 4, readOnly: true, list: false },
    { name: 'upperLimit', type: 'decimal', precision: 14, scale: 4, readOnly: true, list: false },
    { name: 'choices', type: 'string', readOnly: true, maxLength: 500, list: false },
    { name: 'abnormalChoices', type: 'string', readOnly: true, maxLength: 500, list: false },
    { name: 'photoRequired', type: 'boolean', readOnly: true, default: false, list: false },
    { name: 'raiseRepair', type: 'boolean', readOnly: true, default: false, list: false },
    { name: 'answer', type: 'string', readOnly: true, maxLength: 500, list: false },
    // The answer as a person reads it, in their language (pass or fail translated, a reading with its unit):
    // written on every read by hooks.present, the column of lists and exports.
    { name: 'result', type: 'string', computed: (t) => `${t}.answer`, readOnly: true },
    { name: 'answerNumber', type: 'decimal', precision: 14, scale: 4, readOnly: true, list: false },
    { name: 'photos', type: 'image', readOnly: true },
    { name: 'note', type: 'string', readOnly: true, maxLength: 500 },
    // Unanswered, normal and outside the danger pool when made: the indexes hold the items answered, abnormal or
    // in the pool, and a day's generation writes no entry in them.
    { name: 'abnormal', type: 'boolean', readOnly: true, default: false, filter: 'eq', sparse: true },
    { name: 'answeredAt', type: 'datetime', readOnly: true, filter: 'range', sortable: true, sparse: true },
    {
      name: 'repairOrderId',
      type: 'ref',
      ref: 'maintaintask',
      readOnly: true,
      filter: 'eq',
      blocksDelete: false,
      sparse: true,
      // Set by the server from the order an answer raised in the same transaction; a key checked on each item a
      // generation writes (all without an order) cost 0.13 s a day.
      foreignKey: false,
    },
    {
      name: 'dangerState',
      type: 'enum',
      options: ['none', 'open', 'repaired', 'dismissed'],
      default: 'none',
      readOnly: true,
      filter: 'in',
      sparse: true,
    },
  ],
});

export const checkEntities: EntityDef[] = [
  ...taskLineEntities,
  projectEntity,
  schemeEntity,
  schemeDetailEntity,
  planEntity,
  planMachineEntity,
  lineEntity,
  lineStopEntity,
  taskEntity,
  taskDetailEntity,
];

/** Who may maintain machines of a category (spec maintainqualification); a category without rows is open to all. */
export const qualificationEntity = defineEntity({
  name: 'maintainqualification',
  table: 'maintain_qualifications',
  ns: 'check',
  prefix: '/api-manage/maintainqualification',
  permissions: {
    view: 'maintain:plan:view',
    add: 'maintain:plan:add',
    edit: 'maintain:plan:edit',
    delete: 'maintain:plan:delete',
    import: 'maintain:plan:add',
    export: 'maintain:plan:export',
  },
  nameField: 'remark',
  customFields: false,
  fields: [
    { name: 'userId', type: 'ref', ref: 'user', required: true, filter: 'eq' },
    {
      name: 'categoryId',
      type: 'ref',
      ref: 'equipmentcategory',
      required: true,
      unique: true,
      uniqueWith: ['userId'],
      filter: 'eq',
    },
    { name: 'validUntil', type: 'date', sortable: true },
    // The person's certificate behind it (domains/qualification): revoked or past its end, it qualifies no longer.
    {
      name: 'certificateId',
      type: 'ref',
      ref: 'maintaincertificate',
      filter: 'eq',
      within: { field: 'userId', column: 'user_id' },
    },
    { name: 'remark', type: 'string', maxLength: 200 },
  ],
});

checkEntities.push(qualificationEntity);
