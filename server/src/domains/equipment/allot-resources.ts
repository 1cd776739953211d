import { defineEntity } from '../../platform/resources/registry.js';
import { docNumber, docStateFields, requestWorkflow } from '../../platform/workflow/request-doc.js';
import { guardAllotSubmit, moveAllotted } from './allot-audit.js';
import { allotDetailHooks, allotHooks } from './allot-rules.js';

const allotPermissions = {
  view: 'equipment:allot:view',
  add: ['equipment:allot:add', 'equipment:ledger:allot'],
  edit: ['equipment:allot:edit', 'equipment:ledger:allot'],
  delete: 'equipment:allot:delete',
  import: 'equipment:allot:add',
  export: 'equipment:allot:export',
};

/** An equipment allotment (调拨): equipment moves to another workshop / line once audited. */
export const allotEntity = defineEntity({
  name: 'equipmentallot',
  table: 'equipment_allots',
  ns: 'equipment',
  prefix: '/api-manage/equipmentallot',
  actions: ['page', 'all', 'get', 'save', 'update', 'del', 'exportexcel'],
  permissions: allotPermissions,
  nameField: 'reason',
  defaultSort: { field: 'allotDate', dir: 'desc' },
  children: [{ entity: 'equipmentallotdetail', field: 'allotId', as: 'details' }],
  fields: [
    { name: 'allotNo', type: 'string', computed: docNumber('DB'), filter: 'like', sortable: true },
    { name: 'fromWorkshopId', type: 'ref', ref: 'workshop', filter: 'eq' },
    { name: 'toWorkshopId', type: 'ref', ref: 'workshop', required: true, filter: 'eq' },
    {
      name: 'toLineId',
      type: 'ref',
      ref: 'line',
      filter: 'eq',
      within: { field: 'toWorkshopId', column: 'workshopid' },
    },
    { name: 'reason', type: 'text', required: true, maxLength: 500, list: true },
    { name: 'allotDate', type: 'date', required: true, defaultNow: true, filter: 'range', sortable: true },
    { name: 'applicantId', type: 'ref', ref: 'user', filter: 'eq' },
    ...docStateFields,
    { name: 'remark', type: 'text', maxLength: 500 },
  ],
  hooks: allotHooks,
  workflow: requestWorkflow({
    approvalType: 'allotment',
    submit: ['equipment:allot:add', 'equipment:allot:edit', 'equipment:ledger:allot'],
    audit: 'equipment:allot:audit',
    recall: 'equipment:allot:recall',
    guardSubmit: guardAllotSubmit,
    onAudit: moveAllotted,
  }),
});

/** One piece of equipment of an allotment; where it came from is noted when the allotment is audited. */
export const allotDetailEntity = defineEntity({
  name: 'equipmentallotdetail',
  table: 'equipment_allot_details',
  ns: 'equipment',
  prefix: '/api-manage/equipmentallot/detail',
  actions: ['page', 'all', 'get', 'save', 'update', 'del'],
  permissions: allotPermissions,
  nameField: 'remark',
  customFields: false,
  fields: [
    { name: 'allotId', type: 'ref', ref: 'equipmentallot', required: true, owner: true, filter: 'eq' },
    {
      name: 'equipmentId',
      type: 'ref',
      ref: 'equipment',
      required: true,
      unique: true,
      uniqueWith: ['allotId'],
      filter: 'eq',
    },
    { name: 'fromWorkshopId', type: 'ref', ref: 'workshop', readOnly: true, blocksDelete: false },
    { name: 'fromLineId', type: 'ref', ref: 'line', readOnly: true, blocksDelete: false },
    { name: 'remark', type: 'string', maxLength: 200 },
  ],
  hooks: allotDetailHooks,
});
