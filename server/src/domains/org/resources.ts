import { DATA_SCOPES } from '../../platform/resources/data-scope.js';
import { menuPermissions } from '../../platform/resources/permit.js';
import { defineEntity } from '../../platform/resources/registry.js';
import { itemHooks } from './item-rules.js';
import { organizationHooks } from './org-rules.js';
import { orgTemplateHooks } from './org-template-rules.js';
import { roleHooks } from './role-rules.js';

/**
 * The tenant's roles (spec 7.2 role/...). Plain CRUD through the engine under the spec's paths
 * (`/api-user/role/all|save|update|del`); the grants of menus and buttons and who holds a role stay workflows
 * (roles-routes.ts). The administrator role is made with the company (isAdmin, never from a request).
 */
export const roleEntity = defineEntity({
  name: 'role',
  table: 'roles',
  ns: 'org',
  prefix: '/api-user/role',
  permissions: menuPermissions('setUp:role', ['setUp:organize:view']),
  actions: ['page', 'all', 'get', 'save', 'update', 'del'],
  customFields: false,
  nameField: 'name',
  defaultSort: { field: 'isAdmin', dir: 'desc', idDir: 'asc' },
  fields: [
    {
      name: 'name',
      type: 'string',
      required: true,
      unique: true,
      maxLength: 50,
      filter: 'like',
      sortable: true,
      messages: { unique: 'errors.role.nameTaken' },
    },
    { name: 'code', type: 'string', maxLength: 50, pattern: '[A-Za-z0-9_.:-]*' },
    { name: 'remark', type: 'text', maxLength: 500 },
    { name: 'state', type: 'enum', options: [1, 0], required: true, default: 1, filter: 'eq' },
    { name: 'isAdmin', column: 'is_admin', type: 'boolean', required: true, default: false, readOnly: true },
    { name: 'dataScope', type: 'enum', options: DATA_SCOPES, required: true, default: 'all' },
    {
      name: 'userCount',
      type: 'integer',
      computed: (t) =>
        `select count(*)::int from user_roles ur join users u on u.tenant_id = ur.tenant_id and u.id = ur.user_id and not u.deleted
          where ur.tenant_id = ${t}.tenant_id and ur.role_id = ${t}.id`,
    },
  ],
  hooks: roleHooks,
});

/**
 * The organisation tree (spec 3.1 organisation tree node; 7.2 organization/...). Plain CRUD through the engine
 * under the spec's paths (`/api-user/organization/insert|update|del`; also page, all, get and save); the tree
 * reads, the reorder after a drag and the batch import and export stay hand-written (organizations-routes.ts,
 * batch-routes.ts). A workshop's or warehouse's organisation is cleared when the organisation is deleted.
 */
export const organizationEntity = defineEntity({
  name: 'organization',
  table: 'organizations',
  ns: 'org',
  prefix: '/api-user/organization',
  paths: { save: ['insert'] },
  permissions: menuPermissions('setUp:organize'),
  actions: ['page', 'all', 'get', 'save', 'update', 'del'],
  customFields: false,
  nameField: 'organizationName',
  codeField: 'organizationCode',
  treeParent: 'parentId',
  defaultSort: { field: 'sort', dir: 'asc' },
  // The invite code is made by the signup routes (migration 0008) and never read through the engine.
  kept: { columns: ['invite_code'], indexes: ['organizations_invite_code'] },
  fields: [
    {
      name: 'parentId',
      type: 'ref',
      ref: 'organization',
      messages: { refMissing: 'errors.org.parentNotFound', treeLoop: 'errors.org.cycle' },
    },
    { name: 'organizationName', type: 'string', required: true, maxLength: 100, filter: 'like', sortable: true },
    {
      name: 'organizationCode',
      type: 'string',
      unique: true,
      sparse: true,
      maxLength: 50,
      filter: 'like',
      sortable: true,
      messages: { unique: 'errors.org.codeTaken' },
    },
    { name: 'phone', type: 'string', maxLength: 30, pattern: '[0-9+() -]*' },
    { name: 'state', type: 'enum', options: [1, 0], required: true, default: 1 },
    { name: 'ext1', type: 'text', maxLength: 500 },
    { name: 'sort', type: 'integer', required: true, default: 0, min: -1_000_000, max: 1_000_000, sortable: true },
  ],
  hooks: organizationHooks,
});

/**
 * Organisation templates (spec 7.2 orgtemplate): a company's named organisation trees (the departments of a
 * standard plant, say). Plain CRUD through the engine under the spec's paths (`/api-user/orgtemplate/all|save|
 * update|del`); a template may be taken from an organisation and everything below it (fromOrganizationId), and
 * copying one into the tree stays a workflow (org-templates-routes.ts).
 */
export const orgTemplateEntity = defineEntity({
  name: 'orgTemplate',
  table: 'org_templates',
  ns: 'org',
  prefix: '/api-user/orgtemplate',
  permissions: menuPermissions('setUp:organize', ['setUp:organize:add']),
  actions: ['page', 'all', 'get', 'save', 'update', 'del'],
  customFields: false,
  nameField: 'name',
  defaultSort: { field: 'name', dir: 'asc' },
  fields: [
    {
      name: 'name',
      type: 'string',
      required: true,
      unique: true,
      maxLength: 50,
      filter: 'like',
      sortable: true,
      messages: { unique: 'org.errors.templateNameTaken' },
    },
    { name: 'remark', type: 'text', maxLength: 500 },
    // A new template without a tree starts empty (orgTemplateHooks).
    { name: 'nodes', type: 'json', required: true },
  ],
  hooks: orgTemplateHooks,
});

/**
 * The company's dictionary (spec 7.2 item/...): parent entries (WorkType, energytype, ...) with their values under
 * them, a code unique under its parent. Its writes go through the engine under the spec's paths
 * (`/api-user/item/insert|update|del`); the reads the pickers and the dictionary page use (getItemTree,
 * getItemListByCode, ...) stay hand-written beside the operator's template new companies copy (items-routes.ts).
 */
export const itemEntity = defineEntity({
  name: 'item',
  table: 'items',
  ns: 'org',
  prefix: '/api-user/item',
  paths: { save: ['insert'] },
  permissions: menuPermissions('setUp:dictionary'),
  actions: ['get', 'save', 'update', 'del'],
  customFields: false,
  nameField: 'name',
  codeField: 'code',
  treeParent: 'parentId',
  defaultSort: { field: 'sort', dir: 'asc' },
  // Also unique among the top-level entries, which the declared key (nulls distinct) lets two saves at once share.
  kept: { indexes: ['items_code'] },
  fields: [
    { name: 'parentId', type: 'ref', ref: 'item', messages: { refMissing: 'errors.item.parentNotFound' } },
    {
      name: 'code',
      type: 'string',
      required: true,
      maxLength: 50,
      pattern: '[A-Za-z0-9_.:-]+',
      unique: true,
      uniqueWith: ['parentId'],
      messages: { unique: 'errors.item.codeTaken' },
    },
    { name: 'name', type: 'string', required: true, maxLength: 100 },
    // The name per language ({ en: 'Mechanic' }); a language left out shows name.
    { name: 'names', type: 'json', list: false, importable: false },
    { name: 'value', type: 'string', maxLength: 200 },
    { name: 'sort', type: 'integer', required: true, default: 0, min: -1_000_000, max: 1_000_000, sortable: true },
    { name: 'remark', type: 'text', maxLength: 500 },
  ],
  hooks: itemHooks,
});
