import { defineEntity } from '../../platform/resources/registry.js';
import type { EntityDef, FieldDef } from '../../platform/resources/types.js';
import { READING_KINDS, SOURCES } from './kinds.js';
import { P, VIEW } from './permissions.js';
import { meterHooks, readingHooks, targetHooks, tariffHooks } from './rules.js';

const write = [P.add, P.edit];
const perms: EntityDef['permissions'] = {
  view: [...VIEW],
  add: P.add,
  edit: P.edit,
  delete: P.delete,
  import: P.import,
  export: P.export,
};

/** Where a meter (or a target) is: a factory of the organisation tree, a workshop, a line of it, a machine. */
const placeFields: FieldDef[] = [
  { name: 'organizationId', type: 'ref', ref: 'organization', filter: 'eq', onDelete: 'setNull' },
  { name: 'workshopId', type: 'ref', ref: 'workshop', filter: 'eq' },
  { name: 'lineId', type: 'ref', ref: 'line', filter: 'eq', within: { field: 'workshopId', column: 'workshopid' } },
  { name: 'equipmentId', type: 'ref', ref: 'equipment', filter: 'eq' },
];

/** Energy meters (spec 7.5 energys): the energy type and its unit, the place, the parent meter, the CT ratio. */
export const meterEntity = defineEntity({
  name: 'energymeter',
  table: 'energy_meters',
  ns: 'energy',
  prefix: '/api-manage/energys',
  paths: { all: ['alldata'], importexcel: ['import'] },
  permissions: perms,
  codeField: 'code',
  nameField: 'name',
  treeParent: 'parentId',
  softDelete: true,
  defaultSort: { field: 'code', dir: 'asc' },
  hooks: meterHooks,
  fields: [
    { name: 'code', type: 'string', required: true, unique: true, maxLength: 50, filter: 'like', sortable: true },
    { name: 'name', type: 'string', required: true, maxLength: 100, filter: 'like', sortable: true },
    { name: 'energyType', type: 'dict', dict: 'energytype', required: true, filter: 'in', sortable: true },
    // The unit of the energy type (the dictionary value's `value`, else the usual unit of a built-in type).
    { name: 'unit', type: 'string', maxLength: 20 },
    ...placeFields,
    {
      name: 'parentId',
      type: 'ref',
      ref: 'energymeter',
      filter: 'eq',
      messages: { refMissing: 'energy.errors.parentMissing' },
    },
    // The current transformer's ratio (or a pulse factor): consumption = difference of readings × multiplier.
    { name: 'multiplier', type: 'decimal', precision: 14, scale: 4, required: true, default: 1, min: 0.0001, max: 1e9 },
    // The largest value the register shows before it begins again at 0 (a rollover reading needs it).
    { name: 'registerMax', type: 'decimal', precision: 18, scale: 4, min: 1, max: 1e14, list: false },
    // The machine-data tag (role energy) whose values become this meter's readings (machine.ts); one meter a tag.
    {
      name: 'tagId',
      type: 'ref',
      ref: 'devicetag',
      refWhere: { role: 'energy' },
      messages: { refMissing: 'energy.errors.tagNotEnergy' },
      filter: 'eq',
      unique: true,
      onDelete: 'setNull',
      list: false,
    },
    { name: 'state', type: 'enum', options: [1, 0], required: true, default: 1, filter: 'eq' },
    { name: 'remark', type: 'text', maxLength: 500 },
  ],
});

