import { businessError, invalid } from '../http/errors.js';
import type { TenantTx } from '../tenancy/tenant-tx.js';

/** The body property an edit may send: the updatedAt its form was filled from. */
export const readVersionSchema = {
  type: 'string',
  maxLength: 40,
  description: 'an edit: the updatedAt the record was read with; refused (rtnCode 201) when it has changed since',
} as const;

/**
 * An edit sends the record's updatedAt as it was read: when someone else has saved it since, the edit is refused
 * rather than silently overwriting theirs. `current` is the stored value, read `for update` by the caller so
 * that of two edits read at the same moment the second waits for the first and then finds it changed: exactly
 * one wins. An edit that sends nothing (API clients, imports, the system's own writes) is not checked.
 */
export function assertReadVersion(current: Date | null | undefined, sent: unknown): void {
  if (sent === undefined || sent === null) return;
  const read = typeof sent === 'string' ? Date.parse(sent) : Number.NaN;
  if (Number.isNaN(read)) throw invalid('updatedAt', 'resources.validation.datetime', { label: 'updatedAt' });
  // Compared to the millisecond, as the record was sent out (its updatedAt in ISO text).
  if (current && current.getTime() !== read) throw businessError('resources.changedMeanwhile');
}

/** Locks a tenant row and refuses the edit when it was saved after `sent`; nothing is read when nothing was sent. */
export async function assertRowUnchanged(tx: TenantTx, table: string, id: unknown, sent: unknown): Promise<void> {
  if (sent === undefined || sent === null) return;
  const r = await tx.query<{ updated_at: Date | null }>(
    `select updated_at from "${table}" where tenant_id = $1 and id = $2 for update`,
    [tx.tenantId, id],
  );
  assertReadVersion(r.rows[0]?.updated_at, sent);
}

/**
 * The same for a platform row (menus, versions, role templates, dictionary templates, announcements: no tenant
 * column), on the operator's transaction.
 */
export async function assertPlatformRowUnchanged(
  tx: TenantTx,
  table: 'menus' | 'sys_versions' | 'role_templates' | 'item_templates' | 'sys_notices',
  id: unknown,
  sent: unknown,
): Promise<void> {
  if (sent === undefined || sent === null) return;
  const r = await tx.query<{ updated_at: Date | null }>(`select updated_at from ${table} where id = $1 for update`, [
    id,
  ]);
  assertReadVersion(r.rows[0]?.updated_at, sent);
}
