import { PLAN_PER_CALL } from '../../db/index.js';
import { noJit, type TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { METER_DUE } from './meter-plans.js';

/**
 * The occurrences of plans in a window of local dates [today + from, today + to] of the tenant's time zone,
 * as rows (plan_id, kind, scheme_id, equipment_id, line_id, due_at, deadline); a plan on a route has one row
 * per due time with no machine (its task covers the route). Fixed plans step from their start date
 * (days, weeks or calendar months; a shift plan once per shift of the tenant); a floating plan's next date
 * counts from its last completion and waits while a task of it is open. The rest days of a plan's work group
 * (its roster) are skipped like weekends. Parameters: $1 tenant, $2 now,
 * $3 from (days, ≤ 0 catches up), $4 to, $5 plan ids or null, $6 only plans that are on.
 */
/**
 * A rest day of a work group: its roster covers the day (a shift cycle applied over it) and rosters none of its
 * members on it. Days outside any roster are working days.
 */
const REST_DAY = (group: string, day: string) => `(${group} is not null
  and exists (select 1 from work_group_shifts rg where rg.tenant_id = $1 and rg.workgroup_id = ${group}
                 and ${day} between rg.start_date and rg.end_date)
  and not exists (select 1 from member_shifts rm where rm.tenant_id = $1 and rm.work_date = ${day}
                     and rm.workgroup_id = ${group}))`;

const OCCURRENCES = `
with win as (
  select coalesce(nullif(c.timezone, ''), 'UTC') as tz,
         ($2::timestamptz at time zone coalesce(nullif(c.timezone, ''), 'UTC'))::date as today
    from companies c where c.id = $1
), plans as (
  select p.id, p.kind, p.scheme_id, p.line_id, p.cycle, p.every, p.mode, p.start_date, p.due_time, p.duration_hours,
         p.skip_weekends, p.workgroup_id, w.tz,
         greatest(p.start_date, w.today + $3::int) as lo,
         least(coalesce(p.end_date, w.today + $4::int), w.today + $4::int) as hi,
         case p.cycle when 'week' then 7 * p.every when 'month' then null when 'quarter' then null
                      when 'year' then null else p.every end as step_days,
         case p.cycle when 'month' then p.every when 'quarter' then 3 * p.every when 'year' then 12 * p.every end
           as step_months
    from check_plans p cross join win w
   where p.tenant_id = $1 and p.deleted_at is null
     and ($5::bigint[] is null or p.id = any($5::bigint[]))
     -- The ids' span, for the key's range: a step's 5,000 plans were a scan of every plan of the tenant.
     and ($5::bigint[] is null or p.id between (select min(v) from unnest($5::bigint[]) v)
                                          and (select max(v) from unnest($5::bigint[]) v))
     and (not $6::boolean or p.state = 'on')
     -- A plan due by its meter alone has no calendar (meter-plans.ts).
     and p.due_by <> 'meter'
), machines as (
  -- The plans' machines still in service (a scrapped or deleted machine gets no task).
  select m.plan_id, m.equipment_id, e.workshop_id
    from plans p
    join check_plan_machines m on m.tenant_id = $1 and m.plan_id = p.id
    join equipment e on e.tenant_id = $1 and e.id = m.equipment_id and e.deleted_at is null
     and e.status is distinct from 'scrapped'
   where p.line_id is null
  union all
  -- A plan on a route: one row without a machine, while the route has a machine in service.
  select p.id, null::bigint, l.workshop_id
    from plans p
    join check_lines l on l.tenant_id = $1 and l.id = p.line_id and l.deleted_at is null
   where exists (select 1 from check_line_stops s
                   join equipment e on e.tenant_id = $1 and e.id = s.equipment_id and e.deleted_at is null
                    and e.status is distinct from 'scrapped'
                  where s.tenant_id = $1 and s.line_id = l.id)
), fixed_days as (
  select p.*, p.start_date + k * p.step_days as d
    from plans p,
         generate_series(ceil((p.lo - p.start_date)::numeric / p.step_days)::int,
                         floor((p.hi - p.start_date)::numeric / p.step_days)::int) k
   where p.mode = 'fixed' and p.step_days is not null and p.lo <= p.hi
  union all
  select p.*, (p.start_date + make_interval(months => k * p.step_months))::date
    from plans p,
         generate_series(greatest(0, ((extract(year from p.lo) - extract(year from p.start_date)) * 12
                                      + extract(month from p.lo) - extract(month from p.start_date))::int / p.step_months - 1),
                         ((extract(year from p.hi) - extract(year from p.start_date)) * 12
                          + extract(month from p.hi) - extract(month from p.start_date))::int / p.step_months) k
   where p.mode = 'fixed' and p.step_months is not null and p.lo <= p.hi
), fixed as (
  select f.id as plan_id, f.kind, f.scheme_id, f.line_id, f.cycle, f.due_time, f.duration_hours, f.tz, f.hi, f.workgroup_id,
         m.equipment_id, m.workshop_id, f.d
    from fixed_days f
    join machines m on m.plan_id = f.id
   where f.d between f.lo and f.hi and not (f.skip_weekends and extract(isodow from f.d) >= 6)
), floating_next as (
  select p.*, m.equipment_id, m.workshop_id,
         greatest(p.lo, case
           when last.at is null then p.start_date
           when p.step_days is not null then (last.at at time zone p.tz)::date + p.step_days
           else ((last.at at time zone p.tz)::date + make_interval(months => p.step_months))::date end) as d
    from plans p join machines m on m.plan_id = p.id
    cross join lateral (
      select max(coalesce(t.finished_at, t.updated_at)) filter (where t.state in ('done', 'closed')) as at,
             count(*) filter (where t.state in ('pending', 'doing')) as open
        from check_tasks t where t.tenant_id = $1 and t.plan_id = p.id
                             and (m.equipment_id is null or t.equipment_id = m.equipment_id)) last
   where p.mode = 'floating' and last.open = 0
), floating as (
  -- The next day is moved past weekends (when skipped) and the work group's rest days, a month at most.
  select n.id as plan_id, n.kind, n.scheme_id, n.line_id, n.cycle, n.due_time, n.duration_hours, n.tz, n.hi, n.workgroup_id,
         n.equipment_id, n.workshop_id, coalesce(w.d, n.d) as d
    from floating_next n
    left join lateral (
      select g::date as d from generate_series(n.d, n.d + 31, interval '1 day') g
       where not (n.skip_weekends and extract(isodow from g) >= 6) and not ${REST_DAY('n.workgroup_id', 'g::date')}
       order by g limit 1) w on true
), days as (
  select * from fixed union all select * from floating
), occ as materialized (
  -- Materialized: its row count is beyond the planner's estimate (series of dates), and an inlined copy would be
  -- run again for every row of a nested loop around it.
  select d.plan_id, d.kind, d.scheme_id, d.line_id, d.equipment_id, d.workshop_id,
         ((d.d + coalesce(s.start_time, d.due_time)::time)::timestamp at time zone d.tz) as due_at, d.duration_hours
    from days d
    left join shifts s on d.cycle = 'shift' and s.tenant_id = $1 and s.deleted_at is null and s.state = 1
   where d.d <= d.hi
     -- A rest day of the plan's work group: its roster covers the day (a cycle applied over it) and rosters
     -- none of its members on it. Days outside any roster are working days.
     and not ${REST_DAY('d.workgroup_id', 'd.d')}
)`;

export interface GenerateOptions {
  /** The moment "now" (tests and the demo's history); default the database's now. */
  now?: Date;
  /** How many past days a run catches up (after downtime); default 7. */
  catchUpDays?: number;
  planIds?: number[] | null;
  /**
   * A step of the timed run beside other steps of the same run, which take other plans: it holds the tenant's
   * generation lock shared with them. Every other caller holds it alone.
   */
  besideOtherSteps?: boolean;
}

/**
 * Creates the tasks due until the end of the tenant's today, with their items copied from the scheme, in
 * one statement. Idempotent: a task is unique per plan, machine and due time, so a second run
 * (or a run on another server at the same moment) creates nothing twice.
 */
export async function generateTasks(
  tx: TenantTx,
  opts: GenerateOptions = {},
): Promise<{ tasks: number; items: number }> {
  // Two runs at once (two servers, the job and a button) would insert overlapping keys in different orders and
  // deadlock; one at a time per tenant, the second then finds every task made. Steps of one run take disjoint
  // plans, so no key of one meets the other's: they share the lock (and only one run is queued at a time).
  const lock = opts.besideOtherSteps ? 'pg_advisory_xact_lock_shared' : 'pg_advisory_xact_lock';
  await tx.query(`select ${lock}(hashtext('check.generate'), $1::int)`, [tx.tenantId]);
  await noJit(tx);
  // Planned for each call's plans and days: the job calls it once per step of PLANS_PER_STEP plans, and from the
  // sixth call a prepared statement's generic plan walked every plan and task of the tenant (100 ms a step that
  // made nothing, against 10-15 ms).
  const r = await tx.query<{ tasks: string; items: string }>(
    `${PLAN_PER_CALL}${OCCURRENCES},${METER_DUE},
     todo as materialized (
       -- The occurrences not made yet, each with the id its task takes: the insert then writes the code (XJ
       -- patrol, DJ spot check, BY maintenance, then the id) too, where an update after it would write every new
       -- task a second time and check its foreign keys again.
       select nextval('check_tasks_id_seq') as id, o.*, cp.assignee_id, cp.workgroup_id
         from (select * from occ
               union all
               -- The meter points reached (meter-plans.ts), where no task of the plan for the machine is open.
               select plan_id, kind, scheme_id, line_id, equipment_id, workshop_id, due_at, duration_hours
                 from mdue where not covered) o
         join check_plans cp on cp.tenant_id = $1 and cp.id = o.plan_id
        -- The catch-up days are mostly made already: an anti-join drops them at a fraction of what a conflict
        -- per row costs (1.2 s of 1.8 s for 50,000 plans); the conflict clause still settles a race.
        where not exists (select 1 from check_tasks t where t.tenant_id = $1 and t.plan_id = o.plan_id
                             and t.equipment_id = o.equipment_id and t.due_at = o.due_at)
          -- Under an OR, a subplan run for a route's rows only (not an anti-join over every task).
          and (o.equipment_id is not null
               or not exists (select 1 from check_tasks t where t.tenant_id = $1 and t.line_id = o.line_id
                                 and t.plan_id = o.plan_id and t.due_at = o.due_at))
     ), ins as (
       insert into check_tasks (id, code, tenant_id, kind, plan_id, scheme_id, line_id, equipment_id, workshop_id,
                                due_at, deadline, state, assignee_id, workgroup_id, abnormal_count, late)
       overriding system value
       select n.id, (case n.kind when 1 then 'XJ' when 2 then 'DJ' else 'BY' end) || lpad(n.id::text, 8, '0'), $1,
              n.kind, n.plan_id, n.scheme_id, n.line_id, n.equipment_id, n.workshop_id, n.due_at,
              n.due_at + make_interval(hours => n.duration_hours), 'pending', n.assignee_id, n.workgroup_id, 0, false
         from todo n
       -- Unique per plan, machine and due time, or per route, plan and due time.
       on conflict do nothing
       returning id, scheme_id, equipment_id, line_id
     ), scheme_items as materialized (
       -- Apart from the tasks: a tenant's scheme items are few, and meet the tasks in one hash join (planned on a
       -- guess of a handful of projects, the join ran over every new task once per project).
       select sd.scheme_id, sd.sort, pr.id as project_id, pr.name, pr.part, pr.method, pr.standard, pr.answer_type,
              pr.unit, pr.lower_limit, pr.upper_limit, pr.choices, pr.abnormal_choices, pr.photo_required,
              pr.raise_repair
         from check_scheme_details sd
         join check_projects pr on pr.tenant_id = $1 and pr.id = sd.project_id and pr.deleted_at is null
        where sd.tenant_id = $1
     ), items as (
       insert into check_task_details (tenant_id, task_id, project_id, equipment_id, sort, name, part, method, standard,
                                       answer_type, unit, lower_limit, upper_limit, choices, abnormal_choices,
                                       photo_required, raise_repair, abnormal, danger_state)
       select $1, i.task_id, si.project_id, i.equipment_id, i.n * 100000 + si.sort,
              si.name, si.part, si.method, si.standard, si.answer_type, si.unit,
              si.lower_limit, si.upper_limit, si.choices, si.abnormal_choices,
              coalesce(si.photo_required, false), coalesce(si.raise_repair, false), false, 'none'
         from (
           select i.id as task_id, i.equipment_id, i.scheme_id, 0::bigint as n from ins i where i.equipment_id is not null
           union all
           -- A route's task: the items of each machine in service on it, in walking order, from the stop's scheme
           -- or else the plan's.
           select i.id, s.equipment_id, coalesce(s.scheme_id, i.scheme_id),
                  row_number() over (partition by i.id order by s.sort, s.id)
             from ins i
             join check_line_stops s on s.tenant_id = $1 and s.line_id = i.line_id
             join equipment e on e.tenant_id = $1 and e.id = s.equipment_id and e.deleted_at is null
              and e.status is distinct from 'scrapped'
            where i.equipment_id is null) i
         join scheme_items si on si.scheme_id = i.scheme_id
       returning 1
     ), points as (
       -- Each meter point reached is kept once, with the task it made (none: an open task covers it).
       insert into check_meter_points (tenant_id, plan_id, equipment_id, point, reading, task_id)
       select $1, d.plan_id, d.equipment_id, d.point, d.reading, made.id
         from mdue d
         left join todo n on not d.covered and n.plan_id = d.plan_id and n.equipment_id = d.equipment_id
          and n.due_at = d.due_at
         left join ins made on made.id = n.id
       on conflict do nothing
       returning 1
     )
     select (select count(*) from ins) as tasks, (select count(*) from items) as items`,
    [tx.tenantId, (opts.now ?? new Date()).toISOString(), -(opts.catchUpDays ?? 7), 0, opts.planIds ?? null, true],
  );
  return { tasks: Number(r.rows[0]!.tasks), items: Number(r.rows[0]!.items) };
}

export interface Occurrence {
  planId: number;
  /** Null for a route's task; its name is then the route's. */
  equipmentId: number | null;
  equipmentName: string | null;
  dueAt: string;
  deadline: string;
}

/** The tasks a plan would make over the coming days, whether it is on or not (/preview/index). */
export async function previewPlan(tx: TenantTx, planId: number, days: number, now = new Date()): Promise<Occurrence[]> {
  await noJit(tx);
  const r = await tx.query<{
    plan_id: number;
    equipment_id: number | null;
    name: string | null;
    due_at: Date;
    deadline: Date;
  }>(
    `${OCCURRENCES}
     select o.plan_id, o.equipment_id, coalesce(e.name, l.name) as name, o.due_at,
            o.due_at + make_interval(hours => o.duration_hours) as deadline
       from occ o
       left join equipment e on e.tenant_id = $1 and e.id = o.equipment_id
       left join check_lines l on l.tenant_id = $1 and l.id = o.line_id
      order by o.due_at, name limit 2000`,
    [tx.tenantId, now.toISOString(), 0, days, [planId], false],
  );
  return r.rows.map((o) => ({
    planId: Number(o.plan_id),
    equipmentId: o.equipment_id === null ? null : Number(o.equipment_id),
    equipmentName: o.name,
    dueAt: new Date(o.due_at).toISOString(),
    deadline: new Date(o.deadline).toISOString(),
  }));
}
