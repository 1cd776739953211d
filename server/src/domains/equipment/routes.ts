import type { FastifyInstance } from 'fastify';
import { ok } from '../../platform/http/envelope.js';
import { codes } from '../../platform/resources/meta.js';
import { staticModel } from '../../platform/resources/model.js';
import { envelope, recordSchema } from '../../platform/resources/openapi.js';
import { allRows, getRow, readContext } from '../../platform/resources/read.js';
import { resourceRoutes } from '../../platform/resources/routes.js';
import { workflowRoutes } from '../../platform/workflow/routes.js';
import { allotDetailEntity, allotEntity } from './allot-resources.js';
import { allotRoutes } from './allot-routes.js';
import { categoryPermissionSplit } from './category-permissions.js';
import { countEntities, countPlanEntity } from './count-resources.js';
import { countRoutes } from './count-routes.js';
import './demo.js';
import { deviceDictRoutes } from './device-dict-routes.js';
import { mouldRecordEntity } from './mould-resources.js';
import { mouldRoutes } from './mould-routes.js';
import { categoryPartEntity, categorySparePartEntity, sparePartEntity } from './parts-resources.js';
import { equipmentEntities, equipmentEntity, equipmentRecordEntity } from './resources.js';
import { scrapEntity } from './scrap-resources.js';
import { upkeepEntities } from './upkeep-resources.js';
import { workgroupEquipmentRoutes } from './workgroup-routes.js';

/**
 * Equipment, moulds, categories (parts, spare parts, fault reasons) and the spare-parts catalogue on the
 * resource engine (spec 7.5), the record card, allotments, mould records and scrap requests.
 */
export async function equipmentRoutes(app: FastifyInstance): Promise<void> {
  categoryPermissionSplit(app);
  await app.register(
    resourceRoutes([
      ...equipmentEntities,
      sparePartEntity,
      categoryPartEntity,
      categorySparePartEntity,
      allotEntity,
      allotDetailEntity,
      mouldRecordEntity,
      scrapEntity,
      ...countEntities,
      ...upkeepEntities,
    ]),
  );
  await app.register(workflowRoutes([allotEntity, scrapEntity, countPlanEntity]));
  countRoutes(app);
  allotRoutes(app);
  mouldRoutes(app);
  workgroupEquipmentRoutes(app);
  deviceDictRoutes(app);

  const record = recordSchema(staticModel(equipmentEntity));
  const timeline = recordSchema(staticModel(equipmentRecordEntity));
  app.get<{ Querystring: { id: number } }>(
    '/api-manage/equipment/getEqInfo',
    {
      config: { permission: codes(equipmentEntity, 'view', 'add', 'edit') },
      schema: {
        tags: ['equipment'],
        summary: 'equipment: the record card with its timeline (newest first)',
        querystring: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } },
        response: {
          200: envelope({
            type: 'object',
            properties: { ...(record.properties as object), records: { type: 'array', items: timeline } },
          }),
        },
      },
    },
    (req) =>
      req.tenant(async (tx) => {
        const eq = await getRow(tx, await readContext(tx, equipmentEntity, req.lang), req.query.id);
        const rctx = await readContext(tx, equipmentRecordEntity, req.lang);
        const records = await allRows(tx, rctx, { equipmentId: eq.id });
        return ok({ ...eq, records });
      }),
  );
}
