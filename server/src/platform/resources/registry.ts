import type { Lang } from '../i18n/index.js';
import type { TenantTx } from '../tenancy/tenant-tx.js';
import type { EntityDef, FieldDef } from './types.js';

/** What a ref field can point at: an engine entity or a platform table (users). */
export interface RefTarget {
  readonly table: string;
  readonly codeColumn: string | null;
  readonly nameColumn: string;
  /** How deleted rows are marked, if they are kept. */
  readonly deleted: 'deleted_at' | 'deleted' | null;
  /** The engine entity behind the target, when there is one. */
  readonly entity: string | null;
}

const registry = new Map<string, EntityDef>();

const external = new Map<string, RefTarget>([
  ['user', { table: 'users', codeColumn: 'username', nameColumn: 'peoplename', deleted: 'deleted', entity: null }],
]);

export const snake = (name: string): string => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
export const columnOf = (f: FieldDef): string => f.column ?? snake(f.name);

const IDENT = /^[a-z_][a-z0-9_]*$/;
const RESERVED = new Set(['id', 'tenant_id', 'custom', 'created_at', 'created_by', 'updated_at', 'updated_by']);

/** The wire name of the readable label of a ref or dict value: workshopId -> workshopName, status -> statusName. */
export const displayName = (f: FieldDef): string => `${f.name.replace(/I[dD]$|id$/, '') || f.name}Name`;

function check(def: EntityDef): void {
  const problem = (msg: string) => new Error(`entity ${def.name}: ${msg}`);
  if (!IDENT.test(def.table)) throw problem(`unsafe table name ${def.table}`);
  const names = new Set<string>();
  for (const f of def.fields) {
    if (!/^[a-zA-Z][a-zA-Z0-9]*$/.test(f.name)) throw problem(`bad field name ${f.name}`);
    if (names.has(f.name)) throw problem(`duplicate field ${f.name}`);
    names.add(f.name);
    if (!f.computed && (!IDENT.test(columnOf(f)) || RESERVED.has(columnOf(f))))
      throw problem(`bad column for ${f.name}`);
    if (f.type === 'ref' && !f.ref) throw problem(`ref field ${f.name} has no target`);
    if (f.type === 'dict' && !f.dict) throw problem(`dict field ${f.name} has no dictionary`);
    if (f.type === 'enum' && !f.options?.length) throw problem(`enum field ${f.name} has no options`);
  }
  for (const f of def.fields) {
    if ((f.type === 'ref' || f.type === 'dict') && names.has(displayName(f)))
      throw problem(`display name ${displayName(f)} of ${f.name} collides with a field`);
    for (const w of f.uniqueWith ?? []) if (!names.has(w)) throw problem(`uniqueWith names unknown field ${w}`);
    if (f.within) {
      const parent = def.fields.find((p) => p.name === f.within!.field);
      if (f.type !== 'ref' || parent?.type !== 'ref' || parent.computed || !IDENT.test(f.within.column))
        throw problem(`within of ${f.name} must name another ref field and a target column`);
    }
  }
  if (!names.has(def.nameField)) throw problem(`nameField ${def.nameField} is not a field`);
  if (def.codeField && !names.has(def.codeField)) throw problem(`codeField ${def.codeField} is not a field`);
}

/** Declares an entity once; its routes are registered by its domain plugin (resourceRoutes). */
export function defineEntity<T extends EntityDef>(def: T): T {
  const known = registry.get(def.name);
  if (known && known !== def) throw new Error(`entity ${def.name} is declared twice`);
  check(def);
  registry.set(def.name, def);
  return def;
}

export const allEntities = (): EntityDef[] => [...registry.values()];

export function getEntity(name: string): EntityDef {
  const def = registry.get(name);
  if (!def) throw new Error(`unknown entity ${name}`);
  return def;
}

export const findEntity = (name: string): EntityDef | undefined => registry.get(name);

/**
 * A family of entities declared at run time from a tenant's data (the records of each custom form). Its
 * members are named by filling in the parameters of `pattern` ('form/:code' -> 'form/visitors'); their
 * routes, metadata and import template are served by runtimeRoutes (runtime-routes.ts).
 */
export interface RuntimeEntities {
  readonly pattern: string;
  /** A member with the fields every member shares: its actions and the OpenAPI schemas of the routes. */
  readonly shape: EntityDef;
  /**
   * The member named by the parameters for the transaction's tenant; throws a translated error when there is
   * none (`lang` is the caller's, for names in messages).
   */
  resolve(tx: TenantTx, params: Readonly<Record<string, string>>, lang: Lang): Promise<EntityDef>;
}

const runtime: { family: RuntimeEntities; match: RegExp; keys: string[] }[] = [];

export function defineRuntimeEntities<T extends RuntimeEntities>(family: T): T {
  const keys: string[] = [];
  const source = family.pattern
    .split('/')
    .map((part) => {
      if (!part.startsWith(':')) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      keys.push(part.slice(1));
      return '([^/]+)';
    })
    .join('/');
  if (!runtime.some((r) => r.family.pattern === family.pattern))
    runtime.push({ family, match: new RegExp(`^${source}$`), keys });
  return family;
}

/** A declared entity, else the runtime entity of that name for the transaction's tenant (export jobs). */
export async function resolveEntity(tx: TenantTx, name: string, lang: Lang = 'zh'): Promise<EntityDef> {
  const def = registry.get(name);
  if (def) return def;
  for (const r of runtime) {
    const m = r.match.exec(name);
    if (m) return r.family.resolve(tx, Object.fromEntries(r.keys.map((k, i) => [k, m[i + 1]!])), lang);
  }
  throw new Error(`unknown entity ${name}`);
}

export function refTarget(name: string): RefTarget {
  const def = registry.get(name);
  if (def) {
    const code = def.codeField ? def.fields.find((f) => f.name === def.codeField) : undefined;
    const label = def.fields.find((f) => f.name === def.nameField)!;
    return {
      table: def.table,
      codeColumn: code ? columnOf(code) : null,
      nameColumn: columnOf(label),
      deleted: def.softDelete ? 'deleted_at' : null,
      entity: def.name,
    };
  }
  const ext = external.get(name);
  if (!ext) throw new Error(`unknown ref target ${name}`);
  return ext;
}

/** SQL condition (alias a) for live rows of a target. */
export const liveCondition = (target: RefTarget, alias: string): string =>
  target.deleted === 'deleted_at'
    ? `${alias}.deleted_at is null`
    : target.deleted === 'deleted'
      ? `not ${alias}.deleted`
      : 'true';
