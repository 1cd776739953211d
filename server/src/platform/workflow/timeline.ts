import { notFound } from '../http/errors.js';
import type { Lang } from '../i18n/index.js';
import { readContext } from '../resources/read.js';
import type { EntityDef } from '../resources/types.js';
import type { TenantTx } from '../tenancy/tenant-tx.js';
import { pendingApproval } from './approval.js';
import { actionLabel, stateLabel } from './labels.js';

const DECISIONS = new Set(['approve', 'reject', 'recall', 'approvalNext', 'approved']);

/** A document's steps in order, labelled in the caller's language, and the approval running on it. */
export async function timeline(tx: TenantTx, def: EntityDef, id: number, lang: Lang) {
  const live = def.softDelete ? ' and deleted_at is null' : '';
  const exists = await tx.query(`select 1 from "${def.table}" where tenant_id = $1 and id = $2${live}`, [
    tx.tenantId,
    id,
  ]);
  if (!exists.rows.length) throw notFound();
  const ctx = await readContext(tx, def, lang);
  const r = await tx.query<{
    id: number;
    action: string;
    from_state: string | null;
    to_state: string | null;
    comment: string | null;
    data: unknown;
    user_id: number | null;
    user_name: string | null;
    created_at: Date;
  }>(
    `select s.id, s.action, s.from_state, s.to_state, s.comment, s.data, s.user_id, u.peoplename as user_name, s.created_at
       from record_steps s left join users u on u.tenant_id = s.tenant_id and u.id = s.user_id
      where s.tenant_id = $1 and s.entity = $2 and s.record_id = $3 order by s.id`,
    [tx.tenantId, def.name, id],
  );
  const steps = r.rows.map((s) => ({
    id: Number(s.id),
    action: s.action,
    actionName: DECISIONS.has(s.action)
      ? actionLabel({ ...def, ns: 'workflow', name: 'approval', labels: 'workflow.approval' }, s.action, lang)
      : actionLabel(def, s.action, lang),
    fromState: s.from_state,
    fromStateName: s.from_state ? stateLabel(ctx, s.from_state, lang) : null,
    toState: s.to_state,
    toStateName: s.to_state ? stateLabel(ctx, s.to_state, lang) : null,
    comment: s.comment,
    data: s.data,
    userId: s.user_id === null ? null : Number(s.user_id),
    userName: s.user_name,
    createdAt: s.created_at,
  }));
  const running = await pendingApproval(tx, def.name, id);
  const approval = running && {
    id: Number(running.id),
    node: running.node_name,
    approvers: running.approvers.map(Number),
    submitterId: running.submitter_id === null ? null : Number(running.submitter_id),
    decisions: running.decisions,
    mine: running.approvers.map(Number).includes(Number(tx.userId)),
  };
  return { steps, approval };
}
