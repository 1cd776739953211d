import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const login = (username: string, password: string, headers: Record<string, string> = {}) =>
  t.call('POST', '/sys/login', null, { username, password }, headers);

describe('login', () => {
  it('answers the OAuth token shape for JSON credentials', async () => {
    const r = await login('admin', TEST_PASSWORD);
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(Object.keys(body).sort()).toEqual(['access_token', 'expires_in', 'refresh_token', 'token_type']);
    expect(body.token_type).toBe('bearer');
    expect(body.expires_in).toBeGreaterThan(0);
  });

  it('accepts form-encoded credentials', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/sys/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `username=admin&password=${TEST_PASSWORD}`,
    });
    expect(r.statusCode).toBe(200);
    expect(r.json().access_token).toBeTruthy();
  });

  it('refuses wrong credentials with 401 and a translated error_description', async () => {
    const zh = await login('admin', 'wrong-pass1');
    expect(zh.statusCode).toBe(401);
    expect(zh.json()).toEqual({ error: 'unauthorized', error_description: '用户名或密码错误' });
    const en = await login('nobody-here', 'wrong-pass1', { lang: 'en' });
    expect(en.json().error_description).toBe('Wrong user name or password');
    const tw = await login('nobody-here', 'wrong-pass1', { 'accept-language': 'zh-TW,zh;q=0.9' });
    expect(tw.json().error_description).toBe('使用者名稱或密碼錯誤');
  });
});

describe('tokens and sessions', () => {
  it('accepts "Bearer <token>" and "Bearer<token>"', async () => {
    const token = await t.login('admin');
    for (const authorization of [`Bearer ${token}`, `Bearer${token}`]) {
      const r = await t.app.inject({ method: 'GET', url: '/api-user/users/current', headers: { authorization } });
      expect(r.statusCode).toBe(200);
      expect(r.json().data.username).toBe('admin');
    }
  });

  it('takes identity from the token, never from a forged userid header', async () => {
    const token = await t.login('admin');
    const r = await t.call('GET', '/api-user/users/current', token, undefined, { userid: '1', tenantid: '1' });
    expect(r.json().data.username).toBe('admin');
    expect(r.json().data.tenantid).not.toBe(1);
  });

  it('refuses missing, malformed and tampered tokens with 401 error_description', async () => {
    expect((await t.call('GET', '/api-user/users/current')).statusCode).toBe(401);
    const bad = await t.call('GET', '/api-user/users/current', 'not-a-jwt');
    expect(bad.statusCode).toBe(401);
    expect(bad.json().error_description).toBeTruthy();
    const token = await t.login('admin');
    const [h, p, s] = token.split('.');
    const claims = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...claims, tid: 1, sub: '1' })).toString('base64url')}.${s}`;
    expect((await t.call('GET', '/api-user/users/current', forged)).statusCode).toBe(401);
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${p}.`;
    expect((await t.call('GET', '/api-user/users/current', none)).statusCode).toBe(401);
  });

  it('rotates the refresh token: the new one works once, the old one never again', async () => {
    const first = (await login('admin', TEST_PASSWORD)).json();
    const second = await t.call('POST', '/sys/refresh_token', null, { refresh_token: first.refresh_token });
    expect(second.statusCode).toBe(200);
    const pair = second.json();
    expect(pair.refresh_token).not.toBe(first.refresh_token);
    expect((await t.call('GET', '/api-user/users/current', pair.access_token)).statusCode).toBe(200);
    const replay = await t.call('POST', '/sys/refresh_token', null, { refresh_token: first.refresh_token });
    expect(replay.statusCode).toBe(401);
    // Replaying a rotated token ends the session: the newest refresh token is dead too.
    expect((await t.call('POST', '/sys/refresh_token', null, { refresh_token: pair.refresh_token })).statusCode).toBe(
      401,
    );
  });

  it('logout revokes the session: its access and refresh tokens stop working', async () => {
    const pair = (await login('admin', TEST_PASSWORD)).json();
    expect((await t.call('GET', '/sys/getSession', pair.access_token)).json().data.userId).toBeGreaterThan(0);
    expect((await t.call('GET', '/sys/logout', pair.access_token)).json().rtnCode).toBe(200);
    expect((await t.call('GET', '/api-user/users/current', pair.access_token)).statusCode).toBe(401);
    expect((await t.call('POST', '/sys/refresh_token', null, { refresh_token: pair.refresh_token })).statusCode).toBe(
      401,
    );
  });
});

