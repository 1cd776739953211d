import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  readXlsx,
  secondTenant,
  tenantOf,
  userWithCodes,
  userWithoutRights,
  waitForDownload,
} from '../../platform/resources/testkit.js';
import { withTenant } from '../../platform/tenancy/tenant-tx.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { ATTEMPTS_PER_ADDRESS, SENDS_PER_PERSON } from './public.js';
import { P } from './resources.js';

type Row = Record<string, unknown>;
interface Json<T = unknown> {
  rtnCode: number;
  msg: string;
  field?: string;
  count?: number;
  data: T;
}

let t: TestApp;
let admin: string;
let tenantId: number;
let token: string;
let orgId: number;
let today: string;
const people: Record<string, number> = {};

const ok = async (method: string, url: string, body?: unknown, who = admin) => {
  const r = (await (await t.call(method, url, who, body)).json()) as Json<Row>;
  expect(r.rtnCode, `${url}: ${r.msg}`).toBe(200);
  return r;
};
let address = 0;
/** A registration from the public page, each from an address of its own unless one is given. */
const register = (body: Row, from = `10.50.${Math.floor(++address / 250)}.${address % 250}`) =>
  t.call('POST', '/health/addOrUpdateEqhealthSurvey', null, body, { 'x-forwarded-for': from, lang: 'en' });
const form = (extra: Row = {}): Row => ({
  token,
  number: 'H001',
  name: '健康甲',
  temperature: 36.5,
  personalHealth: 'healthy',
  familyHealth: 'healthy',
  contact: false,
  location: '厂区',
  ...extra,
});
const surveysOf = async (userId: number) => {
  const r = await t.db.query<{ n: string }>(
    'select count(*) as n from health_surveys where tenant_id = $1 and user_id = $2',
    [tenantId, userId],
  );
  return Number(r.rows[0]!.n);
};

async function addPerson(tenant: number, username: string, peoplename: string, number: string, org: number | null) {
  return withTenant(t.db, tenant, null, async (tx) =>
    Number(
      (
        await tx.insert<{ id: string }>(
          'users',
          { username, password_hash: 'x', peoplename, number, organization_id: org, usertype: 1 },
          'id',
        )
      ).id,
    ),
  );
}

beforeAll(async () => {
  // The page sits behind the factory's proxy: each phone's address comes in X-Forwarded-For.
  t = await createTestApp({ trustProxy: true });
  admin = await t.login('admin');
  tenantId = (await tenantOf(t, admin)).tenantId;
  orgId = await withTenant(t.db, tenantId, null, async (tx) =>
    Number((await tx.insert<{ id: string }>('organizations', { organization_name: '防疫测试部' }, 'id')).id),
  );
  people.a = await addPerson(tenantId, 'health_a', '健康甲', 'H001', orgId);
  people.b = await addPerson(tenantId, 'health_b', '健康乙', 'H002', orgId);
  people.c = await addPerson(tenantId, 'health_c', '健康丙', 'H003', orgId);
  token = String((await ok('POST', '/api-manage/eqhealthsurvey/link')).data.token);
  const view = await t.call('GET', `/api-anon/health/${token}`, null);
  today = String(((await view.json()) as Json<Row>).data.today);
});
afterAll(async () => t?.close());

