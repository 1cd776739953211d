import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { freePort } from './process.js';

export interface LocalObjectStore {
  /** FILE_STORE_URL of the bucket, with a key prefix. */
  url: string;
  /** The keys of the bucket's objects, as the S3 API lists them. */
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

const BUCKET = 'eam-files';
const PREFIX = 'eam';

/** An S3-compatible server in this process (s3rver) on a free port, with one empty bucket. */
export async function startObjectStore(): Promise<LocalObjectStore> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eam-s3-'));
  const port = await freePort();
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: BUCKET }],
  });
  await server.run();
  const client = new S3Client({
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  return {
    url: `http://S3RVER:S3RVER@127.0.0.1:${port}/${BUCKET}/${PREFIX}`,
    async keys() {
      const r = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
      return (r.Contents ?? []).map((o) => o.Key!);
    },
    async close() {
      client.destroy();
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
