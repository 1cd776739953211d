import { createHash } from 'node:crypto';
import { columnOf, refTarget } from './registry.js';
import type { EntityDef, FieldDef } from './types.js';

/** The tables the declarations ask for: what the migration generator writes and the drift test checks. */
export interface ColumnSpec {
  name: string;
  /** Canonical type as introspection reports it (timestamptz, numeric(14,2), ...). */
  type: string;
  notNull: boolean;
  /** SQL default expression, if any. */
  default?: string;
  identity?: boolean;
}

export interface ForeignKeySpec {
  name: string;
  columns: string[];
  table: string;
  refColumns: string[];
  /** setNull: the reference is cleared when a platform row it points at is removed (organisations). */
  onDelete: 'cascade' | 'restrict' | 'setNull';
}

export interface IndexSpec {
  name: string;
  sql: string;
}

export interface TableSpec {
  table: string;
  columns: ColumnSpec[];
  foreignKeys: ForeignKeySpec[];
  indexes: IndexSpec[];
  /**
   * Owner references without a key (foreignKey: false): a statement trigger on the owner's table removes the
   * rows of the owners deleted (eam_owner_cascade, migration 0039), as the key's cascade would.
   */
  ownerCascades: OwnerCascadeSpec[];
  /** Tables this one references (for creation order). */
  dependsOn: string[];
  /** Columns and indexes kept outside the declaration (EntityDef.kept): not compared. */
  kept: { columns: string[]; indexes: string[] };
}

export interface OwnerCascadeSpec {
  /** The trigger's name, on the owner's table. */
  name: string;
  owner: string;
  column: string;
}

/** Postgres identifiers stop at 63 bytes: long names keep a readable start and a hash. */
export const pgName = (name: string): string =>
  name.length <= 63 ? name : `${name.slice(0, 54)}_${createHash('sha1').update(name).digest('hex').slice(0, 8)}`;

export function columnType(f: FieldDef): string {
  switch (f.type) {
    case 'string':
    case 'text':
    case 'dict':
      return 'text';
    case 'integer':
      return 'integer';
    case 'decimal':
      return `numeric(${f.precision ?? 14},${f.scale ?? 2})`;
    case 'date':
      return 'date';
    case 'datetime':
      return 'timestamptz';
    case 'boolean':
      return 'boolean';
    case 'enum':
      return typeof f.options![0] === 'number' ? 'smallint' : 'text';
    case 'ref':
      return 'bigint';
    case 'json':
    case 'image':
    case 'attachments':
      return 'jsonb';
  }
}

function sqlDefault(f: FieldDef): string | undefined {
  if (f.defaultNow) return f.type === 'date' ? 'current_date' : 'now()';
  if (f.default === undefined) return undefined;
  if (typeof f.default === 'string') return `'${f.default.replace(/'/g, "''")}'`;
  return String(f.default);
}

