import { defineEntity } from '../../platform/resources/registry.js';
import { docNumber, docStateFields, requestWorkflow } from '../../platform/workflow/request-doc.js';
import { scrapAudited } from './scrap-audit.js';
import { scrapHooks } from './scrap-rules.js';

/** Those who may request a scrap: the scrap buttons of the equipment ledger and of the mould list. */
export const SCRAP_REQUESTERS = ['equipment:ledger:scrap', 'eqmold:eqmoldlist:scrap'];

/** A scrap request for a machine or a mould; once audited the target's status is scrapped. */
export const scrapEntity = defineEntity({
  name: 'eqscrap',
  table: 'scrap_requests',
  ns: 'equipment',
  prefix: '/api-core/eqmoldExecute/scrap',
  actions: ['page', 'all', 'get', 'save', 'update', 'del', 'exportexcel'],
  permissions: {
    view: ['eqmold:scrap:view', ...SCRAP_REQUESTERS],
    add: SCRAP_REQUESTERS,
    edit: SCRAP_REQUESTERS,
    delete: SCRAP_REQUESTERS,
    import: SCRAP_REQUESTERS,
    export: 'eqmold:scrap:export',
  },
  nameField: 'reason',
  defaultSort: { field: 'scrapDate', dir: 'desc' },
  fields: [
    { name: 'scrapNo', type: 'string', computed: docNumber('BF'), filter: 'like', sortable: true },
    {
      name: 'targetType',
      type: 'enum',
      options: ['equipment', 'mould'],
      required: true,
      default: 'equipment',
      filter: 'eq',
    },
    { name: 'mouldId', type: 'ref', ref: 'mould', filter: 'eq' },
    { name: 'equipmentId', type: 'ref', ref: 'equipment', filter: 'eq' },
    { name: 'reason', type: 'text', required: true, maxLength: 500, list: true },
    { name: 'scrapDate', type: 'date', required: true, defaultNow: true, filter: 'range', sortable: true },
    { name: 'residualValue', type: 'decimal', precision: 14, scale: 2, min: 0, sortable: true },
    { name: 'applicantId', type: 'ref', ref: 'user', filter: 'eq' },
    ...docStateFields,
    { name: 'remark', type: 'text', maxLength: 500 },
  ],
  hooks: scrapHooks,
  workflow: requestWorkflow({
    approvalType: 'scrap',
    submit: SCRAP_REQUESTERS,
    audit: 'eqmold:scrap:audit',
    recall: 'eqmold:scrap:recall',
    onAudit: scrapAudited,
  }),
});
