import { defineEntity } from '../../platform/resources/registry.js';

/** The experience base (spec 7.4 experiencesBase, /experience/index): what was learnt from finished repairs. */
export const experienceEntity = defineEntity({
  name: 'experiencesBase',
  table: 'repair_experiences',
  ns: 'repair',
  prefix: '/api-user/experiencesBase',
  permissions: {
    view: 'experience:view',
    add: 'experience:add',
    edit: 'experience:edit',
    delete: 'experience:delete',
    import: 'experience:import',
    export: 'experience:export',
  },
  nameField: 'title',
  softDelete: true,
  fields: [
    { name: 'title', type: 'string', required: true, maxLength: 200, filter: 'like', sortable: true },
    { name: 'categoryId', type: 'ref', ref: 'equipmentcategory', filter: 'eq' },
    { name: 'equipmentId', type: 'ref', ref: 'equipment', filter: 'eq', blocksDelete: false },
    { name: 'faultReasonId', type: 'ref', ref: 'faultreason', filter: 'eq', blocksDelete: false },
    { name: 'phenomenon', type: 'text', required: true, maxLength: 2000, list: true, filter: 'like' },
    { name: 'cause', type: 'text', maxLength: 2000 },
    { name: 'remedy', type: 'text', required: true, maxLength: 4000 },
    { name: 'parts', type: 'text', maxLength: 2000, list: false },
    { name: 'keywords', type: 'string', maxLength: 200, filter: 'like' },
    // The order it came from, by id: an entry outlives the order (the base keeps deleted entries, orders go).
    { name: 'orderId', type: 'integer', readOnly: true, min: 1, list: false },
    { name: 'pictures', type: 'image' },
  ],
});
