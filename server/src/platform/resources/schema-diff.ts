import type { Queryable } from '../../db/index.js';
import {
  type ColumnSpec,
  columnSql,
  createTableSql,
  creationOrder,
  foreignKeySql,
  ownerCascadeSql,
  type TableSpec,
  tableSpec,
} from './schema.js';
import type { EntityDef } from './types.js';

/** What the database holds for a table, as far as the declarations decide it. */
export interface ActualTable {
  columns: Map<string, ColumnSpec>;
  indexes: Set<string>;
  foreignKeys: Set<string>;
  protected: boolean;
  /** Writes bump the tenant's table version (migration 0010). */
  versioned: boolean;
  /** The owner-cascade triggers (eam_owner_cascade) that remove this table's rows, by name. */
  ownerCascades: Set<string>;
}

function canonicalType(r: { data_type: string; numeric_precision: number | null; numeric_scale: number | null }) {
  switch (r.data_type) {
    case 'timestamp with time zone':
      return 'timestamptz';
    case 'numeric':
      return r.numeric_precision === null ? 'numeric' : `numeric(${r.numeric_precision},${r.numeric_scale ?? 0})`;
    case 'character varying':
      return 'varchar';
    default:
      return r.data_type;
  }
}

/** Reads the current schema's tables by name: columns with types, indexes, foreign keys, RLS. */
export async function introspect(db: Queryable, tables: string[]): Promise<Map<string, ActualTable>> {
  const out = new Map<string, ActualTable>();
  const cols = await db.query<{
    table_name: string;
    column_name: string;
    data_type: string;
    numeric_precision: number | null;
    numeric_scale: number | null;
    is_nullable: string;
    is_identity: string;
  }>(
    `select table_name, column_name, data_type, numeric_precision, numeric_scale, is_nullable, is_identity
       from information_schema.columns where table_schema = current_schema() and table_name = any($1::text[])
      order by table_name, ordinal_position`,
    [tables],
  );
  for (const c of cols.rows) {
    let t = out.get(c.table_name);
    if (!t) {
      t = {
        columns: new Map(),
        indexes: new Set(),
        foreignKeys: new Set(),
        protected: false,
        versioned: false,
        ownerCascades: new Set(),
      };
      out.set(c.table_name, t);
    }
    t.columns.set(c.column_name, {
      name: c.column_name,
      type: canonicalType(c),
      notNull: c.is_nullable === 'NO',
      identity: c.is_identity === 'YES',
    });
  }
  const idx = await db.query<{ tablename: string; indexname: string }>(
    'select tablename, indexname from pg_indexes where schemaname = current_schema() and tablename = any($1::text[])',
    [tables],
  );
  for (const i of idx.rows) out.get(i.tablename)?.indexes.add(i.indexname);
  const rel = await db.query<{ relname: string; conname: string | null; rls: boolean; forced: boolean }>(
    `select c.relname, k.conname, c.relrowsecurity as rls, c.relforcerowsecurity as forced
       from pg_class c join pg_namespace n on n.oid = c.relnamespace and n.nspname = current_schema()
       left join pg_constraint k on k.conrelid = c.oid and k.contype = 'f'
      where c.relname = any($1::text[]) and c.relkind = 'r'`,
    [tables],
  );
  for (const r of rel.rows) {
    const t = out.get(r.relname);
    if (!t) continue;
    if (r.conname) t.foreignKeys.add(r.conname);
    t.protected = r.rls && r.forced;
  }
  const trg = await db.query<{ relname: string }>(
    `select c.relname from pg_trigger g
       join pg_class c on c.oid = g.tgrelid join pg_namespace n on n.oid = c.relnamespace and n.nspname = current_schema()
      where c.relname = any($1::text[]) and g.tgname = c.relname || '_version_ins'`,
    [tables],
  );
  for (const r of trg.rows) {
    const t = out.get(r.relname);
    if (t) t.versioned = true;
  }
  // An owner-cascade trigger names the owned table in its first argument.
  const cascades = await db.query<{ tgname: string; owned: string }>(
    `select g.tgname, split_part(encode(g.tgargs, 'escape'), '\\000', 1) as owned from pg_trigger g
       join pg_class c on c.oid = g.tgrelid join pg_namespace n on n.oid = c.relnamespace and n.nspname = current_schema()
       join pg_proc p on p.oid = g.tgfoid and p.proname = 'eam_delete_owned'`,
  );
  for (const r of cascades.rows) out.get(r.owned)?.ownerCascades.add(r.tgname);
  return out;
}

/** A difference between declarations and database, for the drift test's message. */
export interface Drift {
  table: string;
  problem: string;
}

export interface SchemaDiff {
  statements: string[];
  drift: Drift[];
}

