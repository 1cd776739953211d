import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ok, page } from '../../platform/http/envelope.js';
import { AppError } from '../../platform/http/errors.js';
import { paging as basePaging } from '../../platform/http/input-guard.js';
import { hasKey, type Lang, t } from '../../platform/i18n/index.js';
import { entityTitle } from '../../platform/resources/model.js';
import { allEntities, findEntity } from '../../platform/resources/registry.js';
import { loadMessageTemplates, messageText } from '../../platform/workflow/notify.js';

const envelope = {
  type: 'object',
  additionalProperties: true,
  properties: { rtnCode: { type: 'integer' }, msg: { type: 'string' } },
};
const paging = {
  type: 'object',
  properties: {
    page: basePaging.page,
    limit: { ...basePaging.limit, maximum: 500, default: 10 },
  },
};

/**
 * What a download is, in the reader's language, for exports named by what they export (an entity, an
 * organisation sheet); the numeric ywlx codes of spec 3.1 are named by the web application.
 */
function downloadTypeName(ywlx: string, lang: Lang): string | null {
  const typed = allEntities().find((d) => d.downloadType === ywlx);
  if (typed) return entityTitle(typed, lang);
  if (/^\d+$/.test(ywlx)) return null;
  const def = findEntity(ywlx);
  if (def) return entityTitle(def, lang);
  const key = `org.sheet.${ywlx}.title`;
  return hasKey(key) ? t(lang, key) : null;
}

