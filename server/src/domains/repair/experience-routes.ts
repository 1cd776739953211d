import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../platform/http/envelope.js';
import { t } from '../../platform/i18n/index.js';
import { getRow, readContext } from '../../platform/resources/read.js';
import { keepAsExperience, searchExperience } from './experience.js';
import { P } from './permissions.js';
import { repairEntity } from './resources.js';

const id = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } as const;
const list = {
  200: {
    type: 'object',
    properties: {
      rtnCode: { type: 'integer' },
      msg: { type: 'string' },
      data: { type: 'array', items: { type: 'object', additionalProperties: true } },
    },
  },
};

/** Searching the experience base, suggestions for an order, and keeping a finished order as an entry. */
export const experienceRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { q: string; categoryId?: number; limit: number } }>(
    '/api-user/experiencesBase/search',
    {
      config: { permission: ['experience:view', P.view] },
      schema: {
        tags: ['experiencesBase'],
        summary: 'experiencesBase: the entries closest to a text (Chinese by character pairs), best first',
        querystring: {
          type: 'object',
          required: ['q'],
          properties: {
            q: { type: 'string', maxLength: 500 },
            categoryId: id,
            limit: { type: 'integer', minimum: 1, maximum: 50, default: 10 },
          },
        },
        response: list,
      },
    },
    (req) =>
      req.tenant(async (tx) =>
        ok(await searchExperience(tx, req.query.q, { categoryId: req.query.categoryId, limit: req.query.limit })),
      ),
  );

  app.get<{ Querystring: { id: number } }>(
    '/api-manage/maintaintask/suggest',
    {
      config: { permission: [P.view, P.execute] },
      schema: {
        tags: [repairEntity.name],
        summary: 'maintaintask: past experience closest to an order (same equipment category first)',
        querystring: { type: 'object', required: ['id'], properties: { id } },
        response: list,
      },
    },
    (req) =>
      req.tenant(async (tx) => {
        const order = await getRow(tx, await readContext(tx, repairEntity, req.lang), req.query.id);
        const category = await tx.query<{ category_id: number | null }>(
          'select category_id from equipment where tenant_id = $1 and id = $2',
          [tx.tenantId, order.equipmentId],
        );
        const text = `${order.phenomenon ?? ''} ${order.faultReasonName ?? ''}`;
        return ok(await searchExperience(tx, text, { categoryId: category.rows[0]?.category_id, limit: 5 }));
      }),
  );

  app.post<{ Body: { id: number } }>(
    '/api-manage/maintaintask/toExperience',
    {
      config: { permission: 'experience:add' },
      schema: {
        tags: [repairEntity.name],
        summary: 'maintaintask: keep a finished order as an experience entry',
        body: { type: 'object', required: ['id'], properties: { id } },
        response: { 200: { type: 'object', additionalProperties: true } },
      },
    },
    async (req) => {
      const row = await req.tenant(async (tx) => {
        const order = await getRow(tx, await readContext(tx, repairEntity, req.lang), req.body.id);
        return keepAsExperience(tx, order, req.lang);
      });
      return ok(row, t(req.lang, 'repair.messages.kept'));
    },
  );
};
