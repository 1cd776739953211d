import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/index.js';
import { passwordRuleError, stripChinese } from '../../platform/auth/password.js';
import { revokeTenantSessions } from '../../platform/auth/sessions.js';
import { ok, page } from '../../platform/http/envelope.js';
import { businessError, invalid, notFound } from '../../platform/http/errors.js';
import {
  fieldError,
  filter,
  id,
  optDate,
  optText,
  paging,
  response,
  text,
  Where,
} from '../../platform/http/route-kit.js';
import type { Lang } from '../../platform/i18n/index.js';
import { assertReadVersion, readVersionSchema } from '../../platform/resources/edit-check.js';
import { assertUsernameFree } from '../../platform/system/usernames.js';
import { usernameSchema } from '../org/users-routes.js';
import { createTenant } from './tenants.js';
import { moveCompaniesToVersion } from './version-moves.js';

const COMPANY_COLUMNS = `c.id, c.name, c.code, c.logo, to_char(c.expiry_date, 'YYYY-MM-DD') as "expiryDate",
  c.version_id as "versionId", v.name as "versionName", c.state, c.is_platform as "isPlatform", c.contact, c.phone,
  c.address, c.language, c.timezone, c.instransfer, c.is_mes as "isMes", c.created_at as "createdAt", c.updated_at as "updatedAt",
  greatest(0, coalesce(current_date - c.expiry_date, 0))::int as "accountOverdue", c.user_limit as "userLimit",
  c.group_id as "groupId", (select g.name from companies g where g.id = c.group_id) as "groupName"`;
const FROM = 'companies c left join sys_versions v on v.id = c.version_id';
/** Statistics of the operator's management list; they read other tenants' rows (system context only). */
const MANAGE_COLUMNS = `,
  (select count(*) from users u where u.tenant_id = c.id and not u.deleted) as "userCount",
  (select count(*) from company_menus cm where cm.tenant_id = c.id) as "menuCount",
  (select u.username from users u join user_roles ur on ur.tenant_id = u.tenant_id and ur.user_id = u.id
     join roles r on r.tenant_id = ur.tenant_id and r.id = ur.role_id and r.is_admin
    where u.tenant_id = c.id and not u.deleted order by u.id limit 1) as "adminUsername"`;

const profileProps = {
  contact: optText(50),
  phone: { type: ['string', 'null'], maxLength: 30, pattern: '^[0-9+() -]*$' },
  address: optText(200),
  language: { type: 'string', enum: ['zh', 'en', 'tw'] },
  timezone: text(64),
};

interface CompanyQuery {
  page: number;
  limit: number;
  name?: string;
  code?: string;
  state?: number;
}
interface CompanyBody {
  id?: number;
  /** An edit: the updatedAt the form was filled from. */
  updatedAt?: string;
  name?: string;
  code?: string;
  expiryDate?: string | null;
  versionId?: number | null;
  username?: string;
  password?: string;
  verifypassword?: string;
  peoplename?: string;
  contact?: string | null;
  phone?: string | null;
  address?: string | null;
  language?: Lang;
  timezone?: string;
  logo?: string | null;
  userLimit?: number | null;
  /** An MES company: its people register for MES messages after login (domains/production/mes-notify.ts). */
  isMes?: boolean;
}

const userLimit = { type: ['integer', 'null'], minimum: 1, maximum: 100000 };

const listQuery = {
  type: 'object',
  properties: {
    ...paging,
    name: filter(100),
    code: filter(50),
    state: { type: 'integer', enum: [0, 1] },
  },
};

async function listCompanies(db: Queryable, q: CompanyQuery, manage: boolean) {
  const w = new Where().ilike('c.name', q.name).ilike('c.code', q.code);
  if (q.state !== undefined) w.add('c.state = ?', q.state);
  const rows = await db.query(
    `select ${COMPANY_COLUMNS}${manage ? MANAGE_COLUMNS : ''} from ${FROM} where ${w.sql}
      order by c.is_platform desc, c.id limit ${w.next()} offset ${w.next(2)}`,
    [...w.params, q.limit, (q.page - 1) * q.limit],
  );
  const n = await db.query<{ n: number }>(`select count(*) as n from companies c where ${w.sql}`, w.params);
  return page(rows.rows, n.rows[0]!.n);
}

function checkTimezone(tz: string | undefined): void {
  if (tz === undefined) return;
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
  } catch {
    throw invalid('timezone', 'errors.validation.invalid');
  }
}

async function checkVersion(db: Queryable, versionId: number | null | undefined): Promise<void> {
  if (!versionId) return;
  const r = await db.query('select 1 from sys_versions where id = $1', [versionId]);
  if (!r.rows.length) throw fieldError('versionId', 'errors.version.notFound');
}

