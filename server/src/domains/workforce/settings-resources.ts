import { menuPermissions } from '../../platform/resources/permit.js';
import { defineEntity } from '../../platform/resources/registry.js';
import type { EntityDef } from '../../platform/resources/types.js';
import { flowNodeHooks } from './approval-flows.js';

/*
 * The other system settings pages on the engine: message types (/setUp/message), app versions
 * (/setUp/appversion) and approval flows (/setUp/process).
 */

const messagePermissions: EntityDef['permissions'] = {
  view: 'setUp:message:view',
  add: 'setUp:message:edit',
  edit: 'setUp:message:edit',
  delete: 'setUp:message:edit',
  import: 'setUp:message:edit',
  export: 'setUp:message:view',
};

/** Message types (spec 7.6 /api-core msgtype); messages.type_code refers to the code. */
export const messageTypeEntity = defineEntity({
  name: 'msgtype',
  table: 'message_types',
  ns: 'workforce',
  prefix: '/api-core/msgtype',
  paths: { page: ['list'] },
  actions: ['page', 'all', 'get', 'save', 'update'],
  permissions: messagePermissions,
  codeField: 'code',
  nameField: 'name',
  defaultSort: { field: 'code', dir: 'asc' },
  children: [
    { entity: 'msgtypemember', field: 'msgtypeId', as: 'members' },
    { entity: 'msgtemplatetype', field: 'msgtypeId', as: 'templates' },
  ],
  fields: [
    { name: 'code', type: 'string', required: true, unique: true, maxLength: 50, filter: 'like', sortable: true },
    { name: 'name', type: 'string', required: true, maxLength: 100, filter: 'like', sortable: true },
    { name: 'channel', type: 'enum', options: ['site', 'app', 'both'], required: true, default: 'both', filter: 'eq' },
    { name: 'state', type: 'enum', options: [1, 0], default: 1, readOnly: true, filter: 'eq' },
    { name: 'remark', type: 'string', maxLength: 500 },
  ],
});

/** The people a message type always notifies (spec 7.6 msgtype members). */
export const messageTypeMemberEntity = defineEntity({
  name: 'msgtypemember',
  table: 'message_type_members',
  ns: 'workforce',
  prefix: '/api-core/msgtype/members',
  actions: ['page', 'all', 'get', 'save', 'update', 'del'],
  permissions: messagePermissions,
  nameField: 'remark',
  customFields: false,
  fields: [
    { name: 'msgtypeId', type: 'ref', ref: 'msgtype', required: true, owner: true, filter: 'eq' },
    { name: 'userId', type: 'ref', ref: 'user', required: true, unique: true, uniqueWith: ['msgtypeId'], filter: 'eq' },
    { name: 'remark', type: 'string', maxLength: 200 },
  ],
});

/**
 * The wording of a message type's messages per action and language (spec 7.5 msgtemplatetype): a tenant's own
 * title and text in place of the built-in one. `{doc}`, `{no}` and `{action}` are filled in when the message
 * is read, in the reader's language; an action of `*` covers every action of the type.
 */
export const messageTemplateEntity = defineEntity({
  name: 'msgtemplatetype',
  table: 'message_templates',
  ns: 'workforce',
  prefix: '/api-manage/msgtemplatetype',
  actions: ['page', 'all', 'get', 'save', 'update', 'del'],
  permissions: messagePermissions,
  nameField: 'title',
  customFields: false,
  fields: [
    { name: 'msgtypeId', type: 'ref', ref: 'msgtype', required: true, owner: true, filter: 'eq' },
    {
      name: 'action',
      type: 'string',
      required: true,
      maxLength: 50,
      default: '*',
      unique: true,
      uniqueWith: ['msgtypeId', 'lang'],
      filter: 'eq',
    },
    { name: 'lang', type: 'enum', options: ['zh', 'en', 'tw'], required: true, default: 'zh', filter: 'eq' },
    { name: 'title', type: 'string', required: true, maxLength: 200 },
    { name: 'content', type: 'text', maxLength: 1000 },
  ],
});

