import type { FastifyInstance } from 'fastify';
import { ok } from '../../platform/http/envelope.js';
import { AppError } from '../../platform/http/errors.js';
import { markInSteps } from '../../platform/jobs/runner.js';
import { resourceRoutes } from '../../platform/resources/routes.js';
import { anonymousTenant } from '../../platform/system/anonymous.js';
import { workflowRoutes } from '../../platform/workflow/routes.js';
import { certificateEntity, P, qualificationEntities } from './resources.js';
import { certificateLink, notifyExpiring, parseCertToken, publicCertificate } from './verify.js';

const anyData = {
  200: {
    type: 'object',
    properties: {
      rtnCode: { type: 'integer' },
      msg: { type: 'string' },
      data: { type: 'object', additionalProperties: true },
    },
  },
};

/**
 * Maintenance qualification certificates: the engine's list, form, import and export, revoke and restore, the
 * QR code of each certificate and its public verification page, and the notice before a certificate ends.
 */
export async function qualificationRoutes(app: FastifyInstance): Promise<void> {
  await app.register(resourceRoutes(qualificationEntities));
  await app.register(workflowRoutes([certificateEntity]));
  // Once a day is enough for a notice 30 days ahead; in small transactions (see everyTenant and markInSteps).
  app.jobs.everyTenant<{ marked?: number }>('qualification.expiring', 3600, (tx, step) =>
    markInSteps(step, (n) => notifyExpiring(tx, n)),
  );

  app.post<{ Body: { id: number } }>(
    '/api-manage/maintaincertificate/qr',
    {
      config: { permission: [P.print, P.edit] },
      schema: {
        tags: ['maintaincertificate'],
        summary: "maintaincertificate: the certificate's verification link for its QR code (made when it has none)",
        body: {
          type: 'object',
          required: ['id'],
          properties: { id: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } },
        },
        response: anyData,
      },
    },
    (req) => req.tenant(async (tx) => ok(await certificateLink(tx, req.body.id))),
  );

  app.get<{ Params: { token: string } }>(
    '/api-anon/qualification/:token',
    {
      config: { public: true },
      schema: {
        tags: ['maintaincertificate'],
        summary: "public: whether a certificate is valid, expired or revoked, with its holder's name and qualification",
        params: {
          type: 'object',
          required: ['token'],
          properties: { token: { type: 'string', minLength: 1, maxLength: 100 } },
        },
        response: anyData,
      },
    },
    async (req) => {
      const parsed = parseCertToken(req.params.token);
      if (!parsed) throw new AppError('notFound', 'qualification.errors.linkUnknown');
      return ok(await anonymousTenant(app, parsed.tenantId, (tx) => publicCertificate(tx, parsed.token, req.lang)));
    },
  );
}
