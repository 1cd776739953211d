import { defineEntity } from '../../platform/resources/registry.js';
import type { EntityDef } from '../../platform/resources/types.js';
import type { WorkflowDef } from '../../platform/workflow/types.js';
import { markMissing } from './count.js';

/** Counting machines is a ledger task: who may count (and close a count) holds the ledger's stocktake button. */
export const COUNT = 'equipment:ledger:count';
const permissions: EntityDef['permissions'] = {
  view: ['equipment:ledger:view', COUNT],
  add: COUNT,
  edit: COUNT,
  delete: COUNT,
  import: COUNT,
  export: ['equipment:ledger:export', COUNT],
};

export const COUNT_RESULTS = ['pending', 'found', 'elsewhere', 'unexpected', 'missing'] as const;

/** counting → closed; closing marks every machine not scanned as missing. */
const countWorkflow: WorkflowDef = {
  stateField: 'state',
  messageType: 'inventoryplan',
  actions: [
    {
      name: 'close',
      from: ['counting'],
      to: 'closed',
      permission: COUNT,
      danger: true,
      confirm: 'equipment.inventoryplan.confirms.close',
      stamp: { at: 'closedAt' },
      after: (s, after) => markMissing(s.tx, after.id),
    },
  ],
};

/**
 * An equipment stocktake (spec inventoryplan): the machines a workshop's ledger holds (or every workshop's) when
 * it is planned, counted by scanning their QR labels on a phone.
 */
export const countPlanEntity = defineEntity({
  name: 'inventoryplan',
  table: 'equipment_counts',
  ns: 'equipment',
  prefix: '/api-manage/inventoryplan',
  actions: ['page', 'all', 'get', 'del', 'exportexcel'],
  permissions,
  codeField: 'code',
  nameField: 'name',
  defaultSort: { field: 'code', dir: 'desc' },
  workflow: countWorkflow,
  fields: [
    { name: 'code', type: 'string', readOnly: true, unique: true, maxLength: 30, filter: 'like', sortable: true },
    { name: 'name', type: 'string', required: true, maxLength: 100, filter: 'like' },
    { name: 'workshopId', type: 'ref', ref: 'workshop', filter: 'eq' },
    { name: 'state', type: 'enum', options: ['counting', 'closed'], default: 'counting', readOnly: true, filter: 'eq' },
    { name: 'expected', type: 'integer', readOnly: true, default: 0, min: 0 },
    { name: 'closedAt', type: 'datetime', readOnly: true },
    { name: 'remark', type: 'string', maxLength: 200, list: false },
  ],
});

/**
 * A machine of a stocktake (spec inventory and its detail): expected from the ledger and found, missing, or
 * scanned here while the ledger puts it elsewhere; a scanned code the ledger does not know is unexpected.
 */
export const countLineEntity = defineEntity({
  name: 'inventory',
  table: 'equipment_count_lines',
  ns: 'equipment',
  prefix: '/api-manage/inventory',
  actions: ['page', 'all', 'get', 'exportexcel'],
  permissions,
  nameField: 'scannedCode',
  customFields: false,
  defaultSort: { field: 'result', dir: 'asc' },
  fields: [
    { name: 'planId', type: 'ref', ref: 'inventoryplan', required: true, owner: true, filter: 'eq' },
    { name: 'equipmentId', type: 'ref', ref: 'equipment', readOnly: true, filter: 'eq', blocksDelete: false },
    { name: 'scannedCode', type: 'string', readOnly: true, maxLength: 200, filter: 'like' },
    { name: 'expected', type: 'boolean', readOnly: true, default: false, filter: 'eq' },
    {
      name: 'result',
      type: 'enum',
      options: COUNT_RESULTS,
      default: 'pending',
      readOnly: true,
      filter: 'in',
      sortable: true,
    },
    { name: 'registeredWorkshopId', type: 'ref', ref: 'workshop', readOnly: true, filter: 'eq', blocksDelete: false },
    { name: 'scannedAt', type: 'datetime', readOnly: true, sortable: true },
    { name: 'counterId', type: 'ref', ref: 'user', readOnly: true, blocksDelete: false },
  ],
});

export const countEntities = [countPlanEntity, countLineEntity];
