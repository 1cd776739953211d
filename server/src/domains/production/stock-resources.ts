import { defineEntity } from '../../platform/resources/registry.js';
import './orders.js';
import { P } from './permissions.js';

export const ISSUE_KINDS = ['release', 'backflush', 'return'] as const;

/**
 * A component drawn from a warehouse for a work order (spec /api-wms): the stock document that moved it (a spare
 * stock issue, or a receipt undoing one) and the quantity, negative when it went back. Written by stock.ts only.
 */
export const materialIssueEntity = defineEntity({
  name: 'materialissue',
  table: 'production_material_issues',
  ns: 'production',
  prefix: '/api-wms/materialIssue',
  actions: ['page', 'all', 'get', 'exportexcel'],
  permissions: {
    view: [P.orderView, 'setUp:warehouse:view'],
    add: P.release,
    edit: P.release,
    delete: P.release,
    import: P.release,
    export: 'production:planWork:export',
  },
  nameField: 'kind',
  customFields: false,
  defaultSort: { field: 'issuedAt', dir: 'desc' },
  fields: [
    { name: 'workOrderId', type: 'ref', ref: 'workorder', required: true, readOnly: true, filter: 'eq' },
    { name: 'materialId', type: 'ref', ref: 'material', required: true, readOnly: true, filter: 'eq' },
    { name: 'sparePartId', type: 'ref', ref: 'sparepart', required: true, readOnly: true, filter: 'eq' },
    { name: 'warehouseId', type: 'ref', ref: 'warehouse', required: true, readOnly: true, filter: 'eq' },
    { name: 'docId', type: 'ref', ref: 'sparedoc', required: true, readOnly: true, filter: 'eq' },
    { name: 'kind', type: 'enum', options: ISSUE_KINDS, required: true, readOnly: true, filter: 'in' },
    { name: 'quantity', type: 'decimal', precision: 14, scale: 2, required: true, readOnly: true },
    { name: 'amount', type: 'decimal', precision: 16, scale: 2, readOnly: true },
    {
      name: 'issuedAt',
      type: 'datetime',
      required: true,
      readOnly: true,
      defaultNow: true,
      filter: 'range',
      sortable: true,
    },
  ],
});
