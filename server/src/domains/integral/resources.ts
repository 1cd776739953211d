import { defineEntity } from '../../platform/resources/registry.js';
import type { Action, EntityDef } from '../../platform/resources/types.js';
import { setHooks } from './rules.js';

const KINDS = ['view', 'add', 'edit', 'delete', 'import', 'export'] as const;
const perms = (menu: string): EntityDef['permissions'] =>
  Object.fromEntries(KINDS.map((k) => [k, `${menu}:${k}`])) as EntityDef['permissions'];
const CHILD_ACTIONS: readonly Action[] = ['page', 'all', 'get', 'save', 'update', 'del'];

export const P = {
  ledgerView: 'integral:ledger:view',
  ledgerExport: 'integral:ledger:export',
  adjust: 'integral:ledger:adjust',
} as const;

/** The work that earns points (or costs them, with a negative figure). */
export const EVENTS = ['repairClosed', 'checkOnTime', 'abnormalityFound', 'sparePartReturned'] as const;
export type PointEvent = (typeof EVENTS)[number];
export const TIMINGS = ['any', 'onTime', 'late'] as const;
export const REASONS = [...EVENTS, 'manual'] as const;

const STATE = { name: 'state', type: 'enum', options: [1, 0], required: true, default: 1, filter: 'eq' } as const;
const REMARK = { name: 'remark', type: 'string', maxLength: 500 } as const;

/** A points model (spec 7.5 IntegralModel): the rules that award points for work. */
export const integralModelEntity = defineEntity({
  name: 'integralmodel',
  table: 'integral_models',
  ns: 'integral',
  prefix: '/api-manage/IntegralModel',
  actions: ['page', 'all', 'get', 'save', 'update', 'del'],
  permissions: perms('integral:model'),
  codeField: 'code',
  nameField: 'name',
  defaultSort: { field: 'code', dir: 'asc' },
  children: [{ entity: 'integralrule', field: 'modelId', as: 'rules' }],
  fields: [
    { name: 'code', type: 'string', required: true, unique: true, maxLength: 50, filter: 'like', sortable: true },
    { name: 'name', type: 'string', required: true, maxLength: 100, filter: 'like', sortable: true },
    STATE,
    REMARK,
  ],
});

/** A rule of a model: this much for this work, optionally only at an urgency and on time or late. */
export const integralRuleEntity = defineEntity({
  name: 'integralrule',
  table: 'integral_rules',
  ns: 'integral',
  prefix: '/api-manage/IntegralModel/rule',
  actions: CHILD_ACTIONS,
  permissions: perms('integral:model'),
  nameField: 'remark',
  customFields: false,
  fields: [
    { name: 'modelId', type: 'ref', ref: 'integralmodel', required: true, owner: true, filter: 'eq' },
    { name: 'event', type: 'enum', options: EVENTS, required: true, filter: 'eq' },
    { name: 'urgency', type: 'enum', options: ['urgent', 'high', 'normal'] },
    { name: 'timing', type: 'enum', options: TIMINGS, required: true, default: 'any' },
    { name: 'points', type: 'integer', required: true, min: -1000, max: 1000 },
    REMARK,
  ],
});

/** A set (spec 7.5 IntegralSet): a model applied to a work group for a period. */
export const integralSetEntity = defineEntity({
  name: 'integralset',
  table: 'integral_sets',
  ns: 'integral',
  prefix: '/api-manage/IntegralSet',
  actions: ['page', 'all', 'get', 'save', 'update', 'del'],
  permissions: perms('integral:set'),
  nameField: 'name',
  defaultSort: { field: 'startDate', dir: 'desc' },
  fields: [
    { name: 'name', type: 'string', required: true, maxLength: 100, filter: 'like', sortable: true },
    { name: 'modelId', type: 'ref', ref: 'integralmodel', required: true, filter: 'eq' },
    { name: 'workgroupId', type: 'ref', ref: 'workgroup', required: true, filter: 'eq' },
    { name: 'startDate', type: 'date', required: true, filter: 'range', sortable: true },
    { name: 'endDate', type: 'date', required: true, sortable: true },
    STATE,
    REMARK,
  ],
  hooks: setHooks,
});

/**
 * The points ledger: who got how many points for what, on which record and when. Written as the work happens
 * (workflow steps) and by a manual adjustment with its reason; never edited.
 */
export const integralLedgerEntity = defineEntity({
  name: 'integralledger',
  table: 'integral_ledger',
  ns: 'integral',
  prefix: '/api-manage/integralledger',
  actions: ['page', 'all', 'get', 'exportexcel'],
  permissions: {
    view: P.ledgerView,
    add: P.adjust,
    edit: P.adjust,
    delete: P.adjust,
    import: P.adjust,
    export: P.ledgerExport,
  },
  nameField: 'recordNo',
  customFields: false,
  defaultSort: { field: 'occurredAt', dir: 'desc' },
  fields: [
    { name: 'occurredAt', type: 'datetime', required: true, defaultNow: true, filter: 'range', sortable: true },
    { name: 'userId', type: 'ref', ref: 'user', required: true, filter: 'eq', blocksDelete: false },
    { name: 'workgroupId', type: 'ref', ref: 'workgroup', filter: 'eq', onDelete: 'setNull' },
    { name: 'points', type: 'integer', required: true, min: -100000, max: 100000, sortable: true },
    { name: 'reason', type: 'enum', options: REASONS, required: true, filter: 'eq' },
    { name: 'entity', type: 'string', maxLength: 50, list: false },
    { name: 'recordId', type: 'integer', min: 0, list: false },
    { name: 'recordNo', type: 'string', maxLength: 64, filter: 'like' },
    { name: 'setId', type: 'ref', ref: 'integralset', filter: 'eq', onDelete: 'setNull' },
    {
      name: 'ruleId',
      type: 'ref',
      ref: 'integralrule',
      onDelete: 'setNull',
      unique: true,
      uniqueWith: ['entity', 'recordId', 'userId'],
      list: false,
    },
    { name: 'comment', type: 'string', maxLength: 200 },
  ],
});

export const integralEntities = [integralModelEntity, integralRuleEntity, integralSetEntity, integralLedgerEntity];
