import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isLang, type Lang } from '../i18n/index.js';
import { analyzeSoon } from '../system/statistics.js';
import type { TenantTx } from '../tenancy/tenant-tx.js';
import { EXPORT_JOB, type ExportPayload } from './export.js';
import { filterWhere, Params, type QueryInput, queryParams } from './query.js';
import type { ReadContext } from './read.js';
import type { WireRow } from './types.js';

/** The pieces the engine's route handlers share (declared entities, runtime entities, domain aliases). */

/** The ids a delete names: `ids` (array or comma list) or `id`, from the query or the body. */
export const idsOf = (req: FastifyRequest): unknown[] => {
  const src = { ...(req.query as WireRow), ...((req.body as WireRow | undefined) ?? {}) };
  const raw = src.ids ?? src.id;
  if (raw === undefined || raw === null || raw === '') return [];
  return Array.isArray(raw) ? raw : String(raw).split(',');
};

/** The caller's language for files: ?lang= (links cannot send headers), else the request's. */
export const fileLang = (req: FastifyRequest): Lang => {
  const q = (req.query as WireRow | undefined)?.lang;
  return isLang(q) ? q : req.lang;
};

/** The export filters of a request: the query string and a JSON body together, checked like a page's. */
export function exportQuery(req: FastifyRequest, tx: TenantTx, ctx: ReadContext): QueryInput {
  const body = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as QueryInput) : {};
  const query = queryParams(ctx.model, { ...(req.query as QueryInput), ...body });
  filterWhere(ctx.model, query, new Params(tx.tenantId), ctx);
  return query;
}

/** Queues an export of the entity for the caller: the My downloads row appears at once, the job fills it. */
export async function queueExport(
  app: FastifyInstance,
  tx: TenantTx,
  ctx: ReadContext,
  userId: number,
  query: QueryInput,
): Promise<number> {
  const def = ctx.model.def;
  const day = new Date().toISOString().slice(0, 10).replace(/-/g, '');
  const ywlx = (typeof def.downloadType === 'function' ? def.downloadType(query) : def.downloadType) ?? def.name;
  const d = await tx.insert<{ id: number }>(
    'downloads',
    { user_id: userId, ywlx, filename: `${ctx.model.title(ctx.lang)}_${day}.xlsx` },
    'id',
  );
  const payload: ExportPayload = {
    entity: def.name,
    downloadId: d.id,
    userId,
    lang: ctx.lang,
    query,
    keyScope: tx.keyScope,
  };
  await app.jobs.enqueue(tx, EXPORT_JOB, payload as unknown as Record<string, unknown>);
  return d.id;
}

/** The embedded database has no autovacuum: refresh the planner's statistics after a large import. */
export function analyzeAfterImport(app: FastifyInstance, table: string, count: number): void {
  if (count >= 1000) analyzeSoon(app, table);
}

/** Sends an .xlsx workbook as a download named after its title. */
export const sendWorkbook = (reply: FastifyReply, title: string, data: Buffer) =>
  reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(`${title}.xlsx`)}`)
    .send(data);
