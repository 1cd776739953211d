/*
 * OEE's counts from the machines' counters (domains/das tags with the roles totalCount and goodCount), beside the
 * work reports of oee-performance.ts (docs/reports.md "Counters").
 *
 * A counter is a running total the machine keeps. What it counted in the period is the sum of its rises from one
 * reading to the next, the first from the last reading of the day before the period (none: the first reading in
 * the period starts it); a fall is a reset to 0, so the reading after it counts whole.
 *
 * A machine counts from its counters when its device (not deleted) has both a total-count and a good-count tag, a
 * total-count reading in the period and an ideal cycle: the ideal cycle of its work reports in the period (their
 * Σ ideal × quantity ÷ Σ quantity: the procedures of the routing it made), else the device's ideal cycle. Such a
 * machine's work reports are not counted as well: the counters win, having counted every part without typing.
 *
 * The CTEs read p (t0, t1: the period's instants), mach (mid: the kept machines) and wr (the work reports' sums per
 * machine and day: mid, day, ideal, total, good) and name cm (mid, ideal: the machines that count from counters, with
 * their ideal seconds per part) and cd (mid, day, total, good: their counts per day of the tenant's zone).
 */
export function counterSumsCtes(tz: string): string {
  return `ctag as (select d.equipment_id as mid, t.id as tag, t.role, d.ideal_cycle_seconds::float8 as dic
              from das_tags t join das_devices d on d.tenant_id = t.tenant_id and d.id = t.device_id and d.deleted_at is null
              join mach on mach.mid = d.equipment_id
             where t.tenant_id = $1 and t.role in ('totalCount', 'goodCount')),
     pts as (select c.tag, c.mid, c.role, h.ts, h.v
               from ctag c join das_history h on h.tenant_id = $1 and h.tag_id = c.tag
               join p on h.ts >= p.t0 and h.ts < p.t1
              where h.v is not null
             union all
             select c.tag, c.mid, c.role, l.ts, l.v
               from ctag c cross join p
               cross join lateral (select h.ts, h.v from das_history h
                                    where h.tenant_id = $1 and h.tag_id = c.tag and h.v is not null
                                      and h.ts >= p.t0 - interval '1 day' and h.ts < p.t0
                                    order by h.ts desc limit 1) l),
     inc as (select mid, role, ts, case when pv is null then 0 when v >= pv then v - pv else v end as n
               from (select mid, role, ts, v, lag(v) over (partition by tag order by ts) as pv from pts) x),
     cd as (select inc.mid, (inc.ts at time zone ${tz})::date as day,
                   coalesce(sum(n) filter (where role = 'totalCount'), 0)::float8 as total,
                   coalesce(sum(n) filter (where role = 'goodCount'), 0)::float8 as good
              from inc join p on inc.ts >= p.t0
             group by 1, 2),
     cm as (select c.mid, coalesce((select nullif(sum(wr.ideal), 0) / nullif(sum(wr.total), 0) from wr where wr.mid = c.mid),
                                   max(c.dic)) as ideal
              from ctag c
             where exists (select 1 from pts where pts.mid = c.mid and pts.role = 'totalCount' and pts.ts >= (select t0 from p))
             group by c.mid
            having count(distinct c.role) = 2
               and coalesce((select nullif(sum(wr.ideal), 0) / nullif(sum(wr.total), 0) from wr where wr.mid = c.mid), max(c.dic)) > 0)`;
}
