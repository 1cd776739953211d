import { markInSteps, NOTICES_PER_STEP } from '../../platform/jobs/runner.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { generateTasks } from './generate.js';
import { generateMesurTasks } from './metrology.js';
import { notifyOverdue } from './overdue.js';

/** Plans whose tasks one transaction of the timed run makes (about 0.75 s on the embedded database, large scale). */
export const PLANS_PER_STEP = 2000;

export interface CheckRunPlace {
  /** The last plan id done; null once every plan is done. */
  afterPlan?: number | null;
  /** Overdue tasks marked in this run. */
  marked?: number;
}

/**
 * One step of the timed check run (`check.generate`, a minute apart) for a tenant: the tasks of the next
 * PLANS_PER_STEP plans that are on, then the metrology tasks, then overdue notices in small batches. Returns
 * true while work is left (the runner calls it again in a new transaction, see everyTenant).
 */
export async function checkRunStep(
  tx: TenantTx,
  place: CheckRunPlace,
  sizes = { plans: PLANS_PER_STEP, overdue: NOTICES_PER_STEP },
): Promise<boolean> {
  if (place.afterPlan !== null) {
    const ids = await tx.query<{ id: number }>(
      `select id from check_plans where tenant_id = $1 and deleted_at is null and state = 'on' and id > $2
        order by id limit $3`,
      [tx.tenantId, place.afterPlan ?? 0, sizes.plans],
    );
    const planIds = ids.rows.map((r) => Number(r.id));
    if (planIds.length) await generateTasks(tx, { planIds });
    place.afterPlan = planIds.length === sizes.plans ? planIds[planIds.length - 1]! : null;
    if (place.afterPlan !== null) return true;
    await generateMesurTasks(tx);
    return true;
  }
  return markInSteps(place, (n) => notifyOverdue(tx, n), sizes.overdue);
}
