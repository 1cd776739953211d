import { AppError } from '../../platform/http/errors.js';

/** Response envelope schema of this domain's routes. */
export const envelope = (data: object = {}) => ({
  type: 'object',
  properties: {
    rtnCode: { type: 'integer' },
    msg: { type: 'string' },
    field: { type: 'string' },
    data,
    count: { type: 'integer' },
  },
});

export const pageQuery = {
  type: 'object',
  properties: {
    page: { type: 'integer', minimum: 1, maximum: 100000, default: 1 },
    limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
  },
};

export const idBody = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, maximum: 9007199254740991 } },
};

/** A rule broken on one field: HTTP 200 { rtnCode: 201, msg, field }, in the caller's language. */
export const fieldError = (field: string, key: string, params: Record<string, unknown> = {}) =>
  new AppError('business', key, params, field);

/** Permission codes of the settings pages (seed/menu-tree.ts: setUp.apiKey, setUp.webhook). */
export const P = {
  keyView: 'setUp:apiKey:view',
  keyAdd: 'setUp:apiKey:add',
  keyRevoke: 'setUp:apiKey:revokeKey',
  hookView: 'setUp:webhook:view',
  hookAdd: 'setUp:webhook:add',
  hookEdit: 'setUp:webhook:edit',
  hookDelete: 'setUp:webhook:delete',
  hookTest: 'setUp:webhook:testSend',
} as const;