export function tableSpec(def: EntityDef): TableSpec {
  const t = def.table;
  const stored = def.fields.filter((f) => !f.computed);
  const columns: ColumnSpec[] = [
    { name: 'tenant_id', type: 'bigint', notNull: true },
    { name: 'id', type: 'bigint', notNull: true, identity: true },
    ...stored.map((f) => ({
      name: columnOf(f),
      type: columnType(f),
      notNull: !!f.required,
      ...(sqlDefault(f) ? { default: sqlDefault(f) } : {}),
    })),
  ];
  if (def.customFields !== false) columns.push({ name: 'custom', type: 'jsonb', notNull: true, default: "'{}'" });
  if (def.softDelete) columns.push({ name: 'deleted_at', type: 'timestamptz', notNull: false });
  columns.push(
    { name: 'created_at', type: 'timestamptz', notNull: true, default: 'now()' },
    { name: 'created_by', type: 'bigint', notNull: false },
    { name: 'updated_at', type: 'timestamptz', notNull: true, default: 'now()' },
    { name: 'updated_by', type: 'bigint', notNull: false },
  );

  // A row owned by another (a line of a document, a task's item) reaches its company through its owner: the
  // owner's key (tenant_id, owner id) holds the tenant and cascades a company's removal. A key of its own would be
  // checked again on every line written (a day's check items: 0.9 s of 6.4 s for 218,000 rows).
  const owned = stored.some((f) => f.type === 'ref' && f.owner && f.required);
  const foreignKeys: ForeignKeySpec[] = owned
    ? []
    : [
        {
          name: pgName(`${t}_tenant_fkey`),
          columns: ['tenant_id'],
          table: 'companies',
          refColumns: ['id'],
          onDelete: 'cascade',
        },
      ];
  const indexes: IndexSpec[] = [];
  const ownerCascades: OwnerCascadeSpec[] = [];
  const dependsOn = new Set<string>();
  const leading = new Set<string>();
  // A filter's index ends with the list's default order, so a filtered first page reads twenty index entries
  // instead of sorting every match.
  const sortField = def.defaultSort && def.fields.find((x) => x.name === def.defaultSort!.field && !x.computed);
  const sortTail = sortField ? columnOf(sortField) : 'id';
  for (const f of stored.filter((x) => x.unique)) {
    const cols = [columnOf(f), ...(f.uniqueWith ?? []).map((n) => columnOf(def.fields.find((x) => x.name === n)!))];
    const name = pgName(`${t}_${cols.join('_')}_${f.sparse ? 'set_key' : 'key'}`);
    leading.add(cols[0]!);
    // A sparse unique field's key holds the rows with a value: the others never meet (nulls are distinct).
    const where = [def.softDelete ? 'deleted_at is null' : '', f.sparse ? setPredicate(f) : ''].filter(Boolean);
    indexes.push({
      name,
      sql: `create unique index ${name} on "${t}" (tenant_id, ${cols.map((c) => `"${c}"`).join(', ')})${where.length ? ` where ${where.join(' and ')}` : ''}`,
    });
  }
  for (const f of stored) {
    const col = columnOf(f);
    if (f.type === 'ref') {
      const target = refTarget(f.ref!);
      if (target.table !== t) dependsOn.add(target.table);
      if (f.foreignKey === false && f.owner)
        ownerCascades.push({ name: pgName(`${t}_${col}_cascade`), owner: target.table, column: col });
      if (f.foreignKey !== false)
        foreignKeys.push({
          name: pgName(`${t}_${col}_fkey`),
          columns: ['tenant_id', col],
          table: target.table,
          refColumns: ['tenant_id', 'id'],
          onDelete: f.owner
            ? 'cascade'
            : f.onDelete === 'setNull' || (!target.entity && !target.deleted)
              ? 'setNull'
              : 'restrict',
        });
    }
    if ((f.type === 'ref' || (f.filter && f.filter !== 'like')) && f.indexed !== false && !leading.has(col)) {
      const cols = col === sortTail ? [col] : [col, sortTail];
      const name = pgName(`${t}_${cols.join('_')}_${f.sparse ? 'set_idx' : 'idx'}`);
      indexes.push({
        name,
        sql: `create index ${name} on "${t}" (tenant_id, ${cols.map((c) => `"${c}"`).join(', ')})${f.sparse ? ` where ${setPredicate(f)}` : ''}`,
      });
    }
  }
  for (const x of def.indexes ?? []) {
    const column = (n: string) => {
      const f = def.fields.find((y) => y.name === n && !y.computed);
      if (!f) throw new Error(`${def.name}: index ${x.name} names ${n}, not a stored field`);
      return `"${columnOf(f)}"`;
    };
    const name = pgName(`${t}_${x.name}_idx`);
    indexes.push({
      name,
      sql: `create ${x.unique ? 'unique ' : ''}index ${name} on "${t}" (tenant_id, ${x.fields.map(column).join(', ')})${
        x.include?.length ? ` include (${x.include.map(column).join(', ')})` : ''
      }${x.where ? ` where ${x.where}` : ''}`,
    });
  }
  if (def.softDelete) {
    // The deleted rows alone, a handful beside the live ones: the reports rule out deleted machines through it
    // instead of reading every machine (27 ms a time over 100,000).
    const name = pgName(`${t}_deleted_idx`);
    indexes.push({ name, sql: `create index ${name} on "${t}" (tenant_id, id) where deleted_at is not null` });
  }
  if (def.customFields !== false) {
    const name = pgName(`${t}_custom_idx`);
    indexes.push({ name, sql: `create index ${name} on "${t}" using gin (custom)` });
  }
  const kept = { columns: [...(def.kept?.columns ?? [])], indexes: [...(def.kept?.indexes ?? [])] };
  return { table: t, columns, foreignKeys, indexes, ownerCascades, dependsOn: [...dependsOn], kept };
}

