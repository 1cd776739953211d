import { type Bucket, bucketsSql, machineWhere, type ReportQuery, type Sql } from './filters.js';

/*
 * The time figures of every machine in every bucket of a period, in SQL (docs/reports.md has the formulas):
 *   planned   = the minutes of the machine's shifts (设备排班) on the bucket's days up to today; a machine with
 *               no shift at all counts the whole calendar (24 h a day) up to now;
 *   downtime  = the minutes of its stopping orders (reported → finished, or now while open) inside the bucket;
 *   running   = planned − downtime, never below 0;
 *   failures  = its orders reported in the bucket (cancelled ones excepted);
 *   repairs   = its orders finished (finished or checked) in the bucket, repair_min their repair minutes.
 */

/** Whole minutes of a shift; an end not after the start crosses midnight (equal: 24 h). */
const SHIFT_MINUTES = `coalesce(s.work_minutes, (extract(epoch from (s.end_time::time - s.start_time::time)) / 60)::int
  + case when s.end_time::time > s.start_time::time then 0 else 1440 end)`;

/**
 * CTEs b (buckets), m (the machines the filters keep) and mt (one row per bucket and machine). The person filter
 * narrows the orders (to the assignee); it does not change a machine's planned time.
 */
export function machineTimesSql(q: ReportQuery, buckets: Bucket[], timeZone: string, sql: Sql): string {
  const b = bucketsSql(buckets, timeZone, sql);
  const machines = machineWhere(q, sql);
  const person = q.userId ? `and o.assignee_id = ${sql.p(q.userId)}` : '';
  return `b as (${b}),
  m as (select e.id, e.code, e.name, e.category_id, e.workshop_id, e.line_id, e.status from equipment e where ${machines}),
  sh as (select es.equipment_id, es.start_date, es.end_date, ${SHIFT_MINUTES} as minutes
           from equipment_shifts es join shifts s on s.tenant_id = es.tenant_id and s.id = es.shift_id and s.deleted_at is null
          where es.tenant_id = $1 and es.equipment_id in (select id from m)),
  pl as (select b.k, m.id,
           case when exists (select 1 from sh where sh.equipment_id = m.id)
             then coalesce((select sum(sh.minutes * greatest(0, least(sh.end_date, b.dc) - greatest(sh.start_date, b.d0) + 1))
                              from sh where sh.equipment_id = m.id), 0)::numeric
             else greatest(0, extract(epoch from (b.tc - b.t0)) / 60)::numeric end as planned
           from b cross join m),
  ord as (select o.* from repair_orders o where o.tenant_id = $1 and o.state <> 'cancelled'
            and o.equipment_id in (select id from m) ${person}),
  dt as (select b.k, o.equipment_id as id,
           sum(greatest(0, extract(epoch from (least(b.tc, case when o.state in ('finished', 'checked')
             then coalesce(o.finished_at, now()) else now() end) - greatest(b.t0, o.reported_at))) / 60))::numeric as downtime
           from b join ord o on o.stopped and o.reported_at < b.tc group by b.k, o.equipment_id),
  fl as (select b.k, o.equipment_id as id, count(*)::int as failures
           from b join ord o on o.reported_at >= b.t0 and o.reported_at < b.t1 group by b.k, o.equipment_id),
  rp as (select b.k, o.equipment_id as id, count(*)::int as repairs, coalesce(sum(o.repair_minutes), 0)::numeric as repair_min
           from b join ord o on o.state in ('finished', 'checked') and o.finished_at >= b.t0 and o.finished_at < b.t1
          group by b.k, o.equipment_id),
  mt as (select pl.k, pl.id, pl.planned, coalesce(dt.downtime, 0) as downtime,
           greatest(pl.planned - coalesce(dt.downtime, 0), 0) as running,
           coalesce(fl.failures, 0) as failures, coalesce(rp.repairs, 0) as repairs, coalesce(rp.repair_min, 0) as repair_min
           from pl left join dt on dt.k = pl.k and dt.id = pl.id left join fl on fl.k = pl.k and fl.id = pl.id
           left join rp on rp.k = pl.k and rp.id = pl.id)`;
}

/** The group a report row stands for: one machine, a category or a workshop (the key may be null: "none"). */
export const GROUPS = {
  equipment: { key: 'm.id', name: `m.code || ' ' || m.name`, join: '', drill: 'equipmentId' },
  category: {
    key: 'm.category_id',
    name: 'c.name',
    join: 'left join equipment_categories c on c.tenant_id = $1 and c.id = m.category_id',
    drill: 'categoryId',
  },
  line: {
    key: 'm.line_id',
    name: 'l.linename',
    join: 'left join lines l on l.tenant_id = $1 and l.id = m.line_id',
    drill: 'lineId',
  },
  workshop: {
    key: 'm.workshop_id',
    name: 'w.workshopname',
    join: 'left join workshops w on w.tenant_id = $1 and w.id = m.workshop_id',
    drill: 'workshopId',
  },
} as const;
export type GroupName = keyof typeof GROUPS;
export const groupOf = (g: string | undefined, fallback: GroupName = 'equipment'): GroupName =>
  g && g in GROUPS ? (g as GroupName) : fallback;

/** Hours with two decimals from a minutes expression. */
export const hours = (minutes: string) => `round((${minutes}) / 60.0, 2)`;
