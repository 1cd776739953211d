import { defineEntity } from '../../platform/resources/registry.js';
import type { EntityDef } from '../../platform/resources/types.js';
import { ALL_WRITE, DOC_EXPORT, DOC_TYPES, DOC_VIEW, P } from './permissions.js';
import { docHooks, levelHooks, lineHooks } from './rules.js';
import { docWorkflow } from './workflow.js';

export const DOC_STATES = ['draft', 'submitted', 'approved', 'posted', 'cancelled'] as const;
/** Why a document moves stock: receipts (purchase, return from a job), issues (order, task, cost centre). */
export const REASONS = [
  'purchase',
  'jobReturn',
  'order',
  'task',
  'costCentre',
  'transfer',
  'stocktake',
  'production',
  'other',
] as const;
export const MOVE_KINDS = ['in', 'out', 'transferIn', 'transferOut', 'adjust'] as const;

const docPermissions: EntityDef['permissions'] = {
  view: [...DOC_VIEW, P.audit],
  add: ALL_WRITE,
  edit: ALL_WRITE,
  delete: ALL_WRITE,
  import: ALL_WRITE,
  export: DOC_EXPORT,
};

const qty = { type: 'decimal', precision: 14, scale: 2 } as const;
const cost = { type: 'decimal', precision: 14, scale: 4 } as const;
const money = { type: 'decimal', precision: 16, scale: 2 } as const;

/**
 * A stock document (spec 7.5 spareparts stock in or out, transfer, inventory): receipt, issue, transfer or
 * stocktake adjustment with its lines. draft → submitted (→ approval of its type) → approved → posted, or
 * straight from draft to posted without an approval flow; an approved one may be cancelled instead. Only posting
 * changes stock (posting.ts).
 */
export const docEntity = defineEntity({
  name: 'sparedoc',
  table: 'spare_docs',
  ns: 'spare',
  prefix: '/api-manage/spareparts/doc',
  actions: ['page', 'all', 'get', 'del', 'exportexcel'],
  permissions: docPermissions,
  codeField: 'code',
  nameField: 'code',
  defaultSort: { field: 'docDate', dir: 'desc' },
  live: true,
  hooks: docHooks,
  workflow: docWorkflow,
  children: [{ entity: 'sparedocline', field: 'docId', as: 'lines' }],
  fields: [
    { name: 'code', type: 'string', readOnly: true, unique: true, maxLength: 30, filter: 'like', sortable: true },
    { name: 'type', type: 'enum', options: DOC_TYPES, required: true, filter: 'in' },
    { name: 'reason', type: 'enum', options: REASONS, required: true, filter: 'eq' },
    { name: 'warehouseId', type: 'ref', ref: 'warehouse', required: true, filter: 'eq' },
    { name: 'toWarehouseId', type: 'ref', ref: 'warehouse', filter: 'eq' },
    { name: 'orderId', type: 'ref', ref: 'maintaintask', filter: 'eq' },
    { name: 'taskNo', type: 'string', maxLength: 50, filter: 'like', list: false },
    // An issue to a maintenance task: posting writes the task's parts used (the check domain's seam).
    { name: 'checkTaskId', type: 'ref', ref: 'checktask', filter: 'eq', list: false, blocksDelete: false },
    { name: 'costCentre', type: 'string', maxLength: 50, filter: 'like', list: false },
    { name: 'docDate', type: 'datetime', required: true, defaultNow: true, filter: 'range', sortable: true },
    {
      name: 'state',
      type: 'enum',
      options: DOC_STATES,
      default: 'draft',
      readOnly: true,
      filter: 'in',
      sortable: true,
    },
    { name: 'totalQuantity', ...qty, readOnly: true },
    { name: 'totalAmount', ...money, readOnly: true },
    { name: 'submitterId', type: 'ref', ref: 'user', readOnly: true, blocksDelete: false, filter: 'eq' },
    { name: 'submittedAt', type: 'datetime', readOnly: true, list: false },
    { name: 'approverId', type: 'ref', ref: 'user', readOnly: true, blocksDelete: false, list: false },
    { name: 'approvedAt', type: 'datetime', readOnly: true, list: false },
    { name: 'posterId', type: 'ref', ref: 'user', readOnly: true, blocksDelete: false, list: false },
    { name: 'postedAt', type: 'datetime', readOnly: true, filter: 'range', sortable: true },
    { name: 'remark', type: 'text', maxLength: 500 },
  ],
});

