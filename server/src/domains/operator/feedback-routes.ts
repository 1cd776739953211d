import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { type FileRow, filePath } from '../../platform/files/store.js';
import { ok, page } from '../../platform/http/envelope.js';
import { AppError, businessError, invalid, notFound } from '../../platform/http/errors.js';
import { isLang, t } from '../../platform/i18n/index.js';
import { pushToUsers } from '../../platform/resources/push.js';
import { ownerDb } from '../../platform/system/owner.js';
import { withTenant } from '../../platform/tenancy/tenant-tx.js';
import { filter, id, paging, response, text, Where } from '../org/http.js';

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

interface FeedbackRow {
  tenant_id: number;
  id: number;
  user_id: number;
  state: number;
  screenshot: string | null;
}

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
      const q = req.query;
      const w = new Where().ilike('f.content', q.content);
      if (q.state !== undefined) w.add('f.state = ?', q.state);
      if (q.companyId) w.add('f.tenant_id = ?', q.companyId);
      const db = ownerDb(app);
      const rows = await db.query(
        `select f.id, f.tenant_id as "companyId", c.name as "companyName", u.username, u.peoplename, f.content,
                f.screenshot is not null as "hasScreenshot", f.state, f.answer, f.answered_at as "answeredAt",
                f.created_at as "createdAt"
           from feedback f join companies c on c.id = f.tenant_id
           join users u on u.tenant_id = f.tenant_id and u.id = f.user_id
          where ${w.sql} order by f.state = 0 desc, f.created_at desc, f.id desc limit ${w.next()} offset ${w.next(2)}`,
        [...w.params, q.limit, (q.page - 1) * q.limit],
      );
      const n = await db.query<{ n: number }>(`select count(*)::int as n from feedback f where ${w.sql}`, w.params);
      return page(rows.rows, n.rows[0]!.n);
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
      const db = ownerDb(app);
      const f = await db.query<FeedbackRow>('select tenant_id, screenshot from feedback where id = $1', [req.query.id]);
      const shot = f.rows[0];
      const row = shot?.screenshot
        ? (
            await db.query<FileRow>(
              'select id, name, mime, size, storage_key from files where tenant_id = $1 and id = $2',
              [shot.tenant_id, Number(shot.screenshot)],
            )
          ).rows[0]
        : undefined;
      const file = row && shot ? filePath(app.config.dataDir, Number(shot.tenant_id), row.storage_key) : null;
      if (!row || !file || !fs.existsSync(file) || !row.mime.startsWith('image/'))
        throw new AppError('notFound', 'errors.fileNotFound');
      return reply
        .header('content-type', row.mime)
        .header('content-length', String(row.size))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; img-src 'self'; sandbox")
        .header('cache-control', 'private, max-age=86400')
        .send(fs.createReadStream(file));
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
      const f = await ownerDb(app).query<FeedbackRow & { language: string }>(
        'select f.tenant_id, f.user_id, c.language from feedback f join companies c on c.id = f.tenant_id where f.id = $1',
        [feedbackId],
      );
      const row = f.rows[0];
      if (!row) throw notFound('errors.feedback.notFound');
      const lang = isLang(row.language) ? row.language : 'zh';
      // The answer and the message are written in the sender's company (its own transaction, row security on).
      await withTenant(ownerDb(app), Number(row.tenant_id), null, async (tx) => {
        const locked = await tx.query<{ state: number }>(
          'select state from feedback where tenant_id = $1 and id = $2 for update',
          [tx.tenantId, feedbackId],
        );
        if (locked.rows[0]?.state === 2) throw businessError('errors.feedback.closed');
        await tx.query(
          'update feedback set answer = $3, state = 1, answered_at = now() where tenant_id = $1 and id = $2',
          [tx.tenantId, feedbackId, answer.trim()],
        );
        await tx.query(
          `insert into messages(tenant_id, user_id, type_code, title, content, link)
           values ($1, $2, 'feedback', $3, $4, null)`,
          [tx.tenantId, row.user_id, t(lang, FEEDBACK_MESSAGE), answer.trim()],
        );
        await pushToUsers(tx, [Number(row.user_id)], { type: 'message', entity: 'feedback', id: feedbackId });
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
      const r = await ownerDb(app).query('update feedback set state = 2 where id = $1 and state <> 2', [req.body.id]);
      if (r.rowCount === 0) {
        const exists = await ownerDb(app).query('select 1 from feedback where id = $1', [req.body.id]);
        throw exists.rows.length ? businessError('errors.feedback.closed') : notFound('errors.feedback.notFound');
      }
      return ok({ id: req.body.id, state: 2 });
    },
  );
}
