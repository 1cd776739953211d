import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../db/migrate.js';
import type { Database } from '../../db/types.js';
import { freshDatabase } from '../../test/harness.js';

/*
 * docs/scaling.md distributes the schema by tenant with Citus: its script names every table, as distributed by
 * tenant_id or as a reference table. This reads the migrated catalogue and checks that the script names every
 * table, and that Citus can take each one as it is: a distributed table's primary key, unique keys and foreign
 * keys to other distributed tables lead with tenant_id (co-located joins and constraints), and no reference table
 * points at a distributed one.
 */

const SCALING = path.resolve(import.meta.dirname, '..', '..', '..', '..', 'docs', 'scaling.md');

/** The tables the script of docs/scaling.md hands to Citus, by how. */
function documentedLayout(): { distributed: string[]; reference: string[]; local: string[] } {
  const text = fs.readFileSync(SCALING, 'utf8');
  const names = (re: RegExp) => [...text.matchAll(re)].map((m) => m[1]!).sort();
  return {
    distributed: names(/create_distributed_table\('([a-z_0-9]+)', 'tenant_id'\)/g),
    reference: names(/create_reference_table\('([a-z_0-9]+)'\)/g),
    local: names(/citus_add_local_table_to_metadata\('([a-z_0-9]+)'\)/g),
  };
}

/** Unique across tenants on purpose (docs/scaling.md names them and how they move before distributing). */
const GLOBAL_UNIQUE = ['sessions.sessions_id', 'users.users_username'];

let db: Database;
let dispose: () => Promise<void>;
beforeAll(async () => {
  ({ db, dispose } = await freshDatabase());
  await migrate(db);
});
afterAll(async () => dispose?.());

interface Key {
  table: string;
  name: string;
  kind: 'p' | 'u' | 'f';
  columns: string[];
  target: string | null;
  targetColumns: string[] | null;
}

async function tables(): Promise<{ name: string; tenant: boolean }[]> {
  const r = await db.query<{ name: string; tenant: boolean }>(
    `select t.table_name as name,
            exists (select 1 from information_schema.columns c
                     where c.table_schema = t.table_schema and c.table_name = t.table_name
                       and c.column_name = 'tenant_id') as tenant
       from information_schema.tables t
      where t.table_schema = current_schema() and t.table_type = 'BASE TABLE'
      order by 1`,
  );
  return r.rows;
}

/** Primary, unique and foreign keys with their columns in key order (pg_constraint). */
async function keys(): Promise<Key[]> {
  const r = await db.query<Key>(
    `select c.relname as table, k.conname as name, k.contype::text as kind,
            array(select a.attname::text from unnest(k.conkey) with ordinality u(n, i)
                    join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.n order by u.i) as columns,
            f.relname as target,
            case when k.contype = 'f' then
              array(select a.attname::text from unnest(k.confkey) with ordinality u(n, i)
                      join pg_attribute a on a.attrelid = k.confrelid and a.attnum = u.n order by u.i)
            end as "targetColumns"
       from pg_constraint k join pg_class c on c.oid = k.conrelid
       left join pg_class f on f.oid = k.confrelid
      where k.contype in ('p', 'u', 'f') and c.relnamespace = current_schema()::regnamespace`,
  );
  return r.rows;
}

/** Unique indexes not behind a constraint (create unique index …), with their key columns. */
async function uniqueIndexes(): Promise<{ table: string; name: string; columns: string[] }[]> {
  const r = await db.query<{ table: string; name: string; columns: string[] }>(
    `select c.relname as table, i.relname as name,
            array(select coalesce(a.attname::text, '(expression)') from unnest(x.indkey) with ordinality u(n, o)
                    left join pg_attribute a on a.attrelid = x.indrelid and a.attnum = u.n order by u.o) as columns
       from pg_index x join pg_class c on c.oid = x.indrelid join pg_class i on i.oid = x.indexrelid
      where x.indisunique and not x.indisprimary and c.relnamespace = current_schema()::regnamespace
        and not exists (select 1 from pg_constraint k where k.conindid = x.indexrelid)`,
  );
  return r.rows;
}

describe('the Citus layout of docs/scaling.md', () => {
  it('names every table once: tenant tables distributed by tenant_id, the others reference or local', async () => {
    const doc = documentedLayout();
    const all = await tables();
    const named = [...doc.distributed, ...doc.reference, ...doc.local];
    expect(new Set(named).size).toBe(named.length);
    expect([...named].sort()).toEqual(all.map((t) => t.name).sort());
    const tenantTables = all.filter((t) => t.tenant).map((t) => t.name);
    expect(tenantTables.length).toBeGreaterThan(50);
    for (const t of doc.distributed) expect({ t, tenant: tenantTables.includes(t) }).toEqual({ t, tenant: true });
    for (const t of doc.reference) expect({ t, tenant: tenantTables.includes(t) }).toEqual({ t, tenant: false });
  });

  it("leads every distributed table's primary, unique and co-located foreign keys with tenant_id", async () => {
    const { distributed } = documentedLayout();
    const dist = new Set(distributed);
    const all = await keys();
    const primary = new Set(all.filter((k) => k.kind === 'p').map((k) => k.table));
    expect(distributed.filter((t) => !primary.has(t))).toEqual([]);
    const wrong: string[] = [];
    for (const k of all.filter((x) => dist.has(x.table))) {
      if (k.kind === 'f' && !dist.has(k.target!)) continue;
      const target = k.kind === 'f' ? k.targetColumns![0] : 'tenant_id';
      if (k.columns[0] !== 'tenant_id' || target !== 'tenant_id') wrong.push(`${k.table}.${k.name}`);
    }
    for (const x of await uniqueIndexes())
      if (dist.has(x.table) && !x.columns.includes('tenant_id')) wrong.push(`${x.table}.${x.name}`);
    expect(wrong.sort()).toEqual(GLOBAL_UNIQUE);
  });

  it('points no reference or local table at a distributed one', async () => {
    const { distributed } = documentedLayout();
    const dist = new Set(distributed);
    const wrong = (await keys()).filter((k) => k.kind === 'f' && !dist.has(k.table) && dist.has(k.target!));
    expect(wrong.map((k) => `${k.table}.${k.name} -> ${k.target}`)).toEqual([]);
  });
});
