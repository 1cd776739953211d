import { createHash, randomBytes } from 'node:crypto';
import type { TenantTx } from '../tenancy/tenant-tx.js';
import { type BlobStore, uploadKey } from './blob-store.js';

/** A stored file as the wire shows it. */
export interface FileInfo {
  id: number;
  name: string;
  size: number;
  mime: string;
  url: string;
}

export interface FileRow {
  id: number;
  name: string;
  mime: string;
  size: number;
  storage_key: string;
}

export const fileUrl = (id: number | string): string => `/api-file/files/${id}`;

/** The bytes of an upload of the tenant, or null when the store does not hold them. */
export function openUpload(store: BlobStore, tenantId: number, row: Pick<FileRow, 'storage_key'>) {
  return /^[0-9a-f]{32}$/.test(row.storage_key) ? store.open(tenantId, uploadKey(tenantId, row.storage_key)) : null;
}

/** A file name fit to keep and show: no folders, no control characters, at most 200 characters. */
export function cleanName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const name = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (!name) return 'file';
  if (name.length <= 200) return name;
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
  return name.slice(0, 200 - ext.length) + ext;
}

/**
 * Writes the bytes under a new random key in the shared store, then records them in the tenant's files table
 * (the caller's transaction); the bytes are removed again when the row cannot be written.
 */
export async function storeFile(
  tx: TenantTx,
  store: BlobStore,
  file: { name: string; mime: string; data: Buffer },
): Promise<FileInfo> {
  const storageKey = randomBytes(16).toString('hex');
  const key = uploadKey(tx.tenantId, storageKey);
  await store.put(tx.tenantId, key, file.data);
  try {
    const row = await tx.insert<{ id: number }>(
      'files',
      {
        name: file.name,
        mime: file.mime,
        size: file.data.length,
        sha256: createHash('sha256').update(file.data).digest('hex'),
        storage_key: storageKey,
        created_by: tx.userId,
      },
      'id',
    );
    const id = Number(row.id);
    return { id, name: file.name, size: file.data.length, mime: file.mime, url: fileUrl(id) };
  } catch (err) {
    await store.remove(tx.tenantId, key).catch(() => undefined);
    throw err;
  }
}

/** The tenant's files among ids (row-level security and the tenant condition both apply). */
export async function findFiles(tx: TenantTx, ids: readonly number[]): Promise<Map<number, FileRow>> {
  if (ids.length === 0) return new Map();
  const r = await tx.query<FileRow>(
    'select id, name, mime, size, storage_key from files where tenant_id = $1 and id = any($2::bigint[])',
    [tx.tenantId, ids],
  );
  return new Map(r.rows.map((f) => [Number(f.id), f]));
}
