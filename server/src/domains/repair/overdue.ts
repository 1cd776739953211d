import { readContext } from '../../platform/resources/read.js';
import { updateRow } from '../../platform/resources/write.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { notifyStep } from '../../platform/workflow/notify.js';
import { OPEN_STATES, repairEntity } from './resources.js';

/**
 * Tells the people of each newly overdue order of the tenant (its technician, dispatcher and work group
 * leader) once, and marks it so, through the record service. Run by a recurring job in every tenant.
 */
export async function notifyOverdue(tx: TenantTx, batch = 500): Promise<number> {
  const due = await tx.query<{ id: number }>(
    `select o.id from repair_orders o
      where o.tenant_id = $1 and o.state = any($2::text[]) and o.overdue_notified_at is null
        and (coalesce(o.plan_finish, o.due_at) < now() or (o.state in ('reported', 'dispatched') and o.respond_by < now()))
      order by o.id limit $3`,
    [tx.tenantId, [...OPEN_STATES], batch],
  );
  if (due.rows.length === 0) return 0;
  const ctx = await readContext(tx, repairEntity, 'zh');
  for (const { id } of due.rows) {
    const row = await updateRow(tx, ctx, id, { overdueNotifiedAt: new Date().toISOString() }, { system: true });
    const leader = await tx.query<{ leader_id: number | null }>(
      'select leader_id from work_groups where tenant_id = $1 and id = $2',
      [tx.tenantId, row.workgroupId ?? 0],
    );
    const people = [row.assigneeId, row.dispatcherId, leader.rows[0]?.leader_id].filter(Boolean).map(Number);
    await notifyStep(tx, repairEntity, row, 'overdue', people);
  }
  return due.rows.length;
}
