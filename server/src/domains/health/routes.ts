import type { FastifyInstance } from 'fastify';
import { ok } from '../../platform/http/envelope.js';
import { AppError } from '../../platform/http/errors.js';
import { t } from '../../platform/i18n/index.js';
import { codes } from '../../platform/resources/meta.js';
import { resourceRoutes } from '../../platform/resources/routes.js';
import { anonymousTenant } from '../../platform/system/anonymous.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import {
  countAttempt,
  healthLink,
  type PublicSurvey,
  parseHealthToken,
  publicHealthView,
  publicRegister,
  revokeHealthLink,
} from './public.js';
import { HEALTH_STATES, healthEntities, healthSurveyEntity, P } from './resources.js';
import { MAX_STAT_DAYS, type MissingQuery, missingRegistrations, type StatsQuery, surveyStatistics } from './stats.js';

const anyData = {
  200: {
    type: 'object',
    properties: {
      rtnCode: { type: 'integer' },
      msg: { type: 'string' },
      count: { type: 'integer' },
      data: { type: 'object', additionalProperties: true },
    },
  },
};
const ID = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } as const;
const DAY = { type: 'string', maxLength: 10 } as const;
const TOKEN = { type: 'string', minLength: 1, maxLength: 100 } as const;

/**
 * The health registration (spec 7.5 eqhealthsurvey and the public POST /health/addOrUpdateEqhealthSurvey):
 * the engine's list, form and export, who has not registered, the statistics, and the tenant's public link.
 */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  await app.register(resourceRoutes(healthEntities));
  const viewCodes = codes(healthSurveyEntity, 'view', 'add', 'edit');

  const inTenant = <T>(token: unknown, fn: (tx: TenantTx, token: string) => Promise<T>) => {
    const parsed = parseHealthToken(token);
    if (!parsed) throw new AppError('notFound', 'health.errors.linkUnknown');
    return anonymousTenant(app, parsed.tenantId, (tx) => fn(tx, parsed.token));
  };

  app.get<{ Params: { token: string } }>(
    '/api-anon/health/:token',
    {
      config: { public: true },
      schema: {
        tags: ['eqhealthsurvey'],
        summary: "public health registration page: the company's name and today",
        params: { type: 'object', required: ['token'], properties: { token: TOKEN } },
        response: anyData,
      },
    },
    async (req) => ok(await inTenant(req.params.token, (tx, token) => publicHealthView(tx, token))),
  );

  app.post<{ Body: PublicSurvey & { token: string } }>(
    '/health/addOrUpdateEqhealthSurvey',
    {
      config: { public: true },
      schema: {
        tags: ['eqhealthsurvey'],
        summary:
          "public: today's health registration of the person named by job number (or login name) and name, through the tenant's link; a second one of the day updates the first (rate-limited)",
        body: {
          type: 'object',
          required: ['token', 'number', 'name', 'temperature', 'personalHealth', 'familyHealth', 'contact'],
          additionalProperties: false,
          properties: {
            token: TOKEN,
            number: { type: 'string', minLength: 1, maxLength: 50 },
            name: { type: 'string', minLength: 1, maxLength: 50 },
            temperature: { type: 'number', minimum: 34, maximum: 43 },
            personalHealth: { type: 'string', enum: [...HEALTH_STATES] },
            familyHealth: { type: 'string', enum: [...HEALTH_STATES] },
            contact: { type: 'boolean' },
            location: { type: 'string', maxLength: 200 },
            remark: { type: 'string', maxLength: 500 },
          },
        },
        response: anyData,
      },
    },
    async (req) => {
      const { token, ...survey } = req.body;
      const attempt = await inTenant(token, (tx, live) => countAttempt(tx, live, req.ip));
      const r = await inTenant(token, (tx, live) => publicRegister(tx, live, survey, req.ip, attempt, req.lang));
      return ok(r, t(req.lang, r.updated ? 'health.messages.updated' : 'health.messages.registered'));
    },
  );

  app.get<{ Querystring: MissingQuery }>(
    '/api-manage/eqhealthsurvey/missing',
    {
      config: { permission: viewCodes },
      schema: {
        tags: ['eqhealthsurvey'],
        summary: 'eqhealthsurvey: active staff without a registration on the day (default today), paged',
        querystring: {
          type: 'object',
          properties: {
            date: DAY,
            organizationId: ID,
            keyword: { type: 'string', maxLength: 100 },
            page: { type: 'integer', minimum: 1, maximum: 100000 },
            limit: { type: 'integer', minimum: 1, maximum: 200 },
          },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              rtnCode: { type: 'integer' },
              msg: { type: 'string' },
              count: { type: 'integer' },
              data: { type: 'array', items: { type: 'object', additionalProperties: true } },
              date: { type: 'string' },
            },
          },
        },
      },
    },
    (req) =>
      req.tenant(async (tx) => {
        const r = await missingRegistrations(tx, req.query);
        return { ...ok(r.rows), count: r.count, date: r.date };
      }),
  );

  app.get<{ Querystring: StatsQuery }>(
    '/api-manage/eqhealthsurvey/statistics',
    {
      config: { permission: viewCodes },
      schema: {
        tags: ['eqhealthsurvey'],
        summary: `eqhealthsurvey: registrations, fevers and contacts per day and department (at most ${MAX_STAT_DAYS} days)`,
        querystring: {
          type: 'object',
          properties: { from: DAY, to: DAY, organizationId: ID },
        },
        response: anyData,
      },
    },
    (req) => req.tenant(async (tx) => ok(await surveyStatistics(tx, req.query))),
  );

  app.post(
    '/api-manage/eqhealthsurvey/link',
    {
      config: { permission: P.link },
      schema: {
        tags: ['eqhealthsurvey'],
        summary: "eqhealthsurvey: the tenant's public registration link (made when it has none)",
        response: anyData,
      },
    },
    (req) => req.tenant(async (tx) => ok(await healthLink(tx))),
  );

  app.post(
    '/api-manage/eqhealthsurvey/link/revoke',
    {
      config: { permission: P.link },
      schema: {
        tags: ['eqhealthsurvey'],
        summary: "eqhealthsurvey: revoke the tenant's public registration link",
        response: anyData,
      },
    },
    (req) =>
      req.tenant(async (tx) => ok({ revoked: await revokeHealthLink(tx) }, t(req.lang, 'health.messages.linkRevoked'))),
  );
}
