import type { FastifyRequest } from 'fastify';
import { AppError, businessError, invalid } from './errors.js';

/**
 * The body of an upload route as the OpenAPI document shows it: a multipart form with the file. The parts
 * are read by uploadedFile, not by the schema (the parsed body of a multipart request is empty).
 */
export const uploadBody = (description: string) => ({
  content: {
    'multipart/form-data': {
      schema: {
        type: 'object',
        nullable: true,
        properties: { file: { type: 'string', format: 'binary', description } },
      },
    },
  },
});

/**
 * The uploaded file of a multipart request (field "file"). A request that is not multipart, or whose
 * multipart body is cut off or malformed, is refused naming the field (400); one too large keeps its 413.
 */
export async function uploadedFile(req: FastifyRequest): Promise<Buffer> {
  try {
    const file = await req.file();
    if (!file) throw businessError('resources.importNoFile');
    return await file.toBuffer();
  } catch (err) {
    if (err instanceof AppError || (err as { statusCode?: unknown })?.statusCode === 413) throw err;
    req.log.info({ err }, 'unreadable upload');
    throw invalid('file', 'errors.uploadBroken');
  }
}
