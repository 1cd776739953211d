import fs from 'node:fs';
import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { type BlobStore, checkKey, isTenantKey } from './blob-store.js';

export interface S3Location {
  bucket: string;
  /** Prepended to every key ('' or ending in /). */
  prefix: string;
  client: S3Client;
}

/**
 * Checksums only where the API requires them: the SDK's default sends a streamed upload aws-chunked with a
 * trailing checksum, which S3-compatible servers (MinIO's older releases, s3rver, several clouds) store as is.
 */
const CHECKSUMS = { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' } as const;

/**
 * FILE_STORE_URL of an object store: `s3://bucket/prefix?region=…` for Amazon S3 (credentials from the AWS
 * environment), or `http(s)://key:secret@host:port/bucket/prefix?region=…` for any S3-compatible server
 * (MinIO, Ceph, a cloud's object storage), addressed by path.
 */
export function s3Location(url: string): S3Location {
  const u = new URL(url);
  const parts = decodeURIComponent(u.pathname).split('/').filter(Boolean);
  const region = u.searchParams.get('region') || process.env.AWS_REGION || 'us-east-1';
  let bucket: string;
  let client: S3Client;
  if (u.protocol === 's3:') {
    bucket = u.hostname;
    client = new S3Client({ region, ...CHECKSUMS });
  } else if (u.protocol === 'http:' || u.protocol === 'https:') {
    bucket = parts.shift() ?? '';
    const credentials = u.username
      ? { accessKeyId: decodeURIComponent(u.username), secretAccessKey: decodeURIComponent(u.password) }
      : undefined;
    client = new S3Client({
      region,
      endpoint: `${u.protocol}//${u.host}`,
      forcePathStyle: true,
      ...CHECKSUMS,
      ...(credentials ? { credentials } : {}),
    });
  } else {
    throw new Error(`FILE_STORE_URL: unknown scheme ${u.protocol} (s3:, http:, https: or file:)`);
  }
  if (!bucket) throw new Error('FILE_STORE_URL names no bucket');
  return { bucket, prefix: parts.length ? `${parts.join('/')}/` : '', client };
}

const missing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

/** Files as objects of one bucket of an S3-compatible store, under the tenant's key. */
export function s3Store({ bucket, prefix, client }: S3Location): BlobStore {
  const at = (tenantId: number, key: string) => {
    checkKey(tenantId, key);
    return prefix + key;
  };
  return {
    kind: 's3',
    async put(tenantId, key, data) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: at(tenantId, key), Body: data }));
    },
    async putFile(tenantId, key, file) {
      const { size } = await fs.promises.stat(file);
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: at(tenantId, key),
          Body: fs.createReadStream(file),
          ContentLength: size,
        }),
      );
      await fs.promises.rm(file, { force: true });
    },
    async open(tenantId, key) {
      if (!isTenantKey(tenantId, key)) return null;
      try {
        const r = await client.send(new GetObjectCommand({ Bucket: bucket, Key: prefix + key }));
        if (!(r.Body instanceof Readable)) throw new Error('the object store sent no stream');
        return { size: Number(r.ContentLength ?? 0), stream: r.Body };
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async remove(tenantId, key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: at(tenantId, key) }));
    },
    async close() {
      client.destroy();
    },
  };
}
