import { defineEntity } from '../../platform/resources/registry.js';
import { perms } from './permissions.js';
import { bomHooks, bomLineHooks, routingStepHooks } from './rules.js';

export const MATERIAL_KINDS = ['product', 'semi', 'component'] as const;
/** The kinds of station a procedure needs and a station is. */
export const STATION_KINDS = ['machining', 'moulding', 'assembly', 'inspection', 'packing', 'manual'] as const;

const REMARK = { name: 'remark', type: 'string', maxLength: 500 } as const;
const STATE = { name: 'state', type: 'enum', options: [1, 0], required: true, default: 1, filter: 'eq' } as const;

/** Products, semi-finished goods and components (spec /api-proreport material). */
export const materialEntity = defineEntity({
  name: 'material',
  table: 'production_materials',
  ns: 'production',
  prefix: '/api-proreport/material',
  permissions: perms('material'),
  codeField: 'code',
  nameField: 'name',
  softDelete: true,
  defaultSort: { field: 'code', dir: 'asc' },
  fields: [
    { name: 'code', type: 'string', required: true, unique: true, maxLength: 50, filter: 'like', sortable: true },
    { name: 'name', type: 'string', required: true, maxLength: 100, filter: 'like', sortable: true },
    { name: 'spec', type: 'string', maxLength: 200, filter: 'like' },
    { name: 'unit', type: 'dict', dict: 'unit' },
    { name: 'kind', type: 'enum', options: MATERIAL_KINDS, required: true, default: 'component', filter: 'in' },
    // The stock item (spare part) the material is kept as in the warehouses: orders draw it from there (stock.ts).
    { name: 'sparePartId', type: 'ref', ref: 'sparepart', filter: 'eq' },
    REMARK,
  ],
});

/**
 * A bill of materials of a product, one version of it (spec /api-pm planWorkBom). One version is current per
 * product (a partial unique index, migration 0140); its lines may be products or semi-finished goods with BOMs
 * of their own, so the tree is as deep as they go (bom.ts). A BOM that would contain itself is refused.
 */
export const bomEntity = defineEntity({
  name: 'bom',
  table: 'boms',
  ns: 'production',
  prefix: '/api-pm/planWorkBom',
  permissions: perms('bom'),
  codeField: 'code',
  nameField: 'code',
  softDelete: true,
  defaultSort: { field: 'code', dir: 'asc' },
  hooks: bomHooks,
  kept: { indexes: ['boms_current_key'] },
  children: [{ entity: 'bomline', field: 'bomId', as: 'lines' }],
  fields: [
    { name: 'code', type: 'string', required: true, unique: true, maxLength: 50, filter: 'like', sortable: true },
    { name: 'materialId', type: 'ref', ref: 'material', required: true, filter: 'eq' },
    {
      name: 'version',
      type: 'string',
      required: true,
      maxLength: 20,
      unique: true,
      uniqueWith: ['materialId'],
      sortable: true,
    },
    { name: 'isCurrent', type: 'boolean', default: false, filter: 'eq' },
    REMARK,
  ],
});

/** A line of a BOM: a component and how many of it one parent needs, with its scrap allowance. */
export const bomLineEntity = defineEntity({
  name: 'bomline',
  table: 'bom_lines',
  ns: 'production',
  prefix: '/api-pm/planWorkBom/line',
  paths: { importexcel: ['/api-pm/planWorkImportBom'] },
  permissions: perms('bom'),
  nameField: 'remark',
  customFields: false,
  defaultSort: { field: 'sort', dir: 'asc' },
  hooks: bomLineHooks,
  fields: [
    { name: 'bomId', type: 'ref', ref: 'bom', required: true, owner: true, filter: 'eq' },
    {
      name: 'materialId',
      type: 'ref',
      ref: 'material',
      required: true,
      filter: 'eq',
      unique: true,
      uniqueWith: ['bomId'],
    },
    { name: 'quantity', type: 'decimal', precision: 14, scale: 4, required: true, min: 0.0001, max: 1_000_000 },
    { name: 'scrapRate', type: 'decimal', precision: 5, scale: 2, min: 0, max: 100, default: 0 },
    { name: 'sort', type: 'integer', min: 0, max: 100_000, default: 0, sortable: true },
    { name: 'remark', type: 'string', maxLength: 200 },
  ],
});

