import { defineEntity } from '../../platform/resources/registry.js';
import type { EntityDef } from '../../platform/resources/types.js';
import { P } from './permissions.js';
import { countHooks } from './rules.js';

const permissions: EntityDef['permissions'] = {
  view: [P.stockView, P.stocktake],
  add: P.stocktake,
  edit: P.stocktake,
  delete: P.stocktake,
  import: P.stocktake,
  export: P.stockExport,
};

export const COUNT_STATES = ['counting', 'adjusted'] as const;

/** A line of a blind stocktake still being counted: its book quantity is not shown to anyone. */
const blindWhileCounting = (t: string) =>
  `exists (select 1 from spare_counts c where c.tenant_id = ${t}.tenant_id and c.id = ${t}.count_id and c.blind and c.state = 'counting')`;

/**
 * A stocktake (spec spareparts inventory): a counting plan of a warehouse (some bins or parts, or all), blind or
 * with book quantities; counts are entered (scanned), the differences become an adjustment document.
 */
export const countEntity = defineEntity({
  name: 'sparecount',
  table: 'spare_counts',
  ns: 'spare',
  prefix: '/api-manage/spareparts/count',
  actions: ['page', 'all', 'get', 'del'],
  permissions,
  codeField: 'code',
  nameField: 'code',
  defaultSort: { field: 'code', dir: 'desc' },
  hooks: countHooks,
  children: [{ entity: 'sparecountline', field: 'countId', as: 'lines' }],
  fields: [
    { name: 'code', type: 'string', readOnly: true, unique: true, maxLength: 30, filter: 'like', sortable: true },
    { name: 'warehouseId', type: 'ref', ref: 'warehouse', required: true, filter: 'eq' },
    { name: 'blind', type: 'boolean', default: false },
    { name: 'state', type: 'enum', options: COUNT_STATES, default: 'counting', readOnly: true, filter: 'eq' },
    { name: 'adjustDocId', type: 'ref', ref: 'sparedoc', readOnly: true, blocksDelete: false },
    { name: 'remark', type: 'string', maxLength: 200 },
  ],
});

/** A line of a stocktake: the book quantity when planned, the counted one, who counted it and when. */
export const countLineEntity = defineEntity({
  name: 'sparecountline',
  table: 'spare_count_lines',
  ns: 'spare',
  prefix: '/api-manage/spareparts/count/line',
  actions: ['page', 'all', 'get'],
  permissions,
  nameField: 'batch',
  customFields: false,
  fields: [
    { name: 'countId', type: 'ref', ref: 'sparecount', required: true, owner: true, filter: 'eq' },
    { name: 'sparePartId', type: 'ref', ref: 'sparepart', required: true, filter: 'eq' },
    { name: 'binId', type: 'ref', ref: 'warehouseline', filter: 'eq' },
    { name: 'batch', type: 'string', maxLength: 50 },
    { name: 'bookQty', type: 'decimal', precision: 14, scale: 2, readOnly: true, withheld: blindWhileCounting },
    { name: 'countedQty', type: 'decimal', precision: 14, scale: 2, readOnly: true, min: 0 },
    {
      name: 'difference',
      type: 'decimal',
      precision: 14,
      scale: 2,
      computed: (t) =>
        `(case when ${blindWhileCounting(t)} then null else ${t}.counted_qty - coalesce(${t}.book_qty, 0) end)`,
    },
    { name: 'countedAt', type: 'datetime', readOnly: true },
    { name: 'counterId', type: 'ref', ref: 'user', readOnly: true, blocksDelete: false },
  ],
});
