import type { FastifyInstance } from 'fastify';
import { ok } from '../../platform/http/envelope.js';
import { t } from '../../platform/i18n/index.js';
import { staticModel } from '../../platform/resources/model.js';
import { envelope, recordSchema } from '../../platform/resources/openapi.js';
import { scanCount, startCount } from './count.js';
import { COUNT, countLineEntity, countPlanEntity } from './count-resources.js';

const id = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } as const;

/** Equipment stocktakes: plan one (its expected machines from the ledger) and count it by scanning labels. */
export function countRoutes(app: FastifyInstance): void {
  const plan = recordSchema(staticModel(countPlanEntity));
  const line = recordSchema(staticModel(countLineEntity));
  app.post<{ Body: { name: string; workshopId?: number | null; remark?: string | null } }>(
    '/api-manage/inventoryplan/save',
    {
      config: { permission: COUNT },
      schema: {
        tags: ['inventoryplan'],
        summary: "inventoryplan: plan a count of a workshop's machines (or every workshop's), expected from the ledger",
        body: {
          type: 'object',
          required: ['name'],
          properties: {
            name: { type: 'string', maxLength: 100, pattern: '^[^\\u0000]*$' },
            workshopId: { ...id, nullable: true },
            remark: { type: 'string', maxLength: 200, nullable: true, pattern: '^[^\\u0000]*$' },
          },
        },
        response: { 200: envelope(plan) },
      },
    },
    async (req) => {
      const row = await req.tenant((tx) => startCount(tx, req.body, req.lang));
      return ok(row, t(req.lang, 'equipment.count.messages.planned', { n: row.expected }));
    },
  );

  app.post<{ Body: { id: number; code: string } }>(
    '/api-manage/inventoryplan/scan',
    {
      config: { permission: COUNT },
      schema: {
        tags: ['inventoryplan'],
        summary: 'inventoryplan: count a scanned machine label (its QR link, EQ:<code>, or a typed code)',
        body: {
          type: 'object',
          required: ['id', 'code'],
          properties: { id, code: { type: 'string', maxLength: 500, pattern: '^[^\\u0000]*$' } },
        },
        response: { 200: envelope(line) },
      },
    },
    async (req) => {
      const r = await req.tenant((tx) => scanCount(tx, req.body.id, req.body.code, req.lang));
      const key = r.already ? 'already' : String(r.line.result);
      return ok(r.line, t(req.lang, `equipment.count.messages.${key}`, { code: req.body.code.trim() }));
    },
  );
}
