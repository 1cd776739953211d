import type { FastifyContextConfig, FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { accessErrorReply, databaseErrorReply } from '../http/error-handler.js';
import { AppError, forbidden, unauthorized } from '../http/errors.js';
import { pickLang } from '../i18n/index.js';
import { ownerDb } from '../system/owner.js';
import { type TenantTxOptions, withTenant } from '../tenancy/tenant-tx.js';
import { apiKeyOf, apiKeyPrincipal, KeyRateLimit } from './api-key.js';
import { loadPrincipal, type Principal, principalFromRow, rememberedPrincipal, sessionCheckSql } from './principal.js';
import { bearerToken } from './tokens.js';

export interface RouteInfo {
  method: string;
  url: string;
  config: FastifyContextConfig;
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** An access token in the query (access_token or token), which only routes with config.queryToken take. */
function queryToken(req: FastifyRequest): string | null {
  const q = req.query as Record<string, unknown> | undefined;
  const fromQuery = q?.access_token ?? q?.token;
  return typeof fromQuery === 'string' && fromQuery.length > 0 ? fromQuery : null;
}

/**
 * The access token of a request: the Authorization header; on a route with config.queryToken, else the
 * query. A token in a URL ends up in logs, history and Referer headers, so no other route takes one.
 */
export function requestToken(req: FastifyRequest): string | null {
  const fromHeader = bearerToken(req.headers.authorization);
  if (fromHeader) return fromHeader;
  return req.routeOptions.config?.queryToken ? queryToken(req) : null;
}

/**
 * Authentication and authorisation for every route, applied once:
 *  - a route is public, self-service (any logged-in user) or carries a permission code;
 *  - a route that changes data without a permission code or a self-service flag is refused at start-up.
 */
export function registerAuth(app: FastifyInstance): void {
  const db = ownerDb(app);
  const keyLimit = new KeyRateLimit(app.config.apiKeyRatePerMinute);
  app.decorateRequest('principal', null);
  app.decorateRequest('lang', 'zh');
  app.decorateRequest('me', function (this: FastifyRequest) {
    if (!this.principal) throw unauthorized();
    return this.principal;
  });
  app.decorateRequest('sessionPending', false);
  app.decorateRequest('tenant', function <
    T,
  >(this: FastifyRequest, fn: Parameters<FastifyRequest['tenant']>[0], options?: TenantTxOptions) {
    const p = this.me();
    const sql = this.sessionPending ? sessionCheckSql(p.sessionId) : null;
    const req = this;
    // The principal as confirmed (a confirmation may have refreshed it) acts in the transaction.
    const acting: typeof fn = (tx) => {
      tx.permissions = req.me().permissions;
      tx.keyScope = req.me().keyScope ?? null;
      return fn(tx);
    };
    if (!sql) return withTenant(db, p.tenantId, p.userId, acting, undefined, options) as Promise<T>;
    // The session is confirmed in the round trip that opens the transaction, before fn reads anything.
    return withTenant(
      db,
      p.tenantId,
      p.userId,
      acting,
      {
        sql,
        async verify(rows, tx) {
          confirm(req, await principalFromRow(db, tx, rows[0], p.sessionId, p.userId, p.tenantId));
        },
      },
      options,
    ) as Promise<T>;
  });

  const catalogue: RouteInfo[] = [];
  app.decorate('routeCatalogue', catalogue);
  app.addHook('onRoute', (route: RouteOptions) => {
    const cfg = route.config ?? {};
    // The OpenAPI document says which routes need no token (its default is the bearer token).
    if (cfg.public) route.schema = { ...route.schema, security: [] };
    else if (cfg.personOnly || cfg.selfService) route.schema = { ...route.schema, security: [{ bearer: [] }] };
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) if (method !== 'HEAD') catalogue.push({ method, url: route.url, config: cfg });
    const changes = methods.some((m) => !READ_METHODS.has(m));
    if (changes && !cfg.public && !cfg.permission && !cfg.selfService && !cfg.checksPermission) {
      throw new Error(`Route ${methods.join(',')} ${route.url} changes data but declares no permission code`);
    }
  });

  app.addHook('onRequest', async (req) => {
    req.lang = pickLang(req.headers.lang, req.headers['accept-language']);
    const cfg = req.routeOptions.config ?? {};
    // Another system's API key: the one other way in, refused where only a person may act (login, passwords,
    // the keys themselves) and on a person's own things (self-service: their messages, profile, socket); checked
    // against the database on every request (auth/api-key.ts).
    const apiKey = apiKeyOf(req.headers.authorization);
    if (apiKey && req.routeOptions.url) {
      if (cfg.personOnly || cfg.selfService) throw forbidden('integrations.auth.personOnly');
      if (!cfg.public) {
        const principal = await apiKeyPrincipal(db, apiKey, keyLimit);
        authorize(cfg, principal);
        req.principal = principal;
        return;
      }
    }
    if (cfg.public) {
      // Public routes may still know the caller (for example logout with a token).
      const token = requestToken(req);
      const claims = token ? await app.tokens.verify(token) : null;
      if (claims) req.principal = await loadPrincipal(db, claims.sessionId, claims.userId, claims.tenantId);
      return;
    }
    if (!req.routeOptions.url) return; // 404: let the not-found handler answer
    const token = requestToken(req);
    if (!token) throw unauthorized(queryToken(req) ? 'errors.tokenInQuery' : 'errors.tokenMissing');
    const claims = await app.tokens.verify(token);
    if (!claims) throw unauthorized('errors.tokenInvalid');
    // A read starts from the session's last confirmed principal and confirms it inside its first tenant
    // transaction (req.tenant), or before its answer leaves (onSend below): one round trip less per read.
    // A change always confirms first.
    const remembered =
      req.method === 'GET' ? rememberedPrincipal(db, claims.sessionId, claims.userId, claims.tenantId) : null;
    if (remembered) {
      try {
        authorize(cfg, remembered);
        req.principal = remembered;
        req.sessionPending = true;
        return;
      } catch {
        // A refusal is only ever given on a confirmed principal: fall through to the full check.
      }
    }
    confirm(req, await loadPrincipal(db, claims.sessionId, claims.userId, claims.tenantId));
  });

  // A read whose handler opened no tenant transaction confirms its session here, before its answer leaves.
  app.addHook('onSend', async (req, reply, payload) => {
    if (!req.sessionPending) return payload;
    const p = req.principal!;
    try {
      confirm(req, await loadPrincipal(db, p.sessionId, p.userId, p.tenantId));
      return payload;
    } catch (err) {
      // An error here would bypass the error handler: answer a refusal or a database outage the same way.
      const answer = err instanceof AppError ? accessErrorReply(err, req.lang) : databaseErrorReply(err, req);
      if (!answer) throw err;
      (payload as { destroy?: () => void } | null)?.destroy?.();
      const { status, body } = answer;
      reply.code(status).removeHeader('content-disposition').type('application/json; charset=utf-8');
      return JSON.stringify(body);
    }
  });
}

/** Takes the session's current principal for the request (401 when the session has ended) and authorizes it. */
function confirm(req: FastifyRequest, current: Principal | null): void {
  req.sessionPending = false;
  if (!current) throw unauthorized('errors.sessionEnded');
  req.principal = current;
  authorize(req.routeOptions.config ?? {}, current);
}

/** The route's own demands on a principal: the operator company, a permission code. */
function authorize(cfg: FastifyContextConfig, principal: Principal): void {
  if (cfg.platform && !principal.isPlatform) throw forbidden('errors.platformOnly');
  if (cfg.permission) {
    const codes: readonly string[] = typeof cfg.permission === 'string' ? [cfg.permission] : cfg.permission;
    if (!codes.some((c) => principal.permissions.has(c)))
      throw forbidden('errors.noPermission', { code: codes.join(' | ') });
  }
}

export function isAppError(e: unknown): e is AppError {
  return e instanceof AppError;
}
