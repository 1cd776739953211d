import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, onPostgres, type TestApp } from '../../test/harness.js';
import { multipart, SAMPLE_FILES, secondTenant } from '../resources/testkit.js';

interface Json<T = Record<string, unknown>> {
  rtnCode: number;
  msg: string;
  field?: string;
  data: T;
}
interface Uploaded {
  id: number;
  name: string;
  size: number;
  mime: string;
  url: string;
}

let t: TestApp;
let admin: string;
let tenantId: number;
let machineId: number;

const PNG = SAMPLE_FILES['photo.png']!.data;
const PDF = SAMPLE_FILES['manual.pdf']!.data;
/** The start of a Windows program (MZ header with NUL bytes). */
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('This program cannot be run in DOS mode')]);

const upload = (data: Buffer, name: string, token: string | null = admin, lang = 'en') => {
  const { payload, headers } = multipart(data, name, 'application/octet-stream');
  return t.call('POST', '/api-file/files/upload', token, payload, { ...headers, lang });
};

async function uploaded(data: Buffer, name: string, token = admin): Promise<Uploaded> {
  const r = await upload(data, name, token);
  const json = r.json() as Json<Uploaded>;
  expect(json.rtnCode, r.body).toBe(200);
  return json.data;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  tenantId = (await t.call('GET', '/api-user/users/current', admin)).json().data.tenantid;
  const page = (await t.call('GET', '/api-manage/equipment/page?page=1&limit=1', admin)).json() as Json<
    { id: number }[]
  >;
  machineId = page.data[0]!.id;
});
afterAll(async () => t?.close());

describe('uploads', () => {
  it('stores a photo in the data folder (embedded) or the database (PostgreSQL) and serves it inline', async () => {
    const f = await uploaded(PNG, 'pump.png');
    expect(f).toMatchObject({ name: 'pump.png', size: PNG.length, mime: 'image/png', url: `/api-file/files/${f.id}` });
    const key = (await t.db.query<{ storage_key: string }>('select storage_key from files where id = $1', [f.id]))
      .rows[0]!.storage_key;
    const inFolder = fs.existsSync(path.join(t.config.dataDir, 'files', String(tenantId), key));
    const inDatabase = onPostgres
      ? (await t.db.query('select 1 from file_blobs where key = $1', [`files/${tenantId}/${key}`])).rowCount
      : 0;
    expect({ inFolder, inDatabase }).toEqual(
      onPostgres ? { inFolder: false, inDatabase: 1 } : { inFolder: true, inDatabase: 0 },
    );
    const r = await t.call('GET', f.url, admin);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('image/png');
    expect(r.headers['content-disposition']).toBe("inline; filename*=UTF-8''pump.png");
    expect(r.rawPayload.equals(PNG)).toBe(true);
  });

  it('serves a document as an attachment, also with the token in the query (links and <img src>)', async () => {
    const f = await uploaded(PDF, '维修手册.pdf');
    expect(f.mime).toBe('application/pdf');
    const r = await t.call('GET', `${f.url}?access_token=${admin}`, null);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-disposition']).toBe(`attachment; filename*=UTF-8''${encodeURIComponent('维修手册.pdf')}`);
    expect(r.rawPayload.equals(PDF)).toBe(true);
  });

  it('keeps only the name of a path-like file name', async () => {
    const f = await uploaded(PNG, '../../etc/passwd.png');
    expect(f.name).toBe('passwd.png');
  });

  it('refuses a program renamed .png, judging the content and not the name', async () => {
    const r = await upload(EXE, 'photo.png');
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ rtnCode: 400, field: 'file' });
    expect(r.json().msg).toMatch(/not allowed/);
    expect((await upload(EXE, 'notes.txt')).statusCode).toBe(400);
    expect((await upload(PNG, 'tool.exe')).statusCode).toBe(400);
  });

  it('refuses a file over 10 MB with a translated message', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);
    const r = await upload(big, 'big.png', admin, 'zh');
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ rtnCode: 400, field: 'file', msg: '文件不能超过10 MB' });
  });

  it('answers a broken or missing multipart body with 400, never 500', async () => {
    const { payload, headers } = multipart(PNG, 'cut.png', 'image/png');
    const cut = payload.subarray(0, payload.length - 20);
    const r = await t.call('POST', '/api-file/files/upload', admin, cut, headers);
    expect(r.statusCode).toBe(400);
    expect(r.json().field).toBe('file');
    const json = await t.call('POST', '/api-file/files/upload', admin, { file: 'x' });
    expect(json.statusCode).toBe(400);
    const other = await t.call('POST', '/api-file/files/upload', admin, 'garbage', {
      'content-type': 'multipart/form-data; boundary=zzz',
    });
    expect(other.statusCode).toBe(400);
  });

  it("keeps a tenant's files from other tenants and from callers without a token", async () => {
    const f = await uploaded(PNG, 'secret.png');
    const other = await secondTenant(t, 'files-b');
    expect((await t.call('GET', f.url, other.token)).statusCode).toBe(404);
    expect((await t.call('GET', `${f.url}?access_token=${other.token}`, null)).statusCode).toBe(404);
    expect((await t.call('GET', f.url, null)).statusCode).toBe(401);
    expect((await upload(PNG, 'x.png', null)).statusCode).toBe(401);
    expect((await t.call('GET', '/api-file/files/999999', admin)).statusCode).toBe(404);
  });
});

