import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuId } from '../../seed/menus.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { memberWithCodes, okCall, rootOrgId } from '../org/testkit.js';

/** A stand-in SMS gateway: records what the server posts to SMS_WEBHOOK_URL. */
async function smsGateway() {
  const sent: { phone: string; code: string; text: string; purpose: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      sent.push(JSON.parse(body));
      res.end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`;
  return { sent, url, close: () => new Promise<void>((r) => server.close(() => r())) };
}

let t: TestApp;
let gateway: Awaited<ReturnType<typeof smsGateway>>;
let admin: string;

beforeAll(async () => {
  gateway = await smsGateway();
  t = await createTestApp({ smsWebhookUrl: gateway.url });
  admin = await t.login('admin');
});
afterAll(async () => {
  await t?.close();
  await gateway?.close();
});

const codeFor = (phone: string) => [...gateway.sent].reverse().find((s) => s.phone === phone)!.code;

describe('SMS codes', () => {
  it('sends six digits through the gateway, once a minute per phone', async () => {
    const r = await t.call('POST', '/api-user/users-anon/sendSms', null, { phone: '13800000001' });
    expect(r.json()).toMatchObject({ rtnCode: 200, data: { resendAfter: 60 } });
    expect(codeFor('13800000001')).toMatch(/^\d{6}$/);
    expect(gateway.sent.at(-1)!.text).toContain(codeFor('13800000001'));
    const again = await t.call('POST', '/api-user/users-anon/sendSms', null, { phone: '13800000001' }, { lang: 'en' });
    expect(again.json().rtnCode).toBe(201);
    expect(again.json().msg).toMatch(/^A code has been sent; try again in \d+ seconds$/);
  });

  const sendFrom = (remoteAddress: string, phone: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api-user/users-anon/sendSms',
      remoteAddress,
      headers,
      payload: { phone, purpose: 'register' },
    });

  it('sends 10 codes an hour to one address, whatever X-Forwarded-For claims', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 12; i++) {
      const r = await sendFrom('192.0.2.10', `1350000${String(i).padStart(4, '0')}`, {
        'x-forwarded-for': `10.7.7.${i}`,
      });
      answers.push(r.json().rtnCode);
    }
    expect(answers.filter((c) => c === 200)).toHaveLength(10);
    expect(answers.slice(10).every((c) => c !== 200)).toBe(true);
  });

  it('sends 5 codes an hour to one phone, from any address', async () => {
    const phone = '13611112222';
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) {
      answers.push((await sendFrom(`192.0.2.${30 + i}`, phone)).json().rtnCode);
      // Past the one-minute resend wait, within the hour.
      await t.db.query("update sms_codes set created_at = created_at - interval '61 seconds' where phone = $1", [
        phone,
      ]);
    }
    expect(answers.filter((c) => c === 200)).toHaveLength(5);
    expect(answers[5]).not.toBe(200);
    const r = await sendFrom('192.0.2.99', phone, { lang: 'en' });
    expect(r.json().msg).toBe('Too many codes requested; please try again later');
  });

  it('keeps the limit for a parallel burst from one address', async () => {
    const res = await Promise.all(
      Array.from({ length: 14 }, (_, i) => sendFrom('192.0.2.60', `1330000${String(i).padStart(4, '0')}`)),
    );
    expect(res.filter((r) => r.json().rtnCode === 200)).toHaveLength(10);
  });

  it('names the field of a bad phone number', async () => {
    const r = await t.call('POST', '/api-user/users-anon/sendSms', null, { phone: 'call me' });
    expect(r.statusCode).toBe(400);
    expect(r.json().field).toBe('phone');
  });
});

describe('company registration', () => {
  const form = (over: Record<string, unknown> = {}) => ({
    companyName: '星河精密制造',
    username: 'xinghe-admin',
    password: 'Xinghe2026',
    verifypassword: 'Xinghe2026',
    peoplename: '陈经理',
    phone: '13900000002',
    ...over,
  });

  it('refuses a wrong code, then registers a trial company whose administrator can log in', async () => {
    await okCall(t, 'POST', '/api-user/users-anon/sendSms', '', { phone: '13900000002', purpose: 'companyRegister' });
    const good = codeFor('13900000002');
    const wrong = good === '000000' ? '111111' : '000000';
    const bad = await t.call('POST', '/api-user/company/register', null, form({ smsCode: wrong }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'smsCode', msg: '验证码不正确' });
    expect((await t.db.query("select 1 from companies where name = '星河精密制造'")).rows).toHaveLength(0);

    const weak = await t.call(
      'POST',
      '/api-user/company/register',
      null,
      form({ smsCode: good, password: 'abcdefgh' }),
    );
    expect(weak.json()).toMatchObject({ field: 'password', msg: '您的密码复杂度太低（密码中必须包含字母、数字）' });

    const r = await t.call('POST', '/api-user/company/register', null, form({ smsCode: good }));
    expect(r.json()).toMatchObject({ rtnCode: 200, data: { username: 'xinghe-admin', trialDays: 30 } });
    const token = await t.login('xinghe-admin', 'Xinghe2026');
    const me = (
      await okCall<{ company: { name: string }; peoplename: string }>(t, 'GET', '/api-user/users/current', token)
    ).data;
    expect(me.peoplename).toBe('陈经理');
    const menus = await t.call('GET', '/api-user/sys/me', token);
    expect(menus.json().me.length).toBeGreaterThan(3);
    const expiry = await t.db.query<{ days: number }>(
      "select (expiry_date - current_date) as days from companies where name = '星河精密制造'",
    );
    expect(expiry.rows[0]!.days).toBe(30);

    // The code works once; the name is now taken.
    const again = await t.call('POST', '/api-user/company/register', null, form({ smsCode: good, username: 'x2' }));
    expect(again.json().field).toBe('companyName');
  });
});

describe('company registration and versions', () => {
  it("gives a registered company the default version and exactly that version's menus", async () => {
    const root = await t.login('root');
    const { data: trial } = await okCall<{ id: number }>(
      t,
      'POST',
      '/api-user/sysversion/insertOrUpdateVersion',
      root,
      {
        name: 'Trial',
        menuIds: [menuId('setUp.dictionary'), menuId('equipment.machine')],
      },
    );
    const before = await t.db.query<{ id: number }>('select id from sys_versions where is_default');
    await okCall(t, 'POST', '/api-user/sysversion/updateVersionDefault', root, { id: trial.id });
    try {
      const phone = '13900000077';
      const sent = await t.app.inject({
        method: 'POST',
        url: '/api-user/users-anon/sendSms',
        remoteAddress: '192.0.2.77',
        payload: { phone, purpose: 'companyRegister' },
      });
      expect(sent.json().rtnCode).toBe(200);
      const r = await okCall<{ companyId: number }>(t, 'POST', '/api-user/company/register', '', {
        companyName: 'Trial Works',
        username: 'trial-works',
        password: 'Trial2026x',
        verifypassword: 'Trial2026x',
        peoplename: 'Tess',
        phone,
        smsCode: codeFor(phone),
      });
      const company = await t.db.query<{ version_id: number }>('select version_id from companies where id = $1', [
        r.data.companyId,
      ]);
      expect(Number(company.rows[0]!.version_id)).toBe(trial.id);
      const menus = await okCall<{ menuIds: string[] }>(
        t,
        'GET',
        `/api-user/company/findAllMenusByCompanyId?companyId=${r.data.companyId}`,
        root,
      );
      expect(menus.data.menuIds.sort()).toEqual(
        ['setUp', 'setUp.dictionary', 'equipment', 'equipment.machine'].map((k) => menuId(k)).sort(),
      );
      const token = await t.login('trial-works', 'Trial2026x');
      expect((await t.call('GET', '/api-user/item/getItemTree', token)).statusCode).toBe(200);
      expect((await t.call('GET', '/api-user/users/all', token)).statusCode).toBe(403);
    } finally {
      await okCall(t, 'POST', '/api-user/sysversion/updateVersionDefault', root, { id: Number(before.rows[0]!.id) });
    }
  });
});

describe('joining by invite code', () => {
  it('hands out an organisation code that lets a person register into it', async () => {
    const orgId = await rootOrgId(t, admin);
    const { data: invite } = await okCall<{ inviteCode: string; url: string }>(
      t,
      'GET',
      `/api-manage/backend-anon/inviteCode?organizationId=${orgId}`,
      admin,
    );
    expect(invite.inviteCode).toMatch(/^[0-9A-Z]+-[0-9A-Z]{6}$/);
    expect(invite.url).toBe(`/register?inviteCode=${encodeURIComponent(invite.inviteCode)}`);
    const same = await okCall<{ inviteCode: string }>(
      t,
      'GET',
      `/api-manage/backend-anon/inviteCode?organizationId=${orgId}`,
      admin,
    );
    expect(same.data.inviteCode).toBe(invite.inviteCode);

    const org = await t.call(
      'GET',
      `/api-user/users-anon/getOrgByInviteCode?inviteCode=${invite.inviteCode.toLowerCase()}`,
    );
    expect(org.json().data).toEqual({
      organizationId: orgId,
      organizationName: expect.any(String),
      companyName: '演示工厂',
    });
    const unknown = await t.call('GET', '/api-user/users-anon/getOrgByInviteCode?inviteCode=2-ZZZZZZ');
    expect(unknown.json()).toMatchObject({ rtnCode: 201, msg: '邀请码无效或已失效' });

    await okCall(t, 'POST', '/api-user/users-anon/sendSms', '', { phone: '13700000003' });
    const r = await okCall<{ id: number }>(t, 'POST', '/api-user/users/register', '', {
      inviteCode: invite.inviteCode,
      username: 'new-tech',
      password: 'Tech12345',
      verifypassword: 'Tech12345',
      peoplename: '王师傅',
      phone: '13700000003',
      smsCode: codeFor('13700000003'),
    });
    const token = await t.login('new-tech', 'Tech12345');
    const me = await okCall<{ id: number; organizationid: number }>(t, 'GET', '/api-user/users/current', token);
    expect(me.data).toMatchObject({ id: r.data.id, organizationid: orgId });
    // No roles yet: the member sees no menus until an administrator grants some.
    expect((await t.call('GET', '/api-user/sys/me', token)).json().me).toEqual([]);

    // A refreshed code replaces the old one.
    const fresh = await okCall<{ inviteCode: string }>(
      t,
      'GET',
      `/api-manage/backend-anon/inviteCode?organizationId=${orgId}&refresh=true`,
      admin,
    );
    expect(fresh.data.inviteCode).not.toBe(invite.inviteCode);
    const old = await t.call('GET', `/api-user/users-anon/getOrgByInviteCode?inviteCode=${invite.inviteCode}`);
    expect(old.json().rtnCode).toBe(201);
  });

  it('asks for the organisation add permission to hand out codes', async () => {
    const viewer = await memberWithCodes(t, admin, 'viewer1', ['setUp:organize:view']);
    const orgId = await rootOrgId(t, admin);
    const r = await t.call('GET', `/api-manage/backend-anon/inviteCode?organizationId=${orgId}`, viewer.token);
    expect(r.statusCode).toBe(403);
  });
});

describe('hand-over login', () => {
  it('gives a one-time key that opens a session of the same user once', async () => {
    const { data } = await okCall<{ key: string; url: string }>(
      t,
      'GET',
      '/api-mes/Home/InterfaceLogin?redirect=/equipment/ledger/1',
      admin,
    );
    expect(data.url).toBe(`/auth-redirect?key=${encodeURIComponent(data.key)}&redirect=%2Fequipment%2Fledger%2F1`);
    const r = await t.call('POST', '/sys/key_login', null, { key: data.key });
    expect(r.statusCode).toBe(200);
    const token = r.json().access_token as string;
    const a = await okCall<{ id: number }>(t, 'GET', '/api-user/users/current', admin);
    const b = await okCall<{ id: number }>(t, 'GET', '/api-user/users/current', token);
    expect(b.data.id).toBe(a.data.id);
    const replay = await t.call('POST', '/sys/key_login', null, { key: data.key }, { lang: 'en' });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error_description).toBe('The login link is invalid or has expired; please open it again');
    expect((await t.call('POST', '/sys/key_login', null, { key: 'nonsense' })).statusCode).toBe(401);
  });
});

describe('session helpers', () => {
  it('lists provinces and cities in the caller language', async () => {
    const r = await t.call('GET', '/sys/getSysCityList', null, undefined, { lang: 'en' });
    const gd = r.json().data.find((p: { code: string }) => p.code === '44');
    expect(gd.name).toBe('Guangdong');
    expect(gd.children.map((c: { name: string }) => c.name)).toContain('Shenzhen');
    const tw = await t.call('GET', '/sys/getSysCityList', null, undefined, { lang: 'tw' });
    expect(tw.json().data.find((p: { code: string }) => p.code === '44').name).toBe('廣東省');
  });

  it("answers the caller's company, organisation tree, form-designer session and menu", async () => {
    const org = await okCall<{ company: { name: string }; organizations: unknown[] }>(
      t,
      'GET',
      '/sys/getOrganizationData',
      admin,
    );
    expect(org.data.company.name).toBe('演示工厂');
    expect(org.data.organizations.length).toBeGreaterThan(0);
    const s = await okCall<{ username: string; permissions: string[] }>(
      t,
      'GET',
      '/api-user/yfform/getYfSessionInfo',
      admin,
    );
    expect(s.data.username).toBe('admin');
    expect(s.data.permissions).toContain('setUp:organize:add');
    const me = (await t.call('GET', '/api-user/sys/me', admin)).json().me as { id: string; menuname: string }[];
    const m = await okCall<{ id: string; menuname: string }>(
      t,
      'GET',
      `/api-user/yfform/getYfMenuInfo?menuId=${me[0]!.id}`,
      admin,
    );
    expect(m.data.menuname).toBe(me[0]!.menuname);
    const missing = await t.call(
      'GET',
      '/api-user/yfform/getYfMenuInfo?menuId=00000000-0000-0000-0000-000000000000',
      admin,
    );
    expect(missing.statusCode).toBe(404);
  });

  it('saves and reads a big-screen layout; saving needs the company configuration permission', async () => {
    expect((await okCall(t, 'GET', '/api-user/screen/get?code=main', admin)).data).toBeNull();
    await okCall(t, 'POST', '/api-user/screen/save', admin, { code: 'main', config: { widgets: ['oee', 'faults'] } });
    await okCall(t, 'POST', '/api-user/screen/save', admin, { code: 'main', config: { widgets: ['oee'] } });
    const got = await okCall<{ config: unknown }>(t, 'GET', '/api-user/screen/get?code=main', admin);
    expect(got.data.config).toEqual({ widgets: ['oee'] });
    const viewer = await memberWithCodes(t, admin, 'viewer2', ['workboard:view']);
    expect((await t.call('POST', '/api-user/screen/save', viewer.token, { config: {} })).statusCode).toBe(403);
    expect((await okCall(t, 'GET', '/api-user/screen/get?code=main', viewer.token)).data).toMatchObject({
      config: { widgets: ['oee'] },
    });
  });

  it("shows the platform's published notices as the login page's update log", async () => {
    await t.db.query("insert into sys_notices(title, content) values ('v1.2', '新增设备二维码标签')");
    const r = await t.call('GET', '/api-user/users-anon/getloglist');
    expect(r.json().data[0]).toMatchObject({ title: 'v1.2', content: '新增设备二维码标签' });
  });
});

describe('closed registration', () => {
  it('refuses company registration when SIGNUP_TRIAL_DAYS is 0', async () => {
    const closed = await createTestApp({ signupTrialDays: 0 });
    try {
      const r = await closed.call('POST', '/api-user/users-anon/sendSms', null, {
        phone: '13600000004',
        purpose: 'companyRegister',
      });
      expect(r.json()).toMatchObject({ rtnCode: 201, msg: '平台暂未开放企业注册，请联系平台运营' });
    } finally {
      await closed.close();
    }
  });
});
