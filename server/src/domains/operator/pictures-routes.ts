import type { FastifyInstance } from 'fastify';
import { openUpload } from '../../platform/files/store.js';
import { ok } from '../../platform/http/envelope.js';
import { AppError, invalid, notFound } from '../../platform/http/errors.js';
import { id, idBody, optText, response } from '../../platform/http/route-kit.js';
import { publicPlatformRead } from '../../platform/resources/platform-handle.js';
import { pictureEntity } from './platform-entities.js';

/*
 * System pictures (spec 7.3 opsys/getSysPictureData, addSysPicture, /api-file/files/delSysPicture): login
 * backgrounds and banners. The operator uploads the image with platform/files, registers it here and chooses
 * one of each kind; the chosen ones are public (the login page shows them before anyone has signed in).
 */
const P = pictureEntity.permissions as Record<'view' | 'add' | 'edit' | 'delete', string>;
const kind = { type: 'string', enum: ['login', 'banner'] };
const pictureUrl = (pictureId: number) => `/api-file/files/sysPicture/${pictureId}`;

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
      const r = await req.platform((tx) => tx.list(pictureEntity, { filters: { kind: req.query.kind }, limit: 500 }));
      return ok(r.rows.map((p) => ({ ...p, url: pictureUrl(Number(p.id)) })));
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
      const pictureId = await req.platform(async (tx) => {
        const f = await tx.fileOf(tenantId, b.fileId);
        if (!f?.mime.startsWith('image/')) throw invalid('fileId', 'errors.picture.notImage');
        if (b.chosen) await tx.changeWhere(pictureEntity, { kind: b.kind, chosen: true }, { chosen: false });
        const made = await tx.create(pictureEntity, {
          kind: b.kind,
          name: b.name?.trim() || f.name,
          fileTenantId: tenantId,
          fileId: b.fileId,
          chosen: b.chosen ?? false,
        });
        return Number(made.id);
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
      await req.platform(async (tx) => {
        const picture = await tx.find(pictureEntity, req.body.id, { fields: ['kind'], lock: true });
        if (!picture) throw notFound('errors.picture.notFound');
        await tx.changeWhere(pictureEntity, { kind: picture.kind, chosen: true }, { chosen: false });
        await tx.change(pictureEntity, req.body.id, { chosen: true });
      });
      return ok(null);
    },
  );

  app.post<{ Body: { id: number } }>(
    '/api-file/files/delSysPicture',
    {
      config: { platform: true, permission: P.delete },
      schema: { tags: ['operator'], summary: 'Remove a login background or banner', body: idBody, response },
    },
    async (req) => {
      const n = await req.platform((tx) => tx.remove(pictureEntity, [req.body.id]));
      if (n === 0) throw notFound('errors.picture.notFound');
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
      const chosen = await publicPlatformRead(app, (tx) => tx.rows(pictureEntity, { chosen: true }, ['id', 'kind']));
      const out: Record<string, string | null> = { login: null, banner: null };
      for (const p of chosen) out[String(p.kind)] = pictureUrl(Number(p.id));
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
      const found = await publicPlatformRead(app, async (tx) => {
        const picture = await tx.find(pictureEntity, req.params.id, { fields: ['fileTenantId', 'fileId'] });
        const tenantId = Number(picture?.fileTenantId);
        const row = picture ? await tx.fileOf(tenantId, picture.fileId) : null;
        return row ? { row, tenantId } : null;
      });
      const row = found?.row;
      const file = found && row ? await openUpload(app.fileStore, found.tenantId, row) : null;
      if (!row || !file) throw new AppError('notFound', 'errors.fileNotFound');
      return reply
        .header('content-type', row.mime)
        .header('content-length', String(file.size))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; img-src 'self'; sandbox")
        .header('cache-control', 'public, max-age=3600')
        .send(file.stream);
    },
  );
}
