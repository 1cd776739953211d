import { loadPermissions } from '../../platform/auth/principal.js';
import { businessError, forbidden } from '../../platform/http/errors.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import type { StepContext } from '../../platform/workflow/types.js';
import { APPROVAL_TYPES, type DocType, P, RECALL_CODES, WRITE_CODES } from './permissions.js';
import { checkAvailable, docLines } from './posting.js';

/** The caller holds one of the codes (the route checked only that they hold one for some document type). */
export async function assertCodes(tx: TenantTx, codes: readonly string[]): Promise<void> {
  if (tx.userId === null) return;
  const { permissions } = await loadPermissions(tx, tx.tenantId, tx.userId);
  if (!codes.some((c) => permissions.has(c))) throw forbidden('spare.errors.typeForbidden');
}

const typeOf = (s: StepContext) => s.row.type as DocType;

const OPEN_ORDER = ['reported', 'dispatched', 'accepted', 'repairing', 'paused', 'finished'];

/** A document goes forward with lines, to an order still open, and (out of stock) only with stock available. */
export async function guardSubmit(s: StepContext) {
  await assertCodes(s.tx, WRITE_CODES[typeOf(s)]);
  const lines = await docLines(s.tx, s.row.id);
  if (!lines.length) throw businessError('spare.errors.noLines');
  if (s.row.orderId) {
    const r = await s.tx.query<{ state: string }>('select state from repair_orders where tenant_id = $1 and id = $2', [
      s.tx.tenantId,
      s.row.orderId,
    ]);
    if (!OPEN_ORDER.includes(String(r.rows[0]?.state))) throw businessError('spare.errors.orderClosed');
  }
  await checkAvailable(s.tx, s.row, lines);
  return [];
}

export async function guardRecall(s: StepContext) {
  await assertCodes(s.tx, RECALL_CODES[typeOf(s)]);
  return [];
}

export async function guardPost(s: StepContext) {
  await assertCodes(s.tx, WRITE_CODES[typeOf(s)]);
  return [];
}

/** An approved document is cancelled by one who may recall its type, or by an auditor. */
export async function guardCancel(s: StepContext) {
  await assertCodes(s.tx, [...RECALL_CODES[typeOf(s)], P.audit]);
  return [];
}

/**
 * Posting a draft in one step: by one who may write its type (and approve: the action's code), only while no
 * approval flow of its type is enabled, with what submitting checks.
 */
export async function guardPostNow(s: StepContext) {
  const flow = await s.tx.query(
    `select 1 from act_flows f where f.tenant_id = $1 and f.business_type = $2 and f.state = 1 and f.deleted_at is null
        and exists (select 1 from act_nodes n where n.tenant_id = f.tenant_id and n.flow_id = f.id and n.deleted_at is null) limit 1`,
    [s.tx.tenantId, APPROVAL_TYPES[typeOf(s)]],
  );
  if (flow.rows.length) throw businessError('spare.errors.approvalOn');
  return guardSubmit(s);
}
