import './reports.js';
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../platform/http/envelope.js';
import { t } from '../../platform/i18n/index.js';
import { readVersionSchema } from '../../platform/resources/edit-check.js';
import { staticModel } from '../../platform/resources/model.js';
import { envelope, recordSchema } from '../../platform/resources/openapi.js';
import { resourceRoutes } from '../../platform/resources/routes.js';
import type { WireRow } from '../../platform/resources/types.js';
import { actionLabel } from '../../platform/workflow/labels.js';
import { workflowRoutes } from '../../platform/workflow/routes.js';
import { runAction } from '../../platform/workflow/run.js';
import { partEntity } from './order-part-resources.js';
import './demo.js';
import { P as RP } from '../repair/permissions.js';
import { adjustFromCount, countLines, enterCount, planCount } from './count.js';
import { countEntity, countLineEntity } from './count-resources.js';
import { saveDoc } from './documents.js';
import { partCodeOf } from './part-code.js';
import { partStock } from './part-stock.js';
import { ALL_RECALL, ALL_WRITE, P } from './permissions.js';
import { docEntity, spareEntities } from './resources.js';

const idBody = {
  type: 'object',
  required: ['id'],
  additionalProperties: true,
  properties: {
    id: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
    comment: { type: 'string', maxLength: 2000 },
  },
} as const;

