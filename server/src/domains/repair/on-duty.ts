import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';

export interface OnDuty {
  id: number;
  name: string;
  shiftName: string;
  workgroupName: string | null;
}

/**
 * The members on a shift at this moment, in the tenant's time zone: today's shift that has begun and not
 * ended, or yesterday's night shift (its end before its start) that runs past midnight. The dispatcher's
 * first choices for a breakdown. `among` narrows it to some people (a work group's members).
 */
export async function onDutyNow(
  tx: TenantTx,
  at: Date = new Date(),
  among: readonly number[] | null = null,
): Promise<OnDuty[]> {
  const r = await tx.query<OnDuty>(
    `with here as (
       select ($2::timestamptz at time zone coalesce((select timezone from companies where id = $1), 'UTC')) as at)
     select u.id, u.peoplename as name, s.name as "shiftName", g.name as "workgroupName"
       from member_shifts m
       join shifts s on s.tenant_id = m.tenant_id and s.id = m.shift_id and s.deleted_at is null
       join users u on u.tenant_id = m.tenant_id and u.id = m.user_id and u.state = 1
       left join work_groups g on g.tenant_id = m.tenant_id and g.id = m.workgroup_id, here
      where m.tenant_id = $1 and ($3::bigint[] is null or m.user_id = any($3::bigint[]))
        and ((m.work_date = here.at::date
              and here.at::time >= s.start_time::time
              and (s.end_time::time <= s.start_time::time or here.at::time < s.end_time::time))
          or (m.work_date = here.at::date - 1
              and s.end_time::time <= s.start_time::time and here.at::time < s.end_time::time))
      order by u.peoplename, u.id`,
    [tx.tenantId, at.toISOString(), among],
  );
  return r.rows.map((x) => ({ ...x, id: Number(x.id) }));
}
