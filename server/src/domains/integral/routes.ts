import type { FastifyInstance } from 'fastify';
import { ok } from '../../platform/http/envelope.js';
import { t } from '../../platform/i18n/index.js';
import { codes } from '../../platform/resources/meta.js';
import { resourceRoutes } from '../../platform/resources/routes.js';
import { onWorkflowStep } from '../../platform/workflow/listeners.js';
import { type Adjustment, adjustPoints, awardPoints, monthlyRanking, type RankingQuery } from './ledger.js';
import { integralEntities, integralLedgerEntity, P } from './resources.js';

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
 * Points (spec 7.5 IntegralModel, IntegralSet): models and their rules, sets per work group and period, the
 * ledger written as work completes (a workflow listener), manual adjustments and the monthly ranking.
 */
export async function integralRoutes(app: FastifyInstance): Promise<void> {
  await app.register(resourceRoutes(integralEntities));
  onWorkflowStep(awardPoints);

  app.post<{ Body: Adjustment }>(
    '/api-manage/integralledger/adjust',
    {
      config: { permission: P.adjust },
      schema: {
        tags: ['integralledger'],
        summary: "integralledger: add or take a person's points by hand, with the reason",
        body: {
          type: 'object',
          required: ['userId', 'points', 'comment'],
          additionalProperties: false,
          properties: {
            userId: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
            points: { type: 'integer', minimum: -10000, maximum: 10000 },
            comment: { type: 'string', maxLength: 200 },
          },
        },
        response: anyData,
      },
    },
    (req) =>
      req.tenant(async (tx) =>
        ok(await adjustPoints(tx, req.body, req.lang), t(req.lang, 'integral.messages.adjusted')),
      ),
  );

  app.get<{ Querystring: RankingQuery }>(
    '/api-manage/integralledger/ranking',
    {
      config: { permission: codes(integralLedgerEntity, 'view', 'add', 'edit') },
      schema: {
        tags: ['integralledger'],
        summary: "integralledger: a month's points per person or work group, ranked",
        querystring: {
          type: 'object',
          properties: {
            month: { type: 'string', maxLength: 7 },
            by: { type: 'string', enum: ['person', 'group'] },
            workgroupId: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
          },
        },
        response: anyData,
      },
    },
    (req) => req.tenant(async (tx) => ok(await monthlyRanking(tx, req.query))),
  );
}
