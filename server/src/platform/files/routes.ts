import type { MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { envelopeSchema, ok } from '../http/envelope.js';
import { AppError, invalid } from '../http/errors.js';
import { ALLOWED_EXTENSIONS, isImage, kindOf, MAX_FILE_BYTES } from './kinds.js';
import { cleanName, type FileRow, openUpload, storeFile } from './store.js';

const fileInfoSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    size: { type: 'integer' },
    mime: { type: 'string' },
    url: { type: 'string' },
  },
};

const tooLarge = () => invalid('file', 'files.tooLarge', { limit: `${MAX_FILE_BYTES / 1024 / 1024} MB` });

/** The uploaded file's name and bytes; every way a multipart body can be wrong is a 400 naming `file`. */
export async function readUpload(req: FastifyRequest): Promise<{ name: string; data: Buffer }> {
  let part: MultipartFile | undefined;
  let data: Buffer;
  try {
    part = await req.file({ limits: { fileSize: MAX_FILE_BYTES, files: 1 } });
    if (part?.fieldname !== 'file') throw invalid('file', 'files.missing');
    data = await part.toBuffer();
  } catch (err) {
    if (err instanceof AppError) throw err;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw invalid('file', 'files.broken');
  }
  if (part.file.truncated) throw tooLarge();
  return { name: cleanName(part.filename), data };
}

/** The file's type by its name and first bytes; a translated 400 naming `file` when it is not allowed. */
export function uploadKind(name: string, data: Buffer): string {
  const mime = kindOf(name, data);
  if (!mime) throw invalid('file', 'files.badType', { allowed: ALLOWED_EXTENSIONS.join(', ') });
  return mime;
}

/** Uploads (photos of a repair order, attachments) and their download, within the caller's tenant. */
export const fileRoutes: FastifyPluginAsync = async (app) => {
  app.post(
    '/api-file/files/upload',
    {
      config: { selfService: true },
      schema: {
        tags: ['files'],
        summary: `Upload a file (multipart field "file", at most 10 MB; ${ALLOWED_EXTENSIONS.join(', ')})`,
        consumes: ['multipart/form-data'],
        response: { 200: envelopeSchema(fileInfoSchema) },
      },
    },
    async (req) => {
      req.me();
      const { name, data } = await readUpload(req);
      const mime = uploadKind(name, data);
      const info = await req.tenant((tx) => storeFile(tx, app.fileStore, { name, mime, data }));
      return ok(info);
    },
  );

  app.get<{ Params: { id: number } }>(
    '/api-file/files/:id',
    {
      // <img src> cannot send a header: this route takes the access token from the query as well.
      config: { selfService: true, queryToken: true },
      schema: {
        tags: ['files'],
        summary: "A file of the caller's tenant (images inline, other files as attachments; ?access_token= for links)",
        params: { type: 'object', properties: { id: { type: 'integer', minimum: 1 } }, required: ['id'] },
      },
    },
    async (req, reply) => {
      const row = await req.tenant((tx) =>
        tx.find<FileRow>('files', req.params.id, 'id, name, mime, size, storage_key'),
      );
      const file = row ? await openUpload(app.fileStore, req.me().tenantId, row) : null;
      if (!row || !file) throw new AppError('notFound', 'errors.fileNotFound');
      const disposition = isImage(row.mime) ? 'inline' : 'attachment';
      return reply
        .header('content-type', row.mime)
        .header('content-length', String(file.size))
        .header('content-disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(row.name)}`)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
        .header('cache-control', 'private, max-age=86400')
        .send(file.stream);
    },
  );
};
