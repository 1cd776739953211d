import type { Queryable } from '../../db/index.js';
import { businessError } from '../../platform/http/errors.js';

/**
 * Refuses to add `adding` users beyond the company's user limit (set by the operator; null: none). The company
 * row is locked so two additions at once cannot both pass the count.
 */
export async function assertUserRoom(tx: Queryable, tenantId: number, adding = 1): Promise<void> {
  if (adding <= 0) return;
  const c = await tx.query<{ user_limit: number | null }>('select user_limit from companies where id = $1 for update', [
    tenantId,
  ]);
  const limit = c.rows[0]?.user_limit;
  if (!limit) return;
  const n = await tx.query<{ n: number }>('select count(*)::int as n from users where tenant_id = $1 and not deleted', [
    tenantId,
  ]);
  if (n.rows[0]!.n + adding > limit) throw businessError('errors.company.userLimit', { limit });
}
