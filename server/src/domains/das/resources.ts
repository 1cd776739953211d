import { defineEntity } from '../../platform/resources/registry.js';
import { alarmEntity, alarmRuleEntity } from './alarm-resources.js';
import { DEVICE_READ, P } from './permissions.js';
import { instructionWorkflow } from './workflow.js';

export const PROTOCOLS = ['mqtt', 'http', 'modbus'] as const;
export const TAG_TYPES = ['number', 'boolean', 'enum', 'text'] as const;
export const TAG_ROLES = ['measurement', 'runState', 'totalCount', 'goodCount', 'runtimeHours', 'energy'] as const;
export const INSTRUCTION_STATES = ['sent', 'acknowledged', 'done', 'failed', 'timedOut'] as const;
/** A gateway heard from within this many seconds is online. */
export const ONLINE_SECONDS = 90;

const stat = (column: string) => (t: string) =>
  `(select s.${column} from das_gateway_stats s where s.tenant_id = ${t}.tenant_id and s.gateway_id = ${t}.id)`;

/**
 * A gateway: the box on the shop floor that speaks for its machines. It logs in with its client id and a
 * secret that is shown once (issued on create and on rotate) and kept only as a hash (the kept column
 * secret_hash, written by gateway-secret.ts). What the ingest counts (last seen, messages, rejected) lives in
 * das_gateway_stats, written by the ingest pipeline, and is read here as computed fields.
 */
export const gatewayEntity = defineEntity({
  name: 'gateway',
  table: 'das_gateways',
  ns: 'das',
  prefix: '/api-das/gateway',
  actions: ['page', 'all', 'get', 'update', 'del', 'exportexcel'],
  permissions: {
    view: P.gatewayView,
    add: P.gatewayAdd,
    edit: P.gatewayEdit,
    delete: P.gatewayDelete,
    import: P.gatewayAdd,
    export: P.gatewayExport,
  },
  codeField: 'code',
  nameField: 'name',
  softDelete: true,
  defaultSort: { field: 'code', dir: 'asc' },
  kept: { columns: ['secret_hash'] },
  fields: [
    { name: 'code', type: 'string', required: true, unique: true, maxLength: 50, filter: 'like', sortable: true },
    { name: 'name', type: 'string', required: true, maxLength: 100, filter: 'like', sortable: true },
    { name: 'workshopId', type: 'ref', ref: 'workshop', filter: 'eq' },
    { name: 'protocol', type: 'enum', options: PROTOCOLS, required: true, default: 'mqtt', filter: 'eq' },
    { name: 'clientId', type: 'string', readOnly: true, unique: true, maxLength: 80, filter: 'like' },
    // Modbus TCP: where the gateway's registers are read (host:port) and its unit id.
    { name: 'address', type: 'string', maxLength: 200, list: false, pattern: '^[A-Za-z0-9.:\\[\\]-]{1,200}$' },
    { name: 'unitId', type: 'integer', min: 0, max: 255, default: 1, list: false },
    { name: 'pollSeconds', type: 'integer', min: 1, max: 3600, default: 5, list: false },
    { name: 'lastSeenAt', type: 'datetime', computed: stat('last_seen_at') },
    {
      name: 'online',
      type: 'boolean',
      computed: (t) => `coalesce(${stat('last_seen_at')(t)} > now() - interval '${ONLINE_SECONDS} seconds', false)`,
    },
    { name: 'messages', type: 'integer', computed: (t) => `coalesce(${stat('messages')(t)}, 0)` },
    { name: 'rejected', type: 'integer', computed: (t) => `coalesce(${stat('rejected')(t)}, 0)` },
    { name: 'remark', type: 'text', maxLength: 500 },
  ],
});

const devicePermissions = {
  view: [...DEVICE_READ],
  add: P.deviceAdd,
  edit: P.deviceEdit,
  delete: P.deviceDelete,
  import: P.deviceImport,
  export: P.deviceExport,
};

/** A connected machine: a row of the equipment ledger reached through a gateway; its points are its tags. */
export const deviceEntity = defineEntity({
  name: 'device',
  table: 'das_devices',
  ns: 'das',
  prefix: '/api-das/device',
  permissions: devicePermissions,
  codeField: 'code',
  nameField: 'name',
  softDelete: true,
  defaultSort: { field: 'code', dir: 'asc' },
  children: [{ entity: 'devicetag', field: 'deviceId', as: 'tags' }],
  fields: [
    { name: 'code', type: 'string', required: true, unique: true, maxLength: 50, filter: 'like', sortable: true },
    { name: 'name', type: 'string', required: true, maxLength: 100, filter: 'like', sortable: true },
    { name: 'gatewayId', type: 'ref', ref: 'gateway', required: true, filter: 'eq' },
    { name: 'equipmentId', type: 'ref', ref: 'equipment', required: true, unique: true, filter: 'eq' },
    { name: 'enabled', type: 'boolean', default: true, filter: 'eq' },
    { name: 'offlineMinutes', type: 'integer', min: 1, max: 1440, default: 5, list: false },
    // The machine's ideal seconds per part, for OEE performance from its counters where no work report has one.
    {
      name: 'idealCycleSeconds',
      type: 'decimal',
      precision: 12,
      scale: 2,
      min: 0.01,
      max: 86_400,
      list: false,
    },
    { name: 'remark', type: 'text', maxLength: 500 },
  ],
});

