import { defineEntity } from '../../platform/resources/registry.js';
import type { EntityDef } from '../../platform/resources/types.js';
import { P, V } from './permissions.js';
import { contractHooks } from './rules.js';

// The order page reads vendors and contracts to pick them: its codes may read, the vendor page's change them.
const permissions: EntityDef['permissions'] = {
  view: [V.view, P.view, P.add, P.edit],
  add: V.add,
  edit: V.edit,
  delete: V.delete,
  import: V.import,
  export: V.export,
};
const childPermissions: EntityDef['permissions'] = { ...permissions, add: V.edit, delete: V.edit, import: V.edit };

/** The average rating (1–5) of a vendor's accepted jobs, alias t. */
export const ratingSql = (t: string) =>
  `(select round(avg(o.rating), 2) from external_orders o
     where o.tenant_id = ${t}.tenant_id and o.vendor_id = ${t}.id and o.state = 'accepted' and o.rating is not null)`;

/**
 * An outside maintenance vendor (spec 7.5 maintainexternal, 委外单位): who it is, what it does, its people and its
 * contracts; its rating is the average of the ratings given when its jobs were accepted.
 */
export const vendorEntity = defineEntity({
  name: 'externalvendor',
  table: 'external_vendors',
  ns: 'external',
  prefix: '/api-manage/maintainexternal/vendor',
  permissions,
  softDelete: true,
  codeField: 'code',
  nameField: 'name',
  defaultSort: { field: 'code', dir: 'asc' },
  children: [
    { entity: 'externalcontact', field: 'vendorId', as: 'contacts' },
    { entity: 'externalcontract', field: 'vendorId', as: 'contracts' },
  ],
  fields: [
    { name: 'code', type: 'string', required: true, unique: true, maxLength: 30, filter: 'like', sortable: true },
    { name: 'name', type: 'string', required: true, maxLength: 100, filter: 'like', sortable: true },
    { name: 'services', type: 'text', maxLength: 1000, filter: 'like' },
    { name: 'phone', type: 'string', maxLength: 30, pattern: '[0-9+() -]*' },
    { name: 'email', type: 'string', maxLength: 100, list: false },
    { name: 'address', type: 'string', maxLength: 200, list: false },
    { name: 'enabled', type: 'boolean', default: true, filter: 'eq' },
    { name: 'rating', type: 'decimal', precision: 4, scale: 2, computed: ratingSql },
    {
      name: 'jobs',
      type: 'integer',
      computed: (t) =>
        `(select count(*)::int from external_orders o where o.tenant_id = ${t}.tenant_id and o.vendor_id = ${t}.id and o.state = 'accepted')`,
    },
    { name: 'remark', type: 'string', maxLength: 500, list: false },
  ],
});

const vendorRef = {
  name: 'vendorId',
  type: 'ref',
  ref: 'externalvendor',
  required: true,
  owner: true,
  filter: 'eq',
} as const;

/** A person to call at a vendor. */
export const contactEntity = defineEntity({
  name: 'externalcontact',
  table: 'external_vendor_contacts',
  ns: 'external',
  prefix: '/api-manage/maintainexternal/vendor/contact',
  actions: ['page', 'all', 'get', 'save', 'update', 'del'],
  permissions: childPermissions,
  nameField: 'name',
  customFields: false,
  fields: [
    vendorRef,
    { name: 'name', type: 'string', required: true, maxLength: 50, filter: 'like' },
    { name: 'position', type: 'string', maxLength: 50 },
    { name: 'phone', type: 'string', maxLength: 30, pattern: '[0-9+() -]*' },
    { name: 'email', type: 'string', maxLength: 100 },
    { name: 'isPrimary', type: 'boolean', default: false },
  ],
});

/** Where a contract (alias t) stands today: not yet begun, in force, or ended. */
export const contractStatusSql = (t: string) =>
  `(case when current_date < ${t}.valid_from then 'pending' when current_date > ${t}.valid_to then 'expired' else 'valid' end)`;

/**
 * A service contract with a vendor: its validity and scope (the machine category it covers, none for every
 * machine, and what it covers in words) and the most one job may cost under it.
 */
export const contractEntity = defineEntity({
  name: 'externalcontract',
  table: 'external_contracts',
  ns: 'external',
  prefix: '/api-manage/maintainexternal/vendor/contract',
  actions: ['page', 'all', 'get', 'save', 'update', 'del'],
  permissions: childPermissions,
  codeField: 'code',
  nameField: 'code',
  customFields: false,
  defaultSort: { field: 'validTo', dir: 'desc' },
  hooks: contractHooks,
  fields: [
    vendorRef,
    { name: 'code', type: 'string', required: true, unique: true, maxLength: 50, filter: 'like' },
    { name: 'validFrom', type: 'date', required: true, sortable: true },
    { name: 'validTo', type: 'date', required: true, filter: 'range', sortable: true },
    { name: 'categoryId', type: 'ref', ref: 'equipmentcategory', filter: 'eq' },
    { name: 'scope', type: 'text', maxLength: 1000 },
    { name: 'jobLimit', type: 'decimal', precision: 14, scale: 2, min: 0 },
    {
      name: 'status',
      type: 'enum',
      options: ['pending', 'valid', 'expired'],
      computed: contractStatusSql,
      filter: 'eq',
    },
    { name: 'attachments', type: 'attachments', list: false },
  ],
});
