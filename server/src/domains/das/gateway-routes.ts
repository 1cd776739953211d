import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../platform/http/envelope.js';
import { forbidden, notFound } from '../../platform/http/errors.js';
import { t } from '../../platform/i18n/index.js';
import { auditChange } from '../../platform/resources/audit.js';
import { staticModel } from '../../platform/resources/model.js';
import { bodySchema, envelope, recordSchema } from '../../platform/resources/openapi.js';
import { readContext } from '../../platform/resources/read.js';
import type { WireRow } from '../../platform/resources/types.js';
import { createRow, updateRow } from '../../platform/resources/write.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { hashSecret, newClientId, newSecret } from './gateway-secret.js';
import { P } from './permissions.js';
import { gatewayEntity } from './resources.js';

const idBody = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } },
};

/** A new secret for the gateway, kept as its hash only; the secret itself is returned once, to be shown once. */
async function issueSecret(tx: TenantTx, id: number): Promise<string> {
  const secret = newSecret();
  const r = await tx.query(
    'update das_gateways set secret_hash = $3 where tenant_id = $1 and id = $2 and deleted_at is null',
    [tx.tenantId, id, hashSecret(secret)],
  );
  if (r.rowCount === 0) throw notFound();
  return secret;
}

/**
 * Gateways beyond the engine's routes: a create issues the client id and the first secret (shown once, in the
 * answer's `secret`); rotate replaces the secret, and the old one stops working at once (the next login or
 * HTTP request is checked against the new hash).
 */
export const gatewayRoutes: FastifyPluginAsync = async (app) => {
  const model = staticModel(gatewayEntity);
  const withSecret = {
    type: 'object',
    properties: { ...(recordSchema(model) as { properties: object }).properties, secret: { type: 'string' } },
    additionalProperties: true,
  };

  app.post<{ Body: WireRow }>(
    '/api-das/gateway/save',
    {
      config: { permission: [P.gatewayAdd, P.gatewayEdit] },
      attachValidation: true,
      schema: {
        tags: [gatewayEntity.name],
        summary: 'gateway: create (issues the client id and a secret, shown once) or, with id, change one',
        body: bodySchema(model, false),
        response: { 200: envelope(withSecret) },
      },
    },
    async (req) => {
      const body = req.body ?? {};
      const editing = body.id !== undefined && body.id !== null && body.id !== '';
      const code = editing ? P.gatewayEdit : P.gatewayAdd;
      if (!req.me().permissions.has(code)) throw forbidden('errors.noPermission', { code });
      const result = await req.tenant(async (tx) => {
        const ctx = await readContext(tx, gatewayEntity, req.lang);
        if (editing) return { row: await updateRow(tx, ctx, body.id, body), secret: undefined };
        // What a person may set, and the client id the system gives (a system write: the id is read-only).
        const input: WireRow = { clientId: newClientId(tx.tenantId) };
        for (const f of gatewayEntity.fields)
          if (!f.readOnly && !f.computed && body[f.name] !== undefined) input[f.name] = body[f.name];
        if (body.custom !== undefined) input.custom = body.custom;
        const row = await createRow(tx, ctx, input, { system: true });
        return { row, secret: await issueSecret(tx, Number(row.id)) };
      });
      return ok({ ...result.row, ...(result.secret ? { secret: result.secret } : {}) });
    },
  );

  app.post<{ Body: { id: number } }>(
    '/api-das/gateway/rotate',
    {
      config: { permission: P.gatewayRotate },
      schema: {
        tags: [gatewayEntity.name],
        summary: 'gateway: a new secret (shown once); the old one stops working',
        body: idBody,
        response: {
          200: envelope({ type: 'object', properties: { clientId: { type: 'string' }, secret: { type: 'string' } } }),
        },
      },
    },
    async (req) => {
      const out = await req.tenant(async (tx) => {
        const g = await tx.query<{ client_id: string }>(
          'select client_id from das_gateways where tenant_id = $1 and id = $2 and deleted_at is null for update',
          [tx.tenantId, req.body.id],
        );
        if (!g.rows[0]) throw notFound();
        const secret = await issueSecret(tx, req.body.id);
        // Who rotated it and when; the secret and its hash are in no audit row.
        await auditChange(tx, gatewayEntity.name, req.body.id, 'update', null, { secretRotated: true });
        return { clientId: g.rows[0].client_id, secret };
      });
      app.das.directory.forget(out.clientId);
      return ok(out, t(req.lang, 'das.messages.rotated'));
    },
  );
};
