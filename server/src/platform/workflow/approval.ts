import { businessError, forbidden, notFound } from '../http/errors.js';
import type { Lang } from '../i18n/index.js';
import type { ReadContext } from '../resources/read.js';
import { getRow, readContext } from '../resources/read.js';
import { getEntity } from '../resources/registry.js';
import type { EntityDef, WireRow } from '../resources/types.js';
import { updateRow } from '../resources/write.js';
import type { TenantTx } from '../tenancy/tenant-tx.js';
import { nodeApprovers } from './approvers.js';
import { notifyStep } from './notify.js';
import { recordStep } from './steps.js';
import type { StepContext } from './types.js';

interface Node {
  sort: number;
  name: string;
  approver_kind: string;
  approver_ids: unknown;
}

export interface Instance {
  id: number;
  entity: string;
  record_id: number;
  flow_id: number;
  action: string;
  completes: string;
  from_state: string;
  to_state: string;
  state: 'pending' | 'approved' | 'rejected' | 'recalled';
  node_sort: number;
  node_name: string;
  approvers: number[];
  decisions: number;
  submitter_id: number | null;
}

/**
 * The next node of a flow after a sort position that has someone to decide, with its approvers resolved for
 * the submitter. A node that resolves to nobody (an organisation leader the submitter does not have, users
 * since disabled) is passed over, as is usual in approval systems; its name goes on the timeline.
 */
async function nextNode(tx: TenantTx, flowId: number, after: number, submitter: number | null) {
  const r = await tx.query<Node>(
    `select sort, name, approver_kind, approver_ids from act_nodes
      where tenant_id = $1 and flow_id = $2 and deleted_at is null and sort > $3 order by sort, id`,
    [tx.tenantId, flowId, after],
  );
  for (const node of r.rows) {
    const approvers = await nodeApprovers(tx, node.approver_kind, node.approver_ids, submitter);
    if (approvers.length) return { sort: node.sort, name: node.name, approvers: approvers.map((a) => a.id) };
  }
  return null;
}

/** A running approval of a document, if any. */
export async function pendingApproval(tx: TenantTx, entity: string, id: unknown): Promise<Instance | null> {
  const r = await tx.query<Instance>(
    `select * from approval_instances where tenant_id = $1 and entity = $2 and record_id = $3 and state = 'pending'`,
    [tx.tenantId, entity, id],
  );
  return r.rows[0] ?? null;
}

/**
 * Starts an approval of a step when the tenant has an enabled flow of the business type with at least one
 * node; returns whether it did. The first node's approvers are told.
 */
export async function startApproval(
  tx: TenantTx,
  def: EntityDef,
  step: StepContext,
  businessType: string,
  fromState: string,
): Promise<boolean> {
  const completes = step.action.approval?.completes;
  if (!completes) return false;
  const flow = await tx.query<{ id: number }>(
    `select id from act_flows where tenant_id = $1 and business_type = $2 and state = 1 and deleted_at is null order by id limit 1`,
    [tx.tenantId, businessType],
  );
  const flowId = flow.rows[0]?.id;
  if (!flowId) return false;
  const node = await nextNode(tx, flowId, -2_147_483_648, tx.userId);
  if (!node) return false;
  await tx.insert('approval_instances', {
    entity: def.name,
    record_id: step.row.id,
    record_no: String(step.row[def.codeField ?? def.nameField] ?? step.row.id),
    flow_id: flowId,
    action: step.action.name,
    completes,
    from_state: fromState,
    to_state: step.action.to,
    node_sort: node.sort,
    node_name: node.name,
    approvers: JSON.stringify(node.approvers),
    submitter_id: tx.userId,
  });
  return true;
}

async function lockInstance(tx: TenantTx, id: unknown): Promise<Instance> {
  const r = await tx.query<Instance>('select * from approval_instances where tenant_id = $1 and id = $2 for update', [
    tx.tenantId,
    id,
  ]);
  const inst = r.rows[0];
  if (!inst) throw notFound();
  if (inst.state !== 'pending') throw businessError(`workflow.approval.${inst.state}`);
  return inst;
}

export type Decision = 'approve' | 'reject' | 'recall';

/**
 * A decision on a running approval. Approve and reject are for the current node's approvers, recall for the
 * submitter before anyone decided. The last approval runs the step's `completes` action as the system; a
 * rejection or recall returns the document to the state the submit left.
 */
export async function decide(
  tx: TenantTx,
  instanceId: unknown,
  decision: Decision,
  comment: string | null,
  lang: Lang,
  run: (def: EntityDef, action: string, id: number, ctx: ReadContext) => Promise<WireRow>,
): Promise<WireRow> {
  const inst = await lockInstance(tx, instanceId);
  const me = Number(tx.userId);
  const approvers = (inst.approvers ?? []).map(Number);
  if (decision === 'recall') {
    if (Number(inst.submitter_id) !== me) throw forbidden('workflow.notSubmitter');
    if (inst.decisions > 0) throw businessError('workflow.approval.decided');
  } else if (!approvers.includes(me)) throw forbidden('workflow.notApprover');
  if (decision === 'reject' && !comment) throw businessError('workflow.commentRequired');

  const def = getEntity(inst.entity);
  const ctx = await readContext(tx, def, lang);
  const stateField = def.workflow!.stateField;
  const data = { node: inst.node_name };
  if (decision !== 'approve') {
    await tx.query(
      `update approval_instances set state = $3, decisions = decisions + 1, finished_at = now() where tenant_id = $1 and id = $2`,
      [tx.tenantId, inst.id, decision === 'reject' ? 'rejected' : 'recalled'],
    );
    const row = await updateRow(tx, ctx, inst.record_id, { [stateField]: inst.from_state }, { system: true });
    await recordStep(tx, def, inst.record_id, decision, inst.to_state, inst.from_state, comment, data);
    const step = def.workflow!.actions.find((a) => a.name === inst.action);
    await step?.approval?.returned?.(tx, lang, row);
    if (decision === 'reject') await notifyStep(tx, def, row, 'reject', inst.submitter_id ? [inst.submitter_id] : []);
    return row;
  }
  await recordStep(tx, def, inst.record_id, 'approve', inst.to_state, inst.to_state, comment, data);
  const next = await nextNode(tx, inst.flow_id, inst.node_sort, inst.submitter_id);
  if (next) {
    await tx.query(
      `update approval_instances set node_sort = $3, node_name = $4, approvers = $5::jsonb, decisions = decisions + 1
        where tenant_id = $1 and id = $2`,
      [tx.tenantId, inst.id, next.sort, next.name, JSON.stringify(next.approvers)],
    );
    const row = await getRow(tx, ctx, inst.record_id);
    await notifyStep(tx, def, row, 'approvalNext', next.approvers);
    return row;
  }
  await tx.query(
    `update approval_instances set state = 'approved', decisions = decisions + 1, finished_at = now() where tenant_id = $1 and id = $2`,
    [tx.tenantId, inst.id],
  );
  const row = await run(def, inst.completes, inst.record_id, ctx);
  if (inst.submitter_id) await notifyStep(tx, def, row, 'approved', [inst.submitter_id]);
  return row;
}
