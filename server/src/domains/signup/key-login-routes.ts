import type { FastifyInstance } from 'fastify';
import { openSession } from '../../platform/auth/sessions.js';
import { ok } from '../../platform/http/envelope.js';
import { AppError } from '../../platform/http/errors.js';
import { response } from '../../platform/http/route-kit.js';
import { ownerDb } from '../../platform/system/owner.js';
import { oauthErrorSchema, tokenPairSchema } from '../identity/schemas.js';
import { parseTenantCode, randomCode, sha256, tenantCode } from './codes.js';

/** A hand-over key opens one session within a minute. */
export const LOGIN_KEY_SECONDS = 60;

/**
 * Hand-over login between systems (spec 7.1): a signed-in client (the MES, the mobile app) asks
 * /api-mes/Home/InterfaceLogin for a one-time key and opens /auth-redirect?key=...; the web exchanges the key
 * at /sys/key_login for tokens of the same user, so nobody types a password twice.
 */
export async function keyLoginRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { redirect?: string } }>(
    '/api-mes/Home/InterfaceLogin',
    {
      config: { selfService: true },
      schema: {
        tags: ['auth'],
        summary: 'A one-time key (valid 60 s) that logs the caller into the web application',
        querystring: { type: 'object', properties: { redirect: { type: 'string', maxLength: 500, pattern: '^/' } } },
        response,
      },
    },
    async (req) => {
      const p = req.me();
      const key = tenantCode(p.tenantId, randomCode(32));
      await req.tenant((tx) =>
        tx.insert(
          'login_keys',
          { key_hash: sha256(key), user_id: p.userId, expires_at: new Date(Date.now() + LOGIN_KEY_SECONDS * 1000) },
          'user_id',
        ),
      );
      const redirect = req.query.redirect ? `&redirect=${encodeURIComponent(req.query.redirect)}` : '';
      return ok({ key, expiresIn: LOGIN_KEY_SECONDS, url: `/auth-redirect?key=${encodeURIComponent(key)}${redirect}` });
    },
  );

  app.post<{ Body: { key?: string } }>(
    '/sys/key_login',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Exchange a one-time key from InterfaceLogin for tokens (the key works once)',
        security: [],
        body: { type: 'object', properties: { key: { type: 'string', maxLength: 200 } } },
        response: { 200: tokenPairSchema, 401: oauthErrorSchema },
      },
    },
    async (req) => {
      const parsed = parseTenantCode(req.body?.key);
      if (!parsed) throw new AppError('unauthorized', 'signup.keyLogin.invalid');
      const key = tenantCode(parsed.tenantId, parsed.random);
      const user = await ownerDb(app).transaction(async (tx) => {
        const r = await tx.query<{ id: number; tenant_id: number }>(
          `update login_keys k set used_at = now()
             from users u, companies c
            where k.tenant_id = $1 and k.key_hash = $2 and k.used_at is null and k.expires_at > now()
              and u.tenant_id = k.tenant_id and u.id = k.user_id and u.state = 1 and not u.deleted
              and c.id = k.tenant_id and c.state = 1
           returning u.id, u.tenant_id`,
          [parsed.tenantId, sha256(key)],
        );
        return r.rows[0] ?? null;
      });
      if (!user) throw new AppError('unauthorized', 'signup.keyLogin.invalid');
      return openSession(app, user, { ip: req.ip, userAgent: req.headers['user-agent'] });
    },
  );
}
