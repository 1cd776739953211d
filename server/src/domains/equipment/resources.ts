import { defineEntity } from '../../platform/resources/registry.js';
import type { EntityDef, FieldDef } from '../../platform/resources/types.js';
import { equipmentHooks, mouldHooks } from './rules.js';

const KINDS = ['view', 'add', 'edit', 'delete', 'import', 'export'] as const;

/** The permission codes of a menu's buttons (<menu>:<action>), any of several menus being enough. */
const perms = (...menus: string[]): EntityDef['permissions'] => {
  const out = {} as Record<(typeof KINDS)[number], string[]>;
  for (const k of KINDS) out[k] = menus.map((m) => `${m}:${k}`);
  return out;
};

/** Both category pages (equipment 1 and mould 2) manage the one category table (split by kind in category-permissions.ts). */
export const categoryPermissions = perms('equipment:machine', 'eqmold:eqcategory');

/** Equipment categories (category 1 equipment, 2 mould), a tree through parentId. */
export const categoryEntity = defineEntity({
  name: 'equipmentcategory',
  table: 'equipment_categories',
  ns: 'equipment',
  prefix: '/api-manage/equipmentcategory',
  paths: { all: ['alldata'], importexcel: ['import'] },
  permissions: categoryPermissions,
  codeField: 'code',
  nameField: 'name',
  treeParent: 'parentId',
  softDelete: true,
  defaultSort: { field: 'sort', dir: 'asc' },
  children: [
    { entity: 'categorypart', field: 'categoryId', as: 'parts' },
    { entity: 'categorysparepart', field: 'categoryId', as: 'spareParts' },
    { entity: 'faultreason', field: 'categoryId', as: 'faultReasons' },
  ],
  fields: [
    { name: 'code', type: 'string', required: true, unique: true, maxLength: 50, filter: 'like', sortable: true },
    { name: 'name', type: 'string', required: true, maxLength: 100, filter: 'like', sortable: true },
    { name: 'category', type: 'enum', options: [1, 2], required: true, default: 1, filter: 'eq' },
    { name: 'parentId', type: 'ref', ref: 'equipmentcategory', filter: 'eq' },
    { name: 'sort', type: 'integer', default: 0, min: 0, max: 1_000_000, sortable: true },
    { name: 'remark', type: 'text', maxLength: 500 },
  ],
});

/** Fault reasons of a category (used by repairs and the fault reports). */
export const faultReasonEntity = defineEntity({
  name: 'faultreason',
  table: 'fault_reasons',
  ns: 'equipment',
  prefix: '/api-manage/equipmentcategory/faultreason',
  permissions: categoryPermissions,
  codeField: 'code',
  nameField: 'name',
  softDelete: true,
  fields: [
    { name: 'categoryId', type: 'ref', ref: 'equipmentcategory', required: true, owner: true, filter: 'eq' },
    {
      name: 'code',
      type: 'string',
      required: true,
      unique: true,
      uniqueWith: ['categoryId'],
      maxLength: 50,
      filter: 'like',
      sortable: true,
    },
    { name: 'name', type: 'string', required: true, maxLength: 100, filter: 'like', sortable: true },
    { name: 'faultType', type: 'dict', dict: 'faulttype', filter: 'eq' },
    { name: 'remark', type: 'text', maxLength: 500 },
  ],
});

/** The ledger fields shared by equipment and moulds; the category must be of the record's kind. */
const ledgerFields = (kind: 1 | 2): FieldDef[] => [
  { name: 'code', type: 'string', required: true, unique: true, maxLength: 50, filter: 'like', sortable: true },
  { name: 'name', type: 'string', required: true, maxLength: 100, filter: 'like', sortable: true },
  { name: 'model', type: 'string', maxLength: 100, filter: 'like' },
  { name: 'specification', type: 'string', maxLength: 200, list: false },
  { name: 'categoryId', type: 'ref', ref: 'equipmentcategory', refWhere: { category: kind }, filter: 'eq' },
  { name: 'workshopId', type: 'ref', ref: 'workshop', filter: 'eq' },
  { name: 'lineId', type: 'ref', ref: 'line', filter: 'eq', within: { field: 'workshopId', column: 'workshopid' } },
  { name: 'location', type: 'string', maxLength: 200, filter: 'like', list: false },
  { name: 'importance', type: 'dict', dict: 'importance', filter: 'in', sortable: true },
  { name: 'status', type: 'dict', dict: 'eqstatus', default: 'running', filter: 'in', sortable: true },
  { name: 'manufacturer', type: 'string', maxLength: 200, filter: 'like' },
  { name: 'supplier', type: 'string', maxLength: 200, filter: 'like', list: false },
  { name: 'serialNumber', type: 'string', maxLength: 100, filter: 'like', list: false },
  { name: 'purchaseDate', type: 'date', filter: 'range', sortable: true, list: false },
  { name: 'commissioningDate', type: 'date', filter: 'range', sortable: true },
  { name: 'originalValue', type: 'decimal', precision: 14, scale: 2, min: 0, filter: 'range', sortable: true },
  { name: 'warrantyEnd', type: 'date', filter: 'range', sortable: true, list: false },
  { name: 'responsibleId', type: 'ref', ref: 'user', filter: 'eq' },
  { name: 'pictures', type: 'image' },
  { name: 'attachments', type: 'attachments' },
  { name: 'remark', type: 'text', maxLength: 2000 },
];

