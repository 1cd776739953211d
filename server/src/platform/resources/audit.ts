import type { TenantTx } from '../tenancy/tenant-tx.js';
import type { WireRow } from './types.js';

export type AuditAction = 'create' | 'update' | 'delete' | 'import';

/** One audit_log row per change, with the record before and after (wire form). */
export async function auditChange(
  tx: TenantTx,
  entity: string,
  recordId: unknown,
  action: AuditAction,
  before: WireRow | null,
  after: WireRow | null,
): Promise<void> {
  await tx.query(
    `insert into audit_log(tenant_id, user_id, entity, record_id, action, before, after)
     values ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb)`,
    [
      tx.tenantId,
      tx.userId,
      entity,
      String(recordId),
      action,
      before ? JSON.stringify(before) : null,
      after ? JSON.stringify(after) : null,
    ],
  );
}
