import { defineEntity } from '../../platform/resources/registry.js';
import { P } from './permissions.js';
import { orderHooks } from './rules.js';
import { externalWorkflow } from './workflow.js';

export const ORDER_STATES = ['draft', 'quoted', 'approved', 'inProgress', 'executed', 'accepted', 'cancelled'] as const;
export const ORDER_KINDS = ['repair', 'maintenance', 'overhaul', 'calibration', 'inspection', 'other'] as const;

/**
 * An external maintenance order (spec 7.5 maintainexternal, 委外维修/保养): work on a machine given to a vendor,
 * possibly for an open repair order, under one of its contracts. Quoted, approved, executed and accepted as
 * declared steps (workflow.ts); the accepted cost stays on the machine's history and in the cost reports, and
 * reaches the repair order's outside cost when it was raised for one.
 */
export const externalOrderEntity = defineEntity({
  name: 'externalorder',
  table: 'external_orders',
  ns: 'external',
  prefix: '/api-manage/maintainexternal/order',
  actions: ['page', 'all', 'get', 'save', 'update', 'del', 'exportexcel'],
  permissions: {
    view: P.view,
    add: P.add,
    edit: P.edit,
    delete: P.delete,
    import: P.add,
    export: P.export,
  },
  codeField: 'code',
  nameField: 'description',
  live: true,
  hooks: orderHooks,
  workflow: externalWorkflow,
  fields: [
    // Left empty, the order is numbered WW<date>-<n> (rules.ts); a vendor's own document number may be given instead.
    { name: 'code', type: 'string', unique: true, maxLength: 30, filter: 'like', sortable: true },
    { name: 'equipmentId', type: 'ref', ref: 'equipment', required: true, filter: 'eq' },
    { name: 'repairOrderId', type: 'ref', ref: 'maintaintask', filter: 'eq', list: false },
    { name: 'vendorId', type: 'ref', ref: 'externalvendor', required: true, filter: 'eq' },
    {
      name: 'contractId',
      type: 'ref',
      ref: 'externalcontract',
      filter: 'eq',
      list: false,
      within: { field: 'vendorId', column: 'vendor_id' },
    },
    { name: 'kind', type: 'enum', options: ORDER_KINDS, required: true, default: 'repair', filter: 'eq' },
    { name: 'description', type: 'text', required: true, maxLength: 2000, filter: 'like' },
    { name: 'planStart', type: 'date', list: false },
    { name: 'planFinish', type: 'date', sortable: true },
    {
      name: 'state',
      type: 'enum',
      options: ORDER_STATES,
      default: 'draft',
      readOnly: true,
      filter: 'in',
      sortable: true,
    },
    { name: 'quotedCost', type: 'decimal', precision: 14, scale: 2, readOnly: true, sortable: true },
    { name: 'quoteNote', type: 'string', maxLength: 500, readOnly: true, list: false },
    { name: 'quotedAt', type: 'datetime', readOnly: true, list: false },
    { name: 'approvedAt', type: 'datetime', readOnly: true, list: false },
    { name: 'approverId', type: 'ref', ref: 'user', readOnly: true, list: false, blocksDelete: false },
    { name: 'startedAt', type: 'datetime', readOnly: true, list: false },
    { name: 'finishedAt', type: 'datetime', readOnly: true, list: false },
    { name: 'actualCost', type: 'decimal', precision: 14, scale: 2, readOnly: true, sortable: true },
    { name: 'workNote', type: 'text', maxLength: 2000, readOnly: true, list: false },
    { name: 'acceptedAt', type: 'datetime', readOnly: true, filter: 'range', sortable: true },
    { name: 'acceptorId', type: 'ref', ref: 'user', readOnly: true, list: false, blocksDelete: false },
    { name: 'rating', type: 'integer', min: 1, max: 5, readOnly: true },
    { name: 'ratingComment', type: 'string', maxLength: 500, readOnly: true, list: false },
    { name: 'repairLineId', type: 'integer', readOnly: true, list: false, exportable: false },
    { name: 'attachments', type: 'attachments', list: false },
  ],
});