/** A line of a stock document: part, quantity, unit cost, batch, bin (and the bin a transfer goes to). */
export const lineEntity = defineEntity({
  name: 'sparedocline',
  table: 'spare_doc_lines',
  ns: 'spare',
  prefix: '/api-manage/spareparts/doc/line',
  actions: ['page', 'all', 'get'],
  permissions: docPermissions,
  nameField: 'remark',
  customFields: false,
  hooks: lineHooks,
  fields: [
    { name: 'docId', type: 'ref', ref: 'sparedoc', required: true, owner: true, filter: 'eq' },
    { name: 'sparePartId', type: 'ref', ref: 'sparepart', required: true, filter: 'eq' },
    { name: 'quantity', ...qty, required: true, min: -1_000_000_000, max: 1_000_000_000 },
    { name: 'unitCost', ...cost, min: 0, max: 1_000_000_000 },
    { name: 'amount', ...money, readOnly: true },
    { name: 'batch', type: 'string', maxLength: 50, filter: 'like' },
    { name: 'binId', type: 'ref', ref: 'warehouseline', filter: 'eq' },
    { name: 'toBinId', type: 'ref', ref: 'warehouseline' },
    { name: 'remark', type: 'string', maxLength: 200 },
  ],
});

const partCode = (t: string) =>
  `(select s.code from spare_parts s where s.tenant_id = ${t}.tenant_id and s.id = ${t}.spare_part_id)`;

/**
 * Stock of a part in a warehouse (备件库存, spec spareparts inventory): on hand, reserved for approved issues,
 * moving-average cost, and the minimum and maximum the keeper is warned by. Only posting moves the numbers.
 */
export const stockEntity = defineEntity({
  name: 'sparestock',
  table: 'spare_stocks',
  ns: 'spare',
  prefix: '/api-manage/spareparts/stock',
  paths: { page: ['/api-manage/spareparts/inventory'] },
  permissions: {
    view: [P.stockView, P.meaningView, ...ALL_WRITE],
    add: P.meaningAdd,
    edit: P.meaningEdit,
    delete: P.meaningDelete,
    import: P.meaningImport,
    export: [P.stockExport, P.meaningExport],
  },
  nameField: 'remark',
  customFields: false,
  defaultSort: { field: 'sparePartId', dir: 'asc' },
  hooks: levelHooks,
  fields: [
    {
      name: 'sparePartId',
      type: 'ref',
      ref: 'sparepart',
      required: true,
      unique: true,
      uniqueWith: ['warehouseId'],
      filter: 'eq',
      sortable: true,
    },
    { name: 'partCode', type: 'string', computed: partCode, filter: 'like' },
    { name: 'warehouseId', type: 'ref', ref: 'warehouse', required: true, filter: 'eq' },
    { name: 'onHand', ...qty, readOnly: true, default: 0, sortable: true },
    { name: 'reserved', ...qty, readOnly: true, default: 0 },
    { name: 'available', ...qty, computed: (t) => `(${t}.on_hand - ${t}.reserved)` },
    { name: 'avgCost', ...cost, readOnly: true, default: 0 },
    { name: 'stockValue', ...money, computed: (t) => `round(${t}.on_hand * ${t}.avg_cost, 2)` },
    { name: 'minQty', ...qty, min: 0, max: 1_000_000_000 },
    { name: 'maxQty', ...qty, min: 0, max: 1_000_000_000 },
    {
      name: 'belowMin',
      type: 'boolean',
      filter: 'eq',
      computed: (t) => `(${t}.min_qty is not null and ${t}.on_hand - ${t}.reserved < ${t}.min_qty)`,
    },
    {
      name: 'reorderQty',
      ...qty,
      computed: (t) =>
        `(case when ${t}.min_qty is not null and ${t}.on_hand - ${t}.reserved < ${t}.min_qty
           then greatest(coalesce(${t}.max_qty, ${t}.min_qty) - (${t}.on_hand - ${t}.reserved), 0) end)`,
    },
    { name: 'lowNotifiedAt', type: 'datetime', readOnly: true, list: false, exportable: false },
    { name: 'remark', type: 'string', maxLength: 200, filter: 'like' },
  ],
});

