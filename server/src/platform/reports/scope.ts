import type { Lang } from '../i18n/index.js';
import { actorRowScope, rowScopeOf, rowScopeSql } from '../resources/data-scope.js';
import { memberReadContext, readContext } from '../resources/read.js';
import { findEntity } from '../resources/registry.js';
import type { TenantTx } from '../tenancy/tenant-tx.js';
import type { MachineScope, ReportQuery } from './filters.js';

/** The entity whose data scope keeps a report's machines (equipment/resources.ts), and the orders on them. */
const MACHINES = 'equipment';

/**
 * The acting member's data scope over the machines as a report's SQL condition on a machine alias, built from the
 * member's read context of the machine ledger (its roles' scope, and an API key's): null when nothing is withheld.
 * A report reads machines through machineWhere and keptMachines (filters.ts), which add the condition, and takes a
 * scoped query as narrowed (placeFiltered): its figures are then summed over the machines in scope only, orders
 * and checks included through their machine.
 */
export async function machineScope(tx: TenantTx, lang: Lang): Promise<MachineScope | null> {
  const def = findEntity(MACHINES);
  if (!def?.dataScope || tx.userId === null) return null;
  // Most readers see everything: their scope (one query a transaction) before the machines' read context.
  if (!(await actorRowScope(tx))) return null;
  const ctx = await memberReadContext(tx, def, lang);
  const on = (alias: string) => rowScopeSql(ctx.model, ctx.rowScope, alias).replace(/^ and /, '');
  const key = on('e');
  return key ? { key, on } : null;
}

/**
 * The machine scope of a member other than the transaction's (a TV board shows what the member who made it sees,
 * though no one is signed in to it); null for none (a board made before anyone was named) or nothing withheld.
 */
export async function machineScopeOf(tx: TenantTx, userId: number | null, lang: Lang): Promise<MachineScope | null> {
  const def = findEntity(MACHINES);
  if (!def?.dataScope || userId === null) return null;
  const scope = await rowScopeOf(tx, userId);
  if (!scope) return null;
  const { model } = await readContext(tx, def, lang);
  const on = (alias: string) => rowScopeSql(model, scope, alias).replace(/^ and /, '');
  const key = on('e');
  return key ? { key, on } : null;
}

/** The query with the member's machine scope (the query as it is when nothing is withheld). */
export async function scopedQuery(tx: TenantTx, q: ReportQuery, lang: Lang): Promise<ReportQuery> {
  const scope = await machineScope(tx, lang);
  return scope ? { ...q, machineScope: scope } : q;
}
