import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { type FileRow, filePath } from '../../platform/files/store.js';
import { ok } from '../../platform/http/envelope.js';
import { AppError, invalid, notFound } from '../../platform/http/errors.js';
import { ownerDb } from '../../platform/system/owner.js';
import { id, idBody, optText, response } from '../org/http.js';

/*
 * System pictures (spec 7.3 opsys/getSysPictureData, addSysPicture, /api-file/files/delSysPicture): login
 * backgrounds and banners. The operator uploads the image with platform/files, registers it here and chooses
 * one of each kind; the chosen ones are public (the login page shows them before anyone has signed in).
 */
const P = {
  view: 'operatesys:picture:view',
  add: 'operatesys:picture:add',
  edit: 'operatesys:picture:edit',
  remove: 'operatesys:picture:delete',
};
const kind = { type: 'string', enum: ['login', 'banner'] };
const pictureUrl = (pictureId: number) => `/api-file/files/sysPicture/${pictureId}`;

interface PictureRow {
  id: number;
  kind: string;
  name: string | null;
  chosen: boolean;
  createdAt: string;
}

export async function pictureRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { kind?: string } }>(
    '/api-user/opsys/getSysPictureData',
    {
      config: { platform: true, permission: P.view },
      schema: {
        tags: ['operator'],
        summary: 'Login backgrounds and banners, newest first',
        querystring: { type: 'object', properties: { kind } },
        response,
      },
    },
    async (req) => {
      const r = await ownerDb(app).query<PictureRow>(
        `select id, kind, name, chosen, created_at as "createdAt" from sys_pictures
          where $1::text is null or kind = $1 order by created_at desc, id desc limit 500`,
        [req.query.kind ?? null],
      );
      return ok(r.rows.map((p) => ({ ...p, url: pictureUrl(p.id) })));
    },
  );

  app.post<{ Body: { kind: string; fileId: number; name?: string | null; chosen?: boolean } }>(
    '/api-user/opsys/addSysPicture',
    {
      config: { platform: true, permission: P.add },
      schema: {
        tags: ['operator'],
        summary: 'Register an uploaded image (file id from /api-file/files/upload) as a login background or banner',
        body: {
          type: 'object',
          required: ['kind', 'fileId'],
          properties: { kind, fileId: id, name: optText(200), chosen: { type: 'boolean' } },
        },
        response,
      },
    },
    async (req) => {
      const b = req.body;
      const tenantId = req.me().tenantId;
      const pictureId = await ownerDb(app).transaction(async (tx) => {
        const f = await tx.query<{ mime: string; name: string }>(
          'select mime, name from files where tenant_id = $1 and id = $2',
          [tenantId, b.fileId],
        );
        if (!f.rows[0]?.mime.startsWith('image/')) throw invalid('fileId', 'errors.picture.notImage');
        if (b.chosen) await tx.query('update sys_pictures set chosen = false where kind = $1 and chosen', [b.kind]);
        const r = await tx.query<{ id: number }>(
          `insert into sys_pictures(kind, name, file_tenant_id, file_id, chosen) values ($1, $2, $3, $4, $5) returning id`,
          [b.kind, b.name?.trim() || f.rows[0].name, tenantId, b.fileId, b.chosen ?? false],
        );
        return r.rows[0]!.id;
      });
      return ok({ id: pictureId, url: pictureUrl(pictureId) });
    },
  );

  app.post<{ Body: { id: number } }>(
    '/api-user/opsys/chooseSysPicture',
    {
      config: { platform: true, permission: P.edit },
      schema: {
        tags: ['operator'],
        summary: 'Show this picture (the only chosen one of its kind)',
        body: idBody,
        response,
      },
    },
    async (req) => {
      await ownerDb(app).transaction(async (tx) => {
        const r = await tx.query<{ kind: string }>('select kind from sys_pictures where id = $1 for update', [
          req.body.id,
        ]);
        if (!r.rows[0]) throw notFound('errors.picture.notFound');
        await tx.query('update sys_pictures set chosen = false where kind = $1 and chosen', [r.rows[0].kind]);
        await tx.query('update sys_pictures set chosen = true where id = $1', [req.body.id]);
      });
      return ok(null);
    },
  );

  app.post<{ Body: { id: number } }>(
    '/api-file/files/delSysPicture',
    {
      config: { platform: true, permission: P.remove },
      schema: { tags: ['operator'], summary: 'Remove a login background or banner', body: idBody, response },
    },
    async (req) => {
      const r = await ownerDb(app).query('delete from sys_pictures where id = $1', [req.body.id]);
      if (r.rowCount === 0) throw notFound('errors.picture.notFound');
      return ok(null);
    },
  );

  app.get(
    '/api-user/opsys/getChosenPictures',
    {
      config: { public: true },
      schema: {
        tags: ['operator'],
        summary: 'The chosen login background and banner (public: the login page shows them)',
        security: [],
        response,
      },
    },
    async () => {
      const r = await ownerDb(app).query<{ id: number; kind: string }>(
        'select id, kind from sys_pictures where chosen',
      );
      const out: Record<string, string | null> = { login: null, banner: null };
      for (const p of r.rows) out[p.kind] = pictureUrl(p.id);
      return ok(out);
    },
  );

  app.get<{ Params: { id: number } }>(
    '/api-file/files/sysPicture/:id',
    {
      config: { public: true },
      schema: {
        tags: ['operator'],
        summary: 'The image of a system picture (public)',
        security: [],
        params: { type: 'object', required: ['id'], properties: { id } },
      },
    },
    async (req, reply) => {
      const db = ownerDb(app);
      const r = await db.query<FileRow & { tenant_id: number }>(
        `select f.tenant_id, f.id, f.name, f.mime, f.size, f.storage_key from sys_pictures p
           join files f on f.tenant_id = p.file_tenant_id and f.id = p.file_id where p.id = $1`,
        [req.params.id],
      );
      const row = r.rows[0];
      const file = row ? filePath(app.config.dataDir, Number(row.tenant_id), row.storage_key) : null;
      if (!row || !file || !fs.existsSync(file)) throw new AppError('notFound', 'errors.fileNotFound');
      return reply
        .header('content-type', row.mime)
        .header('content-length', String(row.size))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; img-src 'self'; sandbox")
        .header('cache-control', 'public, max-age=3600')
        .send(fs.createReadStream(file));
    },
  );
}
