import type { FastifyInstance } from 'fastify';
import { page } from '../../platform/http/envelope.js';
import { fieldError } from '../../platform/http/route-kit.js';
import { codes } from '../../platform/resources/meta.js';
import { staticModel } from '../../platform/resources/model.js';
import { envelope, querySchema, recordSchema } from '../../platform/resources/openapi.js';
import { queryParams } from '../../platform/resources/query.js';
import { memberReadContext, pageRows } from '../../platform/resources/read.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { equipmentEntity } from './resources.js';

/** The lines a live work group looks after; null when the tenant has no such work group. */
async function workgroupLines(tx: TenantTx, workgroupId: number): Promise<number[] | null> {
  const r = await tx.query<{ lines: string[] | null }>(
    `select array(select l.line_id from work_group_lines l
                   where l.tenant_id = g.tenant_id and l.workgroup_id = g.id)::text[] as lines
       from work_groups g where g.tenant_id = $1 and g.id = $2 and g.deleted_at is null`,
    [tx.tenantId, workgroupId],
  );
  const row = r.rows[0];
  return row ? (row.lines ?? []).map(Number) : null;
}

/**
 * GET /api-manage/equipment/querybyworkgroup (spec 7.5): a page of the machines on the lines a work group looks
 * after, with the equipment list's filters, sort and the member's data scope.
 */
export function workgroupEquipmentRoutes(app: FastifyInstance): void {
  const model = staticModel(equipmentEntity);
  const base = querySchema(model, true) as { properties: Record<string, unknown> };
  app.get<{ Querystring: { workgroupId: number; page: number; limit: number } & Record<string, unknown> }>(
    '/api-manage/equipment/querybyworkgroup',
    {
      config: { permission: codes(equipmentEntity, 'view', 'add', 'edit') },
      schema: {
        tags: ['equipment'],
        summary: 'equipment: a page of the machines on the lines of a work group (data-scoped like the list)',
        querystring: {
          ...base,
          required: ['workgroupId'],
          properties: { ...base.properties, workgroupId: { type: 'integer', minimum: 1 } },
        },
        response: { 200: envelope({ type: 'array', items: recordSchema(model) }, true) },
      },
    },
    (req) =>
      req.tenant(async (tx) => {
        const { workgroupId, page: p, limit } = req.query;
        const lines = await workgroupLines(tx, workgroupId);
        if (!lines) throw fieldError('workgroupId', 'equipment.errors.workgroupUnknown', { value: workgroupId });
        if (lines.length === 0) return page([], 0);
        const ctx = await memberReadContext(tx, equipmentEntity, req.lang);
        const r = await pageRows(tx, ctx, { ...queryParams(ctx.model, req.query), lineId: lines }, p, limit);
        return page(r.rows, r.count);
      }),
  );
}
