import type { FastifyInstance } from 'fastify';
import { openUpload } from '../../platform/files/store.js';
import { ok, page } from '../../platform/http/envelope.js';
import { AppError, businessError, invalid, notFound } from '../../platform/http/errors.js';
import { filter, id, paging, response, text } from '../../platform/http/route-kit.js';
import { isLang, t } from '../../platform/i18n/index.js';
import { NOW } from '../../platform/resources/platform-tx.js';
import { pushToUsers } from '../../platform/resources/push.js';
import { feedbackEntity } from './platform-entities.js';

/*
 * Feedback (spec 7.3 feedback/getFeedBackPage): a tenant's user sends text and a screenshot from the user menu;
 * the operator reads every tenant's feedback, answers (the user gets the answer as a message) and closes it.
 * States: 0 open, 1 answered, 2 closed.
 */
const P = {
  view: 'operatesys:feedback:view',
  answer: 'operatesys:feedback:answer',
  close: 'operatesys:feedback:close',
};
const FEEDBACK_MESSAGE = 'operator.feedbackAnswered';

export async function feedbackRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: { content: string; screenshot?: number | null } }>(
    '/api-user/feedback/addFeedBack',
    {
      config: { selfService: true },
      schema: {
        tags: ['feedback'],
        summary: 'Send feedback to the platform operator (text, optionally an uploaded screenshot file id)',
        body: {
          type: 'object',
          required: ['content'],
          properties: { content: text(2000), screenshot: { anyOf: [id, { type: 'null' }] } },
        },
        response,
      },
    },
    async (req) => {
      const { content, screenshot } = req.body;
      const me = req.me();
      const feedbackId = await req.tenant(async (tx) => {
        if (screenshot) {
          const f = await tx.find<{ mime: string }>('files', screenshot, 'mime');
          if (!f?.mime.startsWith('image/')) throw invalid('screenshot', 'errors.feedback.badScreenshot');
        }
        const r = await tx.query<{ id: number }>(
          'insert into feedback(tenant_id, user_id, content, screenshot) values ($1, $2, $3, $4) returning id',
          [tx.tenantId, me.userId, content.trim(), screenshot ? String(screenshot) : null],
        );
        return r.rows[0]!.id;
      });
      return ok({ id: feedbackId });
    },
  );

  app.get<{ Querystring: { page: number; limit: number } }>(
    '/api-user/feedback/getMyFeedBack',
    {
      config: { selfService: true },
      schema: {
        tags: ['feedback'],
        summary: "The caller's own feedback with the operator's answers, newest first",
        querystring: { type: 'object', properties: { ...paging } },
        response,
      },
    },
    async (req) => {
      const me = req.me();
      const q = req.query;
      return req.tenant(async (tx) => {
        const rows = await tx.query(
          `select id, content, state, answer, answered_at as "answeredAt", created_at as "createdAt" from feedback
            where tenant_id = $1 and user_id = $2 order by created_at desc, id desc limit $3 offset $4`,
          [tx.tenantId, me.userId, q.limit, (q.page - 1) * q.limit],
        );
        const n = await tx.query<{ n: number }>(
          'select count(*)::int as n from feedback where tenant_id = $1 and user_id = $2',
          [tx.tenantId, me.userId],
        );
        return page(rows.rows, n.rows[0]!.n);
      });
    },
  );

  app.get<{ Querystring: { page: number; limit: number; state?: number; companyId?: number; content?: string } }>(
    '/api-user/feedback/getFeedBackPage',
    {
      config: { platform: true, permission: P.view },
      schema: {
        tags: ['operator'],
        summary: "Every tenant's feedback with its company and sender, open first; paged",
        querystring: {
          type: 'object',
          properties: { ...paging, state: { type: 'integer', enum: [0, 1, 2] }, companyId: id, content: filter(200) },
        },
        response,
      },
    },
    async (req) => {
      const { page: at, limit, ...filters } = req.query;
      const r = await req.platform((tx) => tx.list(feedbackEntity, { filters, page: at, limit }));
      return page(r.rows, r.count);
    },
  );

  app.get<{ Querystring: { id: number } }>(
    '/api-user/feedback/getFeedBackPicture',
    {
      // An <img src> cannot send a header: the access token may come in the query.
      config: { platform: true, permission: P.view, queryToken: true },
      schema: {
        tags: ['operator'],
        summary: "A feedback's screenshot (read from the sender's company)",
        querystring: { type: 'object', required: ['id'], properties: { id } },
      },
    },
    async (req, reply) => {
      const found = await req.platform(async (tx) => {
        const shot = await tx.find(feedbackEntity, req.query.id, { fields: ['companyId', 'screenshot'] });
        const tenantId = Number(shot?.companyId);
        const row = shot?.screenshot ? await tx.fileOf(tenantId, Number(shot.screenshot)) : null;
        return row?.mime.startsWith('image/') ? { row, tenantId } : null;
      });
      const file = found ? await openUpload(app.fileStore, found.tenantId, found.row) : null;
      if (!found || !file) throw new AppError('notFound', 'errors.fileNotFound');
      return reply
        .header('content-type', found.row.mime)
        .header('content-length', String(file.size))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; img-src 'self'; sandbox")
        .header('cache-control', 'private, max-age=86400')
        .send(file.stream);
    },
  );

  app.post<{ Body: { id: number; answer: string } }>(
    '/api-user/feedback/answerFeedBack',
    {
      config: { platform: true, permission: P.answer },
      schema: {
        tags: ['operator'],
        summary: 'Answer a feedback; its sender gets the answer as a message',
        body: { type: 'object', required: ['id', 'answer'], properties: { id, answer: text(2000) } },
        response,
      },
    },
    async (req) => {
      const { id: feedbackId, answer } = req.body;
      await req.platform(async (tx) => {
        const row = await tx.find(feedbackEntity, feedbackId, {
          fields: ['companyId', 'companyLanguage', 'userId', 'state'],
          lock: true,
        });
        if (!row) throw notFound('errors.feedback.notFound');
        if (row.state === 2) throw businessError('errors.feedback.closed');
        await tx.change(feedbackEntity, feedbackId, { answer: answer.trim(), state: 1, answeredAt: NOW }, 'answer');
        const lang = isLang(row.companyLanguage) ? row.companyLanguage : 'zh';
        // The message is written in the sender's company, with its row security on.
        await tx.asTenant(Number(row.companyId), async (ttx) => {
          await ttx.insert('messages', {
            user_id: row.userId,
            type_code: 'feedback',
            title: t(lang, FEEDBACK_MESSAGE),
            content: answer.trim(),
            link: null,
          });
          await pushToUsers(ttx, [Number(row.userId)], { type: 'message', entity: 'feedback', id: feedbackId });
        });
      });
      return ok({ id: feedbackId, state: 1 });
    },
  );

  app.post<{ Body: { id: number } }>(
    '/api-user/feedback/closeFeedBack',
    {
      config: { platform: true, permission: P.close },
      schema: {
        tags: ['operator'],
        summary: 'Close a feedback',
        body: { type: 'object', required: ['id'], properties: { id } },
        response,
      },
    },
    async (req) => {
      await req.platform(async (tx) => {
        const [closed] = await tx.changeWhere(
          feedbackEntity,
          { id: req.body.id, state: [0, 1] },
          { state: 2 },
          'close',
        );
        if (closed) return;
        const exists = await tx.find(feedbackEntity, req.body.id, { fields: ['id'] });
        throw exists ? businessError('errors.feedback.closed') : notFound('errors.feedback.notFound');
      });
      return ok({ id: req.body.id, state: 2 });
    },
  );
}
