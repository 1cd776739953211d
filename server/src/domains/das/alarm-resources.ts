import { defineEntity } from '../../platform/resources/registry.js';
import type { WorkflowDef } from '../../platform/workflow/types.js';
import { P } from './permissions.js';

export const RULE_KINDS = ['above', 'below', 'outside', 'equal', 'offline'] as const;
export const SEVERITIES = ['info', 'warning', 'critical'] as const;
export const ALARM_STATES = ['active', 'acknowledged', 'cleared'] as const;

/**
 * An alarm rule of a device: on a tag (above, below, outside a band, equal to a value, each held for at least
 * `forSeconds`, cleared past the dead band) or on the device being silent for `offlineMinutes`. It may open a
 * repair order on the machine, one per alarm, marked as stopping the machine when `repairStopped` says so.
 */
export const alarmRuleEntity = defineEntity({
  name: 'alarmrule',
  table: 'das_alarm_rules',
  ns: 'das',
  prefix: '/api-das/alarmrule',
  permissions: {
    view: P.ruleView,
    add: P.ruleAdd,
    edit: P.ruleEdit,
    delete: P.ruleDelete,
    import: P.ruleImport,
    export: P.ruleExport,
  },
  codeField: 'code',
  nameField: 'name',
  // Deleted for good (a rule with alarms cannot be: they point at it); switch it off instead.
  defaultSort: { field: 'code', dir: 'asc' },
  fields: [
    { name: 'code', type: 'string', required: true, unique: true, maxLength: 50, filter: 'like', sortable: true },
    { name: 'name', type: 'string', required: true, maxLength: 100, filter: 'like' },
    { name: 'deviceId', type: 'ref', ref: 'device', required: true, filter: 'eq' },
    { name: 'tagId', type: 'ref', ref: 'devicetag', within: { field: 'deviceId', column: 'device_id' }, filter: 'eq' },
    { name: 'kind', type: 'enum', options: RULE_KINDS, required: true, default: 'above', filter: 'eq' },
    { name: 'threshold', type: 'decimal', precision: 18, scale: 6, min: -1e12, max: 1e12 },
    { name: 'high', type: 'decimal', precision: 18, scale: 6, min: -1e12, max: 1e12, list: false },
    { name: 'deadBand', type: 'decimal', precision: 18, scale: 6, min: 0, max: 1e12, default: 0, list: false },
    { name: 'forSeconds', type: 'integer', min: 0, max: 86_400, default: 0, list: false },
    { name: 'offlineMinutes', type: 'integer', min: 1, max: 1440, default: 5, list: false },
    { name: 'severity', type: 'enum', options: SEVERITIES, required: true, default: 'warning', filter: 'eq' },
    { name: 'enabled', type: 'boolean', default: true, filter: 'eq' },
    { name: 'openRepair', type: 'boolean', default: false, filter: 'eq' },
    { name: 'repairStopped', type: 'boolean', default: false, list: false },
  ],
});

const alarmWorkflow: WorkflowDef = {
  stateField: 'state',
  messageType: 'alarm',
  link: (row) => `/das/alarm?id=${row.id}`,
  actions: [
    {
      name: 'acknowledge',
      from: ['active'],
      to: 'acknowledged',
      permission: P.alarmAcknowledge,
      stamp: { at: 'acknowledgedAt', by: 'acknowledgerId' },
    },
    {
      name: 'clear',
      from: ['active', 'acknowledged'],
      to: 'cleared',
      permission: P.alarmAcknowledge,
      internal: true,
      stamp: { at: 'clearedAt' },
    },
  ],
};

/**
 * An alarm: opened by the alarm job while its rule's condition holds (one at a time per rule), cleared by the
 * job when it no longer does, acknowledged by a person. Its repair order (when the rule opens one) is linked by
 * `repairOrderId`; the order's alarm is found by filtering alarms on it.
 */
export const alarmEntity = defineEntity({
  name: 'alarm',
  table: 'das_alarms',
  ns: 'das',
  prefix: '/api-das/alarm',
  actions: ['page', 'all', 'get', 'exportexcel'],
  permissions: {
    view: [P.alarmView, P.alarmAcknowledge],
    add: P.alarmAcknowledge,
    edit: P.alarmAcknowledge,
    delete: P.alarmAcknowledge,
    import: P.alarmAcknowledge,
    export: P.alarmExport,
  },
  codeField: 'code',
  nameField: 'code',
  defaultSort: { field: 'openedAt', dir: 'desc' },
  live: true,
  workflow: alarmWorkflow,
  kept: { indexes: ['das_alarms_one_open_key'] },
  fields: [
    { name: 'code', type: 'string', readOnly: true, unique: true, maxLength: 40, filter: 'like', sortable: true },
    { name: 'ruleId', type: 'ref', ref: 'alarmrule', readOnly: true, required: true, filter: 'eq' },
    { name: 'deviceId', type: 'ref', ref: 'device', readOnly: true, required: true, filter: 'eq' },
    { name: 'equipmentId', type: 'ref', ref: 'equipment', readOnly: true, filter: 'eq' },
    { name: 'severity', type: 'enum', options: SEVERITIES, readOnly: true, filter: 'eq', sortable: true },
    { name: 'state', type: 'enum', options: ALARM_STATES, default: 'active', readOnly: true, filter: 'in' },
    { name: 'value', type: 'decimal', precision: 18, scale: 6, readOnly: true },
    {
      name: 'openedAt',
      type: 'datetime',
      required: true,
      readOnly: true,
      defaultNow: true,
      filter: 'range',
      sortable: true,
    },
    { name: 'acknowledgedAt', type: 'datetime', readOnly: true },
    { name: 'acknowledgerId', type: 'ref', ref: 'user', readOnly: true, blocksDelete: false },
    { name: 'clearedAt', type: 'datetime', readOnly: true },
    { name: 'repairOrderId', type: 'ref', ref: 'maintaintask', readOnly: true, filter: 'eq', blocksDelete: false },
  ],
});
