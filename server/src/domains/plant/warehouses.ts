import { defineEntity } from '../../platform/resources/registry.js';
import type { EntityDef } from '../../platform/resources/types.js';

const warehousePermissions: EntityDef['permissions'] = {
  view: 'setUp:warehouse:view',
  add: 'setUp:warehouse:add',
  edit: 'setUp:warehouse:edit',
  delete: 'setUp:warehouse:delete',
  import: 'setUp:warehouse:import',
  export: 'setUp:warehouse:export',
};

/**
 * Warehouses (spec 7.4 warehouses): spare parts, moulds or other goods, kept by one person. The state is
 * switched only by the enable button (POST /api-user/warehouses/updateState).
 */
export const warehouseEntity = defineEntity({
  name: 'warehouse',
  table: 'warehouses',
  ns: 'plant',
  prefix: '/api-user/warehouses',
  paths: { page: ['list'], importexcel: ['import'] },
  rest: { GET: '', POST: '', PUT: '', DELETE: 'del' },
  permissions: warehousePermissions,
  codeField: 'code',
  nameField: 'name',
  softDelete: true,
  defaultSort: { field: 'code', dir: 'asc' },
  children: [{ entity: 'warehouseline', field: 'warehouseId', as: 'lines' }],
  fields: [
    { name: 'code', type: 'string', required: true, unique: true, maxLength: 50, filter: 'like', sortable: true },
    { name: 'name', type: 'string', required: true, maxLength: 100, filter: 'like', sortable: true },
    {
      name: 'type',
      type: 'enum',
      options: ['spare', 'mould', 'other'],
      required: true,
      default: 'spare',
      filter: 'eq',
    },
    { name: 'organizationId', type: 'ref', ref: 'organization', filter: 'eq', onDelete: 'setNull' },
    { name: 'keeperId', type: 'ref', ref: 'user', filter: 'eq' },
    { name: 'address', type: 'string', maxLength: 200, filter: 'like' },
    { name: 'state', type: 'enum', options: [1, 0], default: 1, readOnly: true, filter: 'eq' },
    { name: 'remark', type: 'text', maxLength: 500 },
  ],
});

/** Storage locations (bins) of a warehouse (spec 7.4 warehouseLines); they go with their warehouse. */
export const warehouseLineEntity = defineEntity({
  name: 'warehouseline',
  table: 'warehouse_lines',
  ns: 'plant',
  prefix: '/api-user/warehouseLines',
  actions: ['page', 'all', 'get', 'save', 'update', 'del'],
  permissions: warehousePermissions,
  codeField: 'code',
  nameField: 'name',
  softDelete: true,
  defaultSort: { field: 'code', dir: 'asc' },
  fields: [
    { name: 'warehouseId', type: 'ref', ref: 'warehouse', required: true, owner: true, filter: 'eq' },
    {
      name: 'code',
      type: 'string',
      required: true,
      unique: true,
      uniqueWith: ['warehouseId'],
      maxLength: 50,
      filter: 'like',
      sortable: true,
    },
    { name: 'name', type: 'string', required: true, maxLength: 100, filter: 'like', sortable: true },
    { name: 'remark', type: 'string', maxLength: 500 },
  ],
});
