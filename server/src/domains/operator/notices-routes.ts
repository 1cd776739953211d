import type { FastifyInstance } from 'fastify';
import { ok, page } from '../../platform/http/envelope.js';
import { forbidden, notFound } from '../../platform/http/errors.js';
import { bodyIds, filter, id, idsBody, optText, paging, response, text } from '../../platform/http/route-kit.js';
import { assertReadVersion, readVersionSchema } from '../../platform/resources/edit-check.js';
import { NOW } from '../../platform/resources/platform-tx.js';
import { tenantCompanies } from './company-menus.js';
import { noticeEntity } from './platform-entities.js';

const P = noticeEntity.permissions as Record<'view' | 'add' | 'edit' | 'delete', string>;

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
    async (req) => {
      const { page: at, limit, ...filters } = req.query;
      const r = await req.platform((tx) => tx.list(noticeEntity, { filters, page: at, limit }));
      return page(r.rows, r.count);
    },
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
      const noticeId = await req.platform(async (tx) => {
        if (targets) await tenantCompanies(tx, targets);
        const values = { title: b.title || null, content: b.content, companyIds: targets };
        if (!b.id) return (await tx.create(noticeEntity, { ...values, state: b.state ?? 1 })).id;
        const current = await tx.find(noticeEntity, b.id, { fields: ['updatedAt'], lock: true });
        if (!current) throw notFound();
        assertReadVersion(current.updatedAt as Date | null, b.updatedAt);
        await tx.change(noticeEntity, b.id, { ...values, state: b.state, updatedAt: NOW });
        return b.id;
      });
      return ok({ id: noticeId });
    },
  );

  app.post<{ Body: { id?: number; ids?: number[] } }>(
    '/api-user/feedback/delSysNotice',
    {
      config: { platform: true, permission: P.delete },
      schema: { tags: ['operator'], summary: 'Delete announcements', body: idsBody, response },
    },
    async (req) => {
      const noticeIds = bodyIds(req.body);
      const n = await req.platform((tx) => tx.remove(noticeEntity, noticeIds));
      if (n === 0) throw notFound();
      return ok({ deleted: n });
    },
  );
}
