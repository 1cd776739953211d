import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secondTenant, tenantOf, userWithCodes } from '../../platform/resources/testkit.js';
import { withTenant } from '../../platform/tenancy/tenant-tx.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { assertQualified } from '../check/execute.js';
import { P } from './resources.js';
import { notifyExpiring } from './verify.js';

type Row = Record<string, unknown>;
interface Json<T = unknown> {
  rtnCode: number;
  msg: string;
  field?: string;
  data: T;
}

let t: TestApp;
let admin: string;
let tenantId: number;
let holderId: number;
let otherId: number;
let machine: Row;

const call = async (url: string, body: unknown, who = admin, lang = 'en') =>
  (await (await t.call('POST', url, who, body, { lang })).json()) as Json<Row>;
const ok = async (url: string, body: unknown, who = admin) => {
  const r = await call(url, body, who);
  expect(r.rtnCode, `${url}: ${r.msg}`).toBe(200);
  return r.data;
};
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
let seq = 0;
const certificate = (extra: Row = {}) =>
  ok('/api-manage/maintaincertificate/save', {
    userId: holderId,
    kind: 'electrician',
    level: 'senior',
    certificateNo: `T${Date.now()}-${++seq}`,
    issuer: '市应急管理局',
    issuedOn: day(-400),
    validUntil: day(300),
    ...extra,
  });
const verify = async (token: string) =>
  t.call('GET', `/api-anon/qualification/${token}`, null, undefined, { lang: 'en' });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  tenantId = (await tenantOf(t, admin)).tenantId;
  holderId = (await tenantOf(t, await userWithCodes(t, tenantId, 'cert_holder', []))).userId;
  otherId = (await tenantOf(t, await userWithCodes(t, tenantId, 'cert_other', []))).userId;
  const page = (await (await t.call('GET', '/api-manage/equipment/page?page=1&limit=1', admin)).json()) as Json<Row[]>;
  machine = page.data[0]!;
});
afterAll(async () => t?.close());

