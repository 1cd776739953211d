import { defineEntity } from '../../platform/resources/registry.js';
import { categoryPermissions } from './resources.js';

/** The spare-parts catalogue (备件清单); the spare-parts module adds stock, moves and audits later. */
export const sparePartEntity = defineEntity({
  name: 'sparepart',
  table: 'spare_parts',
  ns: 'equipment',
  prefix: '/api-manage/spareparts',
  paths: { importexcel: ['import'] },
  permissions: {
    view: 'spare:detailed:view',
    add: 'spare:detailed:add',
    edit: 'spare:detailed:edit',
    delete: 'spare:detailed:delete',
    import: 'spare:detailed:import',
    export: 'spare:detailed:export',
  },
  codeField: 'code',
  nameField: 'name',
  softDelete: true,
  defaultSort: { field: 'code', dir: 'asc' },
  fields: [
    { name: 'code', type: 'string', required: true, unique: true, maxLength: 50, filter: 'like', sortable: true },
    { name: 'name', type: 'string', required: true, maxLength: 100, filter: 'like', sortable: true },
    { name: 'specification', type: 'string', maxLength: 200, filter: 'like' },
    { name: 'unit', type: 'string', maxLength: 20 },
    { name: 'category', type: 'string', maxLength: 100, filter: 'like', sortable: true },
    { name: 'safetyStock', type: 'decimal', precision: 14, scale: 2, min: 0, sortable: true },
    { name: 'price', type: 'decimal', precision: 14, scale: 2, min: 0, sortable: true },
    { name: 'remark', type: 'text', maxLength: 500 },
  ],
});

/** The parts a machine (or mould) of a category is made of. */
export const categoryPartEntity = defineEntity({
  ns: 'equipment',
  permissions: categoryPermissions,
  softDelete: true,
  name: 'categorypart',
  table: 'category_parts',
  prefix: '/api-manage/equipmentcategory/parts',
  codeField: 'code',
  nameField: 'name',
  fields: [
    { name: 'categoryId', type: 'ref', ref: 'equipmentcategory', required: true, owner: true, filter: 'eq' },
    {
      name: 'code',
      type: 'string',
      required: true,
      unique: true,
      uniqueWith: ['categoryId'],
      maxLength: 50,
      filter: 'like',
      sortable: true,
    },
    { name: 'name', type: 'string', required: true, maxLength: 100, filter: 'like', sortable: true },
    { name: 'specification', type: 'string', maxLength: 200 },
    { name: 'quantity', type: 'integer', min: 1, max: 1_000_000, default: 1 },
    { name: 'remark', type: 'text', maxLength: 500 },
  ],
});

/** The spare parts a category's machines use (code, name, specification and unit come from the catalogue). */
export const categorySparePartEntity = defineEntity({
  ns: 'equipment',
  permissions: categoryPermissions,
  softDelete: true,
  name: 'categorysparepart',
  table: 'category_spare_parts',
  prefix: '/api-manage/equipmentcategory/spareparts',
  nameField: 'remark',
  fields: [
    { name: 'categoryId', type: 'ref', ref: 'equipmentcategory', required: true, owner: true, filter: 'eq' },
    {
      name: 'sparePartId',
      type: 'ref',
      ref: 'sparepart',
      required: true,
      unique: true,
      uniqueWith: ['categoryId'],
      filter: 'eq',
    },
    {
      name: 'specification',
      type: 'string',
      computed: (t) =>
        `(select s.specification from spare_parts s where s.tenant_id = ${t}.tenant_id and s.id = ${t}.spare_part_id)`,
    },
    {
      name: 'unit',
      type: 'string',
      computed: (t) =>
        `(select s.unit from spare_parts s where s.tenant_id = ${t}.tenant_id and s.id = ${t}.spare_part_id)`,
    },
    { name: 'quantity', type: 'decimal', precision: 14, scale: 2, min: 0, default: 1 },
    { name: 'remark', type: 'string', maxLength: 200 },
  ],
});
