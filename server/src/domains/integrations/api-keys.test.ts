import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { jwtSecret } from '../../platform/auth/secret.js';
import { createTestApp, secondInstance, TEST_PASSWORD, type TestApp } from '../../test/harness.js';
import { memberWithCodes, okCall } from '../org/testkit.js';

// API keys of other systems: a key calls what its codes allow and nothing else, is refused at once when revoked
// (on every server) or expired, is never accepted where only a person may act, and its secret is shown once.
let t: TestApp;
let admin: string;
const WORKSHOPS = '/api-user/workShop/page?page=1&limit=5';
const WAREHOUSES = '/api-user/warehouses/page?page=1&limit=5';

beforeAll(async () => {
  t = await createTestApp({ apiKeyRatePerMinute: 20 });
  admin = await t.login('admin');
});
afterAll(async () => t?.close());

const withKey = (secret: string, method: string, url: string, body?: unknown, lang = 'en') =>
  t.call(method, url, null, body, { authorization: `ApiKey ${secret}`, lang });

async function newKey(permissions: string[], token = admin, extra: Record<string, unknown> = {}) {
  const { data } = await okCall<{ key: { id: number }; secret: string }>(
    t,
    'POST',
    '/api-integration/apiKeys/save',
    token,
    { name: `erp ${Math.random()}`, permissions, ...extra },
  );
  return data;
}

describe('an API key', () => {
  it('calls a route its permission allows and gets 403 on one it does not', async () => {
    const { secret } = await newKey(['setUp:workshop:view']);
    const ok = await withKey(secret, 'GET', WORKSHOPS);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().rtnCode).toBe(200);
    const refused = await withKey(secret, 'GET', WAREHOUSES);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error_description).toContain('setUp:warehouse:view');
  });

  it('is refused at once after it is revoked, on a second server instance too', async () => {
    const { key, secret } = await newKey(['setUp:workshop:view']);
    const other = await secondInstance(t);
    try {
      const call = () =>
        other.inject({ method: 'GET', url: WORKSHOPS, headers: { authorization: `ApiKey ${secret}`, lang: 'en' } });
      expect((await call()).statusCode).toBe(200);
      await okCall(t, 'POST', '/api-integration/apiKeys/revoke', admin, { id: key.id });
      const r = await call();
      expect(r.statusCode).toBe(401);
      expect(r.json().error_description).toBe('This API key has been revoked');
    } finally {
      await other.close();
    }
    expect((await withKey(secret, 'GET', WORKSHOPS)).statusCode).toBe(401);
  });

  it('is refused once it has expired', async () => {
    const { key, secret } = await newKey(['setUp:workshop:view'], admin, {
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect((await withKey(secret, 'GET', WORKSHOPS)).statusCode).toBe(200);
    await t.db.query("update api_keys set expires_at = now() - interval '1 second' where id = $1", [key.id]);
    const r = await withKey(secret, 'GET', WORKSHOPS);
    expect(r.statusCode).toBe(401);
    expect(r.json().error_description).toBe('This API key has expired');
  });

  it('with a forged or altered secret is refused', async () => {
    const { secret } = await newKey(['setUp:workshop:view']);
    const altered = `${secret.slice(0, -3)}${secret.endsWith('a') ? 'b' : 'a'}aa`;
    expect((await withKey(altered, 'GET', WORKSHOPS)).statusCode).toBe(401);
    expect((await withKey('eamk_1_999999_abcdefghijklmnopqrstuvwxyzABCDEFGH', 'GET', WORKSHOPS)).statusCode).toBe(401);
    expect((await withKey('nonsense', 'GET', WORKSHOPS)).statusCode).toBe(401);
  });

  it('is refused on login, password and key management routes, and on a person’s own things', async () => {
    const { secret } = await newKey(['setUp:apiKey:add', 'setUp:apiKey:view', 'setUp:apiKey:revokeKey']);
    const calls: [string, string, unknown][] = [
      ['POST', '/sys/login', { username: 'admin', password: TEST_PASSWORD }],
      ['POST', '/api-user/users/updatePassword', { oldPassword: TEST_PASSWORD, newPassword: 'Another123' }],
      ['POST', '/api-integration/apiKeys/save', { name: 'more', permissions: ['setUp:apiKey:add'] }],
      ['POST', '/api-integration/apiKeys/revoke', { id: 1 }],
      ['GET', '/api-integration/apiKeys/page', undefined],
      ['GET', '/api-core/msg/page?page=1&limit=5', undefined],
      ['GET', '/api-user/users/current', undefined],
      ['POST', '/api-integration/emailNotices/save', { kinds: [] }],
    ];
    for (const [method, url, body] of calls) {
      const r = await withKey(secret, method, url, body);
      expect({ url, status: r.statusCode }).toEqual({ url, status: 403 });
      expect(r.json().error_description).toBe(
        'Only a person who has logged in may do this; API keys are not accepted here',
      );
    }
  });

  it('is rate-limited per key', async () => {
    const a = await newKey(['setUp:workshop:view']);
    const b = await newKey(['setUp:workshop:view']);
    const answers = [];
    for (let i = 0; i < 25; i++) answers.push(await withKey(a.secret, 'GET', WORKSHOPS));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    const limited = answers.find((r) => r.statusCode === 429);
    expect(limited?.json().msg).toContain('20');
    // Another key has its own allowance.
    expect((await withKey(b.secret, 'GET', WORKSHOPS)).statusCode).toBe(200);
  });
});

