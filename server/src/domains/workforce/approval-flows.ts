import { AppError } from '../../platform/http/errors.js';
import { allRows, type ReadContext } from '../../platform/resources/read.js';
import { removeRows } from '../../platform/resources/remove.js';
import type { EntityHooks, WireRow } from '../../platform/resources/types.js';
import { createRow } from '../../platform/resources/write.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { nodeApprovers } from '../../platform/workflow/approvers.js';

export const MAX_APPROVERS = 100;

/** Approver ids: a list of ids of live roles (kind role) or live users (kind user); org leaders need none. */
export const flowNodeHooks: EntityHooks = {
  async check(tx, row) {
    const ids = row.approverIds;
    if (ids === null || ids === undefined) return [];
    const issue = [{ field: 'approverIds', key: 'approverIds', params: { limit: MAX_APPROVERS } }];
    if (!Array.isArray(ids) || ids.length > MAX_APPROVERS) return issue;
    if (ids.some((x) => !Number.isSafeInteger(x) || (x as number) <= 0)) return issue;
    if (row.approverKind === 'orgLeader' || ids.length === 0) return [];
    const sql =
      row.approverKind === 'role'
        ? 'select id from roles where tenant_id = $1 and id = any($2::bigint[])'
        : 'select id from users where tenant_id = $1 and id = any($2::bigint[]) and not deleted';
    const found = new Set((await tx.query<{ id: number }>(sql, [tx.tenantId, ids])).rows.map((r) => Number(r.id)));
    const missing = (ids as number[]).find((x) => !found.has(x));
    return missing === undefined ? [] : [{ field: 'approverIds', key: 'refMissing', params: { value: missing } }];
  },
};

/** Replaces the nodes of a flow with the ones given, in order, validating each like a single save. */
export async function replaceNodes(
  tx: TenantTx,
  ctx: ReadContext,
  flowId: number,
  nodes: WireRow[],
): Promise<WireRow[]> {
  const flow = await tx.query('select 1 from act_flows where tenant_id = $1 and id = $2 and deleted_at is null', [
    tx.tenantId,
    flowId,
  ]);
  if (flow.rows.length === 0) throw new AppError('business', 'workforce.errors.flowMissing', {}, 'flowId');
  const old = await allRows(tx, ctx, { flowId });
  if (old.length)
    await removeRows(
      tx,
      ctx,
      old.map((n) => n.id),
    );
  const out: WireRow[] = [];
  for (const [i, node] of nodes.entries()) {
    const { id: _id, ...body } = node;
    out.push(await createRow(tx, ctx, { ...body, flowId, sort: i + 1 }));
  }
  return out;
}

/** Enables or disables flows; enabling one disables the other flows of its business type. */
export async function switchFlows(tx: TenantTx, ids: number[], state: 0 | 1): Promise<number> {
  let changed = 0;
  for (const id of ids) {
    const flow = await tx.query<{ business_type: string; state: number }>(
      'select business_type, state from act_flows where tenant_id = $1 and id = $2 and deleted_at is null',
      [tx.tenantId, id],
    );
    const f = flow.rows[0];
    if (!f) throw new AppError('notFound', 'errors.notFound');
    if (state === 1) {
      const off = await tx.query(
        `update act_flows set state = 0, updated_at = now(), updated_by = $4
          where tenant_id = $1 and business_type = $2 and id <> $3 and state = 1 and deleted_at is null`,
        [tx.tenantId, f.business_type, id, tx.userId],
      );
      changed += off.rowCount;
    }
    if (Number(f.state) !== state) {
      await tx.update('act_flows', id, { state, updated_at: new Date(), updated_by: tx.userId }, 'id');
      changed++;
    }
  }
  return changed;
}

export interface PreviewNode {
  id: number;
  sort: number;
  name: string;
  approverKind: string;
  approvers: { id: number; name: string }[];
}

/**
 * The approvers of the enabled flow of a business type (or of one flow), resolved for the requesting user:
 * roles to their live users, users as named, org leader to the leaders of the requester's work groups.
 */
export async function previewApprovers(
  tx: TenantTx,
  requester: number,
  by: { flowId?: number; businessType?: string },
): Promise<{ flowId: number; flowName: string; nodes: PreviewNode[] } | null> {
  const flow = await tx.query<{ id: number; name: string }>(
    by.flowId
      ? 'select id, name from act_flows where tenant_id = $1 and id = $2 and deleted_at is null'
      : 'select id, name from act_flows where tenant_id = $1 and business_type = $2 and state = 1 and deleted_at is null order by id limit 1',
    [tx.tenantId, by.flowId ?? by.businessType],
  );
  const f = flow.rows[0];
  if (!f) return null;
  const nodes = await tx.query<{
    id: number;
    sort: number;
    name: string;
    approver_kind: string;
    approver_ids: unknown;
  }>(
    'select id, sort, name, approver_kind, approver_ids from act_nodes where tenant_id = $1 and flow_id = $2 and deleted_at is null order by sort, id',
    [tx.tenantId, f.id],
  );
  const out: PreviewNode[] = [];
  for (const n of nodes.rows) {
    const users = await nodeApprovers(tx, n.approver_kind, n.approver_ids, requester);
    out.push({
      id: Number(n.id),
      sort: n.sort,
      name: n.name,
      approverKind: n.approver_kind,
      approvers: users,
    });
  }
  return { flowId: Number(f.id), flowName: f.name, nodes: out };
}
