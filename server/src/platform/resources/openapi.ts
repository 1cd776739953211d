import { INT4, MAX_ID, paging } from '../http/input-guard.js';
import { readVersionSchema } from './edit-check.js';
import type { Field, Model } from './model.js';

type Schema = Record<string, unknown>;

/** A value that may be null; an enum lists null among its values, else an empty optional enum fails the reply. */
const nullable = (s: Schema): Schema =>
  s.type ? { ...s, nullable: true, ...(Array.isArray(s.enum) ? { enum: [...s.enum, null] } : {}) } : s;

/** JSON schema of a field's value on the wire. */
export function valueSchema(f: Field): Schema {
  const d = f.def;
  switch (d.type) {
    case 'string':
    case 'text':
    case 'dict':
      return { type: 'string', ...(d.maxLength ? { maxLength: d.maxLength } : {}) };
    case 'integer':
      return { type: 'integer', ...(f.customKey ? { minimum: -MAX_ID, maximum: MAX_ID } : INT4) };
    case 'ref':
      return { type: 'integer', minimum: -MAX_ID, maximum: MAX_ID, description: `id of ${d.ref}` };
    case 'decimal':
      return { type: 'string', description: 'decimal number as text', pattern: '^-?\\d+(\\.\\d+)?$' };
    case 'date':
      return { type: 'string', format: 'date' };
    case 'datetime':
      return { type: 'string', format: 'date-time' };
    case 'boolean':
      return { type: 'boolean' };
    case 'enum':
      return typeof d.options![0] === 'number'
        ? { type: 'integer', enum: [...d.options!] }
        : { type: 'string', enum: [...d.options!] };
    case 'json':
    case 'image':
    case 'attachments':
      return {};
  }
}

/** A record as the routes return it: fields, readable values of refs and dicts, custom values, audit columns. */
export function recordSchema(model: Model): Schema {
  const properties: Record<string, Schema> = { id: { type: 'integer' } };
  for (const f of model.fields) {
    if (f.customKey) continue;
    properties[f.name] = nullable(valueSchema(f));
    if (f.display) properties[f.display] = nullable({ type: 'string' });
  }
  if (model.def.customFields !== false)
    properties.custom = { type: 'object', additionalProperties: true, description: 'values of custom fields' };
  for (const c of model.def.children ?? [])
    properties[c.as] = { type: 'array', items: { type: 'object', additionalProperties: true } };
  Object.assign(properties, {
    createdAt: { type: 'string', format: 'date-time' },
    createdBy: nullable({ type: 'integer' }),
    createdByName: nullable({ type: 'string' }),
    updatedAt: { type: 'string', format: 'date-time' },
    updatedBy: nullable({ type: 'integer' }),
  });
  return { type: 'object', properties };
}

/** The body of save and update: the writable fields (checked by the engine, which names the field). */
export function bodySchema(model: Model, withId: boolean): Schema {
  const properties: Record<string, Schema> = withId ? { id: { type: 'integer' } } : { id: { type: 'integer' } };
  for (const f of model.fields) if (f.writable && !f.customKey) properties[f.name] = nullable(valueSchema(f));
  if (model.def.customFields !== false) properties.custom = { type: 'object', additionalProperties: true };
  properties.updatedAt = readVersionSchema;
  return {
    type: 'object',
    ...(withId ? { required: ['id'] } : {}),
    properties,
    additionalProperties: true,
  };
}

/**
 * Query parameters of page, all and export: paging, sort and the declared filters. `onRequest` (all): paged
 * only when a page is asked for.
 */
export function querySchema(model: Model, paged: boolean | 'onRequest'): Schema {
  const properties: Record<string, Schema> = {
    sort: { type: 'string', description: 'a sortable field, or -field for descending' },
    order: { type: 'string', enum: ['asc', 'desc', 'ascending', 'descending', ''] },
    keyword: { type: 'string', description: 'matches code or name' },
  };
  if (paged) {
    const { default: _none, ...onRequest } = paging.page;
    properties.page =
      paged === 'onRequest' ? { ...onRequest, description: 'a page with count; every match without' } : paging.page;
    properties.limit = paging.limit;
  }
  for (const f of model.fields) {
    if (!f.filter) continue;
    const base = { ...valueSchema(f), description: `filter (${f.filter})` };
    if (f.filter === 'range') {
      properties[`${f.name}From`] = { type: 'string' };
      properties[`${f.name}To`] = { type: 'string' };
    } else if (f.filter === 'in') properties[f.name] = { type: 'array', items: { type: 'string' } };
    else properties[f.name] = f.filter === 'like' ? { type: 'string', description: 'contains' } : base;
  }
  return { type: 'object', properties, additionalProperties: true };
}

export const envelope = (data: Schema, withCount = false): Schema => ({
  type: 'object',
  properties: {
    rtnCode: { type: 'integer' },
    msg: { type: 'string' },
    field: { type: 'string', description: 'the field a business error (rtnCode 201) concerns' },
    data,
    ...(withCount ? { count: { type: 'integer' } } : {}),
  },
});

/** Business errors (rtnCode 201) share the 200 status: their body has field and a list of issues. */
export const anyEnvelope: Schema = {
  type: 'object',
  additionalProperties: true,
  properties: { rtnCode: { type: 'integer' }, msg: { type: 'string' }, field: { type: 'string' } },
};

/** The rows of an import that failed (rtnCode 201): one entry per problem, with its row, column and field. */
export const issueList = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      row: { type: 'integer' },
      column: { type: 'string' },
      field: { type: 'string' },
      message: { type: 'string' },
    },
  },
};
