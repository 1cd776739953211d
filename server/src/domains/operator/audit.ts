import type { FastifyInstance } from 'fastify';
import { ownerDb } from '../../platform/system/owner.js';

/** Body fields never kept in the audit log. */
const SECRET = /password/i;

const redact = (body: unknown): unknown =>
  body && typeof body === 'object' && !Array.isArray(body)
    ? Object.fromEntries(Object.entries(body).map(([k, v]) => [k, SECRET.test(k) ? '***' : v]))
    : body;

/**
 * Every change the operator makes on a platform route (a POST that succeeded) is kept in the operator
 * company's audit log: who, which call, with which body (passwords left out).
 */
export function auditOperatorChanges(app: FastifyInstance): void {
  app.addHook('onResponse', async (req, reply) => {
    const config = req.routeOptions.config;
    if (req.method !== 'POST' || reply.statusCode >= 400 || !config?.platform || config.readOnly) return;
    let me: { tenantId: number; userId: number };
    try {
      me = req.me();
    } catch {
      return;
    }
    await ownerDb(app)
      .query(
        `insert into audit_log(tenant_id, user_id, entity, record_id, action, after)
         values ($1, $2, 'operator', $3, 'call', $4::jsonb)`,
        [me.tenantId, me.userId, req.routeOptions.url ?? req.url, JSON.stringify(redact(req.body) ?? null)],
      )
      .catch((err: unknown) => req.log.error({ err }, 'could not audit an operator change'));
  });
}
