import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trustProxy } from '../../config.js';
import { hashPassword } from '../../platform/auth/password.js';
import { createTestApp, secondInstance, TEST_PASSWORD, type TestApp } from '../../test/harness.js';

let t: TestApp;
let tenantId: number;
beforeAll(async () => {
  t = await createTestApp();
  tenantId = (await t.db.query<{ id: number }>("select id from companies where code = 'demo'")).rows[0]!.id;
});
afterAll(async () => t?.close());

/** A user of the demo company with TEST_PASSWORD. */
async function user(username: string): Promise<void> {
  await t.db.query('insert into users(tenant_id, username, password_hash, peoplename) values ($1, $2, $3, $2)', [
    tenantId,
    username,
    await hashPassword(TEST_PASSWORD),
  ]);
}

const login = (
  username: string,
  password: string,
  opts: { forwardedFor?: string; remoteAddress?: string; app?: FastifyInstance } = {},
) =>
  (opts.app ?? t.app).inject({
    method: 'POST',
    url: '/sys/login',
    headers: { lang: 'en', ...(opts.forwardedFor ? { 'x-forwarded-for': opts.forwardedFor } : {}) },
    ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
    payload: { username, password },
  });

const answer = (r: { statusCode: number; json(): { error_description?: string } }) =>
  r.statusCode === 200 ? 'ok' : /locked/.test(r.json().error_description ?? '') ? 'locked' : 'wrong';

describe('login throttle', () => {
  it('locks an account after 5 failures whatever address the guesses claim, even for the right password', async () => {
    await user('locky');
    const answers: string[] = [];
    for (let i = 0; i < 5; i++)
      answers.push(answer(await login('locky', 'bad-pass-1', { forwardedFor: `10.9.9.${i}` })));
    expect(answers).toEqual(['wrong', 'wrong', 'wrong', 'wrong', 'locked']);
    const sixth = await login('locky', 'bad-pass-1', { forwardedFor: '10.9.8.1' });
    expect(sixth.json().error_description).toMatch(/locked, try again in 15 minutes/);
    const right = await login('locky', TEST_PASSWORD, { forwardedFor: '10.9.9.200' });
    expect(right.statusCode).toBe(401);
    expect(right.json().error_description).toMatch(/locked/);
    const elsewhere = await login('locky', TEST_PASSWORD, { remoteAddress: '192.0.2.7' });
    expect(answer(elsewhere)).toBe('locked');
  });

  it('checks no more than 5 passwords of an account, however many guesses come', async () => {
    await user('guessed');
    const answers: string[] = [];
    for (let i = 0; i < 30; i++)
      answers.push(answer(await login('guessed', `guess-${i}-x`, { remoteAddress: `198.51.100.${i + 1}` })));
    expect(answers.filter((a) => a === 'wrong')).toHaveLength(4);
    expect(answers.slice(4).every((a) => a === 'locked')).toBe(true);
  });

  it('refuses the right password that comes last in a parallel burst of 40 guesses', async () => {
    await user('burst');
    const guesses = Array.from({ length: 40 }, (_, i) => (i === 39 ? TEST_PASSWORD : `burst-${i}-bad`));
    const res = await Promise.all(
      guesses.map((password, i) => login('burst', password, { remoteAddress: `203.0.113.${i + 1}` })),
    );
    const answers = res.map(answer);
    expect(answers[39]).toBe('locked');
    expect(answers.filter((a) => a === 'wrong').length).toBeLessThanOrEqual(4);
  });

  it('refuses it too when the burst is shared between two servers on one database', async () => {
    await user('burst2');
    const other = await secondInstance(t);
    try {
      const res = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          login('burst2', i === 39 ? TEST_PASSWORD : `burst2-${i}-bad`, {
            app: i % 2 ? other : t.app,
            remoteAddress: `203.0.113.${i + 101}`,
          }),
        ),
      );
      const answers = res.map(answer);
      expect(answers[39]).toBe('locked');
      expect(answers.filter((a) => a === 'wrong').length).toBeLessThanOrEqual(4);
    } finally {
      await other.close();
    }
  });

  it('lets a burst of genuine logins of one account through', async () => {
    await user('shared');
    const res = await Promise.all(Array.from({ length: 12 }, () => login('shared', TEST_PASSWORD)));
    expect(res.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
  });

  it('locks an address after 20 failures over any accounts, and only that address', async () => {
    await user('sprayed');
    const from = { remoteAddress: '192.0.2.50' };
    const answers: string[] = [];
    for (let i = 0; i < 20; i++) answers.push(answer(await login(`nobody${i}`, 'spray-pass-1', from)));
    expect(answers.slice(0, 19).every((a) => a === 'wrong')).toBe(true);
    expect(answers[19]).toBe('locked');
    expect(answer(await login('sprayed', TEST_PASSWORD, from))).toBe('locked');
    expect(answer(await login('sprayed', TEST_PASSWORD, { remoteAddress: '192.0.2.51' }))).toBe('ok');
  });
});

describe('TRUST_PROXY', () => {
  it('is off by default: X-Forwarded-For does not change the client address', async () => {
    await user('proxied');
    await login('proxied', TEST_PASSWORD, { forwardedFor: '10.1.1.1' });
    const r = await t.db.query<{ last_ip: string }>(
      "select s.last_ip from sessions s join users u on u.id = s.user_id where u.username = 'proxied'",
    );
    expect(r.rows.map((x) => x.last_ip)).toEqual(['127.0.0.1']);
  });

  it('takes the address from X-Forwarded-For only when the peer is a configured proxy', async () => {
    await user('behindproxy');
    const app = await secondInstance({ db: t.db, config: { ...t.config, trustProxy: ['127.0.0.1'] } });
    try {
      expect((await login('behindproxy', TEST_PASSWORD, { app, forwardedFor: '10.2.2.2' })).statusCode).toBe(200);
      const other = { app, forwardedFor: '10.3.3.3', remoteAddress: '192.0.2.99' };
      expect((await login('behindproxy', TEST_PASSWORD, other)).statusCode).toBe(200);
    } finally {
      await app.close();
    }
    const oneHop = await secondInstance({ db: t.db, config: { ...t.config, trustProxy: 1 } });
    try {
      const r = await login('behindproxy', TEST_PASSWORD, { app: oneHop, forwardedFor: '10.5.5.5, 10.4.4.4' });
      expect(r.statusCode).toBe(200);
    } finally {
      await oneHop.close();
    }
    const r = await t.db.query<{ last_ip: string }>(
      "select s.last_ip from sessions s join users u on u.id = s.user_id where u.username = 'behindproxy' order by s.created_at",
    );
    expect(r.rows.map((x) => x.last_ip)).toEqual(['10.2.2.2', '192.0.2.99', '10.4.4.4']);
  });

  it('reads a comma list of addresses, a hop count, true or nothing', () => {
    expect(trustProxy(undefined)).toBe(false);
    expect(trustProxy('')).toBe(false);
    expect(trustProxy('false')).toBe(false);
    expect(trustProxy('true')).toBe(true);
    expect(trustProxy('2')).toBe(2);
    expect(trustProxy('10.0.0.1, 172.16.0.0/12')).toEqual(['10.0.0.1', '172.16.0.0/12']);
  });
});
