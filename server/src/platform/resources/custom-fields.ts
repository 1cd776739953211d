import { defineEntity, findEntity } from './registry.js';
import type { FieldIssue, WireRow } from './types.js';

export const CUSTOM_FIELD_TYPES = ['string', 'text', 'integer', 'decimal', 'date', 'boolean', 'enum', 'dict'] as const;

/**
 * A tenant's extra fields of an entity (settings > field). Their values live in the entity's `custom`
 * jsonb column, so no tenant ever changes the schema; the engine merges them into the entity's metadata,
 * validation, list, filters, import and export.
 */
export const customFieldEntity = defineEntity({
  name: 'customfield',
  table: 'custom_fields',
  ns: 'resources',
  prefix: '/api-manage/customfield',
  permissions: {
    view: ['setUp:field:view', 'setUp:field:add', 'setUp:field:edit'],
    add: 'setUp:field:add',
    edit: ['setUp:field:edit', 'setUp:field:enable'],
    delete: 'setUp:field:delete',
    import: 'setUp:field:add',
    export: 'setUp:field:view',
  },
  actions: ['page', 'all', 'get', 'save', 'update', 'del'],
  customFields: false,
  codeField: 'name',
  nameField: 'label',
  defaultSort: { field: 'sort', dir: 'asc' },
  fields: [
    { name: 'entity', type: 'string', required: true, maxLength: 60, filter: 'eq', sortable: true },
    {
      name: 'name',
      type: 'string',
      required: true,
      pattern: '[a-z][a-zA-Z0-9]{0,39}',
      unique: true,
      uniqueWith: ['entity'],
      filter: 'like',
    },
    { name: 'label', type: 'string', required: true, maxLength: 60, filter: 'like' },
    { name: 'labelEn', type: 'string', maxLength: 60 },
    { name: 'labelTw', type: 'string', maxLength: 60 },
    { name: 'fieldType', type: 'enum', options: CUSTOM_FIELD_TYPES, required: true, default: 'string' },
    { name: 'required', type: 'boolean', required: true, default: false },
    { name: 'options', type: 'text', maxLength: 2000 },
    { name: 'dict', type: 'string', maxLength: 60 },
    { name: 'filter', type: 'enum', options: ['eq', 'like', 'range', 'in'] },
    { name: 'list', type: 'boolean', required: true, default: true },
    { name: 'sort', type: 'integer', default: 0, sortable: true },
    { name: 'state', type: 'enum', options: [0, 1], required: true, default: 1, filter: 'eq' },
  ],
  hooks: {
    async check(_tx, row) {
      const issues: FieldIssue[] = [];
      const target = findEntity(String(row.entity));
      if (!target || target.customFields === false) issues.push({ field: 'entity', key: 'enum' });
      else if (target.fields.some((f) => f.name === row.name))
        issues.push({ field: 'name', key: 'unique', params: { value: row.name } });
      return [...issues, ...fieldTypeIssues(row)];
    },
  },
});

/** What a field's type asks of its definition: the options of a choice, the dictionary of a dict field. */
export function fieldTypeIssues(row: WireRow): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (row.fieldType === 'enum' && !String(row.options ?? '').trim()) issues.push({ field: 'options', key: 'required' });
  if (row.fieldType === 'dict' && !row.dict) issues.push({ field: 'dict', key: 'required' });
  return issues;
}