/** The equipment ledger. Deleted equipment is kept (soft delete) so its history stays readable. */
export const equipmentEntity = defineEntity({
  name: 'equipment',
  table: 'equipment',
  ns: 'equipment',
  prefix: '/api-manage/equipment',
  paths: { all: ['alldata'], importexcel: ['import'] },
  permissions: perms('equipment:ledger'),
  dataScope: { workshop: 'workshopId', own: ['responsibleId'] },
  codeField: 'code',
  nameField: 'name',
  softDelete: true,
  defaultSort: { field: 'code', dir: 'asc' },
  fields: ledgerFields(1),
  hooks: equipmentHooks,
  // The rankings of every machine read the machines from this (migration 0062, reports/machine-times.ts); the time
  // reports find the machines begun late through the other two (migration 0063).
  kept: { indexes: ['equipment_ranked_idx', 'equipment_commissioned_idx', 'equipment_created_idx'] },
});

/**
 * Moulds: ledger fields plus cavities and shot life; lifeWarning once used shots (plus those since the
 * current mount) pass the set share. equipmentId is where it is mounted: changed by the mould records only.
 */
export const mouldEntity = defineEntity({
  name: 'mould',
  table: 'moulds',
  ns: 'equipment',
  prefix: '/api-manage/eqmold',
  paths: { all: ['alldata'], importexcel: ['import'] },
  permissions: perms('eqmold:eqmoldlist'),
  dataScope: { workshop: 'workshopId', own: ['responsibleId'] },
  codeField: 'code',
  nameField: 'name',
  softDelete: true,
  defaultSort: { field: 'code', dir: 'asc' },
  fields: [
    ...ledgerFields(2),
    { name: 'cavities', type: 'integer', min: 1, max: 10_000, default: 1 },
    { name: 'ratedLife', type: 'integer', min: 0, max: 2_000_000_000, sortable: true },
    { name: 'usedShots', type: 'integer', min: 0, max: 2_000_000_000, default: 0, sortable: true },
    { name: 'lifeWarnPercent', type: 'integer', min: 1, max: 100, default: 90, list: false },
    { name: 'equipmentId', type: 'ref', ref: 'equipment', filter: 'eq' },
    { name: 'shotsSinceMount', type: 'integer', readOnly: true, default: 0, min: 0 },
    {
      name: 'lifeWarning',
      type: 'boolean',
      filter: 'eq',
      computed: (t) =>
        `coalesce(${t}.rated_life > 0 and coalesce(${t}.used_shots, 0) + coalesce(${t}.shots_since_mount, 0) >= ${t}.rated_life * ${t}.life_warn_percent / 100.0, false)`,
    },
  ],
  hooks: mouldHooks,
});

/** The timeline of a piece of equipment (records are history: they never keep it from being deleted). */
export const equipmentRecordEntity = defineEntity({
  name: 'eqrecord',
  table: 'equipment_records',
  ns: 'equipment',
  prefix: '/api-manage/equipment/record',
  paths: { save: ['/api-manage/equipment/addEqRecord'] },
  actions: ['page', 'all', 'get', 'save', 'exportexcel'],
  permissions: {
    view: 'equipment:ledger:view',
    add: 'equipment:ledger:edit',
    edit: 'equipment:ledger:edit',
    delete: 'equipment:ledger:delete',
    import: 'equipment:ledger:import',
    export: 'equipment:ledger:export',
  },
  nameField: 'content',
  customFields: false,
  defaultSort: { field: 'recordDate', dir: 'desc' },
  fields: [
    { name: 'equipmentId', type: 'ref', ref: 'equipment', required: true, blocksDelete: false, filter: 'eq' },
    {
      name: 'recordType',
      type: 'enum',
      options: ['note', 'create', 'move', 'allot', 'status', 'repair', 'maintenance', 'inspection', 'scrap'],
      required: true,
      default: 'note',
      filter: 'eq',
    },
    { name: 'content', type: 'text', required: true, maxLength: 2000, list: true },
    { name: 'recordDate', type: 'datetime', required: true, defaultNow: true, filter: 'range', sortable: true },
  ],
});

export const equipmentEntities = [
  categoryEntity,
  faultReasonEntity,
  equipmentEntity,
  mouldEntity,
  equipmentRecordEntity,
];