describe('photos of a repair order', () => {
  const report = (body: Record<string, unknown>, token = admin) =>
    t.call('POST', '/api-manage/maintaintask/save', token, {
      equipmentId: machineId,
      phenomenon: '漏油',
      ...body,
    });

  it('saves a reported order with a picture and reads it back with its name and address', async () => {
    const photo = await uploaded(PNG, 'leak.png');
    const doc = await uploaded(PDF, 'report.pdf');
    const saved = (
      await report({ pictures: [{ id: photo.id }], attachments: [{ id: doc.id, name: 'Report' }] })
    ).json();
    expect(saved.rtnCode, saved.msg).toBe(200);
    const got = (await t.call('GET', `/api-manage/maintaintask/get?id=${saved.data.id}`, admin)).json() as Json;
    expect(got.data.pictures).toEqual([{ id: photo.id, name: 'leak.png', url: photo.url }]);
    expect(got.data.attachments).toEqual([{ id: doc.id, name: 'Report', url: doc.url }]);
  });

  it("refuses another tenant's file, or an unknown one, naming the field", async () => {
    const other = await secondTenant(t, 'files-c');
    const foreign = await uploaded(PNG, 'foreign.png', other.token);
    const r = (await report({ pictures: [{ id: foreign.id }] }).then((x) => x.json())) as Json;
    expect(r.rtnCode).toBe(201);
    expect(r.field).toBe('pictures');
    const unknown = (await report({ pictures: [{ id: 'abc' }] }).then((x) => x.json())) as Json;
    expect(unknown).toMatchObject({ rtnCode: 201, field: 'pictures' });
  });

  it('refuses a new text value but keeps one the record already holds (written before uploads existed)', async () => {
    const r = (await report({ pictures: ['http://elsewhere/a.png'] }).then((x) => x.json())) as Json;
    expect(r).toMatchObject({ rtnCode: 201, field: 'pictures' });
    const saved = (await report({}).then((x) => x.json())) as Json;
    const id = saved.data.id as number;
    await t.db.query(`update repair_orders set pictures = '["old/a.png"]' where id = $1`, [id]);
    const photo = await uploaded(PNG, 'new.png');
    const upd = (await t.call('POST', '/api-manage/maintaintask/update', admin, {
      id,
      pictures: ['old/a.png', { id: photo.id }],
    })) as { json(): Json };
    const json = upd.json();
    expect(json.rtnCode, json.msg).toBe(200);
    const got = (await t.call('GET', `/api-manage/maintaintask/get?id=${id}`, admin)).json() as Json;
    expect(got.data.pictures).toEqual(['old/a.png', { id: photo.id, name: 'new.png', url: photo.url }]);
  });
});
