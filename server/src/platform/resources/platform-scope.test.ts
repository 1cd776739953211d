import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedbackEntity, noticeEntity, pictureEntity } from '../../domains/operator/platform-entities.js';
import { okCall, secondTenant } from '../../domains/org/testkit.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { AppError } from '../http/errors.js';
import { attachOwnerDb } from '../system/owner.js';
import { publicPlatformRead, registerPlatformHandle } from './platform-handle.js';
import { PlatformTx } from './platform-tx.js';

/* The engine's platform scope: declared platform tables read and written through req.platform, audited, by code. */

let t: TestApp;
let root: string;
let admin: string;
let acme: { companyId: number; token: string };

beforeAll(async () => {
  t = await createTestApp();
  root = await t.login('root');
  admin = await t.login('admin');
  acme = await secondTenant(t, root, 'acme');
});
afterAll(() => t?.close());

const inTx = <T>(fn: (tx: PlatformTx) => Promise<T>, permissions: string[] = [], tenantId = 1) =>
  t.db.transaction((tx) => fn(new PlatformTx(tx, { tenantId, userId: null, permissions: new Set(permissions) })));

describe('the platform scope', () => {
  it("audits each write in the operator's company, with the row before and after", async () => {
    const made = await okCall<{ id: number }>(t, 'POST', '/api-user/feedback/addSysNotice', root, {
      title: 'Audit me',
      content: 'first',
    });
    await okCall(t, 'POST', '/api-user/feedback/addSysNotice', root, { id: made.data.id, content: 'second' });
    await okCall(t, 'POST', '/api-user/feedback/delSysNotice', root, { ids: [made.data.id] });
    const log = await t.db.query<{
      tenant_id: number;
      action: string;
      before: { content?: string } | null;
      after: { content?: string } | null;
    }>(
      `select tenant_id, action, before, after from audit_log where entity = 'platform/notice' and record_id = $1 order by id`,
      [String(made.data.id)],
    );
    const platformCompany = await t.db.query<{ id: number }>('select id from companies where is_platform');
    expect(
      log.rows.map((r) => [Number(r.tenant_id), r.action, r.before?.content ?? null, r.after?.content ?? null]),
    ).toEqual([
      [Number(platformCompany.rows[0]!.id), 'create', null, 'first'],
      [Number(platformCompany.rows[0]!.id), 'update', 'first', 'second'],
      [Number(platformCompany.rows[0]!.id), 'delete', 'second', null],
    ]);
  });

  it("refuses a write without the entity's code of its kind, and reads without the view code", async () => {
    const refused = async (p: Promise<unknown>) => {
      const e = await p.then(
        () => null,
        (err: unknown) => err,
      );
      expect(e).toBeInstanceOf(AppError);
      expect((e as AppError).kind).toBe('forbidden');
    };
    await refused(inTx((tx) => tx.create(noticeEntity, { content: 'x' }), ['operatesys:notice:view']));
    await refused(inTx((tx) => tx.list(noticeEntity, {}), ['operatesys:notice:add']));
    await refused(inTx((tx) => tx.remove(noticeEntity, [1]), ['operatesys:notice:edit']));
    // The feedback's own kinds: answering needs the answer code; a kind it does not declare is a programming error.
    await refused(inTx((tx) => tx.change(feedbackEntity, 1, { state: 1 }, 'answer'), ['operatesys:feedback:close']));
    await expect(
      inTx((tx) => tx.change(feedbackEntity, 1, { state: 1 }), ['operatesys:feedback:answer']),
    ).rejects.toThrow('declares no edit code');
    const made = await inTx((tx) => tx.create(noticeEntity, { content: 'allowed' }), ['operatesys:notice:add']);
    expect(made).toMatchObject({ content: 'allowed', state: 1 });
  });

  it('builds filters from the declaration: like escapes its wildcards, eq and fixed matches compare', async () => {
    const codes = ['operatesys:notice:view', 'operatesys:notice:add'];
    await inTx(async (tx) => {
      await tx.create(noticeEntity, { title: '100% up', content: 'a', state: 0 });
      await tx.create(noticeEntity, { title: '100 up', content: 'b', state: 1 });
    }, codes);
    const percent = await inTx(
      (tx) => tx.list(noticeEntity, { filters: { title: '100%' }, page: 1, limit: 10 }),
      codes,
    );
    expect(percent.rows.map((r) => r.title)).toEqual(['100% up']);
    expect(percent.count).toBe(1);
    const off = await inTx(
      (tx) => tx.list(noticeEntity, { filters: { title: '100', state: 0 }, page: 1, limit: 10 }),
      codes,
    );
    expect(off.rows.map((r) => r.title)).toEqual(['100% up']);
  });

  it("writes in a tenant's rows with its row security on, and is the owner again afterwards", async () => {
    const seen = await inTx(async (tx) => {
      const inside = await tx.asTenant(acme.companyId, async (ttx) => {
        const r = await ttx.query<{ n: number }>('select count(distinct tenant_id)::int as n from users');
        return r.rows[0]!.n;
      });
      const after = await tx.query<{ n: number }>('select count(distinct tenant_id)::int as n from users');
      return { inside, after: after.rows[0]!.n };
    });
    expect(seen.inside).toBe(1);
    expect(seen.after).toBeGreaterThan(1);
  });

  it('a public read sees the public fields only and writes nothing', async () => {
    const ok = await publicPlatformRead(t.app, (tx) => tx.rows(pictureEntity, { chosen: true }, ['id', 'kind']));
    expect(Array.isArray(ok)).toBe(true);
    await expect(publicPlatformRead(t.app, (tx) => tx.rows(pictureEntity, {}, ['id', 'name']))).rejects.toThrow(
      AppError,
    );
    await expect(publicPlatformRead(t.app, (tx) => tx.find(pictureEntity, 1))).rejects.toThrow(AppError);
  });

  it("is refused to a tenant's user on every moved route (403), whatever their codes", async () => {
    for (const url of [
      '/api-user/feedback/getFeedBackPage',
      '/api-user/opsys/getSysPictureData',
      '/api-user/feedback/getSysNoticePage',
    ])
      expect((await t.call('GET', url, admin)).statusCode).toBe(403);
  });

  it('exists on platform routes only: elsewhere req.platform throws', async () => {
    const app = Fastify();
    attachOwnerDb(app, t.db);
    app.decorateRequest('me', () => ({
      tenantId: 1,
      userId: 1,
      sessionId: 's',
      isPlatform: true,
      isAdmin: true,
      mustChangePassword: false,
      permissions: new Set<string>(),
    }));
    registerPlatformHandle(app);
    app.get('/tenant-route', (req) => req.platform(async () => 'reached'));
    app.get('/platform-route', { config: { platform: true } }, (req) => req.platform(async () => 'reached'));
    expect((await app.inject({ url: '/tenant-route' })).statusCode).toBe(500);
    expect((await app.inject({ url: '/platform-route' })).body).toBe('reached');
    await app.close();
  });
});
