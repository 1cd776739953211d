import type { FastifyInstance } from 'fastify';
import { ok } from '../../platform/http/envelope.js';
import { businessError } from '../../platform/http/errors.js';
import { staticModel } from '../../platform/resources/model.js';
import { bodySchema, envelope, recordSchema } from '../../platform/resources/openapi.js';
import { getRow, readContext } from '../../platform/resources/read.js';
import type { WireRow } from '../../platform/resources/types.js';
import { createRow } from '../../platform/resources/write.js';
import { allotDetailEntity, allotEntity } from './allot-resources.js';

/** Equipment allotments (spec 7.5 equipmentallot): create with machines (submit, audit, recall are its declared actions). */
export function allotRoutes(app: FastifyInstance): void {
  const record = recordSchema(staticModel(allotEntity));
  const body = bodySchema(staticModel(allotEntity), false) as { properties: object };
  app.post<{ Body: WireRow & { equipmentIds?: number[] } }>(
    '/api-manage/equipmentallot/create',
    {
      config: { permission: ['equipment:allot:add', 'equipment:ledger:allot'] },
      attachValidation: true,
      schema: {
        tags: [allotEntity.name],
        summary: 'equipmentallot: a new draft allotment with its machines (equipmentIds) in one call',
        body: {
          ...body,
          properties: {
            ...body.properties,
            equipmentIds: { type: 'array', items: { type: 'integer' } },
          },
        },
        response: { 200: envelope(record) },
      },
    },
    (req) =>
      req.tenant(async (tx) => {
        const { equipmentIds = [], ...header } = req.body ?? {};
        if (!Array.isArray(equipmentIds) || equipmentIds.length === 0)
          throw businessError('equipment.errors.noEquipment');
        const ctx = await readContext(tx, allotEntity, req.lang);
        const allot = await createRow(tx, ctx, { applicantId: tx.userId, ...header });
        const dctx = await readContext(tx, allotDetailEntity, req.lang);
        for (const equipmentId of new Set(equipmentIds)) await createRow(tx, dctx, { allotId: allot.id, equipmentId });
        return ok(await getRow(tx, ctx, allot.id));
      }),
  );
}
