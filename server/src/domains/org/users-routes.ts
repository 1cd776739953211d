import type { FastifyInstance } from 'fastify';
import { hashPassword, passwordRuleError, stripChinese } from '../../platform/auth/password.js';
import { revokeUserSessions } from '../../platform/auth/sessions.js';
import { ok, page } from '../../platform/http/envelope.js';
import { businessError, notFound } from '../../platform/http/errors.js';
import {
  bodyIds,
  fieldError,
  filter,
  id,
  idBody,
  idsBody,
  optDate,
  optText,
  paging,
  response,
  text,
} from '../../platform/http/route-kit.js';
import { t } from '../../platform/i18n/index.js';
import { assertRowUnchanged, readVersionSchema } from '../../platform/resources/edit-check.js';
import { assertUsernameFree } from '../../platform/system/usernames.js';
import { assertUserRoom } from './user-limit.js';
import {
  assertAdminRemains,
  checkRefs,
  deleteBlockers,
  getUser,
  holdsAdminRole,
  listUsers,
  mapUserViolation,
  setUserRoles,
  type UserFields,
  type UserFilter,
  userColumns,
} from './users.js';

const VIEW = ['setUp:organize:view', 'setUp:role:view'];

/** Login names: no white space and no '#' (deleted members keep theirs as name#id). */
export const usernameSchema = { type: 'string', minLength: 2, maxLength: 50, pattern: '^[^\\s#\\u0000]+$' };

/** The member fields of spec 3.1 as accepted on the wire (save, update, batch saves). */
export const userProps = {
  peoplename: text(50),
  number: optText(50),
  organizationid: id,
  mobile: { type: ['string', 'null'], maxLength: 30, pattern: '^[0-9+() -]*$' },
  username: usernameSchema,
  usertype: { type: 'integer', minimum: 0, maximum: 9 },
  roleIds: { type: 'array', items: id, maxItems: 100 },
  label: optText(100),
  is_repairman: { type: 'boolean' },
  is_repair_leader: { type: 'boolean' },
  email: {
    type: ['string', 'null'],
    maxLength: 100,
    pattern: '^$|^[^@\\s\\u0000]+@[^@\\s\\u0000]+\\.[^@\\s\\u0000]+$',
  },
  sex: { type: ['integer', 'null'], minimum: 0, maximum: 2 },
  pinyin: optText(100),
  entry_date: optDate,
  birthday: optDate,
  landline: optText(30),
  note: optText(500),
  state: { type: 'integer', enum: [0, 1] },
};

interface SaveBody extends UserFields {
  password?: string;
  verifypassword?: string;
}

