import type { FastifyInstance } from 'fastify';
import { ok, page } from '../../platform/http/envelope.js';
import { DATA_SCOPES } from '../../platform/resources/data-scope.js';
import { createKey, grantableCodes, grantableScope, type KeyInput, listKeys, NAME_MAX, revokeKey } from './api-keys.js';
import { envelope, idBody, P, pageQuery } from './http.js';

const keySchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    hint: { type: 'string' },
    permissions: { type: 'array', items: { type: 'string' } },
    dataScope: { type: 'string', enum: [...DATA_SCOPES] },
    expiresAt: { type: ['string', 'null'] },
    createdBy: { type: 'integer' },
    createdByName: { type: ['string', 'null'] },
    createdAt: { type: 'string' },
    lastUsedAt: { type: ['string', 'null'] },
    revokedAt: { type: ['string', 'null'] },
    state: { type: 'string', enum: ['active', 'expired', 'revoked'] },
  },
};

/**
 * API keys of other systems (settings, API keys). Only a person manages keys: a key is refused on these routes
 * (personOnly), so a key can neither make nor revoke keys.
 */
export async function apiKeyRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { page: number; limit: number } }>(
    '/api-integration/apiKeys/page',
    {
      config: { permission: P.keyView, personOnly: true },
      schema: {
        tags: ['integrations'],
        summary: 'API keys of the company, newest first (never their secrets)',
        querystring: pageQuery,
        response: { 200: envelope({ type: 'array', items: keySchema }) },
      },
    },
    (req) =>
      req.tenant(async (tx) => {
        const r = await listKeys(tx, req.query.page, req.query.limit);
        return page(r.rows, r.count);
      }),
  );

  app.get(
    '/api-integration/apiKeys/grantable',
    {
      config: { permission: P.keyAdd, personOnly: true },
      schema: {
        tags: ['integrations'],
        summary: 'Permission codes the caller may give a key (their own)',
        response: {
          200: envelope({
            type: 'array',
            items: { type: 'object', properties: { code: { type: 'string' }, label: { type: 'string' } } },
          }),
        },
      },
    },
    (req) => req.tenant(async (tx) => ok(await grantableCodes(tx, req.me(), req.lang))),
  );

  app.get(
    '/api-integration/apiKeys/grantableScope',
    {
      config: { permission: P.keyAdd, personOnly: true },
      schema: {
        tags: ['integrations'],
        summary: 'The widest data scope the caller may give a key (their own widest)',
        response: { 200: envelope({ type: 'string', enum: [...DATA_SCOPES] }) },
      },
    },
    (req) => req.tenant(async (tx) => ok(await grantableScope(tx, req.me()))),
  );

  app.post<{ Body: KeyInput }>(
    '/api-integration/apiKeys/save',
    {
      config: { permission: P.keyAdd, personOnly: true },
      schema: {
        tags: ['integrations'],
        summary: 'Creates an API key; its secret is in this answer only (stored as a hash)',
        body: {
          type: 'object',
          required: ['name', 'permissions'],
          properties: {
            name: { type: 'string', maxLength: NAME_MAX * 4 },
            permissions: { type: 'array', maxItems: 2000, items: { type: 'string', maxLength: 200 } },
            expiresAt: { type: ['string', 'null'], maxLength: 40 },
            dataScope: { type: 'string', maxLength: 40 },
          },
        },
        response: {
          200: envelope({ type: 'object', properties: { key: keySchema, secret: { type: 'string' } } }),
        },
      },
    },
    (req) => req.tenant(async (tx) => ok(await createKey(tx, req.me(), req.body, req.lang))),
  );

  app.post<{ Body: { id: number } }>(
    '/api-integration/apiKeys/revoke',
    {
      config: { permission: P.keyRevoke, personOnly: true },
      schema: {
        tags: ['integrations'],
        summary: 'Revokes an API key: refused from the next request on, on every server',
        body: idBody,
        response: { 200: envelope(keySchema) },
      },
    },
    (req) => req.tenant(async (tx) => ok(await revokeKey(tx, req.body.id, req.lang))),
  );
}