describe('registering health through the tenant link without logging in', () => {
  it('keeps one registration per person and day: a second one the same day updates the first', async () => {
    const first = (await (await register(form())).json()) as Json<Row>;
    expect(first.rtnCode, first.msg).toBe(200);
    expect(first.data).toMatchObject({ surveyDate: today, updated: false, flagged: false });
    expect(first.msg).toBe('Registered');

    const again = (await (
      await register(form({ temperature: 37.6, contact: true, number: 'health_a' }))
    ).json()) as Json<Row>;
    expect(again.data).toMatchObject({ updated: true, flagged: true });
    expect(again.msg).toBe("Today's registration has been updated");
    expect(await surveysOf(people.a!)).toBe(1);

    const page = await ok('GET', `/api-manage/eqhealthsurvey/page?page=1&limit=10&userId=${people.a}&flagged=true`);
    expect(page.count).toBe(1);
    const row = (page.data as unknown as Row[])[0]!;
    expect(row).toMatchObject({
      surveyDate: today,
      organizationId: orgId,
      organizationName: '防疫测试部',
      userName: '健康甲',
      contact: true,
      fever: true,
      source: 'link',
    });
    expect(Number(row.temperature)).toBe(37.6);
  });

  it('refuses bad input with a translated message naming the field, and writes nothing', async () => {
    const before = await surveysOf(people.b!);
    const cases: [Row, string][] = [
      [form({ number: 'H002', name: '健康乙', temperature: 51 }), 'temperature'],
      [form({ number: 'H002', name: '健康乙', personalHealth: 'fine' }), 'personalHealth'],
      [form({ number: 'H002', name: '健康乙', contact: 'maybe' }), 'contact'],
      [form({ number: 'H002', name: '健康乙', location: 'x'.repeat(201) }), 'location'],
      [{ ...form({ number: 'H002', name: '健康乙' }), familyHealth: undefined }, 'familyHealth'],
      [form({ number: 'H002', name: '健康丙' }), 'number'],
    ];
    for (const [body, field] of cases) {
      const r = await register(body);
      const j = (await r.json()) as Json;
      expect(r.statusCode, `${field}: ${j.msg}`).toBe(400);
      expect(j.field).toBe(field);
      expect(j.msg).not.toMatch(/health\.|errors\./);
    }
    const nameless = (await (await register(form({ number: 'H002', name: '健康丙' }))).json()) as Json;
    expect(nameless.msg).toBe('Job number and name do not match: please check them');
    expect(await surveysOf(people.b!)).toBe(before);
  });

  it('leaks nothing of another tenant: the page shows the company alone, other people and forged links are refused', async () => {
    const view = (await (await t.call('GET', `/api-anon/health/${token}`, null)).json()) as Json<Row>;
    expect(Object.keys(view.data).sort()).toEqual(['companyName', 'today']);

    const other = await secondTenant(t, 'health-b');
    const otherPerson = await addPerson(other.tenantId, 'health_other', '外司员工', 'X001', null);
    const foreign = await register(form({ number: 'X001', name: '外司员工' }));
    expect(foreign.statusCode).toBe(400);
    expect(((await foreign.json()) as Json).field).toBe('number');
    expect(await surveysOf(otherPerson)).toBe(0);

    const forged = `${other.tenantId}-${token.split('-').slice(1).join('-')}`;
    expect((await t.call('GET', `/api-anon/health/${forged}`, null)).statusCode).toBe(404);
    expect((await register(form({ token: forged, number: 'X001', name: '外司员工' }))).statusCode).toBe(404);
    expect((await register(form({ token: 'nonsense' }))).statusCode).toBe(404);

    // The other tenant's office sees none of this tenant's registrations, by list or by id.
    const theirs = (await (
      await t.call('GET', '/api-manage/eqhealthsurvey/page?page=1&limit=50', other.token)
    ).json()) as Json<Row[]>;
    expect(theirs.data.every((r) => Number(r.userId) !== people.a)).toBe(true);
    const mine = await ok('GET', `/api-manage/eqhealthsurvey/page?page=1&limit=1&userId=${people.a}`);
    const id = (mine.data as unknown as Row[])[0]!.id;
    const peek = (await (await t.call('GET', `/api-manage/eqhealthsurvey/get?id=${id}`, other.token)).json()) as Json;
    expect(peek.rtnCode).not.toBe(200);
  });

  it('limits registrations per person and attempts per address', async () => {
    const sends: number[] = [];
    for (let i = 0; i < SENDS_PER_PERSON + 1; i++)
      sends.push((await register(form({ number: 'H003', name: '健康丙', temperature: 36.1 }))).statusCode);
    expect(sends.slice(0, SENDS_PER_PERSON).every((c) => c === 200)).toBe(true);
    expect(sends.at(-1)).toBe(429);
    expect(await surveysOf(people.c!)).toBe(1);

    // Registrations that succeed from one address (a factory's shared Wi-Fi) do not use up its attempts.
    for (let i = 0; i < 3; i++)
      expect((await register(form({ temperature: 37.6, contact: true }), '10.99.0.1')).statusCode).toBe(200);
    const attempts: number[] = [];
    for (let i = 0; i < ATTEMPTS_PER_ADDRESS + 1; i++)
      attempts.push((await register(form({ name: '猜名字' }), '10.99.0.1')).statusCode);
    expect(attempts.slice(0, ATTEMPTS_PER_ADDRESS).every((c) => c === 400)).toBe(true);
    expect(attempts.at(-1)).toBe(429);
  });

  it('stops answering once the link is revoked, and a new link works', async () => {
    await ok('POST', '/api-manage/eqhealthsurvey/link/revoke');
    expect((await t.call('GET', `/api-anon/health/${token}`, null)).statusCode).toBe(404);
    expect((await register(form())).statusCode).toBe(404);
    const fresh = String((await ok('POST', '/api-manage/eqhealthsurvey/link')).data.token);
    expect(fresh).not.toBe(token);
    token = fresh;
    expect((await register(form({ temperature: 37.6, contact: true }))).statusCode).toBe(200);
  });
});