/** Tenant companies (spec 7.3 company/...): the operator's pages and a company's own settings. */
export async function companyRoutes(app: FastifyInstance): Promise<void> {
  for (const [path, manage] of [
    ['getCompanyPage', false],
    ['getCompanyManage', true],
  ] as const) {
    app.get<{ Querystring: CompanyQuery }>(
      `/api-user/company/${path}`,
      {
        config: { platform: true, permission: 'admin:company:view' },
        schema: {
          tags: ['operator'],
          summary: manage ? 'Companies with member and menu counts and their administrator' : 'Companies, paged',
          querystring: listQuery,
          response,
        },
      },
      async (req) => req.platform((tx) => listCompanies(tx, req.query, manage)),
    );
  }

  app.get<{ Querystring: { name?: string } }>(
    '/api-user/company/getCompanyList',
    {
      config: { platform: true, permission: ['admin:company:view', 'operatesys:usecase:view'] },
      schema: {
        tags: ['operator'],
        summary: 'Every company (id, name, code) for pickers',
        querystring: { type: 'object', properties: { name: filter(100) } },
        response,
      },
    },
    async (req) => {
      const w = new Where().ilike('name', req.query.name);
      const r = await req.platform((tx) =>
        tx.query(
          `select id, name, code, state, is_platform as "isPlatform" from companies where ${w.sql} order by is_platform desc, id`,
          w.params,
        ),
      );
      return page(r.rows, r.rows.length);
    },
  );

  app.post<{ Body: CompanyBody }>(
    '/api-user/company/save',
    {
      config: { platform: true, permission: 'admin:company:add' },
      schema: {
        tags: ['operator'],
        summary: 'Create a tenant company with its administrator, who must change the password at first login',
        body: {
          type: 'object',
          required: ['name', 'code', 'username', 'peoplename'],
          properties: {
            name: text(100),
            code: { type: 'string', minLength: 2, maxLength: 50, pattern: '^[A-Za-z0-9_-]+$' },
            expiryDate: optDate,
            versionId: { anyOf: [id, { type: 'null' }] },
            username: usernameSchema,
            password: filter(200),
            verifypassword: filter(200),
            peoplename: text(50),
            userLimit,
            isMes: { type: 'boolean' },
            ...profileProps,
          },
        },
        response,
      },
    },
    async (req) => {
      const b = req.body;
      checkTimezone(b.timezone);
      const password = stripChinese(b.password);
      const rule = passwordRuleError(
        password,
        b.verifypassword === undefined ? password : stripChinese(b.verifypassword),
      );
      if (rule) throw fieldError(rule.field === 'newpassword' ? 'password' : 'verifypassword', rule.key);
      const username = b.username!.trim();
      const created = await req.platform(async (tx) => {
        const taken = await tx.query('select 1 from companies where code = $1', [b.code]);
        if (taken.rows.length) throw fieldError('code', 'errors.companyCodeTaken', { code: b.code });
        await assertUsernameFree(tx, username);
        await checkVersion(tx, b.versionId);
        const versionId =
          b.versionId ??
          (await tx.query<{ id: number }>('select id from sys_versions where is_default order by id limit 1')).rows[0]
            ?.id ??
          null;
        const made = await createTenant(tx, {
          name: b.name!.trim(),
          code: b.code!,
          expiryDate: b.expiryDate || null,
          versionId,
          language: b.language,
          contact: b.contact || null,
          phone: b.phone || null,
          address: b.address || null,
          timezone: b.timezone,
          admin: { username, password, peoplename: b.peoplename!.trim(), mustChangePassword: true },
        });
        if (b.userLimit)
          await tx.query('update companies set user_limit = $2 where id = $1', [made.companyId, b.userLimit]);
        if (b.isMes) await tx.query('update companies set is_mes = true where id = $1', [made.companyId]);
        return made;
      });
      return ok({ id: created.companyId, adminId: created.adminId });
    },
  );

  app.post<{ Body: CompanyBody & { id: number } }>(
    '/api-user/company/update',
    {
      config: { platform: true, permission: 'admin:company:edit' },
      schema: {
        tags: ['operator'],
        summary:
          "Change a company's name, expiry date, version or contact; a new version changes its menus as moveCompanies does",
        body: {
          type: 'object',
          required: ['id'],
          properties: {
            id,
            name: text(100),
            expiryDate: optDate,
            versionId: { anyOf: [id, { type: 'null' }] },
            userLimit,
            isMes: { type: 'boolean' },
            ...profileProps,
            updatedAt: readVersionSchema,
          },
        },
        response,
      },
    },
    async (req) => {
      const b = req.body;
      checkTimezone(b.timezone);
      const moved = await req.platform(async (tx) => {
        await checkVersion(tx, b.versionId);
        // A new version changes the company's menus as a move between versions does (never the platform's).
        const now = await tx.query<{ version_id: number | null; is_platform: boolean; updated_at: Date }>(
          'select version_id, is_platform, updated_at from companies where id = $1 for update',
          [b.id],
        );
        if (!now.rows[0]) throw notFound('errors.company.notFound');
        assertReadVersion(now.rows[0].updated_at, b.updatedAt);
        const change =
          b.versionId && Number(now.rows[0].version_id) !== b.versionId && !now.rows[0].is_platform
            ? await moveCompaniesToVersion(tx, [b.id], b.versionId, true)
            : null;
        const r = await tx.query(
          `update companies set name = coalesce($2, name),
                  expiry_date = case when $3 then $4::date else expiry_date end,
                  version_id = case when $5 then $6::bigint else version_id end,
                  contact = case when $7 then $8 else contact end, phone = case when $9 then $10 else phone end,
                  address = case when $11 then $12 else address end, language = coalesce($13, language),
                  timezone = coalesce($14, timezone),
                  user_limit = case when $15 then $16::int else user_limit end,
                  is_mes = coalesce($17, is_mes), updated_at = now()
            where id = $1`,
          [
            b.id,
            b.name?.trim() ?? null,
            b.expiryDate !== undefined,
            b.expiryDate || null,
            b.versionId !== undefined,
            b.versionId ?? null,
            b.contact !== undefined,
            b.contact || null,
            b.phone !== undefined,
            b.phone || null,
            b.address !== undefined,
            b.address || null,
            b.language ?? null,
            b.timezone ?? null,
            b.userLimit !== undefined,
            b.userLimit ?? null,
            b.isMes ?? null,
          ],
        );
        if (r.rowCount === 0) throw notFound('errors.company.notFound');
        return change;
      });
      return ok(moved ? { menusAdded: moved.added, menusRemoved: moved.removed } : null);
    },
  );

  app.post<{ Body: { id: number; state: number } }>(
    '/api-user/company/switch',
    {
      config: { platform: true, permission: 'admin:company:enable' },
      schema: {
        tags: ['operator'],
        summary: "Enable (1) or disable (0) a company; disabling ends its users' sessions",
        body: {
          type: 'object',
          required: ['id', 'state'],
          properties: { id, state: { type: 'integer', enum: [0, 1] } },
        },
        response,
      },
    },
    async (req) => {
      const { id: companyId, state } = req.body;
      await req.platform(async (tx) => {
        const r = await tx.query<{ is_platform: boolean }>('select is_platform from companies where id = $1', [
          companyId,
        ]);
        if (!r.rows[0]) throw notFound('errors.company.notFound');
        if (r.rows[0].is_platform) throw businessError('errors.company.platformProtected');
        await tx.query('update companies set state = $2, updated_at = now() where id = $1', [companyId, state]);
        if (state === 0) await revokeTenantSessions(tx, companyId);
      });
      return ok({ id: companyId, state });
    },
  );

  app.get(
    '/api-user/company/getCompanyData',
    {
      config: { selfService: true },
      schema: { tags: ['company'], summary: "The caller's own company", response },
    },
    async (req) =>
      ok(
        await req.tenant(async (tx) => {
          const r = await tx.query(`select ${COMPANY_COLUMNS} from ${FROM} where c.id = $1`, [tx.tenantId]);
          return r.rows[0];
        }),
      ),
  );

  app.post<{ Body: CompanyBody }>(
    '/api-user/company/updateTemp',
    {
      config: { permission: 'back:company:manage' },
      schema: {
        tags: ['company'],
        summary: "Change the caller's own company: name, logo, contact, phone, address, language and time zone",
        body: {
          type: 'object',
          properties: {
            name: text(100),
            logo: { type: ['string', 'null'], maxLength: 500, pattern: '^$|^(https?://|/)[^\\u0000]*$' },
            ...profileProps,
            updatedAt: readVersionSchema,
          },
        },
        response,
      },
    },
    async (req) => {
      const b = req.body;
      checkTimezone(b.timezone);
      await req.tenant(async (tx) => {
        const now = await tx.query<{ updated_at: Date }>('select updated_at from companies where id = $1 for update', [
          tx.tenantId,
        ]);
        assertReadVersion(now.rows[0]?.updated_at, b.updatedAt);
        await tx.query(
          `update companies set name = coalesce($2, name), logo = case when $3 then $4 else logo end,
                  contact = case when $5 then $6 else contact end, phone = case when $7 then $8 else phone end,
                  address = case when $9 then $10 else address end, language = coalesce($11, language),
                  timezone = coalesce($12, timezone), updated_at = now()
            where id = $1`,
          [
            tx.tenantId,
            b.name?.trim() ?? null,
            b.logo !== undefined,
            b.logo || null,
            b.contact !== undefined,
            b.contact || null,
            b.phone !== undefined,
            b.phone || null,
            b.address !== undefined,
            b.address || null,
            b.language ?? null,
            b.timezone ?? null,
          ],
        );
      });
      return ok(null);
    },
  );
}