/** Spare stock (spec 7.5 spareparts stock calls, maintainsparepart, /api-wms): documents, stock, movements. */
export const spareRoutes: FastifyPluginAsync = async (app) => {
  await app.register(resourceRoutes([...spareEntities, countEntity, countLineEntity, partEntity]));
  await app.register(workflowRoutes([docEntity]));
  const record = envelope(recordSchema(staticModel(docEntity)));

  app.post<{ Body: WireRow }>(
    '/api-manage/spareparts/doc/save',
    {
      config: { permission: ALL_WRITE },
      schema: {
        tags: [docEntity.name],
        summary: 'sparedoc: save a draft stock document with its lines (new ones are numbered)',
        body: {
          type: 'object',
          additionalProperties: true,
          properties: {
            id: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
            lines: { type: 'array', maxItems: 500, items: { type: 'object', additionalProperties: true } },
            updatedAt: readVersionSchema,
          },
        },
        response: { 200: record },
      },
    },
    async (req) => {
      const row = await req.tenant((tx) => saveDoc(tx, req.lang, req.body ?? {}));
      return ok(row, t(req.lang, 'spare.messages.saved', { code: row.code }));
    },
  );

  // The spec's names of the audit and recall calls.
  for (const [path, action, permission] of [
    ['/api-manage/spareparts/audit', 'approve', P.audit],
    ['/api-manage/spareparts/recall', 'recall', ALL_RECALL],
  ] as const) {
    app.post<{ Body: WireRow & { id: number } }>(
      path,
      {
        config: { permission: typeof permission === 'string' ? [permission] : [...permission] },
        schema: { tags: [docEntity.name], summary: `sparedoc: ${action}`, body: idBody, response: { 200: record } },
      },
      async (req) => {
        const row = await req.tenant((tx) => runAction(tx, docEntity, action, req.body.id, req.body, req.lang));
        return ok(row, t(req.lang, 'workflow.done', { action: actionLabel(docEntity, action, req.lang) }));
      },
    );
  }

  const lookup = { permission: [...ALL_WRITE, P.stocktake, P.audit, P.detailedPrint] };
  app.get<{ Querystring: { warehouseId: number } }>(
    '/api-manage/spareparts/doc/bins',
    {
      config: lookup,
      schema: {
        tags: [docEntity.name],
        summary: 'sparedoc: the bins of a warehouse (choices of a line)',
        querystring: {
          type: 'object',
          required: ['warehouseId'],
          properties: { warehouseId: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } },
        },
        response: { 200: envelope({ type: 'array', items: { type: 'object', additionalProperties: true } }) },
      },
    },
    (req) =>
      req.tenant(async (tx) => {
        const r = await tx.query<{ id: number; code: string; name: string }>(
          `select id, code, name from warehouse_lines where tenant_id = $1 and warehouse_id = $2 and deleted_at is null
            order by code limit 1000`,
          [tx.tenantId, req.query.warehouseId],
        );
        return ok(r.rows.map((b) => ({ value: Number(b.id), label: `${b.code} ${b.name}`, code: b.code })));
      }),
  );

  app.get<{ Querystring: { sparePartId: number; warehouseId?: number } }>(
    '/api-manage/maintaintask/part/stock',
    {
      config: { permission: [RP.execute, ...lookup.permission] },
      schema: {
        tags: ['repairpart'],
        summary: "repairpart: a part's average cost and what is available (in a warehouse, per bin and batch)",
        querystring: {
          type: 'object',
          required: ['sparePartId'],
          properties: {
            sparePartId: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
            warehouseId: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
          },
        },
        response: { 200: envelope({ type: 'object', additionalProperties: true }) },
      },
    },
    (req) => req.tenant(async (tx) => ok(await partStock(tx, req.query.sparePartId, req.query.warehouseId ?? null))),
  );

  app.get<{ Querystring: { code: string } }>(
    '/api-manage/spareparts/doc/partByCode',
    {
      config: lookup,
      schema: {
        tags: [docEntity.name],
        summary: 'sparedoc: a spare part by its code (a scanned label)',
        querystring: {
          type: 'object',
          required: ['code'],
          properties: { code: { type: 'string', minLength: 1, maxLength: 200 } },
        },
        response: { 200: envelope({ type: 'object', additionalProperties: true, nullable: true }) },
      },
    },
    (req) =>
      req.tenant(async (tx) => {
        const r = await tx.query<{ id: number; code: string; name: string; unit: string | null }>(
          `select id, code, name, unit from spare_parts where tenant_id = $1 and code = $2 and deleted_at is null`,
          [tx.tenantId, partCodeOf(req.query.code)],
        );
        const p = r.rows[0];
        return ok(p ? { id: Number(p.id), code: p.code, name: p.name, unit: p.unit } : null);
      }),
  );

  const anyBody = { type: 'object', additionalProperties: true } as const;
  const anyAnswer = { 200: envelope({ type: 'object', additionalProperties: true }) };
  app.post<{ Body: WireRow }>(
    '/api-manage/spareparts/count/save',
    {
      config: { permission: P.stocktake },
      schema: {
        tags: [countEntity.name],
        summary: 'sparecount: plan a stocktake (lines with book quantities)',
        body: anyBody,
        response: anyAnswer,
      },
    },
    async (req) => ok(await req.tenant((tx) => planCount(tx, req.lang, req.body ?? {}))),
  );
  app.post<{ Body: WireRow }>(
    '/api-manage/spareparts/count/enter',
    {
      config: { permission: P.stocktake },
      schema: {
        tags: [countEntity.name],
        summary: 'sparecount: enter a count for a line, or for a scanned part and bin',
        body: { ...idBody, properties: { ...idBody.properties, lineId: { type: 'integer', minimum: 1 } } },
        response: anyAnswer,
      },
    },
    async (req) => ok(await req.tenant((tx) => enterCount(tx, req.lang, req.body ?? {}))),
  );
  app.post<{ Body: { id: number } }>(
    '/api-manage/spareparts/count/adjust',
    {
      config: { permission: P.stocktake },
      schema: {
        tags: [countEntity.name],
        summary: 'sparecount: make the adjustment document of the differences',
        body: idBody,
        response: { 200: record },
      },
    },
    async (req) => {
      const row = await req.tenant((tx) => adjustFromCount(tx, req.lang, req.body.id));
      return ok(row, t(req.lang, 'spare.messages.saved', { code: row.code }));
    },
  );
  app.get<{ Querystring: { id: number } }>(
    '/api-manage/spareparts/count/lines',
    {
      config: { permission: [P.stocktake, P.stockView] },
      schema: {
        tags: [countEntity.name],
        summary: 'sparecount: the lines of a stocktake (a blind one without book quantities while counting)',
        querystring: {
          type: 'object',
          required: ['id'],
          properties: { id: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } },
        },
        response: anyAnswer,
      },
    },
    (req) => req.tenant(async (tx) => ok(await countLines(tx, req.query.id))),
  );
};
