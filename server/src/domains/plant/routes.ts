import type { FastifyInstance } from 'fastify';
import { ok } from '../../platform/http/envelope.js';
import { auditChange } from '../../platform/resources/audit.js';
import { resourceRoutes } from '../../platform/resources/routes.js';
import { plantEntities, workshopEntity } from './resources.js';
import { warehouseRoutes } from './warehouse-routes.js';
import './warehouse-demo.js';

interface SortBody {
  items: { id: number; sort: number }[];
}

/** Plant structure (spec 7.4): workshops and their lines on the resource engine, plus the sort order. */
export async function plantRoutes(app: FastifyInstance): Promise<void> {
  await app.register(resourceRoutes(plantEntities));
  await app.register(warehouseRoutes);

  app.post<{ Body: SortBody }>(
    '/api-user/workShop/updatesort',
    {
      config: { permission: workshopEntity.permissions.edit },
      schema: {
        tags: ['workshop'],
        summary: 'workshop: set the display order of workshops',
        body: {
          type: 'object',
          required: ['items'],
          properties: {
            items: {
              type: 'array',
              maxItems: 1000,
              items: {
                type: 'object',
                required: ['id', 'sort'],
                properties: { id: { type: 'integer' }, sort: { type: 'integer', minimum: 0 } },
              },
            },
          },
        },
        response: {
          200: {
            type: 'object',
            properties: { rtnCode: { type: 'integer' }, msg: { type: 'string' }, data: { type: 'integer' } },
          },
        },
      },
    },
    async (req) => {
      const changed = await req.tenant(async (tx) => {
        let n = 0;
        for (const { id, sort } of req.body.items) {
          const before = await tx.get<{ id: number; sort: number }>(workshopEntity.table, id, 'id, sort');
          if (before.sort === sort) continue;
          await tx.update(workshopEntity.table, id, { sort, updated_at: new Date(), updated_by: tx.userId }, 'id');
          await auditChange(tx, workshopEntity.name, id, 'update', before, { id, sort });
          n++;
        }
        return n;
      });
      return ok(changed);
    },
  );
}
