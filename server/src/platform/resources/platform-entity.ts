import type { FieldDef } from './types.js';

/**
 * A platform-owned table declared for the engine (scope 'platform'): no tenant_id leading its key and no row-level
 * security. The operator's routes read and write it through the platform handle (req.platform, platform-tx.ts),
 * which works on the owner connection inside the engine only: the statements are built from this declaration,
 * every write is audited and needs the declared operator code of its kind. A row that belongs to a tenant but is
 * managed by the operator (feedback) names that tenant as an ordinary column (`tenantColumn`).
 */
export interface PlatformFieldDef {
  /** The wire name. */
  readonly name: string;
  /** The column; default the snake_case of the name. Not for computed fields. */
  readonly column?: string;
  readonly type: FieldDef['type'];
  /** How the field filters a list: eq (equality), like (contains, any case), in (any of a list). */
  readonly filter?: 'eq' | 'like' | 'in';
  /** A value computed in SQL from the row (alias t); read-only. */
  readonly computed?: (t: string) => string;
  /** Left out of a list unless named (long texts, internal keys). */
  readonly hidden?: boolean;
}

export interface PlatformEntityDef {
  readonly scope: 'platform';
  /** The name in the audit log (platform/<name>). */
  readonly name: string;
  readonly table: string;
  /** The column naming the tenant a row belongs to, for rows the operator manages (feedback); none for platform rows. */
  readonly tenantColumn?: string;
  /**
   * Operator codes per kind of work: view for reads, add, edit and delete for writes, and any other kind a route
   * names for a write of its own (feedback: answer, close). Any one code of an array is enough.
   */
  readonly permissions: Readonly<Record<string, string | readonly string[]>>;
  readonly fields: readonly PlatformFieldDef[];
  /** The order of a list: SQL over the row (alias t), e.g. `t.created_at desc, t.id desc`. */
  readonly order: (t: string) => string;
  /** Fields anyone may read without signing in (the chosen login pictures); none when absent. */
  readonly publicFields?: readonly string[];
}

export const definePlatformEntity = (def: PlatformEntityDef): PlatformEntityDef => {
  const names = new Set<string>();
  for (const f of def.fields) {
    if (names.has(f.name)) throw new Error(`platform entity ${def.name}: field ${f.name} twice`);
    names.add(f.name);
  }
  for (const f of def.publicFields ?? [])
    if (!names.has(f)) throw new Error(`platform entity ${def.name}: public field ${f} is not declared`);
  if (!names.has('id')) throw new Error(`platform entity ${def.name}: no id field`);
  return def;
};

const snake = (s: string): string => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const SAFE = /^[a-z_][a-z0-9_]*$/;

/** The column of a stored field (throws for computed ones and unknown names). */
export function columnOf(def: PlatformEntityDef, name: string): string {
  const f = def.fields.find((x) => x.name === name);
  if (!f || f.computed) throw new Error(`platform entity ${def.name}: ${name} is not a stored field`);
  const column = f.column ?? snake(f.name);
  if (!SAFE.test(column)) throw new Error(`unsafe column ${column}`);
  return column;
}

/** The SQL of a field read from alias t. */
export function fieldSql(def: PlatformEntityDef, name: string, t = 't'): string {
  const f = def.fields.find((x) => x.name === name);
  if (!f) throw new Error(`platform entity ${def.name}: no field ${name}`);
  return f.computed ? `(${f.computed(t)})` : `${t}."${columnOf(def, name)}"`;
}

/** The select list of the fields asked for (default every field not hidden). */
export function selectList(def: PlatformEntityDef, fields?: readonly string[], t = 't'): string {
  const names = fields ?? def.fields.filter((f) => !f.hidden).map((f) => f.name);
  return names.map((n) => `${fieldSql(def, n, t)} as "${n}"`).join(', ');
}

export function tableOf(def: PlatformEntityDef): string {
  if (!SAFE.test(def.table)) throw new Error(`unsafe table ${def.table}`);
  return `"${def.table}"`;
}
