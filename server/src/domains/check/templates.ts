import { defineEntity } from '../../platform/resources/registry.js';
import type { FieldDef } from '../../platform/resources/types.js';
import { BY_KIND, codes, KINDS } from './permissions.js';
import { ANSWER_FIELDS, ANSWER_TYPES } from './resources.js';
import { projectHooks } from './rules.js';

/**
 * Project templates (spec 7.5 ckprtemplate): a tenant keeps named sets of check items, for example the daily
 * spot check of a CNC lathe, and applies one to make the items and a scheme of them in one step (the apply
 * route). Read and changed with the item pages' codes of the template's kind.
 */
export const templateEntity = defineEntity({
  name: 'ckprtemplate',
  table: 'check_project_templates',
  ns: 'check',
  prefix: '/api-manage/ckprtemplate',
  permissions: {
    view: codes('project', 'view'),
    add: codes('project', 'add'),
    edit: codes('project', 'edit'),
    delete: codes('project', 'delete'),
    import: codes('project', 'import'),
    export: codes('project', 'export'),
  },
  permissionsBy: BY_KIND,
  codeField: 'code',
  nameField: 'name',
  softDelete: true,
  children: [{ entity: 'ckprtemplatedtl', field: 'templateId', as: 'items' }],
  fields: [
    { name: 'kind', type: 'enum', options: KINDS, required: true, filter: 'eq' },
    { name: 'code', type: 'string', required: true, unique: true, maxLength: 40, filter: 'like', sortable: true },
    { name: 'name', type: 'string', required: true, maxLength: 100, filter: 'like', sortable: true },
    { name: 'categoryId', type: 'ref', ref: 'equipmentcategory', filter: 'eq' },
    { name: 'remark', type: 'text', maxLength: 500, list: false },
  ],
});

const templateKind: FieldDef = {
  name: 'kind',
  type: 'enum',
  options: KINDS,
  list: false,
  exportable: false,
  computed: (t) => `(select o.kind from check_project_templates o where o.id = ${t}.template_id)`,
};

/** An item of a template: what a check project holds, less its code (given when the template is applied). */
export const templateItemEntity = defineEntity({
  name: 'ckprtemplatedtl',
  table: 'check_project_template_items',
  ns: 'check',
  prefix: '/api-manage/ckprtemplatedtl',
  permissions: {
    view: codes('project', 'view'),
    add: codes('project', 'edit'),
    edit: codes('project', 'edit'),
    delete: codes('project', 'edit'),
    import: codes('project', 'import'),
    export: codes('project', 'export'),
  },
  permissionsBy: BY_KIND,
  nameField: 'name',
  customFields: false,
  defaultSort: { field: 'sort', dir: 'asc' },
  hooks: projectHooks,
  fields: [
    { name: 'templateId', type: 'ref', ref: 'ckprtemplate', required: true, owner: true, filter: 'eq' },
    templateKind,
    { name: 'sort', type: 'integer', default: 0, min: 0, max: 100_000, sortable: true },
    { name: 'name', type: 'string', required: true, maxLength: 100, filter: 'like' },
    { name: 'part', type: 'string', maxLength: 100 },
    { name: 'method', type: 'string', maxLength: 200, list: false },
    { name: 'standard', type: 'string', maxLength: 200 },
    { name: 'answerType', type: 'enum', options: ANSWER_TYPES, required: true, default: 'passfail' },
    ...ANSWER_FIELDS,
    { name: 'raiseRepair', type: 'boolean', default: true, list: false },
  ],
});
