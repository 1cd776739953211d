/**
 * Generic tests over every registered route: 401 without a token, 403 without the permission,
 * another tenant's records neither readable nor changeable. Malformed input to every route: malformed.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveOwnMenu } from '../domains/menu/tenant-menus.js';
import { createTenant } from '../domains/operator/tenants.js';
import { menuId } from '../seed/menus.js';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../test/harness.js';
import { hashPassword } from './auth/password.js';
import type { RouteInfo } from './auth/plugin.js';
import { withTenant } from './tenancy/tenant-tx.js';

let t: TestApp;
let routes: RouteInfo[];
let tenantA: number;
let tenantB: number;
/** Tenant A's own menu (the page of a custom form) and its button: uuids that only tenant A may see. */
let menuOfA: string[];
const MARK = 'MARKER-A';

const ENDS_SESSION = new Set(['GET /sys/logout']);
const fill = (url: string, id: string | number) => url.replace(/:(\w+)/g, String(id));

beforeAll(async () => {
  t = await createTestApp();
  routes = t.app.routeCatalogue.filter((r) => !r.url.startsWith('/api-docs') && r.url !== '*');
  tenantA = (await t.db.query<{ id: number }>("select id from companies where code = 'demo'")).rows[0]!.id;
  await t.db.transaction(async (tx) => {
    tenantB = (
      await createTenant(tx, {
        name: 'Tenant B',
        code: 'tenant-b',
        admin: { username: 'badmin', password: TEST_PASSWORD, peoplename: 'B admin', mustChangePassword: false },
      })
    ).companyId;
    // A user of tenant A with a role that grants nothing.
    const role = await tx.query<{ id: number }>(
      "insert into roles(tenant_id, name, code) values ($1, 'Nothing', 'nothing') returning id",
      [tenantA],
    );
    const user = await tx.query<{ id: number }>(
      "insert into users(tenant_id, username, password_hash, peoplename) values ($1, 'noperm', $2, 'No permission') returning id",
      [tenantA, await hashPassword(TEST_PASSWORD)],
    );
    await tx.query('insert into user_roles(tenant_id, user_id, role_id) values ($1, $2, $3)', [
      tenantA,
      user.rows[0]!.id,
      role.rows[0]!.id,
    ]);
    // Distinctive text on tenant A's records, which must never reach tenant B.
    await tx.query(`update users set peoplename = peoplename || ' ${MARK}' where tenant_id = $1`, [tenantA]);
    await tx.query(
      `update organizations set organization_name = organization_name || ' ${MARK}' where tenant_id = $1`,
      [tenantA],
    );
    await tx.query(`update roles set name = name || ' ${MARK}' where tenant_id = $1`, [tenantA]);
    await tx.query(`update items set name = name || ' ${MARK}' where tenant_id = $1`, [tenantA]);
    await tx.query(
      `insert into messages(tenant_id, user_id, title) select $1, id, '${MARK}' from users where tenant_id = $1`,
      [tenantA],
    );
  });
  await withTenant(t.db, tenantA, null, (tx) =>
    saveOwnMenu(tx, {
      parentId: menuId('setUp'),
      menuname: MARK,
      titles: { en: MARK, tw: MARK },
      url: '/showform',
      query: 'markera',
      hidden: false,
      buttons: [{ name: MARK, ext4: `diyform:${MARK}:view` }],
    }),
  );
  const own = await t.db.query<{ id: string; button: string }>(
    'select m.id, b.id as button from menus m join menu_buttons b on b.menu_id = m.id where m.owner_tenant_id = $1',
    [tenantA],
  );
  menuOfA = [own.rows[0]!.id, own.rows[0]!.button];
});
afterAll(async () => t?.close());

/** Tables with tenant_id, and a fingerprint of tenant A's rows in all of them. */
async function fingerprintA(): Promise<Record<string, string>> {
  const tables = await t.db.query<{ table: string }>(
    `select c.relname as table from pg_class c join pg_attribute a on a.attrelid = c.oid and a.attname = 'tenant_id'
      where c.relkind = 'r' and c.relnamespace = current_schema()::regnamespace and c.relname not in ('jobs', 'sessions') order by 1`,
  );
  const out: Record<string, string> = {};
  for (const { table } of tables.rows) {
    const r = await t.db.query<{ f: string | null }>(
      `select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as f from "${table}" x where tenant_id = $1`,
      [tenantA],
    );
    out[table] = r.rows[0]!.f ?? '';
  }
  const c = await t.db.query<{ f: string }>('select md5(x::text) as f from companies x where id = $1', [tenantA]);
  out.companies = c.rows[0]!.f;
  const menus = await t.db.query<{ f: string }>(
    `select md5(coalesce(string_agg(m::text || b::text, '|' order by m::text, b::text), '')) as f
       from menus m left join menu_buttons b on b.menu_id = m.id where m.owner_tenant_id = $1`,
    [tenantA],
  );
  out.menus = menus.rows[0]!.f;
  return out;
}

