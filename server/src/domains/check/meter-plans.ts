/*
 * Meter plans (docs/check.md "Meter plans"): a plan due by a meter (`dueBy` meter) or by its calendar or its meter,
 * whichever comes first (`either`), every `meterEvery` runtime hours or parts counted from `meterStart`.
 *
 * The meter of a plan's machine is its device's tag of that role (runtimeHours, or totalCount for parts; the latest
 * value, das_latest), else the reading entered by hand on the plan's machine row (`meterReading`). Its due points
 * are meterStart + k × meterEvery (k ≥ 1), on the meter itself like a car's service every 10,000 km: a service made
 * in between by the calendar does not move them. When a reading has passed a point not reached before (the highest
 * one it passed: a meter that jumped over several points makes one task), the point is kept in check_meter_points
 * and a task made due now, unless a task of the plan for that machine is still open (pending or doing): that
 * service covers the point, which is kept with no task. Each point is made once (its key), so a second run makes
 * nothing.
 *
 * With `either` the calendar makes its tasks as before; a floating calendar counts from the last completion,
 * the meter's tasks included, so whichever comes first makes the next service.
 *
 * The CTEs go into generateTasks' statement after OCCURRENCES (win: the tenant's today; $1 tenant, $2 now, $5 plan
 * ids or null) and name mdue: the points due now, per plan and machine, in occ's columns (plan_id, kind, scheme_id,
 * line_id, equipment_id, workshop_id, due_at, duration_hours) with point, reading and covered (an open task).
 */
export const METER_DUE = `
mplans as (
  select p.id as plan_id, p.kind, p.scheme_id, p.duration_hours, p.meter_kind, p.meter_every,
         coalesce(p.meter_start, 0) as start, m.equipment_id, e.workshop_id, m.meter_reading
    from check_plans p cross join win w
    join check_plan_machines m on m.tenant_id = $1 and m.plan_id = p.id
    join equipment e on e.tenant_id = $1 and e.id = m.equipment_id and e.deleted_at is null
     and e.status is distinct from 'scrapped'
   where p.tenant_id = $1 and p.deleted_at is null and p.state = 'on' and p.due_by in ('meter', 'either')
     and p.line_id is null and p.meter_kind is not null and p.meter_every > 0
     and p.start_date <= w.today and (p.end_date is null or p.end_date >= w.today)
     and ($5::bigint[] is null or p.id = any($5::bigint[]))
), mread as (
  select mp.*, coalesce(
           (select l.v::numeric from das_devices d
              join das_tags t on t.tenant_id = d.tenant_id and t.device_id = d.id
               and t.role = case mp.meter_kind when 'runtimeHours' then 'runtimeHours' else 'totalCount' end
              join das_latest l on l.tenant_id = t.tenant_id and l.tag_id = t.id and l.v is not null
             where d.tenant_id = $1 and d.equipment_id = mp.equipment_id and d.deleted_at is null
             order by l.ts desc limit 1),
           mp.meter_reading) as reading
    from mplans mp
), mpoint as (
  select r.*, r.start + floor((r.reading - r.start) / r.meter_every) * r.meter_every as point
    from mread r where r.reading >= r.start + r.meter_every
), mdue as (
  select x.plan_id, x.kind, x.scheme_id, null::bigint as line_id, x.equipment_id, x.workshop_id,
         -- Due now; after the machine's last task of the plan, so that two points in one instant never share a key.
         greatest($2::timestamptz, (select max(t.due_at) + interval '1 millisecond' from check_tasks t
                                      where t.tenant_id = $1 and t.plan_id = x.plan_id and t.equipment_id = x.equipment_id))
           as due_at, x.duration_hours, x.point, round(x.reading, 2) as reading,
         exists (select 1 from check_tasks t where t.tenant_id = $1 and t.plan_id = x.plan_id
                    and t.equipment_id = x.equipment_id and t.state in ('pending', 'doing')) as covered
    from mpoint x
   where not exists (select 1 from check_meter_points k where k.tenant_id = $1 and k.plan_id = x.plan_id
                        and k.equipment_id = x.equipment_id and k.point >= x.point)
)`;