/**
 * The rows a sparse field's index holds: those not at the default (a boolean's other value, another enum
 * value) or, without a default, those with a value. A filter on the field implies it (an equality or a range is
 * never true of null, and the planner sees the value asked for), so the filtered list still reads the index.
 */
function setPredicate(f: FieldDef): string {
  const col = `"${columnOf(f)}"`;
  if (f.default === undefined) return `${col} is not null`;
  if (typeof f.default === 'boolean') return f.default ? `not ${col}` : col;
  return `${col} <> ${typeof f.default === 'number' ? f.default : `'${String(f.default).replace(/'/g, "''")}'`}`;
}

export const columnSql = (c: ColumnSpec): string =>
  `"${c.name}" ${c.type}${c.identity ? ' generated always as identity' : ''}${c.notNull ? ' not null' : ''}${
    c.default ? ` default ${c.default}` : ''
  }`;

export const foreignKeySql = (fk: ForeignKeySpec): string =>
  `constraint ${fk.name} foreign key (${fk.columns.map((c) => `"${c}"`).join(', ')}) references "${fk.table}" (${fk.refColumns
    .map((c) => `"${c}"`)
    .join(', ')})${
    fk.onDelete === 'cascade'
      ? ' on delete cascade'
      : fk.onDelete === 'setNull'
        ? ` on delete set null ("${fk.columns[1]}")`
        : ''
  }`;

/** The full creation script of one table: columns, keys, indexes, row-level security. */
export function createTableSql(spec: TableSpec): string {
  const lines = [...spec.columns.map(columnSql), 'primary key (tenant_id, id)', ...spec.foreignKeys.map(foreignKeySql)];
  return [
    `create table "${spec.table}" (\n  ${lines.join(',\n  ')}\n);`,
    ...spec.indexes.map((i) => `${i.sql};`),
    `select eam_protect('${spec.table}');`,
    `select eam_versioned('${spec.table}');`,
    ...spec.ownerCascades.map((c) => ownerCascadeSql(spec.table, c)),
  ].join('\n');
}

export const ownerCascadeSql = (table: string, c: OwnerCascadeSpec): string =>
  `select eam_owner_cascade('${c.name}', '${c.owner}', '${table}', '${c.column}');`;

/** Tables in an order where each comes after the tables it references. */
export function creationOrder(specs: TableSpec[]): TableSpec[] {
  const byName = new Map(specs.map((s) => [s.table, s]));
  const done = new Set<string>();
  const out: TableSpec[] = [];
  const visit = (s: TableSpec, path: Set<string>) => {
    if (done.has(s.table) || path.has(s.table)) return;
    path.add(s.table);
    for (const d of s.dependsOn) {
      const dep = byName.get(d);
      if (dep) visit(dep, path);
    }
    done.add(s.table);
    out.push(s);
  };
  for (const s of [...specs].sort((a, b) => a.table.localeCompare(b.table))) visit(s, new Set());
  return out;
}
