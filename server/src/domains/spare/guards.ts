import { loadPermissions } from '../../platform/auth/principal.js';
import { businessError, forbidden } from '../../platform/http/errors.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import type { StepContext } from '../../platform/workflow/types.js';
import { type DocType, RECALL_CODES, WRITE_CODES } from './permissions.js';
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
