import { loadPermissions } from '../auth/principal.js';
import { forbidden } from '../http/errors.js';
import type { TenantTx } from '../tenancy/tenant-tx.js';
import type { Model } from './model.js';
import { fieldExpr } from './model.js';
import type { EntityDef, PermissionKind, WireRow } from './types.js';

/**
 * Rows split by permission (EntityDef.permissionsBy): which values of the field a user's codes reach. A list of
 * values, or undefined when nothing is withheld (no split, no acting user, a code over every value, or every
 * option of the field reached).
 */
export type Permit = readonly string[] | undefined;

/** A permission declared as one code or several, as a list. */
export const codeList = (c: string | readonly string[]): readonly string[] => (typeof c === 'string' ? [c] : c);

export const codesOf = (def: EntityDef, kinds: readonly PermissionKind[]): string[] => [
  ...new Set(kinds.flatMap((k) => codeList(def.permissions[k]))),
];

/** The acting user's codes; a job acting for a user loads them once per transaction. */
export async function actorPermissions(tx: TenantTx): Promise<ReadonlySet<string> | null> {
  if (tx.permissions || tx.userId === null) return tx.permissions;
  tx.permissions = (await loadPermissions(tx, tx.tenantId, tx.userId)).permissions;
  return tx.permissions;
}

/** The values of the split field that any of `codes` held by the user reaches. */
export function permitOf(def: EntityDef, codes: readonly string[], held: ReadonlySet<string> | null): Permit {
  const by = def.permissionsBy;
  if (!by || !held) return undefined;
  const values = new Set<string>();
  for (const code of codes) {
    if (!held.has(code)) continue;
    const v = by.valueOf(code);
    if (v === null) return undefined;
    values.add(String(v));
  }
  const options = def.fields.find((f) => f.name === by.field)?.options;
  if (options?.every((o) => values.has(String(o)))) return undefined;
  return [...values];
}

export async function permitFor(tx: TenantTx, def: EntityDef, codes: readonly string[]): Promise<Permit> {
  if (!def.permissionsBy) return undefined;
  return permitOf(def, codes, await actorPermissions(tx));
}

const literal = (v: string) => `'${v.replace(/'/g, "''")}'`;

/** The condition (led by ' and ') keeping a read to the permitted values; empty when nothing is withheld. */
export function permitSql(model: Model, permit: Permit, alias = 't'): string {
  if (!permit || !model.def.permissionsBy) return '';
  if (permit.length === 0) return ' and false';
  const field = model.byName.get(model.def.permissionsBy.field);
  if (!field) throw new Error(`${model.def.name}: permissionsBy names no field`);
  return ` and ${fieldExpr(field, alias)}::text in (${permit.map(literal).join(', ')})`;
}

/** A row's value of the split field as stored or computed (a line's kind is its owner's). */
async function splitValue(tx: TenantTx, model: Model, id: unknown): Promise<unknown> {
  const field = model.byName.get(model.def.permissionsBy!.field)!;
  const r = await tx.query<{ v: unknown }>(
    `select ${fieldExpr(field, 't')} as v from "${model.def.table}" t where t.tenant_id = $1 and t.id = $2`,
    [tx.tenantId, id],
  );
  return r.rows[0]?.v;
}

/** After a create or change is written (in its transaction): the row's value must be one the user may `kind`. */
export async function assertWritten(tx: TenantTx, model: Model, kind: PermissionKind, id: unknown): Promise<void> {
  const def = model.def;
  if (!def.permissionsBy || !(await permitFor(tx, def, codesOf(def, [kind])))) return;
  await assertPermitted(tx, def, codesOf(def, [kind]), { [def.permissionsBy.field]: await splitValue(tx, model, id) });
}

/**
 * Refuses unless the user holds one of `codes` for the row's value of the split field (the route admitted them
 * on a code for any value).
 */
export async function assertPermitted(
  tx: TenantTx,
  def: EntityDef,
  codes: readonly string[],
  row: WireRow,
): Promise<void> {
  const by = def.permissionsBy;
  if (!by) return;
  const permit = await permitFor(tx, def, codes);
  if (permit && !permit.includes(String(row[by.field]))) {
    const needed = codes.filter((c) => {
      const v = by.valueOf(c);
      return v === null || String(v) === String(row[by.field]);
    });
    throw forbidden('errors.noPermission', { code: needed.join(' | ') });
  }
}

/**
 * The permissions of an entity kept on one menu: its buttons' codes `<menu>:view|add|edit|delete`, import with
 * add and export with view; `alsoView` are other codes that may read it (a page that picks from it).
 */
export const menuPermissions = (menu: string, alsoView: readonly string[] = []): EntityDef['permissions'] => ({
  view: alsoView.length ? [`${menu}:view`, ...alsoView] : `${menu}:view`,
  add: `${menu}:add`,
  edit: `${menu}:edit`,
  delete: `${menu}:delete`,
  import: `${menu}:add`,
  export: `${menu}:view`,
});
