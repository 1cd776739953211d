import { businessError } from '../../platform/http/errors.js';
import type { EntityHooks } from '../../platform/resources/types.js';

/**
 * The rules of the organisation tree beyond its fields (the parent must be a live organisation of the tenant
 * and not the organisation itself or below it, the code unique: the declaration's messages). An organisation
 * with sub-organisations (other than those deleted with it) or members is not deleted; deleted members keep no
 * link to it. Other entities' references are the engine's to check (restrict) or clear (onDelete setNull).
 */
export const organizationHooks: EntityHooks = {
  async beforeDelete(tx, rows) {
    const ids = rows.map((r) => Number(r.id));
    for (const id of ids) {
      const children = await tx.query<{ n: number }>(
        'select count(*)::int as n from organizations where tenant_id = $1 and parent_id = $2 and not (id = any($3::bigint[]))',
        [tx.tenantId, id, ids],
      );
      if (children.rows[0]!.n > 0) throw businessError('errors.org.hasChildren', { count: children.rows[0]!.n });
      const members = await tx.query<{ n: number }>(
        'select count(*)::int as n from users where tenant_id = $1 and organization_id = $2 and not deleted',
        [tx.tenantId, id],
      );
      if (members.rows[0]!.n > 0) throw businessError('errors.org.hasMembers', { count: members.rows[0]!.n });
    }
    await tx.query(
      'update users set organization_id = null where tenant_id = $1 and organization_id = any($2::bigint[])',
      [tx.tenantId, ids],
    );
  },
};
