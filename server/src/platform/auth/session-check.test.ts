import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberWithCodes, okCall } from '../../domains/org/testkit.js';
import { createTestApp, secondInstance, type TestApp } from '../../test/harness.js';

// A read starts from the session's last confirmed principal and confirms it in its own transaction or before
// its answer leaves: these prove that no answer goes out on a session, user or right that has gone.
let t: TestApp;
let tenantId: number;
beforeAll(async () => {
  t = await createTestApp();
  const r = await t.db.query<{ tenant_id: number }>("select tenant_id from users where username = 'admin'");
  tenantId = r.rows[0]!.tenant_id;
});
afterAll(async () => t?.close());

const PAGE = '/api-manage/equipment/page?page=1&limit=5';
/** Reads through a tenant transaction (the page) and without one (the session's own record). */
const READS = [PAGE, '/sys/getSession'];

async function confirmedToken(): Promise<string> {
  const token = await t.login('admin');
  for (const url of READS) expect((await t.call('GET', url, token)).statusCode).toBe(200);
  return token;
}

describe('the session of a read', () => {
  it('is refused with 401 on every read once it is revoked, by any server instance', async () => {
    const token = await confirmedToken();
    const other = await secondInstance(t);
    try {
      const out = await other.inject({
        method: 'GET',
        url: '/sys/logout',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(out.json().rtnCode).toBe(200);
    } finally {
      await other.close();
    }
    for (const url of READS) {
      const r = await t.call('GET', url, token, undefined, { lang: 'en' });
      expect({ url, status: r.statusCode }).toEqual({ url, status: 401 });
      expect(r.json()).toEqual({ error: 'unauthorized', error_description: expect.any(String) });
      expect(r.body).not.toContain('rows');
    }
  });

  it('is refused with 401 once its user is disabled, and works again when enabled', async () => {
    const token = await confirmedToken();
    await t.db.query("update users set state = 0 where tenant_id = $1 and username = 'admin'", [tenantId]);
    try {
      for (const url of READS) expect((await t.call('GET', url, token)).statusCode).toBe(401);
    } finally {
      await t.db.query("update users set state = 1 where tenant_id = $1 and username = 'admin'", [tenantId]);
    }
    for (const url of READS) expect((await t.call('GET', url, token)).statusCode).toBe(200);
  });

  it('is refused with 403 once the right is taken away, and served again when it is given back', async () => {
    const token = await confirmedToken();
    const admins = await t.db.query<{ id: number }>(
      'update roles set is_admin = false where tenant_id = $1 and is_admin returning id',
      [tenantId],
    );
    expect(admins.rows.length).toBeGreaterThan(0);
    try {
      const r = await t.call('GET', PAGE, token);
      expect(r.statusCode).toBe(403);
      expect(r.json().error).toBe('access_denied');
      // A self-service read needs no code: it is still served.
      expect((await t.call('GET', '/sys/getSession', token)).statusCode).toBe(200);
    } finally {
      await t.db.query('update roles set is_admin = true where tenant_id = $1 and id = any($2::bigint[])', [
        tenantId,
        admins.rows.map((a) => a.id),
      ]);
    }
    expect((await t.call('GET', PAGE, token)).statusCode).toBe(200);
  });

  it('a change is checked before it runs, even right after a confirmed read', async () => {
    const token = await confirmedToken();
    await t.db.query(
      "update sessions set revoked_at = now() where id = (select id from sessions where user_id = (select id from users where username = 'admin' and tenant_id = $1) order by created_at desc limit 1)",
      [tenantId],
    );
    const r = await t.call('POST', '/api-manage/equipment/save', token, { code: 'NEVER-1', name: 'never' });
    expect(r.statusCode).toBe(401);
    const n = await t.db.query("select count(*)::int as n from equipment where code = 'NEVER-1'");
    expect(n.rows[0]!.n).toBe(0);
  });
});

// Every write of what rights are computed from moves the company's perm_version in the same transaction
// (migration 0014): no route has to remember to, and a hand-made SQL change is seen as well.
describe('the rights of a logged-in member', () => {
  const VIEW = 'equipment:ledger:view';
  const reads = async (token: string) => (await t.call('GET', PAGE, token)).statusCode;

  it('follow a grant of a menu to their role through the route, on the next request', async () => {
    const admin = await t.login('admin');
    const m = await memberWithCodes(t, admin, 'granted-by-route', ['setUp:dictionary:view']);
    expect(await reads(m.token)).toBe(403);
    const { data: grants } = await okCall<{ menuIds: string[]; buttonIds: string[] }>(
      t,
      'GET',
      `/api-user/sys/findAllMenusByRoleId?roleId=${m.roleId}`,
      admin,
    );
    const view = await t.db.query<{ id: string; menu_id: string }>(
      'select id, menu_id from menu_buttons where ext4 = $1',
      [VIEW],
    );
    await okCall(t, 'POST', '/api-user/sys/saveRoleAndMenuid', admin, {
      roleId: m.roleId,
      menuIds: [...grants.menuIds, view.rows[0]!.menu_id],
      buttonIds: [...grants.buttonIds, view.rows[0]!.id],
    });
    expect(await reads(m.token)).toBe(200);
    await okCall(t, 'POST', '/api-user/sys/saveRoleAndMenuid', admin, { roleId: m.roleId, ...grants });
    expect(await reads(m.token)).toBe(403);
  });

  it('follow a grant written by hand in SQL, on the next request', async () => {
    const admin = await t.login('admin');
    const m = await memberWithCodes(t, admin, 'granted-by-sql', ['setUp:dictionary:view']);
    expect(await reads(m.token)).toBe(403);
    const grant = `insert into role_buttons(tenant_id, role_id, button_id)
                   select $1, $2, id from menu_buttons where ext4 = $3`;
    await t.db.query(grant, [tenantId, m.roleId, VIEW]);
    expect(await reads(m.token)).toBe(200);
    await t.db.query('delete from role_buttons where tenant_id = $1 and role_id = $2', [tenantId, m.roleId]);
    expect(await reads(m.token)).toBe(403);
    await t.db.query(grant, [tenantId, m.roleId, VIEW]);
    expect(await reads(m.token)).toBe(200);
    await t.db.query('update roles set state = 0 where tenant_id = $1 and id = $2', [tenantId, m.roleId]);
    expect(await reads(m.token)).toBe(403);
  });
});