/** Ids of tenant A's rows: the smallest and largest id of every tenant table with an id column. */
async function idsOfA(): Promise<number[]> {
  const tables = await t.db.query<{ table: string }>(
    `select c.relname as table from pg_class c
      where c.relkind = 'r' and c.relnamespace = current_schema()::regnamespace
        and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id')
        and exists (select 1 from pg_attribute a join pg_type ty on ty.oid = a.atttypid where a.attrelid = c.oid and a.attname = 'id' and ty.typname = 'int8')`,
  );
  const ids = new Set<number>();
  for (const { table } of tables.rows) {
    const r = await t.db.query<{ lo: number | null; hi: number | null }>(
      `select min(id) as lo, max(id) as hi from "${table}" where tenant_id = $1`,
      [tenantA],
    );
    for (const v of [r.rows[0]!.lo, r.rows[0]!.hi]) if (v) ids.add(v);
  }
  return [...ids];
}

const bodyFor = (id: number | string) => ({
  id,
  ids: [id],
  peopleid: id,
  userId: id,
  userIds: [id],
  roleId: id,
  roleIds: [id],
  organizationid: id,
  organizationId: id,
  parentId: id,
  companyId: id,
  menuId: id,
  menuIds: [id],
  buttonIds: [id],
  code: 'x',
  name: 'x',
});

describe('every route', () => {
  it('refuses a call without a token with 401 and a translated error_description (public routes excepted)', async () => {
    const guarded = routes.filter((r) => !r.config.public);
    expect(guarded.length).toBeGreaterThan(15);
    for (const r of guarded) {
      const res = await t.call(r.method, fill(r.url, 1), null, r.method === 'GET' ? undefined : {});
      expect({ route: `${r.method} ${r.url}`, status: res.statusCode }).toEqual({
        route: `${r.method} ${r.url}`,
        status: 401,
      });
      expect(res.json().error_description).toBeTruthy();
    }
  });

  it('refuses a caller without the permission code with 403', async () => {
    const token = await t.login('noperm');
    const coded = routes.filter((r) => r.config.permission);
    expect(coded.length).toBeGreaterThan(5);
    for (const r of coded) {
      const res = await t.call(r.method, fill(r.url, 1), token, r.method === 'GET' ? undefined : bodyFor(1));
      expect({ route: `${r.method} ${r.url}`, status: res.statusCode }).toEqual({
        route: `${r.method} ${r.url}`,
        status: 403,
      });
      expect(res.json().error_description).toBeTruthy();
    }
  });

  it("refuses a tenant's administrator every operator (platform) route with 403", async () => {
    const token = await t.login('admin');
    const operator = routes.filter((r) => r.config.platform);
    expect(operator.length).toBeGreaterThan(40);
    for (const r of operator) {
      const res = await t.call(r.method, fill(r.url, 1), token, r.method === 'GET' ? undefined : bodyFor(1));
      expect({ route: `${r.method} ${r.url}`, status: res.statusCode }).toEqual({
        route: `${r.method} ${r.url}`,
        status: 403,
      });
    }
  });

  it("never shows or changes another tenant's records", async () => {
    // The timed jobs stay still meanwhile: a check run crossing the tenant's midnight makes tenant A's next day's
    // tasks, and a deadline passing marks one overdue, which is the clock and not tenant B.
    await t.app.jobs.stop();
    const before = await fingerprintA();
    const ids = await idsOfA();
    expect(ids.length).toBeGreaterThan(3);
    const token = await t.login('badmin');
    for (const r of routes) {
      if (r.config.public || ENDS_SESSION.has(`${r.method} ${r.url}`)) continue;
      for (const id of [...ids, ...menuOfA]) {
        const q = `?id=${id}&roleId=${id}&peopleid=${id}&organizationid=${id}&parentId=${id}&userId=${id}&companyId=${id}&menuId=${id}`;
        const res = await t.call(r.method, fill(r.url, id) + q, token, r.method === 'GET' ? undefined : bodyFor(id));
        expect(res.statusCode, `${r.method} ${r.url}`).toBeLessThan(500);
        expect(res.body.includes(MARK), `${r.method} ${r.url} leaked tenant A's data`).toBe(false);
      }
    }
    expect(await fingerprintA()).toEqual(before);
    // Tenant B's administrator still works: nothing above ended the session by accident.
    expect((await t.call('GET', '/api-user/users/current', token)).json().data.tenantid).toBe(tenantB);
    t.app.jobs.start();
  }, 1_200_000);

  it('is described in the OpenAPI document at /api-docs/json', async () => {
    const doc = (await t.call('GET', '/api-docs/json')).json();
    expect(doc.openapi).toMatch(/^3\./);
    const documented = new Set(Object.keys(doc.paths));
    for (const r of routes) {
      if (r.url.startsWith('/webSocket') || r.url === '/api-docs' || r.url.startsWith('/api-docs/')) continue;
      expect(documented.has(r.url.replace(/:(\w+)/g, '{$1}')), r.url).toBe(true);
    }
  });
});
