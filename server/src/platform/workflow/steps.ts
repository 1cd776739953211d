import type { EntityDef, WireRow } from '../resources/types.js';
import type { TenantTx } from '../tenancy/tenant-tx.js';

/** One entry of a document's timeline. */
export async function recordStep(
  tx: TenantTx,
  def: EntityDef,
  id: unknown,
  action: string,
  from: string | null,
  to: string | null,
  comment: string | null,
  data: WireRow | null,
): Promise<void> {
  await tx.insert(
    'record_steps',
    {
      entity: def.name,
      record_id: id,
      action,
      from_state: from,
      to_state: to,
      comment,
      data: data && Object.keys(data).length ? JSON.stringify(data) : null,
      user_id: tx.userId,
    },
    'id',
  );
}
