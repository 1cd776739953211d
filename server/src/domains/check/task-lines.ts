import { AppError } from '../../platform/http/errors.js';
import { defineEntity } from '../../platform/resources/registry.js';
import type { EntityDef, EntityHooks, FieldDef } from '../../platform/resources/types.js';
import { BY_KIND, KINDS, P } from './permissions.js';

/*
 * What a maintenance task took besides its answers (issue 12: labour, spare parts used, outside maintenance):
 * lines of the task, kept while it is open, read and changed with the task's kind's codes. Their sums are
 * computed fields of the task (taskCostFields).
 */

const permissions: EntityDef['permissions'] = {
  view: P.taskView,
  add: P.taskExecute,
  edit: P.taskExecute,
  delete: P.taskExecute,
  import: P.taskExecute,
  export: P.taskExport,
};

const taskRef: FieldDef = { name: 'taskId', type: 'ref', ref: 'checktask', required: true, owner: true, filter: 'eq' };
const taskKind: FieldDef = {
  name: 'kind',
  type: 'enum',
  options: KINDS,
  list: false,
  exportable: false,
  computed: (t) => `(select o.kind from check_tasks o where o.id = ${t}.task_id)`,
};

/** Lines are written while their task is open (pending or doing), like its answers. */
const openTaskHooks: EntityHooks = {
  async check(tx, row) {
    const r = await tx.query<{ state: string }>('select state from check_tasks where tenant_id = $1 and id = $2', [
      tx.tenantId,
      row.taskId,
    ]);
    const state = r.rows[0]?.state;
    if (state && state !== 'pending' && state !== 'doing')
      throw new AppError('business', 'check.errors.taskClosed', {}, 'taskId');
    return [];
  },
  async beforeDelete(tx, rows) {
    const ids = [...new Set(rows.map((r) => Number(r.taskId)))];
    const r = await tx.query<{ n: string }>(
      `select count(*) as n from check_tasks where tenant_id = $1 and id = any($2::bigint[])
          and state not in ('pending', 'doing')`,
      [tx.tenantId, ids],
    );
    if (Number(r.rows[0]!.n) > 0) throw new AppError('business', 'check.errors.taskClosed', {}, 'taskId');
  },
};

const line = (name: string, table: string, prefix: string, nameField: string, fields: FieldDef[]) =>
  defineEntity({
    name,
    table,
    ns: 'check',
    prefix: `/api-manage/checktask/${prefix}`,
    actions: ['page', 'all', 'get', 'save', 'update', 'del'],
    permissions,
    permissionsBy: BY_KIND,
    nameField,
    customFields: false,
    hooks: openTaskHooks,
    fields: [taskRef, taskKind, ...fields],
  });

export const taskLabourEntity = line('checktasklabour', 'check_task_labour', 'labour', 'remark', [
  { name: 'userId', type: 'ref', ref: 'user', required: true, unique: true, uniqueWith: ['taskId'], filter: 'eq' },
  { name: 'hours', type: 'decimal', precision: 8, scale: 2, required: true, min: 0, max: 1000 },
  { name: 'remark', type: 'string', maxLength: 200 },
]);

export const taskPartEntity = line('checktaskpart', 'check_task_parts', 'part', 'remark', [
  { name: 'sparePartId', type: 'ref', ref: 'sparepart', required: true, filter: 'eq' },
  { name: 'warehouseId', type: 'ref', ref: 'warehouse', filter: 'eq' },
  { name: 'quantity', type: 'decimal', precision: 12, scale: 2, required: true, min: 0.01, max: 1_000_000 },
  // Blank: the part's catalogue price values the line.
  { name: 'unitPrice', type: 'decimal', precision: 14, scale: 4, min: 0, max: 1e9 },
  { name: 'remark', type: 'string', maxLength: 200 },
]);

export const taskExternalEntity = line('checktaskexternal', 'check_task_externals', 'external', 'vendor', [
  { name: 'vendor', type: 'string', required: true, maxLength: 200, filter: 'like' },
  { name: 'startDate', type: 'date' },
  { name: 'endDate', type: 'date' },
  { name: 'cost', type: 'decimal', precision: 14, scale: 2, min: 0, max: 1e9, required: true },
  { name: 'remark', type: 'string', maxLength: 500 },
]);

export const taskLineEntities = [taskLabourEntity, taskPartEntity, taskExternalEntity];

/** The task's labour hours and what its parts and outside maintenance cost, summed in SQL when read. */
export const taskCostFields: FieldDef[] = [
  {
    name: 'labourHours',
    type: 'decimal',
    precision: 10,
    scale: 2,
    list: false,
    computed: (t) =>
      `(select coalesce(sum(l.hours), 0) from check_task_labour l where l.tenant_id = ${t}.tenant_id and l.task_id = ${t}.id)`,
  },
  {
    name: 'partsCost',
    type: 'decimal',
    precision: 16,
    scale: 2,
    list: false,
    computed: (t) =>
      `(select round(coalesce(sum(p.quantity * coalesce(p.unit_price, s.price, 0)), 0), 2) from check_task_parts p
          left join spare_parts s on s.tenant_id = p.tenant_id and s.id = p.spare_part_id
         where p.tenant_id = ${t}.tenant_id and p.task_id = ${t}.id)`,
  },
  {
    name: 'externalCost',
    type: 'decimal',
    precision: 16,
    scale: 2,
    list: false,
    computed: (t) =>
      `(select coalesce(sum(x.cost), 0) from check_task_externals x where x.tenant_id = ${t}.tenant_id and x.task_id = ${t}.id)`,
  },
];
