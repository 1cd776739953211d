import { defineEntity } from '../../platform/resources/registry.js';
import type { EntityDef } from '../../platform/resources/types.js';

/** The permission codes of a menu's page buttons (<menu>:<action>). */
const pagePerms = (menu: string): EntityDef['permissions'] => ({
  view: `${menu}:view`,
  add: `${menu}:add`,
  edit: `${menu}:edit`,
  delete: `${menu}:delete`,
  import: `${menu}:import`,
  export: `${menu}:export`,
});

/**
 * Equipment pictures (pictureanagement, spec 7.5): photos of a machine beyond its ledger picture (nameplate,
 * wiring, before and after a repair), each an upload of the files platform, listed and deleted per machine.
 */
export const equipmentPictureEntity = defineEntity({
  name: 'equipmentpicture',
  table: 'equipment_pictures',
  ns: 'equipment',
  prefix: '/api-manage/pictureanagement',
  // No import: a spreadsheet cannot carry the photos a picture record is for.
  actions: ['page', 'all', 'get', 'save', 'update', 'del', 'exportexcel'],
  permissions: pagePerms('equipment:pictures'),
  nameField: 'title',
  customFields: false,
  defaultSort: { field: 'takenOn', dir: 'desc' },
  fields: [
    { name: 'equipmentId', type: 'ref', ref: 'equipment', required: true, owner: true, filter: 'eq' },
    { name: 'title', type: 'string', required: true, maxLength: 100, filter: 'like', sortable: true },
    {
      name: 'kind',
      type: 'enum',
      options: ['overview', 'nameplate', 'detail', 'fault', 'other'],
      default: 'overview',
      filter: 'eq',
    },
    { name: 'photos', type: 'image', required: true },
    { name: 'takenOn', type: 'date', required: true, defaultNow: true, filter: 'range', sortable: true },
    { name: 'remark', type: 'string', maxLength: 500 },
  ],
});

/**
 * The parts maintenance table (eqptmt, spec 7.5 by name only): which part of which machine needs what care how
 * often, when it was last done and when it is next due, so a maintenance manager sees what is overdue.
 */
export const partMaintenanceEntity = defineEntity({
  name: 'eqptmt',
  table: 'equipment_part_maintenance',
  ns: 'equipment',
  prefix: '/api-manage/eqptmt',
  permissions: pagePerms('maintain:eqptmt'),
  nameField: 'partName',
  customFields: false,
  defaultSort: { field: 'nextDate', dir: 'asc' },
  fields: [
    { name: 'equipmentId', type: 'ref', ref: 'equipment', required: true, owner: true, filter: 'eq' },
    { name: 'partName', type: 'string', required: true, maxLength: 100, filter: 'like', sortable: true },
    { name: 'content', type: 'string', required: true, maxLength: 500, filter: 'like' },
    { name: 'cycleDays', type: 'integer', required: true, min: 1, max: 3650, default: 30, sortable: true },
    { name: 'lastDate', type: 'date', filter: 'range', sortable: true },
    {
      name: 'nextDate',
      type: 'date',
      readOnly: true,
      sortable: true,
      computed: (t) => `(${t}.last_date + ${t}.cycle_days)`,
    },
    {
      name: 'overdue',
      type: 'boolean',
      filter: 'eq',
      computed: (t) => `coalesce(${t}.last_date + ${t}.cycle_days < current_date, false)`,
    },
    { name: 'responsibleId', type: 'ref', ref: 'user', filter: 'eq' },
    { name: 'remark', type: 'string', maxLength: 500, list: false },
  ],
});

/**
 * Maintenance resources (maintainres, spec 7.5 by name only): the tools, measuring instruments and consumables
 * maintenance works with, where they are, how many, and when an instrument's calibration falls due.
 */
export const maintenanceResourceEntity = defineEntity({
  name: 'maintainres',
  table: 'maintenance_resources',
  ns: 'equipment',
  prefix: '/api-manage/maintainres',
  permissions: pagePerms('maintain:maintainres'),
  codeField: 'code',
  nameField: 'name',
  softDelete: true,
  defaultSort: { field: 'code', dir: 'asc' },
  fields: [
    { name: 'code', type: 'string', required: true, unique: true, maxLength: 50, filter: 'like', sortable: true },
    { name: 'name', type: 'string', required: true, maxLength: 100, filter: 'like', sortable: true },
    {
      name: 'kind',
      type: 'enum',
      options: ['tool', 'instrument', 'consumable'],
      required: true,
      default: 'tool',
      filter: 'eq',
    },
    { name: 'specification', type: 'string', maxLength: 200 },
    { name: 'quantity', type: 'integer', required: true, min: 0, max: 1_000_000, default: 1, sortable: true },
    { name: 'location', type: 'string', maxLength: 200, filter: 'like' },
    { name: 'calibrationDue', type: 'date', filter: 'range', sortable: true },
    {
      name: 'calibrationOverdue',
      type: 'boolean',
      filter: 'eq',
      computed: (t) => `coalesce(${t}.calibration_due < current_date, false)`,
    },
    { name: 'responsibleId', type: 'ref', ref: 'user', filter: 'eq' },
    { name: 'remark', type: 'string', maxLength: 500, list: false },
  ],
});

export const upkeepEntities = [equipmentPictureEntity, partMaintenanceEntity, maintenanceResourceEntity];
