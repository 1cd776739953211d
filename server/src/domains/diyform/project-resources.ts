import { defineEntity } from '../../platform/resources/registry.js';
import { removeProjectValues } from './project.js';
import { projectWorkflow } from './project-workflow.js';

/** The permission codes of the project page's buttons (menu project, /project/index). */
export const PJ = {
  view: 'project:view',
  add: 'project:add',
  edit: 'project:edit',
  delete: 'project:delete',
  execute: 'project:execute',
  audit: 'project:audit',
  export: 'project:export',
} as const;

export const PROJECT_STATES = ['planned', 'executing', 'auditing', 'approved'] as const;

/**
 * A project (spec 2.5 /project/projectSave*): one record of a project form (custom_forms.project) with its life.
 * Its values are the form record's (form_records, written through the form's runtime entity): the plan's fields
 * when it is added or edited, the execution fields when it is executed; then it is audited (the tenant's
 * approval flow of type project when one is enabled).
 */
export const projectEntity = defineEntity({
  name: 'formproject',
  table: 'form_projects',
  ns: 'diyform',
  prefix: '/api-manage/project',
  actions: ['page', 'all', 'get', 'del', 'exportexcel'],
  permissions: { view: PJ.view, add: PJ.add, edit: PJ.edit, delete: PJ.delete, import: PJ.add, export: PJ.export },
  nameField: 'name',
  customFields: false,
  workflow: projectWorkflow,
  fields: [
    { name: 'name', type: 'string', required: true, maxLength: 100, filter: 'like', sortable: true },
    { name: 'formId', type: 'ref', ref: 'customform', required: true, filter: 'eq', refWhere: { project: true } },
    { name: 'recordId', type: 'integer', readOnly: true, list: false, exportable: false },
    {
      name: 'state',
      type: 'enum',
      options: PROJECT_STATES,
      default: 'planned',
      readOnly: true,
      filter: 'in',
      sortable: true,
    },
    { name: 'assigneeId', type: 'ref', ref: 'user', filter: 'eq', blocksDelete: false },
    { name: 'planFinish', type: 'date', sortable: true },
    { name: 'startedAt', type: 'datetime', readOnly: true, list: false },
    { name: 'submittedAt', type: 'datetime', readOnly: true, list: false },
    { name: 'approvedAt', type: 'datetime', readOnly: true },
    { name: 'approverId', type: 'ref', ref: 'user', readOnly: true, list: false, blocksDelete: false },
  ],
  hooks: { beforeDelete: removeProjectValues },
});
