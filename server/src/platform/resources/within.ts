import type { TenantTx } from '../tenancy/tenant-tx.js';
import type { Field, Model } from './model.js';
import { refTarget } from './registry.js';
import type { FieldDef, FieldIssue } from './types.js';

/*
 * Dependent references (FieldDef.within): a line chosen within the row's workshop. The options route,
 * save/update and the import share these pieces.
 */

/** The ref field a dependent reference is chosen within, if any. */
export function parentOf(model: Model, f: Field): Field | null {
  const w = f.def.within;
  return w ? (model.byName.get(w.field) ?? null) : null;
}

/** SQL condition tying a target row (alias a) to the parent value in the given parameter. */
export const withinCondition = (f: FieldDef, alias: string, param: string): string =>
  `${alias}."${f.within!.column}" = ${param}`;

/** The issue of a target that does not belong to the parent value (the message names both fields). */
export const notWithin = (f: Field, parent: Field, value: unknown): FieldIssue => ({
  field: f.name,
  key: 'refNotWithin',
  params: { value, within: parent.name },
});

/**
 * Save and update: a dependent reference must belong to the parent value written, or stored when the
 * update leaves one of the two unchanged. `valueAfter` gives the value a field will have after the write.
 */
export async function checkWithin(
  tx: TenantTx,
  model: Model,
  touched: (f: Field) => boolean,
  valueAfter: (f: Field) => unknown,
  issues: FieldIssue[],
): Promise<void> {
  for (const f of model.fields) {
    const parent = parentOf(model, f);
    if (!parent || !f.column || !(touched(f) || touched(parent))) continue;
    if (issues.some((i) => i.field === f.name || i.field === parent.name)) continue;
    const id = valueAfter(f);
    const parentId = valueAfter(parent);
    if (id === null || id === undefined || parentId === null || parentId === undefined) continue;
    const target = refTarget(f.def.ref!);
    const r = await tx.query(
      `select 1 from "${target.table}" r where r.tenant_id = $1 and r.id = $2 and ${withinCondition(f.def, 'r', '$3')}`,
      [tx.tenantId, id, parentId],
    );
    if (r.rows.length === 0) issues.push(notWithin(f, parent, id));
  }
}
