import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { exportKey } from './blob-store.js';
import { tempFile } from './open-store.js';

/**
 * Writes an export to a temporary file (write gets its path), then moves it into the shared store; resolves to
 * its store key, which downloads.filepath keeps. Nothing is left behind when writing fails.
 */
export async function writeExport(
  app: FastifyInstance,
  tenantId: number,
  write: (file: string) => Promise<void>,
): Promise<string> {
  const uuid = randomUUID();
  const file = tempFile(app.config, `${uuid}.xlsx`);
  const key = exportKey(tenantId, uuid);
  try {
    await write(file);
    await app.fileStore.putFile(tenantId, key, file);
    return key;
  } finally {
    await fs.promises.rm(file, { force: true });
  }
}