/**
 * The statements that bring the database to the declarations. Columns that are no longer declared are
 * reported, never dropped: that needs a person who knows the data can go.
 */
export async function diffSchema(db: Queryable, entities: EntityDef[]): Promise<SchemaDiff> {
  const specs = creationOrder(entities.map(tableSpec));
  const actual = await introspect(
    db,
    specs.map((s) => s.table),
  );
  const statements: string[] = [];
  const drift: Drift[] = [];
  const deferred: string[] = [];
  const exists = new Set(actual.keys());
  for (const spec of specs) {
    const have = actual.get(spec.table);
    if (!have) {
      const later = spec.foreignKeys.filter(
        (fk) =>
          fk.table !== spec.table &&
          fk.table !== 'companies' &&
          !exists.has(fk.table) &&
          specs.some((s) => s.table === fk.table),
      );
      const now: TableSpec = { ...spec, foreignKeys: spec.foreignKeys.filter((fk) => !later.includes(fk)) };
      statements.push(createTableSql(now));
      for (const fk of later) deferred.push(`alter table "${spec.table}" add ${foreignKeySql(fk)};`);
      drift.push({ table: spec.table, problem: 'table missing' });
      exists.add(spec.table);
      continue;
    }
    diffTable(spec, have, statements, drift);
  }
  statements.push(...deferred);
  return { statements, drift };
}

function diffTable(spec: TableSpec, have: ActualTable, statements: string[], drift: Drift[]): void {
  const t = spec.table;
  const alter = (s: string) => statements.push(`alter table "${t}" ${s};`);
  for (const c of spec.columns) {
    const a = have.columns.get(c.name);
    if (!a) {
      drift.push({ table: t, problem: `column ${c.name} missing` });
      if (c.notNull && !c.default) {
        alter(`add ${columnSql({ ...c, notNull: false })}`);
        statements.push(`-- fill "${t}"."${c.name}", then: alter table "${t}" alter column "${c.name}" set not null;`);
      } else alter(`add ${columnSql(c)}`);
      continue;
    }
    if (a.type !== c.type) {
      drift.push({ table: t, problem: `column ${c.name} is ${a.type}, declared ${c.type}` });
      alter(`alter column "${c.name}" type ${c.type} using "${c.name}"::${c.type}`);
    }
    if (a.notNull !== c.notNull) {
      drift.push({ table: t, problem: `column ${c.name} ${c.notNull ? 'allows null' : 'is not null'}` });
      alter(`alter column "${c.name}" ${c.notNull ? 'set' : 'drop'} not null`);
    }
  }
  for (const name of have.columns.keys()) {
    if (spec.columns.some((c) => c.name === name) || spec.kept.columns.includes(name)) continue;
    drift.push({ table: t, problem: `column ${name} is not declared` });
    statements.push(`-- "${t}"."${name}" is no longer declared; drop it by hand once its data is not needed.`);
  }
  for (const fk of spec.foreignKeys) {
    if (have.foreignKeys.has(fk.name)) continue;
    drift.push({ table: t, problem: `foreign key ${fk.name} missing` });
    alter(`add ${foreignKeySql(fk)}`);
  }
  for (const name of have.foreignKeys) {
    if (spec.foreignKeys.some((fk) => fk.name === name)) continue;
    drift.push({ table: t, problem: `foreign key ${name} is not declared` });
    alter(`drop constraint ${name}`);
  }
  for (const i of spec.indexes) {
    if (have.indexes.has(i.name)) continue;
    drift.push({ table: t, problem: `index ${i.name} missing` });
    statements.push(`${i.sql};`);
  }
  for (const name of have.indexes) {
    if (name === `${t}_pkey` || spec.indexes.some((i) => i.name === name) || spec.kept.indexes.includes(name)) continue;
    drift.push({ table: t, problem: `index ${name} is not declared` });
    statements.push(`drop index ${name};`);
  }
  if (!have.protected) {
    drift.push({ table: t, problem: 'row-level security is off' });
    statements.push(`select eam_protect('${t}');`);
  }
  for (const c of spec.ownerCascades) {
    if (have.ownerCascades.has(c.name)) continue;
    drift.push({ table: t, problem: `rows are not removed with their ${c.owner} (trigger ${c.name} missing)` });
    statements.push(ownerCascadeSql(t, c));
  }
  for (const name of have.ownerCascades) {
    if (spec.ownerCascades.some((c) => c.name === name)) continue;
    drift.push({ table: t, problem: `owner-cascade trigger ${name} is not declared` });
    statements.push(`select eam_owner_cascade_drop('${name}');`);
  }
  if (!have.versioned) {
    drift.push({ table: t, problem: 'writes do not bump the table version' });
    statements.push(`select eam_versioned('${t}');`);
  }
}
