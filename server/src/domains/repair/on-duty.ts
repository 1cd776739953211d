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

export interface Assignee {
  id: number;
  name: string;
  /** A member (or the leader) of the order's work group. */
  member: boolean;
  /** The work group's leader (its leader, or a member whose role is leader). */
  leader: boolean;
  /** The shift the person is on now, if any. */
  shiftName: string | null;
  workgroupName: string | null;
}

/**
 * Whom to dispatch an order to, first choices first: the members of the order's work group (its leader first,
 * then those on shift now, then by name), then the others on a shift now. Null for an order not found.
 */
export async function assigneesOf(tx: TenantTx, orderId: unknown, at: Date = new Date()): Promise<Assignee[] | null> {
  const order = await tx.query<{ workgroup_id: number | null }>(
    'select workgroup_id from repair_orders where tenant_id = $1 and id = $2',
    [tx.tenantId, orderId],
  );
  if (!order.rows[0]) return null;
  const members = await tx.query<{ id: number; name: string; leader: boolean; group_name: string }>(
    `with g as (select id, name, leader_id from work_groups
                 where tenant_id = $1 and id = $2 and deleted_at is null),
          gm as (select m.user_id, m.role = 'leader' as leader from work_group_members m
                  where m.tenant_id = $1 and m.workgroup_id = (select id from g)
                 union all select leader_id, true from g where leader_id is not null)
     select u.id, u.peoplename as name, bool_or(gm.leader) as leader, (select name from g) as group_name
       from gm join users u on u.tenant_id = $1 and u.id = gm.user_id and u.state = 1
      group by u.id, u.peoplename`,
    [tx.tenantId, order.rows[0].workgroup_id],
  );
  const duty = await onDutyNow(tx, at);
  const shiftOf = new Map(duty.map((d) => [d.id, d.shiftName]));
  const group: Assignee[] = members.rows.map((m) => ({
    id: Number(m.id),
    name: m.name,
    member: true,
    leader: Boolean(m.leader),
    shiftName: shiftOf.get(Number(m.id)) ?? null,
    workgroupName: m.group_name,
  }));
  const rank = (a: Assignee) => (a.leader ? 0 : a.shiftName ? 1 : 2);
  group.sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name, 'zh') || a.id - b.id);
  const listed = new Set(group.map((a) => a.id));
  const others = duty
    .filter((d) => !listed.has(d.id) && listed.add(d.id))
    .map((d) => ({
      id: d.id,
      name: d.name,
      member: false,
      leader: false,
      shiftName: d.shiftName,
      workgroupName: d.workgroupName,
    }));
  return [...group, ...others];
}
