import { defineEntity } from '../../platform/resources/registry.js';
import type { Action, EntityDef } from '../../platform/resources/types.js';
import { dateRangeHooks, shiftCycleHooks, shiftHooks } from './rules.js';

const KINDS = ['view', 'add', 'edit', 'delete', 'import', 'export'] as const;

/** The permission codes of a menu's buttons (<menu>:<action>). */
const perms = (menu: string): EntityDef['permissions'] =>
  Object.fromEntries(KINDS.map((k) => [k, `${menu}:${k}`])) as EntityDef['permissions'];

/** Rows that belong to another record: edited in place, no import or export of their own. */
const CHILD_ACTIONS: readonly Action[] = ['page', 'all', 'get', 'save', 'update', 'del'];

const STATE = { name: 'state', type: 'enum', options: [1, 0], required: true, default: 1, filter: 'eq' } as const;
const REMARK = { name: 'remark', type: 'string', maxLength: 500 } as const;

const teamPermissions = perms('setUp:team');

/** Work groups (班组) of a workshop, with their lines and members (spec 7.4 workgroup). */
export const workgroupEntity = defineEntity({
  name: 'workgroup',
  table: 'work_groups',
  ns: 'workforce',
  prefix: '/api-user/workgroup',
  paths: { importexcel: ['import'] },
  permissions: teamPermissions,
  codeField: 'code',
  nameField: 'name',
  softDelete: true,
  defaultSort: { field: 'code', dir: 'asc' },
  children: [
    { entity: 'workgroupline', field: 'workgroupId', as: 'lines' },
    { entity: 'workgroupmember', field: 'workgroupId', as: 'members' },
  ],
  fields: [
    { name: 'code', type: 'string', required: true, unique: true, maxLength: 50, filter: 'like', sortable: true },
    { name: 'name', type: 'string', required: true, maxLength: 100, filter: 'like', sortable: true },
    { name: 'workshopId', type: 'ref', ref: 'workshop', filter: 'eq' },
    { name: 'leaderId', type: 'ref', ref: 'user', filter: 'eq' },
    STATE,
    REMARK,
  ],
});

/** The production lines a work group looks after (spec 7.4 workgroupline). */
export const workgroupLineEntity = defineEntity({
  name: 'workgroupline',
  table: 'work_group_lines',
  ns: 'workforce',
  prefix: '/api-user/workgroupline',
  actions: CHILD_ACTIONS,
  permissions: teamPermissions,
  nameField: 'remark',
  customFields: false,
  fields: [
    { name: 'workgroupId', type: 'ref', ref: 'workgroup', required: true, owner: true, filter: 'eq' },
    { name: 'lineId', type: 'ref', ref: 'line', required: true, unique: true, uniqueWith: ['workgroupId'] },
    REMARK,
  ],
});

/** Members of a work group and their role in it (spec 7.4 workgroupmember); assigned with setUp:team:assignUsers. */
export const workgroupMemberEntity = defineEntity({
  name: 'workgroupmember',
  table: 'work_group_members',
  ns: 'workforce',
  prefix: '/api-user/workgroupmember',
  actions: CHILD_ACTIONS,
  permissions: {
    ...teamPermissions,
    add: 'setUp:team:assignUsers',
    edit: 'setUp:team:assignUsers',
    delete: 'setUp:team:assignUsers',
  },
  nameField: 'post',
  customFields: false,
  fields: [
    { name: 'workgroupId', type: 'ref', ref: 'workgroup', required: true, owner: true, filter: 'eq' },
    {
      name: 'userId',
      type: 'ref',
      ref: 'user',
      required: true,
      unique: true,
      uniqueWith: ['workgroupId'],
      filter: 'eq',
    },
    { name: 'role', type: 'enum', options: ['member', 'leader'], required: true, default: 'member', filter: 'eq' },
    { name: 'post', type: 'string', maxLength: 100 },
  ],
});

const schedulingPermissions = perms('setUp:scheduling');
/** Shifts are kept on the scheduling page's tab and on their own hidden page, /setUp/shifts (spec 2.5). */
const shiftPermissions = Object.fromEntries(
  KINDS.map((k) => [
    k,
    k === 'import' || k === 'export' ? `setUp:scheduling:${k}` : [`setUp:scheduling:${k}`, `setUp:shifts:${k}`],
  ]),
) as EntityDef['permissions'];
/** HH:MM, or 24:00 for a shift ending at midnight. */
const TIME = '(?:[01]\\d|2[0-3]):[0-5]\\d|24:00';

/** Shifts (spec 7.4 shift); a shift whose end is not after its start crosses midnight. */
export const shiftEntity = defineEntity({
  name: 'shift',
  table: 'shifts',
  ns: 'workforce',
  prefix: '/api-user/shift',
  paths: { importexcel: ['import'] },
  permissions: shiftPermissions,
  codeField: 'code',
  nameField: 'name',
  softDelete: true,
  defaultSort: { field: 'startTime', dir: 'asc' },
  fields: [
    { name: 'code', type: 'string', required: true, unique: true, maxLength: 50, filter: 'like', sortable: true },
    { name: 'name', type: 'string', required: true, maxLength: 100, filter: 'like', sortable: true },
    { name: 'startTime', type: 'string', required: true, pattern: TIME, maxLength: 5, sortable: true },
    { name: 'endTime', type: 'string', required: true, pattern: TIME, maxLength: 5, sortable: true },
    {
      name: 'crossesMidnight',
      type: 'boolean',
      computed: (t) => `(${t}.end_time <= ${t}.start_time)`,
    },
    { name: 'workMinutes', type: 'integer', min: 0, max: 1440 },
    { name: 'colour', type: 'string', pattern: '#[0-9a-fA-F]{6}', maxLength: 7, default: '#1677ff' },
    STATE,
    REMARK,
  ],
  hooks: shiftHooks,
});