/** My downloads, messages and the system announcement: what the shell shows every user. */
export async function coreRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { page: number; limit: number } }>(
    '/api-core/download/page',
    {
      config: { selfService: true },
      schema: {
        tags: ['downloads'],
        summary: 'My downloads, newest first',
        querystring: paging,
        response: { 200: envelope },
      },
    },
    async (req) => {
      const p = req.me();
      const { page: pg, limit } = req.query;
      return req.tenant(async (tx) => {
        const r = await tx.query<{ total: number }>(
          `select id, ywlx, filename, case when filepath is null then null else 'ready' end as filepath, isnormal, progress, error,
                  createdate, count(*) over () as total
             from downloads where tenant_id = $1 and user_id = $2
            order by createdate desc, id desc limit $3 offset $4`,
          [tx.tenantId, p.userId, limit, (pg - 1) * limit],
        );
        const total =
          r.rows[0]?.total ??
          (
            await tx.query<{ n: number }>('select count(*) as n from downloads where tenant_id = $1 and user_id = $2', [
              tx.tenantId,
              p.userId,
            ])
          ).rows[0]!.n;
        return page(
          r.rows.map(({ total: _t, ...row }, i) => ({
            ...row,
            typeName: downloadTypeName(String((row as { ywlx: unknown }).ywlx), req.lang),
            index: (pg - 1) * limit + i + 1,
          })),
          Number(total),
        );
      });
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api-core/download/file/:id',
    {
      // A plain link in My downloads: the token may ride in the query.
      config: { selfService: true, queryToken: true },
      schema: {
        tags: ['downloads'],
        summary: 'Download a generated file (only its owner)',
        params: { type: 'object', properties: { id: { type: 'integer' } } },
      },
    },
    async (req, reply) => {
      const p = req.me();
      const row = await req.tenant((tx) =>
        tx.query<{ filepath: string | null; filename: string | null }>(
          'select filepath, filename from downloads where tenant_id = $1 and id = $2 and user_id = $3',
          [tx.tenantId, req.params.id, p.userId],
        ),
      );
      const d = row.rows[0];
      // Exports of before the shared store kept the path under the data folder, which is the store key.
      const file = d?.filepath ? await app.fileStore.open(p.tenantId, d.filepath.split(path.sep).join('/')) : null;
      if (!file) throw new AppError('notFound', 'errors.fileNotFound');
      const name = d!.filename ?? path.posix.basename(d!.filepath!);
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-length', String(file.size))
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`)
        .send(file.stream);
    },
  );

  app.get(
    '/api-core/msgtype/getUnreadNum',
    {
      config: { selfService: true },
      schema: { tags: ['messages'], summary: 'Number of my unread messages', response: { 200: envelope } },
    },
    async (req) => {
      const p = req.me();
      const r = await req.tenant((tx) =>
        tx.query<{ n: number }>(
          'select count(*) as n from messages where tenant_id = $1 and user_id = $2 and state = 0',
          [tx.tenantId, p.userId],
        ),
      );
      return ok(r.rows[0]!.n);
    },
  );

  app.get<{ Querystring: { page: number; limit: number; state?: number } }>(
    '/api-core/msg/page',
    {
      config: { selfService: true },
      schema: {
        tags: ['messages'],
        summary: 'My messages, newest first',
        querystring: {
          ...paging,
          properties: {
            ...paging.properties,
            limit: { type: 'integer', minimum: 1, maximum: 500, default: 20 },
            state: { type: 'integer', enum: [0, 1] },
          },
        },
        response: { 200: envelope },
      },
    },
    async (req) => {
      const p = req.me();
      const { page: pg, limit, state } = req.query;
      return req.tenant(async (tx) => {
        const where = 'tenant_id = $1 and user_id = $2 and ($3::smallint is null or state = $3)';
        const args = [tx.tenantId, p.userId, state ?? null];
        const rows = await tx.query<{
          title: string;
          content: string | null;
          msg_key: string | null;
          msg_params: unknown;
        }>(
          `select id, type_code, title, content, state, created_at, link, msg_key, msg_params from messages where ${where} order by created_at desc, id desc limit $4 offset $5`,
          [...args, limit, (pg - 1) * limit],
        );
        const n = await tx.query<{ n: number }>(`select count(*) as n from messages where ${where}`, args);
        const templates = await loadMessageTemplates(tx);
        const shown = rows.rows.map(({ msg_key, msg_params, ...m }) => ({
          ...m,
          ...messageText(req.lang, { title: m.title, content: m.content, msg_key, msg_params }, templates),
        }));
        return page(shown, n.rows[0]!.n);
      });
    },
  );

  app.post<{ Body: { ids: number[] } }>(
    '/api-core/msgtype/switchState',
    {
      config: { selfService: true },
      schema: {
        tags: ['messages'],
        summary: 'Mark my messages read',
        body: {
          type: 'object',
          required: ['ids'],
          properties: { ids: { type: 'array', items: { type: 'integer' }, maxItems: 1000 } },
        },
        response: { 200: envelope },
      },
    },
    async (req) => {
      const p = req.me();
      await req.tenant((tx) =>
        tx.query('update messages set state = 1 where tenant_id = $1 and user_id = $2 and id = any($3::bigint[])', [
          tx.tenantId,
          p.userId,
          req.body.ids,
        ]),
      );
      return ok(null);
    },
  );

  app.post<{ Body: { ids: number[] } }>(
    '/api-core/msg/delMessageList',
    {
      config: { selfService: true },
      schema: {
        tags: ['messages'],
        summary: 'Delete my messages (others and unknown ids are left alone); answers how many went',
        body: {
          type: 'object',
          required: ['ids'],
          properties: {
            ids: {
              type: 'array',
              minItems: 1,
              maxItems: 1000,
              items: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
            },
          },
        },
        response: { 200: envelope },
      },
    },
    async (req) => {
      const p = req.me();
      const r = await req.tenant((tx) =>
        tx.query('delete from messages where tenant_id = $1 and user_id = $2 and id = any($3::bigint[])', [
          tx.tenantId,
          p.userId,
          req.body.ids,
        ]),
      );
      return ok({ deleted: r.rowCount }, t(req.lang, 'core.messages.deleted', { n: r.rowCount }));
    },
  );

  app.get(
    '/api-user/feedback/getLatestSysNotice',
    {
      config: { selfService: true },
      schema: { tags: ['messages'], summary: 'The current system announcement, if any', response: { 200: envelope } },
    },
    async (req) => {
      const r = await req.tenant((tx) =>
        tx.query(
          `select id, title, content, created_at from sys_notices
            where state = 1 and (company_ids is null or $1 = any(company_ids))
            order by created_at desc, id desc limit 1`,
          [tx.tenantId],
        ),
      );
      return ok(r.rows[0] ?? null);
    },
  );
}
