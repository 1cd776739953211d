import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok } from '../../platform/http/envelope.js';
import { t } from '../../platform/i18n/index.js';
import { staticModel } from '../../platform/resources/model.js';
import { envelope, recordSchema } from '../../platform/resources/openapi.js';
import type { EntityDef, WireRow } from '../../platform/resources/types.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';

/**
 * A workflow route of a document: POST <url> { id } behind a permission code, run in one tenant
 * transaction, answering the document after the change with a translated message.
 */
export function docAction(
  app: FastifyInstance,
  def: EntityDef,
  opts: { url: string; permission: string | string[]; summary: string; done: string },
  run: (tx: TenantTx, id: number, req: FastifyRequest) => Promise<WireRow>,
): void {
  app.post<{ Body: { id: number } }>(
    opts.url,
    {
      config: { permission: opts.permission },
      schema: {
        tags: [def.name],
        summary: `${def.name}: ${opts.summary}`,
        body: { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1 } } },
        response: { 200: envelope(recordSchema(staticModel(def))) },
      },
    },
    async (req) => {
      const row = await req.tenant((tx) => run(tx, req.body.id, req));
      return ok(row, t(req.lang, opts.done));
    },
  );
}