/** Shift cycles (spec 7.4 workgroupShifts/shiftCycle): days in order, each a shift id or null for a rest day. */
export const shiftCycleEntity = defineEntity({
  name: 'shiftcycle',
  table: 'shift_cycles',
  ns: 'workforce',
  prefix: '/api-user/workgroupShifts/shiftCycle',
  paths: { save: ['/api-user/workgroupShifts/saveShiftCycle'], all: ['/api-user/workgroupShifts/cyclename'] },
  actions: CHILD_ACTIONS,
  permissions: schedulingPermissions,
  nameField: 'name',
  softDelete: true,
  defaultSort: { field: 'name', dir: 'asc' },
  fields: [
    { name: 'name', type: 'string', required: true, unique: true, maxLength: 100, filter: 'like', sortable: true },
    { name: 'days', type: 'json', list: false },
    {
      name: 'dayCount',
      type: 'integer',
      computed: (t) =>
        `coalesce(jsonb_array_length(case when jsonb_typeof(${t}.days) = 'array' then ${t}.days end), 0)`,
    },
    REMARK,
  ],
  hooks: shiftCycleHooks,
});

/** One person's shift on one day (spec 7.4 shiftMember); written by hand or by applying a cycle. */
export const memberShiftEntity = defineEntity({
  name: 'membershift',
  table: 'member_shifts',
  ns: 'workforce',
  prefix: '/api-user/shiftMember',
  actions: CHILD_ACTIONS,
  permissions: schedulingPermissions,
  nameField: 'remark',
  customFields: false,
  defaultSort: { field: 'workDate', dir: 'asc' },
  fields: [
    { name: 'userId', type: 'ref', ref: 'user', required: true, filter: 'eq' },
    {
      name: 'workDate',
      type: 'date',
      required: true,
      unique: true,
      uniqueWith: ['userId'],
      filter: 'range',
      sortable: true,
    },
    { name: 'shiftId', type: 'ref', ref: 'shift', required: true, filter: 'eq' },
    { name: 'workgroupId', type: 'ref', ref: 'workgroup', blocksDelete: false, filter: 'eq' },
    REMARK,
  ],
});

/** A cycle applied to a work group for a date range (spec 7.4 workgroupShifts); written by the apply workflow. */
export const workgroupShiftEntity = defineEntity({
  name: 'workgroupshift',
  table: 'work_group_shifts',
  ns: 'workforce',
  prefix: '/api-user/workgroupShifts',
  actions: ['page', 'all', 'get'],
  permissions: schedulingPermissions,
  nameField: 'remark',
  customFields: false,
  defaultSort: { field: 'startDate', dir: 'desc' },
  fields: [
    { name: 'workgroupId', type: 'ref', ref: 'workgroup', required: true, owner: true, filter: 'eq' },
    { name: 'cycleId', type: 'ref', ref: 'shiftcycle', required: true, blocksDelete: false, filter: 'eq' },
    { name: 'startDate', type: 'date', required: true, filter: 'range', sortable: true },
    { name: 'endDate', type: 'date', required: true, sortable: true },
    { name: 'firstDay', type: 'integer', min: 0, max: 366, default: 0 },
    { name: 'members', type: 'integer', min: 0, default: 0 },
    { name: 'shiftsWritten', type: 'integer', min: 0, default: 0 },
    REMARK,
  ],
});

/** Which shifts a piece of equipment runs in, per date range (spec 7.4 equipmentShifts). */
export const equipmentShiftEntity = defineEntity({
  name: 'equipmentshift',
  table: 'equipment_shifts',
  ns: 'workforce',
  prefix: '/api-user/equipmentShifts',
  paths: { importexcel: ['import'] },
  permissions: perms('setUp:schedulingEquipment'),
  nameField: 'remark',
  defaultSort: { field: 'startDate', dir: 'desc' },
  fields: [
    { name: 'equipmentId', type: 'ref', ref: 'equipment', required: true, filter: 'eq' },
    { name: 'shiftId', type: 'ref', ref: 'shift', required: true, filter: 'eq' },
    { name: 'startDate', type: 'date', required: true, filter: 'range', sortable: true },
    { name: 'endDate', type: 'date', required: true, filter: 'range', sortable: true },
    REMARK,
  ],
  hooks: dateRangeHooks,
});

export const workforceEntities = [
  workgroupEntity,
  workgroupLineEntity,
  workgroupMemberEntity,
  shiftEntity,
  shiftCycleEntity,
  memberShiftEntity,
  workgroupShiftEntity,
  equipmentShiftEntity,
];