describe('maintenance qualification certificates', () => {
  it('come with the demo factory: valid, ending soon, without end, expired and revoked, each with its QR code', async () => {
    const r = await t.db.query<{ status: string; coded: boolean }>(
      `select case when state = 'revoked' then 'revoked' when valid_until < current_date then 'expired'
                   when valid_until < current_date + 30 then 'soon' else 'valid' end as status,
              verify_token is not null as coded
         from maintain_certificates where tenant_id = $1 and certificate_no like 'T%' and certificate_no not like '%-%'`,
      [tenantId],
    );
    expect(new Set(r.rows.map((x) => x.status))).toEqual(new Set(['valid', 'soon', 'expired', 'revoked']));
    expect(r.rows.every((x) => x.coded)).toBe(true);
  });

  it('keeps a certificate with its kind, level and dates, refusing an end before the issue and a repeated number', async () => {
    const made = await certificate();
    expect(made).toMatchObject({ kind: 'electrician', level: 'senior', state: 'valid', status: 'valid' });
    const early = await call('/api-manage/maintaincertificate/save', {
      userId: holderId,
      kind: 'welder',
      certificateNo: 'EARLY-1',
      issuedOn: day(-10),
      validUntil: day(-20),
    });
    expect(early).toMatchObject({ rtnCode: 201, field: 'validUntil' });
    expect(early.msg).toBe('Valid until cannot be before the issue date');
    const twice = await call('/api-manage/maintaincertificate/save', {
      userId: otherId,
      kind: 'welder',
      certificateNo: made.certificateNo,
      issuedOn: day(-10),
    });
    expect(twice).toMatchObject({ rtnCode: 201, field: 'certificateNo' });
  });

  it("opens a public page from the certificate's QR code: valid, expired or revoked, with the name and qualification only", async () => {
    const made = await certificate();
    const link = await ok('/api-manage/maintaincertificate/qr', { id: made.id });
    expect(link.url).toBe(`/cert/${link.token}`);
    expect((await ok('/api-manage/maintaincertificate/qr', { id: made.id })).token).toBe(link.token);
    const page = (await (await verify(String(link.token))).json()) as Json<Row>;
    expect(Object.keys(page.data).sort()).toEqual([
      'certificateNo',
      'issuedOn',
      'kind',
      'level',
      'name',
      'status',
      'statusName',
      'validUntil',
    ]);
    expect(page.data).toMatchObject({ name: 'cert_holder', kind: 'Electrician', level: 'Senior', status: 'valid' });

    const noReason = await call('/api-manage/maintaincertificate/revoke', { id: made.id });
    expect(noReason).toMatchObject({ rtnCode: 201, field: 'revokeReason' });
    await ok('/api-manage/maintaincertificate/revoke', { id: made.id, revokeReason: '证书吊销' });
    expect(((await (await verify(String(link.token))).json()) as Json<Row>).data).toMatchObject({
      status: 'revoked',
      statusName: 'Revoked',
    });
    const again = await call('/api-manage/maintaincertificate/revoke', { id: made.id, revokeReason: 'x' });
    expect(again.rtnCode).toBe(201);
    await ok('/api-manage/maintaincertificate/restore', { id: made.id });
    expect(((await (await verify(String(link.token))).json()) as Json<Row>).data.status).toBe('valid');

    const old = await certificate({ issuedOn: day(-800), validUntil: day(-1) });
    const oldLink = await ok('/api-manage/maintaincertificate/qr', { id: old.id });
    expect(((await (await verify(String(oldLink.token))).json()) as Json<Row>).data.status).toBe('expired');

    const other = await secondTenant(t, 'cert-b');
    const forged = `${other.tenantId}-${String(link.token).split('-').slice(1).join('-')}`;
    expect((await verify(forged)).statusCode).toBe(404);
    expect((await verify('rubbish')).statusCode).toBe(404);
    const peek = await call('/api-manage/maintaincertificate/qr', { id: made.id }, other.token);
    expect(peek.rtnCode).not.toBe(200);
  });

  it('lets a qualification count only while its certificate is valid, and only with a certificate of the same person', async () => {
    const cert = await certificate();
    const foreign = await call('/api-manage/maintainqualification/save', {
      userId: otherId,
      categoryId: machine.categoryId,
      certificateId: cert.id,
    });
    expect(foreign).toMatchObject({ rtnCode: 201, field: 'certificateId' });
    await ok('/api-manage/maintainqualification/save', {
      userId: holderId,
      categoryId: machine.categoryId,
      certificateId: cert.id,
    });
    const task = { kind: 3, equipmentId: machine.id, id: null };
    const guard = (userId: number) =>
      withTenant(t.db, tenantId, userId, (tx) => assertQualified(tx, task, userId)).then(
        () => 'qualified',
        (e: Error) => e.message,
      );
    expect(await guard(holderId)).toBe('qualified');
    expect(await guard(otherId)).toBe('check.errors.notQualified');
    await ok('/api-manage/maintaincertificate/revoke', { id: cert.id, revokeReason: '停职' });
    expect(await guard(holderId)).toBe('check.errors.notQualified');
    await ok('/api-manage/maintaincertificate/restore', { id: cert.id });
    expect(await guard(holderId)).toBe('qualified');
  });

  it('tells the holder and the keepers of the page once, before a certificate ends', async () => {
    const soon = await certificate({ validUntil: day(10) });
    await certificate({ validUntil: day(200) });
    const messages = async () =>
      Number(
        (
          await t.db.query<{ n: string }>(
            "select count(*) as n from messages where tenant_id = $1 and user_id = $2 and type_code = 'maintaincertificate'",
            [tenantId, holderId],
          )
        ).rows[0]!.n,
      );
    const before = await messages();
    const told = await withTenant(t.db, tenantId, null, (tx) => notifyExpiring(tx));
    expect(told).toBeGreaterThanOrEqual(1);
    expect(await messages()).toBe(before + 1);
    const keeper = await withTenant(t.db, tenantId, null, (tx) =>
      tx.query<{ n: string }>(
        `select count(*) as n from messages m join users u on u.tenant_id = m.tenant_id and u.id = m.user_id
          where m.tenant_id = $1 and u.username = 'admin' and m.type_code = 'maintaincertificate'`,
        [tenantId],
      ),
    );
    expect(Number(keeper.rows[0]!.n)).toBeGreaterThanOrEqual(1);
    expect(await withTenant(t.db, tenantId, null, (tx) => notifyExpiring(tx))).toBe(0);
    const row = (await (
      await t.call('GET', `/api-manage/maintaincertificate/get?id=${soon.id}`, admin)
    ).json()) as Json<Row>;
    expect(row.data.expiryNotifiedAt).toBeTruthy();
  });

  it('keeps the certificates to the page permission codes', async () => {
    const viewer = await userWithCodes(t, tenantId, 'cert_viewer', [P.view]);
    expect((await t.call('GET', '/api-manage/maintaincertificate/page?page=1&limit=5', viewer)).statusCode).toBe(200);
    const made = await certificate();
    expect(
      (await t.call('POST', '/api-manage/maintaincertificate/revoke', viewer, { id: made.id, revokeReason: 'x' }))
        .statusCode,
    ).toBe(403);
    expect((await t.call('POST', '/api-manage/maintaincertificate/qr', viewer, { id: made.id })).statusCode).toBe(403);
  });
});
