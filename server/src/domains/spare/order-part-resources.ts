import { defineEntity } from '../../platform/resources/registry.js';
import { childPermissions, orderRef } from '../repair/resources.js';
import { partHooks } from './order-part-hooks.js';

/**
 * Spare parts used on an order. Recorded from stock (fromStock, the default), the part is issued from its
 * warehouse (and bin, pre-filled when the part lies in one) at once through the spare posting service, priced
 * at the moving-average cost, and the issue document is kept (docId); removing the row returns it to
 * the same place. A part not from stock moves nothing; its price (or the catalogue's) values it.
 */
export const partEntity = defineEntity({
  name: 'repairpart',
  table: 'repair_parts',
  ns: 'repair',
  prefix: '/api-manage/maintaintask/part',
  actions: ['page', 'all', 'get', 'save', 'update', 'del'],
  permissions: childPermissions,
  nameField: 'remark',
  customFields: false,
  hooks: partHooks,
  fields: [
    orderRef,
    { name: 'sparePartId', type: 'ref', ref: 'sparepart', required: true, filter: 'eq' },
    { name: 'fromStock', type: 'boolean', default: true, filter: 'eq' },
    { name: 'warehouseId', type: 'ref', ref: 'warehouse', filter: 'eq' },
    { name: 'binId', type: 'ref', ref: 'warehouseline', within: { field: 'warehouseId', column: 'warehouse_id' } },
    { name: 'batch', type: 'string', maxLength: 50 },
    { name: 'quantity', type: 'decimal', precision: 12, scale: 2, required: true, min: 0.01, max: 1_000_000 },
    // Four places: a stock issue prices the line at its moving-average cost (spare posting).
    { name: 'unitPrice', type: 'decimal', precision: 14, scale: 4, min: 0, max: 1_000_000_000 },
    { name: 'docId', type: 'ref', ref: 'sparedoc', readOnly: true, filter: 'eq', blocksDelete: false },
    { name: 'remark', type: 'string', maxLength: 200 },
  ],
});