describe('the office side of the health registration', () => {
  it('comes with a week of the demo factory: fevers, contacts, and people who have not registered today', async () => {
    const r = await t.db.query<{ days: string; fever: string; contact: string }>(
      `select count(distinct survey_date) as days, count(*) filter (where temperature >= 37.3) as fever,
              count(*) filter (where contact) as contact
         from health_surveys s join users u on u.tenant_id = s.tenant_id and u.id = s.user_id
        where s.tenant_id = $1 and u.username like 'demo%'`,
      [tenantId],
    );
    expect(r.rows[0]).toMatchObject({ days: expect.anything() });
    expect(Number(r.rows[0]!.days)).toBe(7);
    expect(Number(r.rows[0]!.fever)).toBeGreaterThanOrEqual(1);
    expect(Number(r.rows[0]!.contact)).toBeGreaterThanOrEqual(1);
    const links = await t.db.query('select 1 from health_links where tenant_id = $1', [tenantId]);
    expect(links.rows.length).toBeGreaterThanOrEqual(1);
  });

  it('lists who has not registered today, by department', async () => {
    const r = await ok('GET', `/api-manage/eqhealthsurvey/missing?organizationId=${orgId}&page=1&limit=20`);
    const names = (r.data as unknown as Row[]).map((p) => p.peoplename);
    expect(names).toEqual(['健康乙']);
    expect(r.count).toBe(1);
    expect((r.data as unknown as Row[])[0]).toMatchObject({ number: 'H002', organizationName: '防疫测试部' });
  });

  it('counts registrations, fevers and contacts per department and day in SQL', async () => {
    const r = await ok(
      'GET',
      `/api-manage/eqhealthsurvey/statistics?from=${today}&to=${today}&organizationId=${orgId}`,
    );
    const rows = (r.data as Row).rows as Row[];
    expect(rows).toEqual([
      {
        day: today,
        organizationId: orgId,
        organizationName: '防疫测试部',
        staff: 3,
        registered: 2,
        missing: 1,
        fever: 1,
        contact: 1,
        flagged: 1,
      },
    ]);
    const bad = await t.call('GET', '/api-manage/eqhealthsurvey/statistics?from=2026-13-01', admin);
    expect(((await bad.json()) as Json).field).toBe('from');
    const long = await t.call('GET', '/api-manage/eqhealthsurvey/statistics?from=2020-01-01&to=2021-01-01', admin);
    expect(((await long.json()) as Json).field).toBe('to');
  });

  it('takes an entry from the office, refuses a second one of the day and a day after today, and exports', async () => {
    const made = await ok('POST', '/api-manage/eqhealthsurvey/save', {
      userId: people.b,
      temperature: 36.4,
      personalHealth: 'healthy',
      familyHealth: 'isolated',
      contact: false,
    });
    expect(made.data).toMatchObject({ surveyDate: today, organizationId: orgId, source: 'office', flagged: true });
    const twice = (await (
      await t.call('POST', '/api-manage/eqhealthsurvey/save', admin, { userId: people.b, temperature: 36.4 })
    ).json()) as Json;
    expect(twice.rtnCode).toBe(201);
    expect(twice.field).toBe('surveyDate');
    const future = (await (
      await t.call('POST', '/api-manage/eqhealthsurvey/save', admin, {
        userId: people.c,
        surveyDate: '2999-01-01',
        temperature: 36.4,
      })
    ).json()) as Json;
    expect(future.field).toBe('surveyDate');

    const exp = await ok('POST', `/api-manage/eqhealthsurvey/exportexcel?organizationId=${orgId}`, {});
    const rows = await readXlsx(await waitForDownload(t, admin, Number(exp.data.id)));
    const header = rows[0] as string[];
    expect(header).toContain('体温(℃)');
    expect(rows.length).toBe(1 + 3);
  });

  it('keeps the registrations to the page permission codes', async () => {
    const nobody = await userWithoutRights(t, tenantId, 'health_nobody');
    for (const url of ['/api-manage/eqhealthsurvey/missing', '/api-manage/eqhealthsurvey/statistics'])
      expect((await t.call('GET', url, nobody)).statusCode).toBe(403);
    expect((await t.call('POST', '/api-manage/eqhealthsurvey/link', nobody, {})).statusCode).toBe(403);
    const viewer = await userWithCodes(t, tenantId, 'health_viewer', [P.view]);
    expect((await t.call('GET', '/api-manage/eqhealthsurvey/missing', viewer)).statusCode).toBe(200);
    expect((await t.call('POST', '/api-manage/eqhealthsurvey/link', viewer, {})).statusCode).toBe(403);
  });
});