/** Meter readings: by hand (with a photo), imported, or from machine data; lower than the last only when marked. */
export const readingEntity = defineEntity({
  name: 'energyreading',
  table: 'energy_readings',
  ns: 'energy',
  prefix: '/api-manage/energys/reading',
  permissions: { ...perms, add: [P.read, P.add], import: [P.import, P.read] },
  nameField: 'remark',
  customFields: false,
  defaultSort: { field: 'readAt', dir: 'desc' },
  hooks: readingHooks,
  // Consumption is worked out from a meter's readings in time order: this index alone serves it.
  indexes: [{ name: 'series', fields: ['meterId', 'readAt'], include: ['value', 'kind', 'oldFinalValue'] }],
  fields: [
    {
      name: 'meterId',
      type: 'ref',
      ref: 'energymeter',
      required: true,
      filter: 'eq',
      indexed: false,
      messages: { refMissing: 'energy.errors.meterMissing' },
    },
    {
      name: 'readAt',
      type: 'datetime',
      required: true,
      defaultNow: true,
      filter: 'range',
      sortable: true,
      // One reading of a meter at a moment: of two saved at once, the second is refused.
      unique: true,
      uniqueWith: ['meterId'],
      messages: { unique: 'energy.errors.sameTime' },
    },
    { name: 'value', type: 'decimal', precision: 18, scale: 4, required: true, min: 0, max: 1e14 },
    {
      name: 'kind',
      type: 'enum',
      options: READING_KINDS,
      required: true,
      default: 'normal',
      filter: 'in',
      indexed: false,
    },
    // Replacement: the last reading of the meter taken out (what it counted since the reading before).
    { name: 'oldFinalValue', type: 'decimal', precision: 18, scale: 4, min: 0, max: 1e14, list: false },
    { name: 'source', type: 'enum', options: SOURCES, required: true, default: 'hand', filter: 'in', indexed: false },
    // Far above the usual consumption: someone should look again (set on save, cleared by an edit).
    { name: 'flagged', type: 'boolean', readOnly: true, default: false, filter: 'eq', sparse: true },
    { name: 'photo', type: 'image' },
    { name: 'remark', type: 'string', maxLength: 500 },
  ],
});

/**
 * Time-of-use tariffs: per energy type and validity, the periods of the day (尖/峰/平/谷) with their prices.
 * periods: [{ kind, start: 'HH:MM', end: 'HH:MM', price }], together covering the 24 hours exactly once.
 */
export const tariffEntity = defineEntity({
  name: 'energytariff',
  table: 'energy_tariffs',
  ns: 'energy',
  prefix: '/api-manage/energys/tariff',
  // A tariff's day of periods is entered in its form (a few rows a year), not from a spreadsheet.
  actions: ['page', 'all', 'get', 'save', 'update', 'del', 'exportexcel'],
  permissions: { ...perms, add: write, import: write },
  codeField: 'code',
  nameField: 'name',
  customFields: false,
  defaultSort: { field: 'validFrom', dir: 'desc' },
  hooks: tariffHooks,
  fields: [
    { name: 'code', type: 'string', required: true, unique: true, maxLength: 50, filter: 'like', sortable: true },
    { name: 'name', type: 'string', required: true, maxLength: 100, filter: 'like' },
    { name: 'energyType', type: 'dict', dict: 'energytype', required: true, filter: 'in' },
    { name: 'validFrom', type: 'date', required: true, filter: 'range', sortable: true },
    { name: 'validTo', type: 'date', filter: 'range', sortable: true },
    { name: 'periods', type: 'json', required: true, importable: false },
    { name: 'remark', type: 'text', maxLength: 500 },
  ],
});

/** A month's consumption target of a place and energy type; passing it tells the responsible person. */
export const targetEntity = defineEntity({
  name: 'energytarget',
  table: 'energy_targets',
  ns: 'energy',
  prefix: '/api-manage/energys/target',
  permissions: { ...perms, add: write, import: write },
  nameField: 'remark',
  customFields: false,
  defaultSort: { field: 'month', dir: 'desc' },
  hooks: targetHooks,
  fields: [
    {
      name: 'month',
      type: 'string',
      required: true,
      maxLength: 7,
      pattern: '[0-9]{4}-(0[1-9]|1[0-2])',
      filter: 'eq',
      sortable: true,
    },
    { name: 'energyType', type: 'dict', dict: 'energytype', required: true, filter: 'in' },
    ...placeFields,
    { name: 'target', type: 'decimal', precision: 18, scale: 2, required: true, min: 0, max: 1e14 },
    { name: 'responsibleId', type: 'ref', ref: 'user', filter: 'eq' },
    { name: 'notifiedAt', type: 'datetime', readOnly: true, list: false, exportable: false },
    { name: 'remark', type: 'string', maxLength: 500 },
  ],
});

export const energyEntities = [meterEntity, readingEntity, tariffEntity, targetEntity];
