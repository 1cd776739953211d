import type { FastifyInstance } from 'fastify';
import { ok } from '../../platform/http/envelope.js';
import { businessError } from '../../platform/http/errors.js';
import type { Lang } from '../../platform/i18n/index.js';
import { auditChange } from '../../platform/resources/audit.js';
import { staticModel } from '../../platform/resources/model.js';
import { bodySchema, envelope, recordSchema } from '../../platform/resources/openapi.js';
import { getRow, readContext } from '../../platform/resources/read.js';
import type { WireRow } from '../../platform/resources/types.js';
import { createRow } from '../../platform/resources/write.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { allotDetailEntity, allotEntity } from './allot-resources.js';
import { docAction } from './doc-routes.js';
import { equipmentEntity } from './resources.js';
import { addRecord } from './rules.js';
import { transition } from './workflow.js';

const where = (r: WireRow) => [r.workshopName, r.lineName].filter(Boolean).join(' / ') || '-';

/** Audits a submitted allotment: every machine moves to the target workshop / line, with a timeline entry. */
async function auditAllot(tx: TenantTx, id: number, lang: Lang): Promise<WireRow> {
  const step = await transition(tx, allotEntity, id, 'submitted', 'audited', lang, {
    auditor_id: tx.userId,
    audit_date: new Date(),
  });
  const allot = step.before;
  const details = await tx.query<{ id: number; equipment_id: number }>(
    'select id, equipment_id from equipment_allot_details where tenant_id = $1 and allot_id = $2 order by id',
    [tx.tenantId, id],
  );
  const eqCtx = await readContext(tx, equipmentEntity, lang);
  for (const d of details.rows) {
    const before = await getRow(tx, eqCtx, d.equipment_id);
    await tx.update(
      'equipment_allot_details',
      d.id,
      { from_workshop_id: before.workshopId ?? null, from_line_id: before.lineId ?? null },
      'id',
    );
    await tx.update(
      'equipment',
      d.equipment_id,
      {
        workshop_id: allot.toWorkshopId,
        line_id: allot.toLineId ?? null,
        updated_by: tx.userId,
        updated_at: new Date(),
      },
      'id',
    );
    const after = await getRow(tx, eqCtx, d.equipment_id);
    await auditChange(tx, equipmentEntity.name, d.equipment_id, 'update', before, after);
    await addRecord(tx, d.equipment_id, 'allot', `${allot.allotNo}: ${where(before)} → ${where(after)}`);
  }
  return step.after();
}

/** Equipment allotments (spec 7.5 equipmentallot): create with machines, submit, audit, recall. */
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

  docAction(
    app,
    allotEntity,
    {
      url: '/api-manage/equipmentallot/submit',
      permission: ['equipment:allot:add', 'equipment:allot:edit', 'equipment:ledger:allot'],
      summary: 'submit a draft for audit',
      done: 'equipment.messages.submitted',
    },
    async (tx, id, req) => {
      const step = await transition(tx, allotEntity, id, 'draft', 'submitted', req.lang);
      if (!(step.before.details as unknown[]).length) throw businessError('equipment.errors.noEquipment');
      return step.after();
    },
  );
  docAction(
    app,
    allotEntity,
    {
      url: '/api-manage/equipmentallot/audit',
      permission: 'equipment:allot:audit',
      summary: 'audit: the machines move to the target workshop / line (one transaction)',
      done: 'equipment.messages.audited',
    },
    (tx, id, req) => auditAllot(tx, id, req.lang),
  );
  docAction(
    app,
    allotEntity,
    {
      url: '/api-manage/equipmentallot/recall',
      permission: 'equipment:allot:recall',
      summary: 'recall a submitted allotment to draft',
      done: 'equipment.messages.recalled',
    },
    async (tx, id, req) => (await transition(tx, allotEntity, id, 'submitted', 'draft', req.lang)).after(),
  );
}
