import type { TenantTx } from '../../../server/src/platform/tenancy/tenant-tx.js';

/** Orders written per statement (a set-based insert; the orders' codes stay unique per tenant). */
const BATCH = 50_000;

/**
 * A year of finished repair history for a generated tenant: `count` orders spread over the last 365 days on
 * its machines, most checked, some finished, a few still open, with the times and minutes the workflow would
 * have stamped. Set-based SQL rather than the workflow: a million orders through it would take hours, and the
 * benchmarks read these rows, they do not test how they were made (the repair tests do).
 */
export async function insertRepairHistory(
  tx: TenantTx,
  count: number,
  from: number,
  assignees: readonly number[],
): Promise<number> {
  const r = await tx.query(
    `with machines as (
       select row_number() over (order by id) - 1 as n, id, workshop_id, line_id, category_id
         from equipment where tenant_id = $1 and deleted_at is null),
     total as (select count(*) as n from machines),
     orders as (
       select g, m.id as equipment_id, m.workshop_id, m.line_id,
              now() - (g % 365) * interval '1 day' - (g * 7919 % 1440) * interval '1 minute' as reported_at,
              10 + g * 31 % 110 as response, 30 + g * 53 % 600 as repair,
              case when g % 50 = 0 then 'repairing' when g % 9 = 0 then 'finished' else 'checked' end as state,
              ($4::bigint[])[1 + g % greatest(cardinality($4::bigint[]), 1)] as assignee
         from generate_series($2::bigint, $2::bigint + $3::bigint - 1) g
         join machines m on m.n = (g * 2654435761) % (select n from total))
     insert into repair_orders(tenant_id, code, equipment_id, workshop_id, line_id, source, phenomenon, urgency,
       stopped, state, reporter_id, reported_at, assignee_id, dispatched_at, accepted_at, started_at, finished_at,
       checked_at, response_minutes, repair_minutes, downtime_minutes, labour_hours, parts_cost, labour_cost,
       external_cost, total_cost)
     select $1, 'WX' || to_char(reported_at, 'YYYYMMDD') || '-' || lpad(g::text, 7, '0'), equipment_id, workshop_id,
            line_id, 'manual', '设备异响，停机检查', case when g % 7 = 0 then 'urgent' else 'normal' end, g % 3 = 0,
            state, $5, reported_at, assignee, reported_at + interval '5 minutes', reported_at + response * interval '1 minute',
            reported_at + (response + 5) * interval '1 minute',
            case when state <> 'repairing' then reported_at + (response + 5 + repair) * interval '1 minute' end,
            case when state = 'checked' then reported_at + (response + 65 + repair) * interval '1 minute' end,
            response, case when state <> 'repairing' then repair end,
            case when g % 3 = 0 and state <> 'repairing' then response + 5 + repair end,
            round(repair / 60.0, 2), (g % 20) * 35.5, round(repair / 60.0 * 80, 2), 0,
            (g % 20) * 35.5 + round(repair / 60.0 * 80, 2)
       from orders`,
    [tx.tenantId, from, count, assignees, tx.userId],
  );
  return r.rowCount;
}

/** Writes `count` orders in batches, each in a transaction of its own. */
export async function fillRepairHistory(
  scoped: <T>(fn: (tx: TenantTx) => Promise<T>) => Promise<T>,
  count: number,
  assignees: readonly number[],
  onBatch: (rows: number) => void,
): Promise<number> {
  let done = 0;
  while (done < count) {
    const n = Math.min(BATCH, count - done);
    done += await scoped((tx) => insertRepairHistory(tx, n, done + 1, assignees));
    onBatch(n);
  }
  return done;
}
