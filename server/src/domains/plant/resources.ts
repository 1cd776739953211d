import { defineEntity } from '../../platform/resources/registry.js';
import type { EntityDef } from '../../platform/resources/types.js';
import { warehouseEntity, warehouseLineEntity } from './warehouses.js';

const workshopPermissions: EntityDef['permissions'] = {
  view: 'setUp:workshop:view',
  add: 'setUp:workshop:add',
  edit: 'setUp:workshop:edit',
  delete: 'setUp:workshop:delete',
  import: 'setUp:workshop:import',
  export: 'setUp:workshop:export',
};

/** Workshops (spec 3.1: workshopname, workshopcode, organizationid, state, ismul, unittype, lines). */
export const workshopEntity = defineEntity({
  name: 'workshop',
  table: 'workshops',
  ns: 'plant',
  prefix: '/api-user/workShop',
  paths: { page: ['list'], all: ['tree'], importexcel: ['import'] },
  permissions: workshopPermissions,
  codeField: 'workshopcode',
  nameField: 'workshopname',
  softDelete: true,
  defaultSort: { field: 'sort', dir: 'asc' },
  children: [{ entity: 'line', field: 'workshopid', as: 'lines' }],
  fields: [
    {
      name: 'workshopcode',
      type: 'string',
      required: true,
      unique: true,
      maxLength: 50,
      filter: 'like',
      sortable: true,
    },
    { name: 'workshopname', type: 'string', required: true, maxLength: 100, filter: 'like', sortable: true },
    { name: 'organizationid', type: 'ref', ref: 'organization', filter: 'eq', onDelete: 'setNull' },
    { name: 'state', type: 'enum', options: [1, 0], required: true, default: 1, filter: 'eq' },
    { name: 'ismul', type: 'enum', options: [0, 1], required: true, default: 0 },
    {
      name: 'unittype',
      type: 'enum',
      options: ['workshop', 'section', 'workcenter'],
      default: 'workshop',
      filter: 'eq',
    },
    { name: 'sort', type: 'integer', default: 0, min: 0, max: 1_000_000, sortable: true },
    { name: 'remark', type: 'text', maxLength: 500 },
  ],
});

/** Production lines of a workshop (spec 3.1: id, linename, linecode); they go with their workshop. */
export const lineEntity = defineEntity({
  name: 'line',
  table: 'lines',
  ns: 'plant',
  prefix: '/api-user/line',
  paths: { page: ['getLinePage'], importexcel: ['import'] },
  permissions: workshopPermissions,
  codeField: 'linecode',
  nameField: 'linename',
  softDelete: true,
  defaultSort: { field: 'sort', dir: 'asc' },
  fields: [
    { name: 'linecode', type: 'string', required: true, unique: true, maxLength: 50, filter: 'like', sortable: true },
    { name: 'linename', type: 'string', required: true, maxLength: 100, filter: 'like', sortable: true },
    { name: 'workshopid', type: 'ref', ref: 'workshop', required: true, owner: true, filter: 'eq' },
    { name: 'state', type: 'enum', options: [1, 0], required: true, default: 1, filter: 'eq' },
    { name: 'sort', type: 'integer', default: 0, min: 0, max: 1_000_000, sortable: true },
    { name: 'remark', type: 'text', maxLength: 500 },
  ],
});

export const plantEntities = [workshopEntity, lineEntity, warehouseEntity, warehouseLineEntity];
