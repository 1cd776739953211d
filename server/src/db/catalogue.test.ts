import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertRequestRoleIsSafe, withTenant } from '../platform/tenancy/tenant-tx.js';
import { freshDatabase } from '../test/harness.js';
import { migrate } from './migrate.js';
import { openPglite } from './pglite.js';
import type { Database } from './types.js';

let db: Database;
let dispose: () => Promise<void>;
beforeAll(async () => {
  ({ db, dispose } = await freshDatabase());
  await migrate(db);
});
afterAll(async () => dispose?.());

describe('database catalogue', () => {
  it('every table with tenant_id has row-level security enabled and forced', async () => {
    const r = await db.query<{ table: string; rls: boolean; forced: boolean; policies: number }>(
      `select c.relname as table, c.relrowsecurity as rls, c.relforcerowsecurity as forced,
              (select count(*) from pg_policy p where p.polrelid = c.oid)::int as policies
         from pg_class c join pg_attribute a on a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped
        where c.relkind in ('r', 'p') and c.relnamespace = current_schema()::regnamespace`,
    );
    const tenantTables = r.rows.filter((x) => x.table !== 'jobs');
    expect(tenantTables.length).toBeGreaterThan(10);
    for (const t of tenantTables)
      expect({ ...t, rls: t.rls && t.forced && t.policies > 0 }).toEqual({ ...t, rls: true });
  });

  it('tenant_id leads the primary key and every foreign key of tenant tables', async () => {
    const r = await db.query<{ table: string; kind: string; first: string }>(
      `select c.relname as table, k.contype::text as kind, a.attname as first
         from pg_constraint k join pg_class c on c.oid = k.conrelid
         join pg_attribute a on a.attrelid = c.oid and a.attnum = k.conkey[1]
        where k.contype in ('p', 'f') and c.relnamespace = current_schema()::regnamespace
          and exists (select 1 from pg_attribute t where t.attrelid = c.oid and t.attname = 'tenant_id')
          and c.relname <> 'jobs'
          and not (k.contype = 'f' and k.confrelid in ('companies'::regclass, 'menus'::regclass, 'menu_buttons'::regclass))`,
    );
    for (const row of r.rows) expect(row).toEqual({ ...row, first: 'tenant_id' });
  });

  it('a request transaction sees only its own tenant, even through raw SQL', async () => {
    await db.query(
      "insert into companies(id, name, code) overriding system value values (901, 'A', 'cat-a'), (902, 'B', 'cat-b')",
    );
    await db.query("insert into messages(tenant_id, user_id, title) values (901, 1, 'for A'), (902, 1, 'for B')");
    const seen = await withTenant(db, 901, null, (tx) => tx.query<{ title: string }>('select title from messages'));
    expect(seen.rows.map((r) => r.title)).toEqual(['for A']);
    await expect(
      withTenant(db, 901, null, (tx) =>
        tx.query("insert into messages(tenant_id, user_id, title) values (902, 1, 'sneaky')"),
      ),
    ).rejects.toThrow(/row-level security/);
    const none = await withTenant(db, 901, null, (tx) =>
      tx.query("update messages set title = 'changed' where tenant_id = 902"),
    );
    expect(none.rowCount).toBe(0);
  });

  it('accepts the request role, which is neither superuser nor BYPASSRLS', async () => {
    await expect(assertRequestRoleIsSafe(db)).resolves.toBe('eam_app');
  });
});

describe('request role guard', () => {
  it('refuses to serve when the request role can bypass row-level security', async () => {
    const lone = await openPglite();
    try {
      await migrate(lone);
      await lone.query('alter role eam_app bypassrls');
      await expect(assertRequestRoleIsSafe(lone)).rejects.toThrow(/Refusing to serve/);
    } finally {
      await lone.close();
    }
  });
});

describe('migrations', () => {
  it('are recorded and not applied twice', async () => {
    expect(await migrate(db)).toEqual([]);
    const r = await db.query<{ version: string }>('select version from schema_migrations order by version');
    expect(r.rows[0]!.version).toBe('0001_platform');
  });

  it('a failing migration leaves the database as it was', async () => {
    const bad = [
      { version: '9998_ok', sql: 'create table should_vanish (id int);' },
      { version: '9999_bad', sql: 'select * from no_such_table;' },
    ];
    await expect(migrate(db, bad)).rejects.toThrow();
    const r = await db.query("select 1 from pg_class where relname = 'should_vanish'");
    expect(r.rows).toHaveLength(0);
    expect((await db.query("select 1 from schema_migrations where version like '999%'")).rows).toHaveLength(0);
  });
});
