import type { FastifyInstance } from 'fastify';
import { hashPassword, passwordRuleError, stripChinese } from '../../platform/auth/password.js';
import { ok } from '../../platform/http/envelope.js';
import { businessError } from '../../platform/http/errors.js';
import { fieldError, id, response, text } from '../../platform/http/route-kit.js';
import { t } from '../../platform/i18n/index.js';
import { ownerDb } from '../../platform/system/owner.js';
import { assertUsernameFree } from '../../platform/system/usernames.js';
import { createTenant } from '../operator/tenants.js';
import { assertUserRoom } from '../org/user-limit.js';
import { usernameSchema } from '../org/users-routes.js';
import { parseTenantCode, randomCode, tenantCode } from './codes.js';
import { checkSmsCode, PHONE_PATTERN, SMS_PURPOSES, type SmsPurpose, sendSmsCode, useSmsCode } from './sms.js';

const phone = { type: 'string', pattern: PHONE_PATTERN };
const smsCode = { type: 'string', pattern: '^\\s*[0-9]{6}\\s*$' };
const password = { type: 'string', maxLength: 200 };

interface Registrant {
  username: string;
  password: string;
  verifypassword?: string;
  peoplename: string;
  phone: string;
  smsCode: string;
}

/** The password rules of spec 5 with the registration form's field names. */
function checkPassword(b: Registrant): string {
  const pw = stripChinese(b.password);
  const rule = passwordRuleError(pw, b.verifypassword === undefined ? pw : stripChinese(b.verifypassword));
  if (rule) throw fieldError(rule.field === 'newpassword' ? 'password' : 'verifypassword', rule.key);
  return pw;
}

const registrantProps = {
  username: usernameSchema,
  password,
  verifypassword: password,
  peoplename: text(50),
  phone,
  smsCode,
};
const registrantRequired = ['username', 'password', 'peoplename', 'phone', 'smsCode'];

interface InviteRow {
  tenant_id: number;
  id: number;
  organization_name: string;
  company_name: string;
}

async function findInvite(app: FastifyInstance, code: unknown): Promise<InviteRow | null> {
  const parsed = parseTenantCode(code);
  if (!parsed) return null;
  const r = await ownerDb(app).query<InviteRow>(
    `select o.tenant_id, o.id, o.organization_name, c.name as company_name
       from organizations o join companies c on c.id = o.tenant_id
      where o.tenant_id = $1 and o.invite_code = $2 and o.state = 1 and c.state = 1 and not c.is_platform
        and (c.expiry_date is null or c.expiry_date >= current_date)`,
    [parsed.tenantId, tenantCode(parsed.tenantId, parsed.random)],
  );
  return r.rows[0] ?? null;
}