describe('making a key', () => {
  it('refuses codes beyond the creator’s own, naming the field', async () => {
    const member = await memberWithCodes(t, admin, 'keymaker', [
      'setUp:apiKey:view',
      'setUp:apiKey:add',
      'setUp:workshop:view',
    ]);
    const r = await t.call(
      'POST',
      '/api-integration/apiKeys/save',
      member.token,
      { name: 'mes', permissions: ['setUp:workshop:view', 'setUp:warehouse:view'] },
      { lang: 'en' },
    );
    expect(r.json()).toMatchObject({
      rtnCode: 201,
      field: 'permissions',
      msg: 'Permissions beyond your own: setUp:warehouse:view',
    });
    const { data: grantable } = await okCall<{ code: string; label: string }[]>(
      t,
      'GET',
      '/api-integration/apiKeys/grantable',
      member.token,
    );
    expect(grantable.map((g) => g.code).sort()).toEqual([
      'setUp:apiKey:add',
      'setUp:apiKey:view',
      'setUp:workshop:view',
    ]);
    expect(grantable.every((g) => !g.label.includes('.'))).toBe(true);
    const made = await newKey(['setUp:workshop:view'], member.token);
    expect((await withKey(made.secret, 'GET', WORKSHOPS)).statusCode).toBe(200);
  });

  it('refuses a missing name, no codes, and an expiry in the past, naming each field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '  ', permissions: ['setUp:workshop:view'] }, 'name'],
      [{ name: 'x', permissions: [] }, 'permissions'],
      [{ name: 'x', permissions: ['setUp:workshop:view'], expiresAt: '2001-01-01T00:00:00Z' }, 'expiresAt'],
      [{ name: 'x', permissions: ['setUp:workshop:view'], expiresAt: 'tomorrow' }, 'expiresAt'],
    ];
    for (const [body, field] of cases) {
      const r = await t.call('POST', '/api-integration/apiKeys/save', admin, body, { lang: 'en' });
      expect(r.json()).toMatchObject({ rtnCode: 201, field });
    }
    const count = await t.db.query<{ n: string }>("select count(*) as n from api_keys where name = 'x'");
    expect(Number(count.rows[0]!.n)).toBe(0);
  });

  it('shows the secret once: the list has no secret and no hash, and the database only a hash', async () => {
    const { key, secret } = await newKey(['setUp:workshop:view']);
    expect(secret).toMatch(/^eamk_\d+_\d+_/);
    await withKey(secret, 'GET', WORKSHOPS);
    const list = await t.call('GET', '/api-integration/apiKeys/page?page=1&limit=100', admin);
    // the random part is base64url and may itself hold '_'
    const random = secret.split('_').slice(3).join('_');
    expect(random.length).toBeGreaterThan(20);
    expect(list.body).not.toContain(random);
    const stored = await t.db.query<{ secret_hash: string }>('select secret_hash from api_keys where id = $1', [
      key.id,
    ]);
    expect(list.body).not.toContain(stored.rows[0]!.secret_hash);
    expect(stored.rows[0]!.secret_hash).not.toContain(random);
    const row = list.json().data.find((k: { id: number }) => k.id === key.id);
    expect(row).toMatchObject({ state: 'active', hint: random.slice(-4), permissions: ['setUp:workshop:view'] });
    expect(row.lastUsedAt).not.toBeNull();
  });

  it('never writes a secret to the server log', async () => {
    const out = new PassThrough();
    let log = '';
    out.on('data', (c) => {
      log += String(c);
    });
    const logged = await buildApp({
      config: { ...t.config, logLevel: 'debug' },
      db: t.db,
      jwtSecret: await jwtSecret(t.db, t.config),
      logStream: out,
    });
    await logged.ready();
    try {
      const token = await t.login('admin');
      const made = await logged.inject({
        method: 'POST',
        url: '/api-integration/apiKeys/save',
        headers: { authorization: `Bearer ${token}` },
        payload: { name: 'logged', permissions: ['setUp:workshop:view'] },
      });
      const secret = made.json().data.secret as string;
      await logged.inject({ method: 'GET', url: WORKSHOPS, headers: { authorization: `ApiKey ${secret}` } });
      await logged.inject({ method: 'GET', url: WAREHOUSES, headers: { authorization: `ApiKey ${secret}` } });
      expect(log.length).toBeGreaterThan(0);
      expect(log).not.toContain(secret.split('_').slice(3).join('_'));
    } finally {
      await logged.close();
    }
  });
});
