import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/index.js';
import { openPostgres } from '../../db/postgres.js';
import { equipmentEntity } from '../../domains/equipment/resources.js';
import { createTestApp, onPostgres, type TestApp } from '../../test/harness.js';
import { type LocalObjectStore, startObjectStore } from '../../test/object-store.js';
import { jwtSecret } from '../auth/secret.js';
import {
  path as actionPath,
  api,
  type Caller,
  multipart,
  SAMPLE_FILES,
  waitForDownload,
} from '../resources/testkit.js';
import { BLOB_PART_BYTES } from './database-store.js';

const PNG = SAMPLE_FILES['photo.png']!.data;

/** Another server instance on the same database: its own connection pool when given one, its own data folder. */
async function otherInstance(
  t: TestApp,
  db: Database,
  config: Partial<Config>,
): Promise<Caller & { app: FastifyInstance }> {
  const app = await buildApp({
    config: { ...t.config, dataDir: `${t.config.dataDir}-other`, ...config },
    db,
    jwtSecret: await jwtSecret(t.db, t.config),
    logger: false,
  });
  await app.ready();
  return {
    app,
    db,
    call: (method, url, token, body, headers = {}) =>
      app.inject({
        method: method as 'GET',
        url,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
        ...(body === undefined ? {} : { payload: body as object }),
      }),
    login: t.login,
  };
}

async function upload(on: Caller, token: string): Promise<{ id: number; url: string; key: string }> {
  const { payload, headers } = multipart(PNG, 'pump.png', 'application/octet-stream');
  const r = await on.call('POST', '/api-file/files/upload', token, payload, headers);
  expect(r.statusCode, r.body).toBe(200);
  const { id, url } = r.json().data as { id: number; url: string };
  const row = await on.db.query<{ tenant_id: number; storage_key: string }>(
    'select tenant_id, storage_key from files where id = $1',
    [id],
  );
  const { tenant_id, storage_key } = row.rows[0]!;
  return { id, url, key: `files/${tenant_id}/${storage_key}` };
}

/** An equipment export queued and run on `maker` (the other instance runs no jobs meanwhile), downloaded from `reader`. */
async function exportAcross(maker: Caller, reader: TestApp, token: string): Promise<Buffer> {
  await reader.app.jobs.stop();
  try {
    const queued = await api<{ id: number }>(maker, 'POST', actionPath(equipmentEntity, 'exportexcel'), token, {});
    return await waitForDownload(reader, token, queued.data.id);
  } finally {
    reader.app.jobs.start();
  }
}

const tenantOfToken = async (t: TestApp, token: string) =>
  Number((await api<{ tenantid: number }>(t, 'GET', '/api-user/users/current', token)).data.tenantid);

describe('files in an S3-compatible object store (FILE_STORE_URL)', () => {
  let s3: LocalObjectStore;
  let a: TestApp;
  let b: Caller & { app: FastifyInstance };
  let admin: string;
  beforeAll(async () => {
    s3 = await startObjectStore();
    a = await createTestApp({ fileStoreUrl: s3.url });
    b = await otherInstance(a, a.db, {});
    admin = await a.login('admin');
  });
  afterAll(async () => {
    await b?.app.close();
    await a?.close();
    await s3?.close();
  });

  it('keeps an upload as an object of the bucket, which every instance serves', async () => {
    expect(a.app.fileStore.kind).toBe('s3');
    const f = await upload(b, admin);
    expect(await s3.keys()).toContain(`eam/${f.key}`);
    expect(fs.existsSync(path.join(a.config.dataDir, 'files'))).toBe(false);
    expect(fs.existsSync(path.join(b.app.config.dataDir, 'files'))).toBe(false);
    const r = await a.call('GET', f.url, admin);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-length']).toBe(String(PNG.length));
    expect(r.rawPayload.equals(PNG)).toBe(true);
  });

  it('downloads from one instance an export that the other one made', async () => {
    const file = await exportAcross(b, a, admin);
    expect(file.subarray(0, 2).toString()).toBe('PK');
    const tenantId = await tenantOfToken(a, admin);
    expect((await s3.keys()).filter((k) => k.startsWith(`eam/exports/${tenantId}/`))).toHaveLength(1);
    expect(fs.readdirSync(path.join(b.app.config.dataDir, 'tmp'))).toEqual([]);
  });

  it("neither opens nor writes a key of another tenant's", async () => {
    const f = await upload(a, admin);
    const tenantId = Number(f.key.split('/')[1]);
    expect(await a.app.fileStore.open(tenantId, f.key)).not.toBeNull();
    expect(await a.app.fileStore.open(tenantId + 1, f.key)).toBeNull();
    expect(await a.app.fileStore.open(tenantId, `${f.key}/../x`)).toBeNull();
    await expect(a.app.fileStore.put(tenantId + 1, f.key, PNG)).rejects.toThrow('bad storage key');
  });
});

describe.runIf(onPostgres)('files in PostgreSQL (a PostgreSQL server and no FILE_STORE_URL)', () => {
  let a: TestApp;
  let pool: Database;
  let b: Caller & { app: FastifyInstance };
  let admin: string;
  beforeAll(async () => {
    a = await createTestApp();
    pool = await openPostgres({ url: process.env.TEST_DATABASE_URL!, poolSize: 4, schema: a.config.databaseSchema });
    b = await otherInstance(a, pool, {});
    admin = await a.login('admin');
  });
  afterAll(async () => {
    await b?.app.close();
    await pool?.close();
    await a?.close();
  });

  it('keeps an upload in the database, which the other instance serves', async () => {
    expect(a.app.fileStore.kind).toBe('database');
    const f = await upload(a, admin);
    const blobs = await a.db.query<{ n: number }>('select count(*)::int as n from file_blobs where key = $1', [f.key]);
    expect(blobs.rows[0]!.n).toBe(1);
    expect(fs.existsSync(path.join(a.config.dataDir, 'files'))).toBe(false);
    const r = await b.call('GET', `${f.url}?access_token=${admin}`, null);
    expect(r.statusCode).toBe(200);
    expect(r.rawPayload.equals(PNG)).toBe(true);
  });

  it('downloads from instance A an export that instance B made', async () => {
    const file = await exportAcross(b, a, admin);
    expect(file.subarray(0, 2).toString()).toBe('PK');
  });

  it('writes and reads a file larger than a part, a part at a time', async () => {
    const tenantId = await tenantOfToken(a, admin);
    const key = `exports/${tenantId}/00000000-0000-4000-8000-000000000001.xlsx`;
    const data = Buffer.alloc(Math.floor(BLOB_PART_BYTES * 2.5), 7);
    data.write('the end', data.length - 7);
    await a.app.fileStore.put(tenantId, key, data);
    const parts = await a.db.query<{ n: number }>('select count(*)::int as n from file_blobs where key = $1', [key]);
    expect(parts.rows[0]!.n).toBe(3);
    const blob = await b.app.fileStore.open(tenantId, key);
    expect(blob!.size).toBe(data.length);
    const chunks: Buffer[] = [];
    for await (const c of blob!.stream) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).equals(data)).toBe(true);
    await a.app.fileStore.remove(tenantId, key);
    expect(await b.app.fileStore.open(tenantId, key)).toBeNull();
  });
});