describe('current user', () => {
  it('has the fields of spec 3.1 and the forced-change flag', async () => {
    const token = await t.login('admin');
    const d = (await t.call('GET', '/api-user/users/current', token)).json().data;
    for (const k of [
      'id',
      'tenantid',
      'createuser',
      'organizationid',
      'permissions',
      'blocOrg',
      'company',
      'peoplename',
      'accountOverdue',
      'updatePassword',
    ])
      expect(d).toHaveProperty(k);
    expect(d.company).toHaveProperty('instransfer');
    expect(d.company).toHaveProperty('orglogo');
    expect(d.blocOrg.id).toBeGreaterThan(0);
    expect(d.permissions).toContain('setUp:organize:add');
    expect(d.permissions).not.toContain('admin:menu:add');
    expect(d.accountOverdue).toBe(0);
    expect(d.updatePassword).toBe(false);
  });

  it('counts days past the company expiry in accountOverdue', async () => {
    const token = await t.login('admin');
    const me = (await t.call('GET', '/api-user/users/current', token)).json().data;
    await t.db.query('update companies set expiry_date = current_date - 3 where id = $1', [me.tenantid]);
    expect((await t.call('GET', '/api-user/users/current', token)).json().data.accountOverdue).toBe(3);
    await t.db.query('update companies set expiry_date = null where id = $1', [me.tenantid]);
  });

  it('user/info answers a non-empty roles array, name, avatar and introduction', async () => {
    const token = await t.login('admin');
    const d = (await t.call('GET', `/user/info?token=${token}`)).json().data;
    expect(d.roles).toEqual(['admin']);
    expect(d.name).toBeTruthy();
    expect(d).toHaveProperty('avatar');
    expect(d).toHaveProperty('introduction');
  });
});

describe('passwords', () => {
  const change = (token: string, body: object, lang = 'zh') =>
    t.call('POST', '/api-user/users/updatePassword', token, body, { lang });

  it('enforces the rules of spec 5 with its exact messages', async () => {
    const token = await t.login('admin');
    const cases: [object, string][] = [
      [{ password: '', newpassword: 'abc12345', verifynewpassword: 'abc12345' }, '请输入原始密码'],
      [{ password: TEST_PASSWORD, newpassword: '', verifynewpassword: '' }, '请输入密码'],
      [{ password: TEST_PASSWORD, newpassword: 'ab123', verifynewpassword: 'ab123' }, '密码长度最少8位数'],
      [
        { password: TEST_PASSWORD, newpassword: 'abcdefgh', verifynewpassword: 'abcdefgh' },
        '您的密码复杂度太低（密码中必须包含字母、数字）',
      ],
      [{ password: TEST_PASSWORD, newpassword: 'abc12345', verifynewpassword: '' }, '请再次输入密码'],
      [{ password: TEST_PASSWORD, newpassword: 'abc12345', verifynewpassword: 'abc12346' }, '两次输入密码不一致!'],
      [{ password: 'wrong-one1', newpassword: 'abc12345', verifynewpassword: 'abc12345' }, '原始密码错误'],
    ];
    for (const [body, msg] of cases) {
      const r = await change(token, body);
      expect(r.statusCode).toBe(200);
      expect(r.json()).toMatchObject({ rtnCode: 201, msg });
      expect(r.json().field).toBeTruthy();
    }
    expect((await change(token, cases[3]![0], 'en')).json().msg).toBe(
      'Your password is too simple (it must contain letters and digits)',
    );
  });

  it('a normal change ends every session of the user and the new password works', async () => {
    const token = await t.login('root');
    const r = await change(token, {
      password: TEST_PASSWORD,
      newpassword: 'Root中7654321',
      verifynewpassword: 'Root7654321',
    });
    expect(r.json().rtnCode).toBe(200);
    expect((await t.call('GET', '/api-user/users/current', token)).statusCode).toBe(401);
    expect((await login('root', 'Root7654321')).statusCode).toBe(200);
    const again = await t.login('root', 'Root7654321');
    expect(
      (
        await change(again, { password: 'Root7654321', newpassword: TEST_PASSWORD, verifynewpassword: TEST_PASSWORD })
      ).json().rtnCode,
    ).toBe(200);
  });

  it('a reset by an administrator forces a change at next login', async () => {
    const admin = await t.login('admin');
    const me = (await t.call('GET', '/api-user/users/current', admin)).json().data;
    const hash = (
      await t.db.query<{ password_hash: string }>('select password_hash from users where username = $1', ['admin'])
    ).rows[0]!.password_hash;
    const bad = await t.call('POST', '/api-user/users/resetPassword', admin, {
      peopleid: me.id,
      newpassword: 'short1',
      verifynewpassword: 'short1',
    });
    expect(bad.json()).toMatchObject({ rtnCode: 201, msg: '密码长度最少8位数', field: 'newpassword' });
    const r = await t.call('POST', '/api-user/users/resetPassword', admin, {
      peopleid: me.id,
      newpassword: 'Reset1234',
      verifynewpassword: 'Reset1234',
    });
    expect(r.json().rtnCode).toBe(200);
    const fresh = await t.login('admin', 'Reset1234');
    expect((await t.call('GET', '/api-user/users/current', fresh)).json().data.updatePassword).toBe(true);
    await t.db.query('update users set password_hash = $1, must_change_password = false where username = $2', [
      hash,
      'admin',
    ]);
  });
});
