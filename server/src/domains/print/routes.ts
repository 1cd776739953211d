import type { FastifyInstance } from 'fastify';
import { ok } from '../../platform/http/envelope.js';
import { resourceRoutes } from '../../platform/resources/routes.js';
import { PRINT_KINDS } from './kinds.js';
import { printEntities, wireTemplate } from './resources.js';

/**
 * Print and label templates: the engine's list and form of the designer page, and the templates of one kind for
 * the print pages, which anyone signed in may use (printing a record needs that record's own rights; a
 * template holds no data of any record).
 */
export async function printRoutes(app: FastifyInstance): Promise<void> {
  await app.register(resourceRoutes(printEntities));

  app.get<{ Querystring: { kind: string } }>(
    '/api-manage/printTemplates/forKind',
    {
      config: { selfService: true },
      schema: {
        tags: ['printtemplate'],
        summary: 'printtemplate: the templates of a kind for the print pages, the default first',
        querystring: {
          type: 'object',
          required: ['kind'],
          properties: { kind: { type: 'string', enum: PRINT_KINDS } },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              rtnCode: { type: 'integer' },
              msg: { type: 'string' },
              data: { type: 'array', items: { type: 'object', additionalProperties: true } },
            },
          },
        },
      },
    },
    (req) =>
      req.tenant(async (tx) => {
        const r = await tx.query(
          `select id, name, kind, width_mm, height_mm, is_default, layout from print_templates
            where tenant_id = $1 and kind = $2 order by is_default desc, name limit 100`,
          [tx.tenantId, req.query.kind],
        );
        return ok(r.rows.map(wireTemplate));
      }),
  );
}
