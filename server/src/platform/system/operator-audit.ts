import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../http/errors.js';
import { t } from '../i18n/index.js';
import { ownerDb } from './owner.js';

/** Body fields never kept in the audit log. */
const SECRET = /password/i;

const redact = (body: unknown): unknown =>
  body && typeof body === 'object' && !Array.isArray(body)
    ? Object.fromEntries(Object.entries(body).map(([k, v]) => [k, SECRET.test(k) ? '***' : v]))
    : body;

/**
 * The operator's calls on platform routes (config.platform: operator console, menu editor, item and role
 * templates, wherever they are declared) kept in the operator company's audit log: who, which call, with which
 * body (passwords left out). Registered once for the whole app, so a new platform route is covered.
 *  - a POST that succeeded: action 'call', after = the body;
 *  - a POST refused by a business rule (HTTP 200 with rtnCode 201): action 'refused', after = { body, reason }
 *    with the message key and its text in the caller's language; it is not logged as a change;
 *  - HTTP errors (400, 403, 404, ...) and readOnly POSTs (previews) are not logged.
 */
export function auditOperatorChanges(app: FastifyInstance): void {
  const refusals = new WeakMap<FastifyRequest, AppError>();
  app.addHook('onError', async (req, _reply, err) => {
    if (err instanceof AppError && err.kind === 'business') refusals.set(req, err);
  });
  // Before the answer is sent (onSend), so a call that returned is in the log already.
  app.addHook('onSend', async (req, reply, payload) => {
    const config = req.routeOptions.config;
    if (req.method !== 'POST' || reply.statusCode >= 400 || !config?.platform || config.readOnly) return payload;
    let me: { tenantId: number; userId: number };
    try {
      me = req.me();
    } catch {
      return payload;
    }
    const body = redact(req.body) ?? null;
    const refused = refusals.get(req);
    const after = refused
      ? { body, reason: { key: refused.key, msg: t(req.lang ?? 'zh', refused.key, refused.params) } }
      : body;
    await ownerDb(app)
      .query(
        `insert into audit_log(tenant_id, user_id, entity, record_id, action, after)
         values ($1, $2, 'operator', $3, $4, $5::jsonb)`,
        [me.tenantId, me.userId, req.routeOptions.url ?? req.url, refused ? 'refused' : 'call', JSON.stringify(after)],
      )
      .catch((err: unknown) => req.log.error({ err }, 'could not audit an operator change'));
    return payload;
  });
}
