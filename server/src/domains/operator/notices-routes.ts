import type { FastifyInstance } from 'fastify';
import { ok, page } from '../../platform/http/envelope.js';
import { forbidden, notFound } from '../../platform/http/errors.js';
import { assertPlatformRowUnchanged, readVersionSchema } from '../../platform/resources/edit-check.js';
import { bodyIds, filter, id, idsBody, optText, paging, response, text, Where } from '../org/http.js';
import { tenantCompanies } from './company-menus.js';

const P = { view: 'operatesys:notice:view', add: 'operatesys:notice:add', edit: 'operatesys:notice:edit' };

/** System announcements (spec 2.3 warning banner; 7.3 feedback/...): the operator writes, every user reads the latest. */
export async function noticeRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { page: number; limit: number; title?: string; content?: string; state?: number } }>(
    '/api-user/feedback/getSysNoticePage',
    {
      config: { platform: true, permission: P.view },
      schema: {
        tags: ['operator'],
        summary: 'System announcements, newest first, paged',
        querystring: {
          type: 'object',
          properties: {
            ...paging,
            title: filter(200),
            content: filter(200),
            state: { type: 'integer', enum: [0, 1] },
          },
        },
        response,
      },
    },
    async (req) =>
      req.tenant(async (tx) => {
        const q = req.query;
        const w = new Where().ilike('title', q.title).ilike('content', q.content);
        if (q.state !== undefined) w.add('state = ?', q.state);
        const rows = await tx.query(
          `select id, title, content, state, created_at as "createdAt", updated_at as "updatedAt",
                  company_ids as "companyIds",
                  (select array_agg(c.name order by c.id) from companies c where c.id = any(company_ids)) as "companyNames"
             from sys_notices where ${w.sql}
            order by created_at desc, id desc limit ${w.next()} offset ${w.next(2)}`,
          [...w.params, q.limit, (q.page - 1) * q.limit],
        );
        const n = await tx.query<{ n: number }>(`select count(*) as n from sys_notices where ${w.sql}`, w.params);
        return page(rows.rows, n.rows[0]!.n);
      }),
  );

  app.post<{
    Body: {
      id?: number;
      title?: string | null;
      content: string;
      state?: number;
      companyIds?: number[] | null;
      updatedAt?: string;
    };
  }>(
    '/api-user/feedback/addSysNotice',
    {
      config: { platform: true, permission: [P.add, P.edit] },
      schema: {
        tags: ['operator'],
        summary:
          'Publish an announcement (state 1 shows it to the users of companyIds, every company when null), or change one when id is sent',
        body: {
          type: 'object',
          required: ['content'],
          properties: {
            id,
            title: optText(200),
            content: text(5000),
            state: { type: 'integer', enum: [0, 1] },
            companyIds: { anyOf: [{ type: 'array', items: id, maxItems: 5000 }, { type: 'null' }] },
            updatedAt: readVersionSchema,
          },
        },
        response,
      },
    },
    async (req) => {
      const b = req.body;
      const targets = b.companyIds?.length ? b.companyIds : null;
      const need = b.id ? P.edit : P.add;
      if (!req.me().permissions.has(need)) throw forbidden('errors.noPermission', { code: need });
      const noticeId = await req.tenant(async (tx) => {
        if (targets) await tenantCompanies(tx, targets);
        if (!b.id) {
          const r = await tx.query<{ id: number }>(
            'insert into sys_notices(title, content, state, company_ids) values ($1, $2, $3, $4) returning id',
            [b.title || null, b.content, b.state ?? 1, targets],
          );
          return r.rows[0]!.id;
        }
        await assertPlatformRowUnchanged(tx, 'sys_notices', b.id, b.updatedAt);
        const r = await tx.query(
          `update sys_notices set title = $2, content = $3, state = coalesce($4, state), company_ids = $5,
                  updated_at = now() where id = $1`,
          [b.id, b.title || null, b.content, b.state ?? null, targets],
        );
        if (r.rowCount === 0) throw notFound();
        return b.id;
      });
      return ok({ id: noticeId });
    },
  );

  app.post<{ Body: { id?: number; ids?: number[] } }>(
    '/api-user/feedback/delSysNotice',
    {
      config: { platform: true, permission: 'operatesys:notice:delete' },
      schema: { tags: ['operator'], summary: 'Delete announcements', body: idsBody, response },
    },
    async (req) => {
      const noticeIds = bodyIds(req.body);
      const n = await req.tenant(async (tx) => {
        const r = await tx.query('delete from sys_notices where id = any($1::bigint[])', [noticeIds]);
        return r.rowCount;
      });
      if (n === 0) throw notFound();
      return ok({ deleted: n });
    },
  );
}
