import type { TenantTx } from '../tenancy/tenant-tx.js';

export interface Approver {
  id: number;
  name: string;
}

/**
 * The live, enabled users who decide at an approval node: roles to their members, users as named, the
 * organisation leader to the leaders of the submitter's work groups.
 */
export async function nodeApprovers(
  tx: TenantTx,
  kind: string,
  approverIds: unknown,
  submitter: number | null,
): Promise<Approver[]> {
  const ids = Array.isArray(approverIds) ? (approverIds as number[]) : [];
  const sql =
    kind === 'role'
      ? `select distinct u.id, u.peoplename from user_roles ur join users u on u.tenant_id = ur.tenant_id and u.id = ur.user_id
          where ur.tenant_id = $1 and ur.role_id = any($2::bigint[]) and not u.deleted and u.state = 1 order by u.id`
      : kind === 'user'
        ? 'select id, peoplename from users where tenant_id = $1 and id = any($2::bigint[]) and not deleted and state = 1 order by id'
        : `select distinct u.id, u.peoplename from work_group_members m
             join work_groups g on g.tenant_id = m.tenant_id and g.id = m.workgroup_id and g.deleted_at is null
             join users u on u.tenant_id = g.tenant_id and u.id = g.leader_id
            where m.tenant_id = $1 and m.user_id = $3 and not u.deleted and u.state = 1 and $2::bigint[] is not null
            order by u.id`;
  const args = kind === 'orgLeader' ? [tx.tenantId, ids, submitter] : [tx.tenantId, ids];
  const r = await tx.query<{ id: number; peoplename: string }>(sql, args);
  return r.rows.map((u) => ({ id: Number(u.id), name: u.peoplename }));
}