/** Organisation members (spec 3.1, 7.2 users/...). */
export async function userRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: UserFilter }>(
    '/api-user/users/all',
    {
      config: { permission: VIEW },
      schema: {
        tags: ['org'],
        summary: 'Members, paged; organizationid includes its sub-organisations',
        querystring: {
          type: 'object',
          properties: {
            ...paging,
            peoplename: filter(50),
            username: filter(50),
            number: filter(50),
            mobile: filter(30),
            organizationid: id,
            state: { type: 'integer', enum: [0, 1] },
            roleId: id,
            is_repairman: { type: 'boolean' },
          },
        },
        response,
      },
    },
    async (req) => {
      const { rows, count } = await req.tenant((tx) => listUsers(tx, req.query));
      return page(rows, count);
    },
  );

  app.get<{ Querystring: { id: number } }>(
    '/api-user/users/getUseInfo',
    {
      config: { permission: VIEW },
      schema: {
        tags: ['org'],
        summary: 'One member',
        querystring: { type: 'object', required: ['id'], properties: { id } },
        response,
      },
    },
    async (req) => ok(await req.tenant((tx) => getUser(tx, req.query.id))),
  );

  app.post<{ Body: SaveBody }>(
    '/api-user/users/save',
    {
      config: { permission: 'setUp:organize:add' },
      schema: {
        tags: ['org'],
        summary: 'Add a member with an initial password; they must change it at first login',
        body: {
          type: 'object',
          required: ['peoplename', 'username', 'organizationid'],
          properties: {
            ...userProps,
            password: filter(200),
            verifypassword: filter(200),
          },
        },
        response,
      },
    },
    async (req) => {
      const p = req.me();
      const b = req.body;
      const password = stripChinese(b.password);
      const verify = b.verifypassword === undefined ? password : stripChinese(b.verifypassword);
      const rule = passwordRuleError(password, verify);
      if (rule) throw fieldError(rule.field === 'newpassword' ? 'password' : 'verifypassword', rule.key);
      const username = b.username!.trim();
      await assertUsernameFree(app, username);
      const hash = await hashPassword(password);
      const userId = await req
        .tenant(async (tx) => {
          await checkRefs(tx, p, b);
          await assertUserRoom(tx, tx.tenantId);
          const row = await tx.insert<{ id: number }>(
            'users',
            {
              ...userColumns(b),
              password_hash: hash,
              must_change_password: true,
              created_by: p.userId,
              updated_by: p.userId,
            },
            'id',
          );
          if (b.roleIds?.length) {
            await setUserRoles(tx, row.id, b.roleIds);
          }
          return row.id;
        })
        .catch((e) => {
          throw mapUserViolation(e, username);
        });
      return ok({ id: userId });
    },
  );

  app.post<{ Body: UserFields & { id: number; updatedAt?: string } }>(
    '/api-user/users/update',
    {
      config: { permission: 'setUp:organize:edit' },
      schema: {
        tags: ['org'],
        summary: "Change a member's fields and roles (only the fields sent)",
        body: { type: 'object', required: ['id'], properties: { id, ...userProps, updatedAt: readVersionSchema } },
        response,
      },
    },
    async (req) => {
      const p = req.me();
      const b = req.body;
      const username = b.username?.trim();
      if (username) await assertUsernameFree(app, username, b.id);
      await req
        .tenant(async (tx) => {
          await getUser(tx, b.id);
          await assertRowUnchanged(tx, 'users', b.id, b.updatedAt);
          if (!p.isAdmin && (await holdsAdminRole(tx, [b.id]))) throw businessError('errors.user.adminOnly');
          if (b.id === p.userId && b.state === 0) throw businessError('errors.user.disableSelf');
          await checkRefs(tx, p, b);
          await tx.update('users', b.id, { ...userColumns(b), updated_at: new Date(), updated_by: p.userId }, 'id');
          if (b.roleIds) {
            await setUserRoles(tx, b.id, b.roleIds);
          }
          if (b.state === 0) await revokeUserSessions(tx, tx.tenantId, b.id);
          await assertAdminRemains(tx);
        })
        .catch((e) => {
          throw mapUserViolation(e, username);
        });
      return ok(null);
    },
  );

  app.post<{ Body: { id: number; state?: number } }>(
    '/api-user/users/switch',
    {
      config: { permission: 'setUp:organize:enable' },
      schema: {
        tags: ['org'],
        summary: 'Enable (1) or disable (0) a member; without state it toggles. Disabling ends their sessions',
        body: { type: 'object', required: ['id'], properties: { id, state: { type: 'integer', enum: [0, 1] } } },
        response,
      },
    },
    async (req) => {
      const p = req.me();
      const state = await req.tenant(async (tx) => {
        const u = await getUser(tx, req.body.id);
        const next = req.body.state ?? (u.state === 1 ? 0 : 1);
        if (next === 0 && req.body.id === p.userId) throw businessError('errors.user.disableSelf');
        if (!p.isAdmin && (await holdsAdminRole(tx, [req.body.id]))) throw businessError('errors.user.adminOnly');
        await tx.update('users', req.body.id, { state: next, updated_at: new Date(), updated_by: p.userId }, 'id');
        if (next === 0) {
          await revokeUserSessions(tx, tx.tenantId, req.body.id);
          await assertAdminRemains(tx);
        }
        return next;
      });
      return ok({ id: req.body.id, state });
    },
  );

  app.post<{ Body: { id: number } }>(
    '/api-user/users/delCheck',
    {
      config: { permission: 'setUp:organize:delete' },
      schema: {
        tags: ['org'],
        summary: 'Whether a member can be deleted, and if not, why',
        body: idBody,
        response,
      },
    },
    async (req) => {
      const reasons = await req.tenant((tx) => deleteBlockers(tx, req.me(), req.body.id));
      return ok({ canDelete: reasons.length === 0, reasons: reasons.map((k) => t(req.lang, k)) });
    },
  );

  app.post<{ Body: { id?: number; ids?: number[] } }>(
    '/api-user/users/del',
    {
      config: { permission: 'setUp:organize:delete' },
      schema: {
        tags: ['org'],
        summary: 'Delete members (kept as deleted records; their sessions end and their login names are freed)',
        body: idsBody,
        response,
      },
    },
    async (req) => {
      const p = req.me();
      const userIds = bodyIds(req.body);
      await req.tenant(async (tx) => {
        for (const userId of userIds) {
          const reasons = await deleteBlockers(tx, p, userId);
          if (reasons.length) throw businessError(reasons[0]!);
        }
        const r = await tx.query(
          `update users set deleted = true, username = username || '#' || id, updated_at = now(), updated_by = $3
            where tenant_id = $1 and id = any($2::bigint[]) and not deleted`,
          [tx.tenantId, userIds, p.userId],
        );
        if (r.rowCount === 0) throw notFound('errors.userNotFound');
        await tx.query('delete from user_roles where tenant_id = $1 and user_id = any($2::bigint[])', [
          tx.tenantId,
          userIds,
        ]);
        for (const userId of userIds) await revokeUserSessions(tx, tx.tenantId, userId);
        await assertAdminRemains(tx);
      });
      return ok(null);
    },
  );
}