/** Stock of a part per bin and batch (spec spareparts batch stock). */
export const binStockEntity = defineEntity({
  name: 'sparebinstock',
  table: 'spare_bin_stocks',
  ns: 'spare',
  prefix: '/api-manage/spareparts/binstock',
  paths: { page: ['/api-manage/spareparts/batchStock'] },
  actions: ['page', 'all', 'get', 'exportexcel'],
  permissions: {
    view: [P.stockView, P.meaningView, ...ALL_WRITE],
    add: P.stocktake,
    edit: P.stocktake,
    delete: P.stocktake,
    import: P.stocktake,
    export: [P.stockExport, P.meaningExport],
  },
  nameField: 'batch',
  customFields: false,
  defaultSort: { field: 'sparePartId', dir: 'asc' },
  fields: [
    { name: 'sparePartId', type: 'ref', ref: 'sparepart', required: true, filter: 'eq', sortable: true },
    { name: 'partCode', type: 'string', computed: partCode, filter: 'like' },
    { name: 'warehouseId', type: 'ref', ref: 'warehouse', required: true, filter: 'eq' },
    { name: 'binId', type: 'ref', ref: 'warehouseline', filter: 'eq' },
    { name: 'batch', type: 'string', maxLength: 50, filter: 'like' },
    { name: 'quantity', ...qty, readOnly: true, default: 0, filter: 'range' },
  ],
});

const sapCode = (t: string) =>
  `(select m.sap_code from wms_sap_warehouses m where m.tenant_id = ${t}.tenant_id and m.warehouse_id = ${t}.warehouse_id and m.deleted_at is null limit 1)`;

/** Every posted change of stock (spec maintainsparepart/spareRecordList, 明细): in, out, transfer, adjustment. */
export const moveEntity = defineEntity({
  name: 'sparemove',
  table: 'spare_moves',
  ns: 'spare',
  prefix: '/api-manage/maintainsparepart',
  paths: { page: ['spareRecordList'] },
  actions: ['page', 'all', 'get', 'exportexcel'],
  permissions: {
    view: [...DOC_VIEW, P.detailedView],
    add: P.stocktake,
    edit: P.stocktake,
    delete: P.stocktake,
    import: P.stocktake,
    export: DOC_EXPORT,
  },
  nameField: 'kind',
  customFields: false,
  defaultSort: { field: 'movedAt', dir: 'desc' },
  // The consumption by part or place reads the issues at a period's ends from this index (the whole months from
  // spare_part_months and spare_place_months): the movements of a month lie scattered over the table.
  indexes: [
    {
      name: 'out',
      fields: ['movedAt'],
      include: ['sparePartId', 'quantity', 'amount', 'equipmentId'],
      where: `kind = 'out'`,
    },
  ],
  fields: [
    {
      name: 'movedAt',
      type: 'datetime',
      required: true,
      readOnly: true,
      defaultNow: true,
      filter: 'range',
      sortable: true,
    },
    { name: 'kind', type: 'enum', options: MOVE_KINDS, readOnly: true, filter: 'in' },
    { name: 'docId', type: 'ref', ref: 'sparedoc', readOnly: true, filter: 'eq' },
    { name: 'docType', type: 'enum', options: DOC_TYPES, readOnly: true, filter: 'in', list: false },
    { name: 'sparePartId', type: 'ref', ref: 'sparepart', readOnly: true, filter: 'eq' },
    { name: 'partCode', type: 'string', computed: partCode, filter: 'like' },
    { name: 'warehouseId', type: 'ref', ref: 'warehouse', readOnly: true, filter: 'eq' },
    { name: 'sapCode', type: 'string', computed: sapCode, list: false },
    { name: 'binId', type: 'ref', ref: 'warehouseline', readOnly: true, filter: 'eq' },
    { name: 'batch', type: 'string', maxLength: 50, readOnly: true, filter: 'like' },
    { name: 'quantity', ...qty, readOnly: true },
    { name: 'unitCost', ...cost, readOnly: true },
    { name: 'amount', ...money, readOnly: true },
    { name: 'balance', ...qty, readOnly: true },
    { name: 'orderId', type: 'ref', ref: 'maintaintask', readOnly: true, filter: 'eq', blocksDelete: false },
    // The machine an issue served (its repair order's or maintenance task's), recorded when it is posted.
    { name: 'equipmentId', type: 'ref', ref: 'equipment', readOnly: true, filter: 'eq', blocksDelete: false },
    {
      name: 'checkTaskId',
      type: 'ref',
      ref: 'checktask',
      readOnly: true,
      filter: 'eq',
      list: false,
      blocksDelete: false,
    },
    { name: 'costCentre', type: 'string', maxLength: 50, readOnly: true, filter: 'like', list: false },
    { name: 'userId', type: 'ref', ref: 'user', readOnly: true, filter: 'eq', blocksDelete: false },
  ],
});

