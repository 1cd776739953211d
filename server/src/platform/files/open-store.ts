import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '../../config.js';
import type { Database } from '../../db/index.js';
import type { BlobStore } from './blob-store.js';
import { databaseStore } from './database-store.js';
import { folderStore } from './folder-store.js';

/**
 * The configured file store (FILE_STORE_URL): an object store by URL, a folder by file: URL, else the data
 * folder for the embedded database and PostgreSQL itself for a PostgreSQL server, so that every instance of a
 * server sees every file.
 */
export async function openFileStore(
  config: Pick<Config, 'fileStoreUrl' | 'dataDir'>,
  db: Database,
): Promise<BlobStore> {
  const url = config.fileStoreUrl;
  if (url.startsWith('file:')) return folderStore(fileURLToPath(url));
  if (url) {
    // The AWS SDK is loaded only by a server that uses an object store (it adds to every start otherwise).
    const { s3Location, s3Store } = await import('./s3-store.js');
    return s3Store(s3Location(url));
  }
  return db.kind === 'postgres' ? databaseStore(db) : folderStore(config.dataDir);
}

/** A temporary file for an export being written, in the data folder (moved into the store when finished). */
export const tempFile = (config: Pick<Config, 'dataDir'>, name: string): string =>
  path.join(config.dataDir, 'tmp', name);