/** A procedure (工序, spec /api-pm procedure): its standard time, its ideal cycle time and the station it needs. */
export const procedureEntity = defineEntity({
  name: 'procedure',
  table: 'procedures',
  ns: 'production',
  prefix: '/api-pm/procedure',
  permissions: perms('procedure'),
  codeField: 'code',
  nameField: 'name',
  softDelete: true,
  defaultSort: { field: 'code', dir: 'asc' },
  fields: [
    { name: 'code', type: 'string', required: true, unique: true, maxLength: 50, filter: 'like', sortable: true },
    { name: 'name', type: 'string', required: true, maxLength: 100, filter: 'like', sortable: true },
    { name: 'stationKind', type: 'enum', options: STATION_KINDS, required: true, filter: 'in' },
    // Minutes of planned work per unit (the schedule's duration) and seconds of the ideal cycle (OEE performance).
    { name: 'standardMinutes', type: 'decimal', precision: 10, scale: 3, required: true, min: 0, max: 100_000 },
    { name: 'idealCycleSeconds', type: 'decimal', precision: 12, scale: 3, required: true, min: 0.001, max: 86_400 },
    { name: 'setupMinutes', type: 'decimal', precision: 10, scale: 2, min: 0, max: 100_000, default: 0 },
    REMARK,
  ],
});

/**
 * A station or job centre (工位, 工作中心; spec /api-pm Station and the workshop's work-centre calls of 7.4): a
 * place of a workshop and line, usually one machine of the ledger, that works the procedures of its kind in the
 * shifts of its machine (equipment shifts), or in its own shift when it has no machine.
 */
export const stationEntity = defineEntity({
  name: 'station',
  table: 'stations',
  ns: 'production',
  prefix: '/api-pm/Station',
  paths: {
    page: ['/api-user/workShop/workCenterPage'],
    all: ['/api-user/workShop/workCenter'],
    save: ['/api-user/workShop/saveWorkCenter'],
    del: ['/api-user/workShop/delWorkCenter'],
  },
  permissions: perms('station'),
  codeField: 'code',
  nameField: 'name',
  softDelete: true,
  defaultSort: { field: 'code', dir: 'asc' },
  fields: [
    { name: 'code', type: 'string', required: true, unique: true, maxLength: 50, filter: 'like', sortable: true },
    { name: 'name', type: 'string', required: true, maxLength: 100, filter: 'like', sortable: true },
    { name: 'kind', type: 'enum', options: STATION_KINDS, required: true, filter: 'in' },
    { name: 'workshopId', type: 'ref', ref: 'workshop', required: true, filter: 'eq' },
    { name: 'lineId', type: 'ref', ref: 'line', filter: 'eq', within: { field: 'workshopId', column: 'workshopid' } },
    { name: 'equipmentId', type: 'ref', ref: 'equipment', filter: 'eq' },
    { name: 'shiftId', type: 'ref', ref: 'shift', filter: 'eq' },
    STATE,
    REMARK,
  ],
});

/**
 * A routing (工艺路线, spec /api-pm tecProcessMain): the procedures of a product in order, drawn in the flow editor
 * of /process/index. A template has no product; a product's routing may start as a copy of one.
 */
export const routingEntity = defineEntity({
  name: 'routing',
  table: 'routings',
  ns: 'production',
  prefix: '/api-pm/tecProcessMain',
  permissions: perms('routing'),
  codeField: 'code',
  nameField: 'name',
  softDelete: true,
  defaultSort: { field: 'code', dir: 'asc' },
  children: [{ entity: 'routingstep', field: 'routingId', as: 'steps' }],
  fields: [
    { name: 'code', type: 'string', required: true, unique: true, maxLength: 50, filter: 'like', sortable: true },
    { name: 'name', type: 'string', required: true, maxLength: 100, filter: 'like', sortable: true },
    { name: 'materialId', type: 'ref', ref: 'material', filter: 'eq' },
    { name: 'isTemplate', type: 'boolean', default: false, filter: 'eq' },
    { name: 'isCurrent', type: 'boolean', default: true, filter: 'eq' },
    { name: 'layout', type: 'json', list: false, importable: false, exportable: false },
    REMARK,
  ],
});

/** A step of a routing: the procedure in its place; the same procedure twice in a row needs a reason. */
export const routingStepEntity = defineEntity({
  name: 'routingstep',
  table: 'routing_steps',
  ns: 'production',
  prefix: '/api-pm/tecProcessMain/step',
  actions: ['page', 'all', 'get', 'save', 'update', 'del'],
  permissions: perms('routing'),
  nameField: 'remark',
  customFields: false,
  defaultSort: { field: 'seq', dir: 'asc' },
  hooks: routingStepHooks,
  fields: [
    { name: 'routingId', type: 'ref', ref: 'routing', required: true, owner: true, filter: 'eq' },
    { name: 'seq', type: 'integer', required: true, min: 1, max: 1000, unique: true, uniqueWith: ['routingId'] },
    { name: 'procedureId', type: 'ref', ref: 'procedure', required: true, filter: 'eq' },
    { name: 'repeatReason', type: 'string', maxLength: 200 },
    { name: 'remark', type: 'string', maxLength: 200 },
  ],
});

export const masterEntities = [
  materialEntity,
  bomEntity,
  bomLineEntity,
  procedureEntity,
  stationEntity,
  routingEntity,
  routingStepEntity,
];
