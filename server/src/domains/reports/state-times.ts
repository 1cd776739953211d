/*
 * Downtime of the connected machines from their run states (domains/das, das_states), for the time reports
 * (machine-times.ts, place-times.ts; docs/reports.md "Connected machines").
 *
 * A machine is connected when its device (not deleted) has a state interval that began before the period's end.
 * Its downtime in a bucket is then:
 *   - the time of its `stopped` and `fault` intervals inside the bucket (up to now), and
 *   - inside its `offline` intervals and before its first interval ever (the machine says nothing there), the time
 *     of its stopping repair orders, as for a machine that is not connected.
 * `running` and `idle` intervals are not downtime. A machine with a shift calendar (设备排班, equipment_shifts: the
 * planned time of machine-times.ts) counts its `stopped` and `fault` time only inside its shifts' hours: a machine
 * stopped off shift is not down. Without any shift it counts the whole calendar, as before. Machines that are not
 * connected keep the repair orders' downtime (repair_day_figures) unchanged.
 *
 * The CTEs read b (the buckets: k, t0, tc) and name cn (the connected machines: id, device), cna (their ids as an
 * array, for `= any`), csh and cw (those with shifts, and their shift windows f → t on each day), and sdt (k, id,
 * sec: the downtime seconds per bucket and connected machine).
 */

/**
 * @param machines the condition on equipment alias `e` that keeps the report's machines
 * @param from the period's first instant, @param to the instant after its last day (SQL expressions)
 * @param tz the tenant's time zone (an SQL expression): a shift's hours are wall-clock hours there
 */
export function stateDowntimeCtes(machines: string, from: string, to: string, tz: string): string {
  return `cn as materialized (select d.equipment_id as id, d.id as device
           from das_devices d join equipment e on e.tenant_id = d.tenant_id and e.id = d.equipment_id and ${machines}
          where d.tenant_id = $1 and d.deleted_at is null
            and exists (select 1 from das_states s where s.tenant_id = $1 and s.device_id = d.id and s.started_at < ${to})),
  cna as (select array(select id from cn)::bigint[] as ids),
  -- The connected machines' shifts: a shift runs from its start on each day of its dates to its end (the next day
  -- when the end is not after the start; equal: 24 h). A machine with a shift but none on the period's days has
  -- no planned time there, hence no downtime either (its planned time is 0 in machine-times.ts).
  csh as (select es.equipment_id as id, es.start_date, es.end_date, s.start_time::time as st,
                 s.end_time::time - s.start_time::time
                   + case when s.end_time::time > s.start_time::time then interval '0' else interval '1 day' end as span
            from equipment_shifts es join shifts s on s.tenant_id = es.tenant_id and s.id = es.shift_id and s.deleted_at is null
           where es.tenant_id = $1 and es.equipment_id = any((select ids from cna)::bigint[])),
  cw as (select csh.id, (g.d::date + csh.st)::timestamp at time zone ${tz} as f,
                (g.d::date + csh.st + csh.span)::timestamp at time zone ${tz} as t
           from csh cross join lateral generate_series(
                  greatest(csh.start_date, (${from} at time zone ${tz})::date - 1)::timestamp,
                  least(csh.end_date, (${to} at time zone ${tz})::date)::timestamp, interval '1 day') as g(d)),
  -- The intervals that count: stopped and fault (down), offline (unknown), and before the first one (unknown).
  si as (select cn.id, s.state, s.started_at as f, coalesce(s.ended_at, now()) as t
           from das_states s join cn on cn.device = s.device_id
          where s.tenant_id = $1 and s.state in ('stopped', 'fault', 'offline')
            and s.started_at < ${to} and coalesce(s.ended_at, 'infinity') > ${from}
         union all
         select cn.id, 'offline', '-infinity'::timestamptz,
                (select min(s.started_at) from das_states s where s.tenant_id = $1 and s.device_id = cn.device)
           from cn),
  -- Their stopping repair orders (as repair_day_figures counts them: not cancelled, up to their finish or now).
  so as (select o.equipment_id as id, o.reported_at as f,
                case when o.state in ('finished', 'checked') and o.finished_at is not null then o.finished_at else now() end as t
           from repair_orders o
          where o.tenant_id = $1 and o.equipment_id = any((select ids from cna)::bigint[]) and o.stopped
            and o.state <> 'cancelled' and o.reported_at is not null and o.reported_at < ${to}),
  sp as (select id, f, t from si where state <> 'offline' and id not in (select id from csh)
         union all
         select si.id, greatest(si.f, cw.f), least(si.t, cw.t)
           from si join cw on cw.id = si.id and cw.f < si.t and cw.t > si.f
          where si.state <> 'offline'
         union all
         select si.id, greatest(si.f, so.f), least(si.t, so.t)
           from si join so on so.id = si.id and so.f < si.t and so.t > si.f
          where si.state = 'offline'),
  sdt as (select b.k, sp.id, sum(extract(epoch from (least(sp.t, b.tc) - greatest(sp.f, b.t0))))::float8 as sec
            from sp join b on sp.f < b.tc and sp.t > b.t0
           group by b.k, sp.id)`;
}

/** Whether a machine id expression is one of the connected machines (cna). */
export const connected = (id: string) => `${id} = any((select ids from cna)::bigint[])`;
