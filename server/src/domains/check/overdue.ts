import { readContext } from '../../platform/resources/read.js';
import { updateRow } from '../../platform/resources/write.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { notifyStep } from '../../platform/workflow/notify.js';
import { taskEntity } from './resources.js';

/** Tells the assignee and the work group leader of each newly overdue task once (a recurring job per tenant). */
export async function notifyOverdue(tx: TenantTx, batch = 500): Promise<number> {
  const due = await tx.query<{ id: number; leader_id: number | null }>(
    `select t.id, g.leader_id from check_tasks t
       left join work_groups g on g.tenant_id = t.tenant_id and g.id = t.workgroup_id
      where t.tenant_id = $1 and t.state in ('pending', 'doing') and t.overdue_notified_at is null and t.deadline < now()
      order by t.id limit $2`,
    [tx.tenantId, batch],
  );
  if (!due.rows.length) return 0;
  const ctx = await readContext(tx, taskEntity, 'zh');
  for (const { id, leader_id } of due.rows) {
    const row = await updateRow(tx, ctx, id, { overdueNotifiedAt: new Date().toISOString() }, { system: true });
    const people = [row.assigneeId, leader_id].filter(Boolean).map(Number);
    await notifyStep(tx, taskEntity, row, 'overdue', people);
  }
  return due.rows.length;
}