const wmsPermissions: EntityDef['permissions'] = {
  view: 'setUp:warehouse:view',
  add: 'setUp:warehouse:add',
  edit: 'setUp:warehouse:edit',
  delete: 'setUp:warehouse:delete',
  import: 'setUp:warehouse:import',
  export: 'setUp:warehouse:export',
};

/** Which warehouse serves a workshop or a part category, and its default bin (spec /api-wms warehouse rules). */
export const wmsRuleEntity = defineEntity({
  name: 'warehouserule',
  table: 'wms_rules',
  ns: 'spare',
  prefix: '/api-wms/warehouserule',
  permissions: wmsPermissions,
  nameField: 'remark',
  softDelete: true,
  fields: [
    { name: 'warehouseId', type: 'ref', ref: 'warehouse', required: true, filter: 'eq' },
    { name: 'workshopId', type: 'ref', ref: 'workshop', filter: 'eq' },
    { name: 'category', type: 'string', maxLength: 100, filter: 'like' },
    { name: 'binId', type: 'ref', ref: 'warehouseline', within: { field: 'warehouseId', column: 'warehouse_id' } },
    // How the workshop's work orders draw their components from the warehouse (production/stock.ts).
    { name: 'materialIssue', type: 'enum', options: ['none', 'release', 'backflush'], default: 'none', filter: 'eq' },
    { name: 'remark', type: 'string', maxLength: 200 },
  ],
});

/** A warehouse's code in the ERP (spec /api-wms SAP warehouse); movements carry it in exports. */
export const sapWarehouseEntity = defineEntity({
  name: 'sapwarehouse',
  table: 'wms_sap_warehouses',
  ns: 'spare',
  prefix: '/api-wms/sapwarehouse',
  permissions: wmsPermissions,
  codeField: 'sapCode',
  nameField: 'sapCode',
  softDelete: true,
  fields: [
    { name: 'warehouseId', type: 'ref', ref: 'warehouse', required: true, unique: true, filter: 'eq' },
    { name: 'sapCode', type: 'string', required: true, unique: true, maxLength: 30, filter: 'like', sortable: true },
    { name: 'plantCode', type: 'string', maxLength: 30, filter: 'like' },
    { name: 'remark', type: 'string', maxLength: 200 },
  ],
});

export const spareEntities = [
  docEntity,
  lineEntity,
  stockEntity,
  binStockEntity,
  moveEntity,
  wmsRuleEntity,
  sapWarehouseEntity,
];