/** Self-service sign-up (spec 7.1): SMS codes, a new company, joining an organisation by its invite code. */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: { phone: string; purpose?: SmsPurpose } }>(
    '/api-user/users-anon/sendSms',
    {
      config: { public: true },
      schema: {
        tags: ['signup'],
        summary: 'Send a 6-digit verification code to a mobile phone (valid 5 minutes, one a minute)',
        security: [],
        body: {
          type: 'object',
          required: ['phone'],
          properties: { phone, purpose: { type: 'string', enum: [...SMS_PURPOSES] } },
        },
        response,
      },
    },
    async (req) => {
      const purpose = req.body.purpose ?? 'register';
      if (purpose === 'companyRegister' && app.config.signupTrialDays <= 0)
        throw businessError('signup.company.closed');
      return ok(await sendSmsCode(app, { phone: req.body.phone, purpose, ip: req.ip, lang: req.lang }));
    },
  );

  app.post<{ Body: Registrant & { companyName: string; language?: 'zh' | 'en' | 'tw' } }>(
    '/api-user/company/register',
    {
      config: { public: true },
      schema: {
        tags: ['signup'],
        summary: 'Register a new company (trial) with its administrator; then log in as usual',
        security: [],
        body: {
          type: 'object',
          required: ['companyName', ...registrantRequired],
          properties: {
            companyName: text(100),
            language: { type: 'string', enum: ['zh', 'en', 'tw'] },
            ...registrantProps,
          },
        },
        response,
      },
    },
    async (req) => {
      const days = app.config.signupTrialDays;
      if (days <= 0) throw businessError('signup.company.closed');
      const b = req.body;
      const pw = checkPassword(b);
      const username = b.username.trim();
      await assertUsernameFree(app, username);
      const taken = await ownerDb(app).query('select 1 from companies where lower(name) = lower($1)', [
        b.companyName.trim(),
      ]);
      if (taken.rows.length)
        throw fieldError('companyName', 'signup.company.nameTaken', { name: b.companyName.trim() });
      const codeId = await checkSmsCode(ownerDb(app), { phone: b.phone, purpose: 'companyRegister', code: b.smsCode });
      const created = await ownerDb(app).transaction(async (tx) => {
        await useSmsCode(tx, codeId);
        const version = await tx.query<{ id: number }>(
          'select id from sys_versions where is_default order by id limit 1',
        );
        return createTenant(tx, {
          name: b.companyName.trim(),
          code: `R${randomCode(9)}`,
          expiryDate: new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10),
          versionId: version.rows[0]?.id ?? null,
          language: b.language ?? req.lang,
          contact: b.peoplename,
          phone: b.phone,
          admin: { username, password: pw, peoplename: b.peoplename, mustChangePassword: false },
        });
      });
      req.log.info({ companyId: created.companyId }, 'company registered');
      return ok({ companyId: created.companyId, username, trialDays: days });
    },
  );

  app.get<{ Querystring: { organizationId: number; refresh?: boolean } }>(
    '/api-manage/backend-anon/inviteCode',
    {
      config: { permission: 'setUp:organize:add' },
      schema: {
        tags: ['signup'],
        summary: "An organisation's invite code (made on first ask; refresh=true replaces it)",
        querystring: {
          type: 'object',
          required: ['organizationId'],
          properties: { organizationId: id, refresh: { type: 'boolean' } },
        },
        response,
      },
    },
    async (req) => {
      const row = await req.tenant(async (tx) => {
        const org = await tx.get<{ id: number; organization_name: string; invite_code: string | null }>(
          'organizations',
          req.query.organizationId,
          'id, organization_name, invite_code',
        );
        let code = org.invite_code;
        if (!code || req.query.refresh) {
          code = tenantCode(tx.tenantId, randomCode(6));
          await tx.update('organizations', org.id, { invite_code: code, updated_by: req.me().userId });
        }
        return { inviteCode: code, organizationId: org.id, organizationName: org.organization_name };
      });
      return ok({ ...row, url: `/register?inviteCode=${encodeURIComponent(row.inviteCode)}` });
    },
  );

  app.get<{ Querystring: { inviteCode: string } }>(
    '/api-user/users-anon/getOrgByInviteCode',
    {
      config: { public: true },
      schema: {
        tags: ['signup'],
        summary: 'The organisation and company an invite code joins',
        security: [],
        querystring: { type: 'object', required: ['inviteCode'], properties: { inviteCode: text(80) } },
        response,
      },
    },
    async (req) => {
      const invite = await findInvite(app, req.query.inviteCode);
      if (!invite) throw businessError('signup.invite.invalid');
      return ok({
        organizationId: invite.id,
        organizationName: invite.organization_name,
        companyName: invite.company_name,
      });
    },
  );

  app.post<{ Body: Registrant & { inviteCode: string } }>(
    '/api-user/users/register',
    {
      config: { public: true },
      schema: {
        tags: ['signup'],
        summary: 'Join an organisation with its invite code; an administrator then gives the new member roles',
        security: [],
        body: {
          type: 'object',
          required: ['inviteCode', ...registrantRequired],
          properties: { inviteCode: text(80), ...registrantProps },
        },
        response,
      },
    },
    async (req) => {
      const b = req.body;
      const invite = await findInvite(app, b.inviteCode);
      if (!invite) throw fieldError('inviteCode', 'signup.invite.invalid');
      const pw = checkPassword(b);
      const username = b.username.trim();
      await assertUsernameFree(app, username);
      const codeId = await checkSmsCode(ownerDb(app), { phone: b.phone, purpose: 'register', code: b.smsCode });
      const hash = await hashPassword(pw);
      const userId = await ownerDb(app).transaction(async (tx) => {
        await useSmsCode(tx, codeId);
        await assertUserRoom(tx, Number(invite.tenant_id));
        const r = await tx.query<{ id: number }>(
          `insert into users(tenant_id, username, password_hash, must_change_password, peoplename, organization_id,
                             mobile, usertype, note)
           values ($1,$2,$3,false,$4,$5,$6,1,$7) returning id`,
          [invite.tenant_id, username, hash, b.peoplename, invite.id, b.phone, t(req.lang, 'signup.invite.note')],
        );
        return r.rows[0]!.id;
      });
      return ok({ id: userId, username, organizationName: invite.organization_name });
    },
  );

  app.get(
    '/api-user/users-anon/getloglist',
    {
      config: { public: true },
      schema: {
        tags: ['signup'],
        summary: "The platform's update log for the login page (latest published notices)",
        security: [],
        response,
      },
    },
    async () => {
      const r = await ownerDb(app).query<{ id: number; title: string | null; content: string; createdate: Date }>(
        `select id, title, content, created_at as createdate from sys_notices
          where state = 1 and company_ids is null order by created_at desc, id desc limit 10`,
      );
      return ok(r.rows);
    },
  );
}
