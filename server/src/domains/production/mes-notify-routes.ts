import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../platform/http/envelope.js';
import { t } from '../../platform/i18n/index.js';
import { envelope } from '../../platform/resources/openapi.js';
import { resourceRoutes } from '../../platform/resources/routes.js';
import { mesNotifyEntity, type NotifyRegistration, registerMesNotify } from './mes-notify.js';

/**
 * The MES message-notify registration (spec 7.1) that the web makes after login when the session's isMes is set,
 * and the list of registered accounts.
 */
export const mesNotifyRoutes: FastifyPluginAsync = async (app) => {
  await app.register(resourceRoutes([mesNotifyEntity]));

  app.post<{ Body: NotifyRegistration }>(
    '/api-mes/message/notifyRegister',
    {
      config: { selfService: true },
      schema: {
        tags: [mesNotifyEntity.name],
        summary:
          "mesnotify: register the caller's account for MES messages (production orders' steps); tenantID and account must be the caller's own and the company an MES company",
        body: {
          type: 'object',
          required: ['tenantID', 'account'],
          properties: {
            tenantID: {
              anyOf: [
                { type: 'integer', minimum: 1 },
                { type: 'string', minLength: 1, maxLength: 20 },
              ],
            },
            account: { type: 'string', minLength: 1, maxLength: 100 },
          },
        },
        response: {
          200: envelope({
            type: 'object',
            properties: {
              id: { type: 'integer' },
              userId: { type: 'integer' },
              account: { type: 'string' },
              registeredAt: { type: 'string' },
            },
          }),
        },
      },
    },
    async (req) => {
      const row = await req.tenant((tx) => registerMesNotify(tx, req.lang, req.body));
      return ok(row, t(req.lang, 'production.mes.registered'));
    },
  );
};
