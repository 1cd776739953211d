import fs from 'node:fs';
import { Readable } from 'node:stream';
import type { Database } from '../../db/index.js';
import { type BlobStore, checkKey, isTenantKey } from './blob-store.js';

/** Bytes per row of file_blobs: a large export is written and read a part at a time. */
export const BLOB_PART_BYTES = 1024 * 1024;

/**
 * Files in PostgreSQL (table file_blobs, one row per MiB): the shared store of servers on one PostgreSQL
 * when no object store is configured. The server's own connection reads and writes it, always naming the
 * tenant of the key (the caller's, from the token).
 */
export function databaseStore(db: Database): BlobStore {
  const writeParts = async (tenantId: number, key: string, parts: AsyncIterable<Buffer> | Iterable<Buffer>) => {
    checkKey(tenantId, key);
    await db.transaction(async (tx) => {
      await tx.query('delete from file_blobs where tenant_id = $1 and key = $2', [tenantId, key]);
      let part = 0;
      for await (const data of parts) {
        await tx.query('insert into file_blobs (tenant_id, key, part, data) values ($1, $2, $3, $4)', [
          tenantId,
          key,
          part++,
          data,
        ]);
      }
    });
  };
  return {
    kind: 'database',
    async put(tenantId, key, data) {
      const parts: Buffer[] = [];
      for (let at = 0; at < data.length || at === 0; at += BLOB_PART_BYTES)
        parts.push(data.subarray(at, at + BLOB_PART_BYTES));
      await writeParts(tenantId, key, parts);
    },
    async putFile(tenantId, key, file) {
      await writeParts(tenantId, key, fs.createReadStream(file, { highWaterMark: BLOB_PART_BYTES }));
      await fs.promises.rm(file, { force: true });
    },
    async open(tenantId, key) {
      if (!isTenantKey(tenantId, key)) return null;
      const r = await db.query<{ parts: number; size: string | null }>(
        'select count(*)::int as parts, sum(octet_length(data))::text as size from file_blobs where tenant_id = $1 and key = $2',
        [tenantId, key],
      );
      const { parts, size } = r.rows[0]!;
      if (parts === 0) return null;
      async function* read() {
        for (let part = 0; part < parts; part++) {
          const p = await db.query<{ data: Uint8Array }>(
            'select data from file_blobs where tenant_id = $1 and key = $2 and part = $3',
            [tenantId, key, part],
          );
          const data = p.rows[0]?.data;
          if (!data) throw new Error(`file ${key} lost its part ${part}`);
          yield Buffer.from(data.buffer, data.byteOffset, data.byteLength);
        }
      }
      return { size: Number(size), stream: Readable.from(read()) };
    },
    async remove(tenantId, key) {
      checkKey(tenantId, key);
      await db.query('delete from file_blobs where tenant_id = $1 and key = $2', [tenantId, key]);
    },
    async close() {},
  };
}