/**
 * A point of a device. Its key names the value in a gateway's payload; a stored value is raw × scale + offset.
 * A run-state tag reads 0 stopped, 1 running, 2 idle, 3 fault, unless it has `runAbove`: then it is a
 * measurement (a motor's current) and the machine runs while the value is at least that, else idles.
 */
export const tagEntity = defineEntity({
  name: 'devicetag',
  table: 'das_tags',
  ns: 'das',
  prefix: '/api-das/device/tag',
  permissions: devicePermissions,
  codeField: 'key',
  nameField: 'name',
  defaultSort: { field: 'key', dir: 'asc' },
  fields: [
    { name: 'deviceId', type: 'ref', ref: 'device', required: true, owner: true, filter: 'eq' },
    {
      name: 'key',
      type: 'string',
      required: true,
      unique: true,
      uniqueWith: ['deviceId'],
      maxLength: 64,
      pattern: '^[A-Za-z0-9_.-]{1,64}$',
      filter: 'like',
      sortable: true,
    },
    { name: 'name', type: 'string', required: true, maxLength: 100, filter: 'like' },
    { name: 'unit', type: 'string', maxLength: 20 },
    { name: 'dataType', type: 'enum', options: TAG_TYPES, required: true, default: 'number', filter: 'eq' },
    { name: 'role', type: 'enum', options: TAG_ROLES, required: true, default: 'measurement', filter: 'eq' },
    { name: 'scale', type: 'decimal', precision: 18, scale: 6, default: 1, min: -1e9, max: 1e9, list: false },
    { name: 'offset', type: 'decimal', precision: 18, scale: 6, default: 0, min: -1e9, max: 1e9, list: false },
    { name: 'runAbove', type: 'decimal', precision: 18, scale: 6, min: -1e9, max: 1e9, list: false },
    // Modbus TCP: the register read for this tag (holding or input), polled at the gateway's interval.
    { name: 'register', type: 'integer', min: 0, max: 65535, list: false },
    { name: 'registerKind', type: 'enum', options: ['holding', 'input'], default: 'holding', list: false },
  ],
});

/**
 * A command sent down to a device (write a tag or a set point): sent → acknowledged → done, failed or timed
 * out. Sending is its own permission; the later steps are the gateway's answers and the timeout job's.
 */
export const instructionEntity = defineEntity({
  name: 'deviceinstructions',
  table: 'das_instructions',
  ns: 'das',
  prefix: '/api-das/deviceinstructions',
  actions: ['page', 'all', 'get', 'exportexcel'],
  permissions: {
    view: [P.instructionView, P.instructionSend],
    add: P.instructionSend,
    edit: P.instructionSend,
    delete: P.instructionSend,
    import: P.instructionSend,
    export: P.instructionExport,
  },
  codeField: 'code',
  nameField: 'code',
  defaultSort: { field: 'sentAt', dir: 'desc' },
  live: true,
  workflow: instructionWorkflow,
  fields: [
    { name: 'code', type: 'string', readOnly: true, unique: true, maxLength: 40, filter: 'like', sortable: true },
    { name: 'deviceId', type: 'ref', ref: 'device', required: true, filter: 'eq' },
    { name: 'tagKey', type: 'string', required: true, maxLength: 64, pattern: '^[A-Za-z0-9_.-]{1,64}$' },
    { name: 'value', type: 'string', required: true, maxLength: 200 },
    {
      name: 'state',
      type: 'enum',
      options: INSTRUCTION_STATES,
      default: 'sent',
      readOnly: true,
      filter: 'in',
      sortable: true,
    },
    { name: 'timeoutSeconds', type: 'integer', min: 1, max: 86_400, default: 60, list: false },
    {
      name: 'sentAt',
      type: 'datetime',
      required: true,
      readOnly: true,
      defaultNow: true,
      filter: 'range',
      sortable: true,
    },
    { name: 'senderId', type: 'ref', ref: 'user', readOnly: true, blocksDelete: false },
    { name: 'acknowledgedAt', type: 'datetime', readOnly: true },
    { name: 'finishedAt', type: 'datetime', readOnly: true },
    { name: 'result', type: 'text', readOnly: true, maxLength: 1000 },
  ],
});

export const dasEntities = [gatewayEntity, deviceEntity, tagEntity, instructionEntity, alarmRuleEntity, alarmEntity];