/** Releases of the mobile app (spec 7.6 /api-core appinfo). */
export const appVersionEntity = defineEntity({
  name: 'appinfo',
  table: 'app_versions',
  ns: 'workforce',
  prefix: '/api-core/appinfo',
  actions: ['page', 'all', 'get', 'save', 'update', 'del'],
  permissions: menuPermissions('setUp:appversion'),
  nameField: 'version',
  defaultSort: { field: 'buildNumber', dir: 'desc' },
  fields: [
    { name: 'platform', type: 'enum', options: ['android', 'ios'], required: true, default: 'android', filter: 'eq' },
    { name: 'version', type: 'string', required: true, maxLength: 50, filter: 'like', sortable: true },
    {
      name: 'buildNumber',
      type: 'integer',
      required: true,
      min: 1,
      max: 2_000_000_000,
      unique: true,
      uniqueWith: ['platform'],
      sortable: true,
    },
    { name: 'downloadUrl', type: 'string', maxLength: 500, pattern: 'https?://\\S+', list: false },
    { name: 'releaseNotes', type: 'text', maxLength: 4000, list: false },
    { name: 'forceUpdate', type: 'boolean', required: true, default: false, filter: 'eq' },
    { name: 'releaseDate', type: 'date', defaultNow: true, filter: 'range', sortable: true },
  ],
});

const flowPermissions = menuPermissions('setUp:process');

export const BUSINESS_TYPES = [
  'repair',
  'maintenance',
  'spareIn',
  'spareOut',
  'spareTransfer',
  'spareAdjust',
  'allotment',
  'scrap',
  'project',
] as const;

/** Approval flows per business type (spec 7.6 /api-flow actFlows); one enabled flow per type. */
export const flowEntity = defineEntity({
  name: 'actflow',
  table: 'act_flows',
  ns: 'workforce',
  prefix: '/api-flow/actFlows',
  actions: ['page', 'all', 'get', 'save', 'update', 'del'],
  permissions: flowPermissions,
  codeField: 'code',
  nameField: 'name',
  softDelete: true,
  defaultSort: { field: 'code', dir: 'asc' },
  children: [{ entity: 'actnode', field: 'flowId', as: 'nodes' }],
  fields: [
    { name: 'code', type: 'string', required: true, unique: true, maxLength: 50, filter: 'like', sortable: true },
    { name: 'name', type: 'string', required: true, maxLength: 100, filter: 'like', sortable: true },
    { name: 'businessType', type: 'enum', options: BUSINESS_TYPES, required: true, default: 'repair', filter: 'eq' },
    { name: 'state', type: 'enum', options: [1, 0], default: 0, readOnly: true, filter: 'eq' },
    { name: 'remark', type: 'string', maxLength: 500 },
  ],
});

/** The chosen roles or users of a step as [{ id, name }] in the chosen order (live ones; none for org leaders). */
const approverNames = (t: string): string => {
  const target = (table: string, name: string, live: string) =>
    `(select coalesce(jsonb_agg(jsonb_build_object('id', a.id, 'name', a.${name}) order by x.n), '[]'::jsonb)
        from jsonb_array_elements_text(case when jsonb_typeof(${t}.approver_ids) = 'array' then ${t}.approver_ids else '[]'::jsonb end)
             with ordinality x(v, n)
        join ${table} a on a.tenant_id = ${t}.tenant_id and a.id::text = x.v${live})`;
  return `case ${t}.approver_kind when 'role' then ${target('roles', 'name', '')}
    when 'user' then ${target('users', 'peoplename', ' and not a.deleted')} else '[]'::jsonb end`;
};

/** The ordered approval steps of a flow (spec 7.6 actNodes); designed with setUp:process:design. */
export const flowNodeEntity = defineEntity({
  name: 'actnode',
  table: 'act_nodes',
  ns: 'workforce',
  prefix: '/api-flow/actNodes',
  actions: ['page', 'all', 'get', 'save', 'update', 'del'],
  permissions: {
    ...flowPermissions,
    add: 'setUp:process:design',
    edit: 'setUp:process:design',
    delete: 'setUp:process:design',
  },
  nameField: 'name',
  softDelete: true,
  customFields: false,
  defaultSort: { field: 'sort', dir: 'asc' },
  fields: [
    { name: 'flowId', type: 'ref', ref: 'actflow', required: true, owner: true, filter: 'eq' },
    { name: 'sort', type: 'integer', required: true, default: 1, min: 1, max: 100, sortable: true },
    { name: 'name', type: 'string', required: true, maxLength: 100, filter: 'like' },
    {
      name: 'approverKind',
      type: 'enum',
      options: ['role', 'user', 'orgLeader'],
      required: true,
      default: 'user',
      filter: 'eq',
    },
    { name: 'approverIds', type: 'json', list: false },
    { name: 'approvers', type: 'json', list: false, computed: approverNames },
  ],
  hooks: flowNodeHooks,
});

export const settingsEntities = [
  messageTypeEntity,
  messageTypeMemberEntity,
  messageTemplateEntity,
  appVersionEntity,
  flowEntity,
  flowNodeEntity,
];
