import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';

export const GROUPS = ['plan', 'workshop', 'person', 'month'] as const;
export type Group = (typeof GROUPS)[number];

const KEY: Record<Group, { key: string; name: string; join: string }> = {
  plan: {
    key: 't.plan_id',
    name: 'p.name',
    join: 'left join check_plans p on p.tenant_id = t.tenant_id and p.id = t.plan_id',
  },
  workshop: {
    key: 't.workshop_id',
    name: 'w.workshopname',
    join: 'left join workshops w on w.tenant_id = t.tenant_id and w.id = t.workshop_id',
  },
  person: {
    key: 't.assignee_id',
    name: 'u.peoplename',
    join: 'left join users u on u.tenant_id = t.tenant_id and u.id = t.assignee_id',
  },
  month: {
    key: "to_char(t.due_at at time zone win.tz, 'YYYY-MM')",
    name: "to_char(t.due_at at time zone win.tz, 'YYYY-MM')",
    join: '',
  },
};

export interface SummaryRow {
  key: string | null;
  name: string | null;
  total: number;
  onTime: number;
  late: number;
  missed: number;
  open: number;
  abnormalTasks: number;
  abnormalRate: number;
}

/**
 * Tasks due in [from, to] (local dates of the tenant) by plan, workshop, person or month: done on time,
 * late, missed (closed, or still open past the deadline), open, and the share of done tasks with abnormal items.
 */
export async function checkSummary(
  tx: TenantTx,
  q: { kind?: number; from: string; to: string; group: Group },
  /** The kinds the reader may see (all when undefined). */
  kinds?: readonly string[],
): Promise<SummaryRow[]> {
  const g = KEY[q.group];
  const r = await tx.query<Record<string, string | null>>(
    `with win as (select coalesce(nullif(timezone, ''), 'UTC') as tz from companies where id = $1)
     select ${g.key}::text as key, ${g.name} as name, count(*) as total,
            count(*) filter (where t.state = 'done' and not coalesce(t.late, false)) as on_time,
            count(*) filter (where t.state = 'done' and t.late) as late,
            count(*) filter (where t.state = 'closed' or (t.state in ('pending', 'doing') and t.deadline < now())) as missed,
            count(*) filter (where t.state in ('pending', 'doing') and t.deadline >= now()) as open,
            count(*) filter (where t.state = 'done' and t.abnormal_count > 0) as abnormal
       from check_tasks t cross join win ${g.join}
      where t.tenant_id = $1 and ($2::int is null or t.kind = $2) and ($5::text[] is null or t.kind::text = any($5))
        and t.due_at >= ($3::date)::timestamp at time zone win.tz
        and t.due_at < ($4::date + 1)::timestamp at time zone win.tz
      group by 1, 2 order by 2 nulls last, 1 limit 1000`,
    [tx.tenantId, q.kind ?? null, q.from, q.to, kinds ?? null],
  );
  return r.rows.map((x) => {
    const done = Number(x.on_time) + Number(x.late);
    return {
      key: x.key,
      name: x.name,
      total: Number(x.total),
      onTime: Number(x.on_time),
      late: Number(x.late),
      missed: Number(x.missed),
      open: Number(x.open),
      abnormalTasks: Number(x.abnormal),
      abnormalRate: done ? Math.round((Number(x.abnormal) / done) * 10_000) / 100 : 0,
    };
  });
}

/** The readings of a number item on one machine over time (dataReport), oldest first. */
export async function readings(
  tx: TenantTx,
  q: { equipmentId: number; projectId: number; from: string; to: string },
  kinds?: readonly string[],
) {
  const r = await tx.query<{ at: Date; value: string; lower: string | null; upper: string | null; abnormal: boolean }>(
    `with win as (select coalesce(nullif(timezone, ''), 'UTC') as tz from companies where id = $1)
     select d.answered_at as at, d.answer_number as value, d.lower_limit as lower, d.upper_limit as upper, d.abnormal
       from check_task_details d cross join win
      where d.tenant_id = $1 and d.equipment_id = $2 and d.project_id = $3 and d.answer_number is not null
        and d.answered_at >= ($4::date)::timestamp at time zone win.tz
        and d.answered_at < ($5::date + 1)::timestamp at time zone win.tz
        and ($6::text[] is null or exists (select 1 from check_tasks k where k.tenant_id = $1 and k.id = d.task_id
                                             and k.kind::text = any($6)))
      order by d.answered_at limit 5000`,
    [tx.tenantId, q.equipmentId, q.projectId, q.from, q.to, kinds ?? null],
  );
  return r.rows.map((x) => ({
    at: new Date(x.at).toISOString(),
    value: x.value,
    lower: x.lower,
    upper: x.upper,
    abnormal: x.abnormal,
  }));
}
