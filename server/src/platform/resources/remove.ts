import { businessError, notFound } from '../http/errors.js';
import type { Lang } from '../i18n/index.js';
import { isId, type TenantTx } from '../tenancy/tenant-tx.js';
import { auditChange } from './audit.js';
import { entityTitle } from './model.js';
import { assertPermitted, codesOf } from './permit.js';
import { findRow, type ReadContext } from './read.js';
import { allEntities, columnOf } from './registry.js';
import type { EntityDef, FieldDef, WireRow } from './types.js';
import { constraintError } from './write.js';

interface Link {
  def: EntityDef;
  field: FieldDef;
}

const links = (name: string, owned: boolean): Link[] =>
  allEntities().flatMap((def) =>
    def.fields
      .filter((f) => f.type === 'ref' && f.ref === name && !f.computed && !!f.owner === owned)
      .filter((f) => owned || (f.blocksDelete !== false && f.onDelete !== 'setNull'))
      .map((field) => ({ def, field })),
  );

const live = (def: EntityDef) => (def.softDelete ? ' and deleted_at is null' : '');

/**
 * Which other records still point at these rows (directly, or at rows they own and that would go with
 * them): the first referring entity and how many of its records do.
 */
export async function inUse(
  tx: TenantTx,
  def: EntityDef,
  ids: number[],
  lang: Lang,
): Promise<{ entity: string; count: number } | null> {
  for (const { def: other, field } of links(def.name, false)) {
    const self = other.name === def.name ? ' and not (id = any($2::bigint[]))' : '';
    const r = await tx.query<{ n: number }>(
      `select count(*)::int as n from "${other.table}" where tenant_id = $1 and "${columnOf(field)}" = any($2::bigint[])${live(other)}${self}`,
      [tx.tenantId, ids],
    );
    if (r.rows[0]!.n > 0) return { entity: entityTitle(other, lang), count: r.rows[0]!.n };
  }
  for (const { def: child, field } of links(def.name, true)) {
    const r = await tx.query<{ id: number }>(
      `select id from "${child.table}" where tenant_id = $1 and "${columnOf(field)}" = any($2::bigint[])${live(child)}`,
      [tx.tenantId, ids],
    );
    if (r.rows.length === 0) continue;
    const hit = await inUse(
      tx,
      child,
      r.rows.map((x) => x.id),
      lang,
    );
    if (hit) return hit;
  }
  return null;
}

/** Marks rows deleted, and with them the rows they own (the lines of a workshop). */
async function softDelete(tx: TenantTx, def: EntityDef, ids: number[]): Promise<void> {
  await tx.query(
    `update "${def.table}" set deleted_at = now(), updated_at = now(), updated_by = $3
      where tenant_id = $1 and id = any($2::bigint[]) and deleted_at is null`,
    [tx.tenantId, ids, tx.userId],
  );
  for (const { def: child, field } of links(def.name, true)) {
    const r = await tx.query<{ id: number }>(
      `select id from "${child.table}" where tenant_id = $1 and "${columnOf(field)}" = any($2::bigint[])${live(child)}`,
      [tx.tenantId, ids],
    );
    const childIds = r.rows.map((x) => x.id);
    if (childIds.length === 0) continue;
    if (child.softDelete) await softDelete(tx, child, childIds);
    else
      await tx.query(`delete from "${child.table}" where tenant_id = $1 and id = any($2::bigint[])`, [
        tx.tenantId,
        childIds,
      ]);
  }
}

/**
 * Deletes rows of the tenant (soft delete for entities that keep history). Refused with a clear message
 * while other records reference them; unknown ids (or another tenant's) give 404 and nothing is deleted.
 */
export async function removeRows(tx: TenantTx, ctx: ReadContext, rawIds: unknown[]): Promise<number> {
  const ids = [...new Set(rawIds.filter(isId).map(Number))];
  if (ids.length === 0 || ids.length !== rawIds.length) throw notFound();
  const def = ctx.model.def;
  const before: WireRow[] = [];
  for (const id of ids) {
    const row = await findRow(tx, ctx, id);
    if (!row) throw notFound();
    await assertPermitted(tx, def, codesOf(def, ['delete']), row);
    before.push(row);
  }
  await def.hooks?.beforeDelete?.(tx, before);
  const hit = await inUse(tx, def, ids, ctx.lang);
  if (hit) throw businessError('resources.inUse', hit);
  try {
    if (def.softDelete) await softDelete(tx, def, ids);
    else
      await tx.query(`delete from "${def.table}" where tenant_id = $1 and id = any($2::bigint[])`, [tx.tenantId, ids]);
  } catch (err) {
    throw constraintError(err);
  }
  for (const row of before) await auditChange(tx, def.name, row.id, 'delete', row, null);
  return ids.length;
}
