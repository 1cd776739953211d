/** A person's sessions (login, refresh, logout, ended by a password change or a disabled company): a declared owner place. */
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/index.js';
import { AppError } from '../http/errors.js';
import { ownerDb } from '../system/owner.js';
import { newRefreshToken, parseRefreshToken } from './tokens.js';

export interface TokenPair {
  access_token: string;
  refresh_token: string;
  token_type: 'bearer';
  expires_in: number;
}

/** Opens a session for a user who proved who they are, and returns its tokens. */
export async function openSession(
  app: FastifyInstance,
  user: { id: number; tenant_id: number },
  meta: { ip: string; userAgent?: string },
): Promise<TokenPair> {
  const refresh = newRefreshToken();
  await ownerDb(app).query(
    `insert into sessions(tenant_id, id, user_id, refresh_hash, expires_at, last_ip, user_agent)
     values ($1, $2, $3, $4, now() + make_interval(secs => $5), $6, $7)`,
    [
      user.tenant_id,
      refresh.sessionId,
      user.id,
      refresh.hash,
      app.config.refreshTokenSeconds,
      meta.ip,
      meta.userAgent ?? null,
    ],
  );
  return pair(app, user, refresh.sessionId, refresh.token);
}

async function pair(
  app: FastifyInstance,
  user: { id: number; tenant_id: number },
  sessionId: string,
  refreshToken: string,
): Promise<TokenPair> {
  const access = await app.tokens.sign({ userId: user.id, tenantId: user.tenant_id, sessionId });
  return {
    access_token: access,
    refresh_token: refreshToken,
    token_type: 'bearer',
    expires_in: app.tokens.accessSeconds,
  };
}

/**
 * Rotates a refresh token: the old one stops working at once. Presenting an already rotated token
 * (a stolen copy) ends the whole session.
 */
export async function rotateSession(app: FastifyInstance, token: unknown): Promise<TokenPair> {
  const parsed = parseRefreshToken(token);
  if (!parsed) throw new AppError('unauthorized', 'errors.refreshInvalid');
  const outcome = await ownerDb(app).transaction(async (tx): Promise<TokenPair | 'invalid' | 'replayed'> => {
    const r = await tx.query<{ tenant_id: number; user_id: number; refresh_hash: string; live: boolean }>(
      `select s.tenant_id, s.user_id, s.refresh_hash,
              (s.revoked_at is null and s.expires_at > now() and u.state = 1 and not u.deleted and c.state = 1) as live
         from sessions s join users u on u.tenant_id = s.tenant_id and u.id = s.user_id
         join companies c on c.id = s.tenant_id
        where s.id = $1 for update of s`,
      [parsed.sessionId],
    );
    const s = r.rows[0];
    if (!s?.live) return 'invalid';
    if (s.refresh_hash !== parsed.hash) {
      await tx.query('update sessions set revoked_at = now() where id = $1', [parsed.sessionId]);
      return 'replayed';
    }
    const next = newRefreshToken(parsed.sessionId);
    await tx.query(
      'update sessions set refresh_hash = $2, expires_at = now() + make_interval(secs => $3) where id = $1',
      [parsed.sessionId, next.hash, app.config.refreshTokenSeconds],
    );
    return pair(app, { id: s.user_id, tenant_id: s.tenant_id }, parsed.sessionId, next.token);
  });
  if (typeof outcome === 'string') throw new AppError('unauthorized', 'errors.refreshInvalid');
  return outcome;
}

export async function revokeSession(db: Queryable, sessionId: string): Promise<void> {
  await db.query('update sessions set revoked_at = now() where id = $1 and revoked_at is null', [sessionId]);
}

/** Ends every session of a user (password changed, user disabled or deleted). */
export async function revokeUserSessions(db: Queryable, tenantId: number, userId: number): Promise<void> {
  await db.query(
    'update sessions set revoked_at = now() where tenant_id = $1 and user_id = $2 and revoked_at is null',
    [tenantId, userId],
  );
}

/** Ends every session of a company's users (the company disabled by the operator). */
export async function revokeTenantSessions(db: Queryable, tenantId: number): Promise<void> {
  await db.query('update sessions set revoked_at = now() where tenant_id = $1 and revoked_at is null', [tenantId]);
}
