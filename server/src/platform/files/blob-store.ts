import type { Readable } from 'node:stream';

/** The bytes of a stored file and their length. */
export interface StoredBlob {
  size: number;
  stream: Readable;
}

/**
 * Where the bytes of uploads and generated exports live, shared by every server instance: the data folder
 * (embedded default), an S3-compatible object store (FILE_STORE_URL), or PostgreSQL itself. Every key is one
 * of the server's own (uploadKey, exportKey) and names its tenant; a key of another tenant, or any other
 * text, is refused on write and not found on read.
 */
export interface BlobStore {
  readonly kind: 'folder' | 's3' | 'database';
  put(tenantId: number, key: string, data: Buffer): Promise<void>;
  /** Moves a finished file (an export written to a temporary path) into the store; the file is gone after. */
  putFile(tenantId: number, key: string, file: string): Promise<void>;
  open(tenantId: number, key: string): Promise<StoredBlob | null>;
  remove(tenantId: number, key: string): Promise<void>;
  close(): Promise<void>;
}

const KEY =
  /^(files\/(\d+)\/[0-9a-f]{32}|exports\/(\d+)\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.xlsx)$/;

/** True when key is a key the server makes, of this tenant. */
export function isTenantKey(tenantId: number, key: string): boolean {
  const m = KEY.exec(key);
  return !!m && Number(m[2] ?? m[3]) === tenantId;
}

export function checkKey(tenantId: number, key: string): void {
  if (!isTenantKey(tenantId, key)) throw new Error('bad storage key');
}

/** The store key of an upload (files.storage_key is the random part). */
export function uploadKey(tenantId: number, storageKey: string): string {
  return `files/${tenantId}/${storageKey}`;
}

/** The store key of an export (downloads.filepath keeps it whole). */
export function exportKey(tenantId: number, uuid: string): string {
  return `exports/${tenantId}/${uuid}.xlsx`;
}
