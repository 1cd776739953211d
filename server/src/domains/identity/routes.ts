import type { FastifyInstance } from 'fastify';
import { hashPassword, passwordRuleError, stripChinese, verifyPassword } from '../../platform/auth/password.js';
import { openSession, revokeSession, revokeUserSessions, rotateSession } from '../../platform/auth/sessions.js';
import { ok } from '../../platform/http/envelope.js';
import { AppError, businessError } from '../../platform/http/errors.js';
import { ownerDb } from '../../platform/system/owner.js';
import { loadCurrentUser, userRoles } from './current-user.js';
import { oauthErrorSchema as oauthError, tokenPairSchema } from './schemas.js';
import { LoginThrottle } from './throttle.js';

const envelope = {
  type: 'object',
  additionalProperties: true,
  properties: { rtnCode: { type: 'integer' }, msg: { type: 'string' } },
};

interface LoginBody {
  username?: string;
  password?: string;
}
interface UserLoginRow {
  id: number;
  tenant_id: number;
  password_hash: string;
  state: number;
  company_state: number;
}

/** Login, refresh, logout, session and the caller's own profile and password. */
export async function identityRoutes(app: FastifyInstance): Promise<void> {
  const throttle = new LoginThrottle(ownerDb(app), {
    perAccount: app.config.loginMaxFailures,
    perAddress: app.config.loginMaxAddressFailures,
    lockSeconds: app.config.loginLockSeconds,
  });
  const locked = (seconds: number): never => {
    throw new AppError('unauthorized', 'errors.login.locked', { minutes: Math.ceil(seconds / 60) });
  };

  app.post<{ Body: LoginBody }>(
    '/sys/login',
    {
      config: { public: true, personOnly: true },
      schema: {
        tags: ['auth'],
        summary: 'Log in with a user name and password (JSON or form)',
        security: [],
        body: {
          type: 'object',
          properties: { username: { type: 'string', maxLength: 100 }, password: { type: 'string', maxLength: 200 } },
        },
        response: { 200: tokenPairSchema, 401: oauthError },
      },
    },
    async (req) => {
      const username = String(req.body?.username ?? '').trim();
      const password = stripChinese(req.body?.password);
      if (!username || !password) throw new AppError('unauthorized', 'errors.login.missing');
      const user = await throttle.attempt(
        username,
        req.ip,
        async (attempt) => {
          const r = await ownerDb(app).query<UserLoginRow>(
            `select u.id, u.tenant_id, u.password_hash, u.state, c.state as company_state
               from users u join companies c on c.id = u.tenant_id
              where lower(u.username) = lower($1) and not u.deleted`,
            [username],
          );
          const found = r.rows[0];
          if (!found || !(await verifyPassword(password, found.password_hash))) {
            const lock = await attempt.fail();
            if (lock > 0) locked(lock);
            throw new AppError('unauthorized', 'errors.login.badCredentials');
          }
          await attempt.succeed();
          return found;
        },
        locked,
      );
      if (user.state !== 1) throw new AppError('unauthorized', 'errors.login.userDisabled');
      if (user.company_state !== 1) throw new AppError('unauthorized', 'errors.login.companyDisabled');
      return openSession(app, user, { ip: req.ip, userAgent: req.headers['user-agent'] });
    },
  );

  app.post<{ Body: { refresh_token?: string } }>(
    '/sys/refresh_token',
    {
      config: { public: true, personOnly: true },
      schema: {
        tags: ['auth'],
        summary: 'Exchange a refresh token for new tokens; the old refresh token stops working',
        security: [],
        body: { type: 'object', properties: { refresh_token: { type: 'string', maxLength: 200 } } },
        response: { 200: tokenPairSchema, 401: oauthError },
      },
    },
    async (req) => rotateSession(app, req.body?.refresh_token),
  );

  app.get(
    '/sys/logout',
    {
      config: { public: true, personOnly: true },
      schema: { tags: ['auth'], summary: 'End the session of the access token', response: { 200: envelope } },
    },
    async (req) => {
      if (req.principal) await revokeSession(ownerDb(app), req.principal.sessionId);
      return ok(null);
    },
  );

  app.get(
    '/sys/getSession',
    { config: { selfService: true, personOnly: true }, schema: { tags: ['auth'], response: { 200: envelope } } },
    async (req) => {
      const p = req.me();
      const r = await ownerDb(app).query<{ created_at: Date; expires_at: Date }>(
        'select created_at, expires_at from sessions where id = $1',
        [p.sessionId],
      );
      return ok({
        sessionId: p.sessionId,
        userId: p.userId,
        tenantId: p.tenantId,
        createdAt: r.rows[0]?.created_at,
        expiresAt: r.rows[0]?.expires_at,
      });
    },
  );

  app.get(
    '/user/info',
    {
      // Spec 7.1 names this call with the token in the query.
      config: { selfService: true, queryToken: true },
      schema: {
        tags: ['auth'],
        summary: 'Roles and display name of the token owner',
        querystring: { type: 'object', properties: { token: { type: 'string' } } },
        response: { 200: envelope },
      },
    },
    async (req) => {
      const p = req.me();
      return req.tenant(async (tx) => {
        const u = await tx.get<{ peoplename: string; avatar: string | null; introduction: string | null }>(
          'users',
          p.userId,
        );
        return ok({
          roles: await userRoles(tx, p),
          name: u.peoplename,
          avatar: u.avatar ?? '',
          introduction: u.introduction ?? '',
        });
      });
    },
  );

  app.get(
    '/api-user/users/current',
    {
      config: { selfService: true },
      schema: { tags: ['auth'], summary: 'The current user', response: { 200: envelope } },
    },
    async (req) => ok(await req.tenant((tx) => loadCurrentUser(tx, req.me()))),
  );

  app.post<{ Body: { password?: string; newpassword?: string; verifynewpassword?: string } }>(
    '/api-user/users/updatePassword',
    {
      config: { selfService: true, personOnly: true },
      schema: {
        tags: ['auth'],
        summary: 'Change the own password; every session of the user ends',
        body: {
          type: 'object',
          properties: {
            password: { type: 'string', maxLength: 200 },
            newpassword: { type: 'string', maxLength: 200 },
            verifynewpassword: { type: 'string', maxLength: 200 },
          },
        },
        response: { 200: envelope },
      },
    },
    async (req) => {
      const p = req.me();
      const current = stripChinese(req.body?.password);
      const next = stripChinese(req.body?.newpassword);
      const verify = stripChinese(req.body?.verifynewpassword);
      if (!current) throw fieldError('password', 'errors.password.originalRequired');
      const rule = passwordRuleError(next, verify);
      if (rule) throw fieldError(rule.field, rule.key);
      await req.tenant(async (tx) => {
        const u = await tx.get<{ password_hash: string }>('users', p.userId, 'password_hash');
        if (!(await verifyPassword(current, u.password_hash)))
          throw fieldError('password', 'errors.password.originalWrong');
        if (current === next) throw fieldError('newpassword', 'errors.password.sameAsOld');
        await tx.update('users', p.userId, {
          password_hash: await hashPassword(next),
          must_change_password: false,
          updated_at: new Date(),
          updated_by: p.userId,
        });
        await revokeUserSessions(tx, p.tenantId, p.userId);
      });
      return ok(null, 'success');
    },
  );

  app.post<{ Body: { peopleid?: number | string; newpassword?: string; verifynewpassword?: string } }>(
    '/api-user/users/resetPassword',
    {
      config: { permission: 'setUp:organize:resetPassword', personOnly: true },
      schema: {
        tags: ['auth'],
        summary: "Set another user's password; they must change it at next login",
        body: {
          type: 'object',
          properties: {
            peopleid: { type: ['integer', 'string'] },
            newpassword: { type: 'string', maxLength: 200 },
            verifynewpassword: { type: 'string', maxLength: 200 },
          },
        },
        response: { 200: envelope },
      },
    },
    async (req) => {
      const p = req.me();
      const next = stripChinese(req.body?.newpassword);
      const rule = passwordRuleError(next, stripChinese(req.body?.verifynewpassword));
      if (rule) throw fieldError(rule.field, rule.key);
      await req.tenant(async (tx) => {
        const target = await tx.find<{ id: number }>('users', req.body?.peopleid, 'id');
        if (!target) throw fieldError('peopleid', 'errors.userNotFound');
        await tx.update('users', target.id, {
          password_hash: await hashPassword(next),
          must_change_password: true,
          updated_at: new Date(),
          updated_by: p.userId,
        });
        await revokeUserSessions(tx, p.tenantId, target.id);
      });
      return ok(null);
    },
  );
}

function fieldError(field: string, key: string): AppError {
  const e = businessError(key);
  return new AppError(e.kind, e.key, e.params, field);
}
