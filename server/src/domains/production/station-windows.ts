import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import type { Window } from './scheduler.js';

/** The tenant's zone and a first day in it (today when not given), with that day's start (not before now). */
export async function zoneDay(
  tx: TenantTx,
  from: string | null,
  days: number,
): Promise<{ tz: string; d0: string; t0: number; t1: number }> {
  const zone = await tx.query<{ tz: string; d0: string; t0: Date; t1: Date }>(
    `select z.tz, z.d0::text as d0, greatest(z.d0::timestamp at time zone z.tz, now()) as t0,
            (z.d0 + $3::int)::timestamp at time zone z.tz as t1
       from (select coalesce(nullif(c.timezone, ''), 'UTC') as tz,
                    coalesce($2::date, (now() at time zone coalesce(nullif(c.timezone, ''), 'UTC'))::date) as d0
               from companies c where c.id = $1) z`,
    [tx.tenantId, from, days],
  );
  const z = zone.rows[0]!;
  return { tz: z.tz, d0: z.d0, t0: new Date(z.t0).getTime(), t1: new Date(z.t1).getTime() };
}

/**
 * The shift windows of active stations (or of the one named) over `days` days from `d0` in zone `tz`: a station
 * works in its machine's equipment shifts of the day, or in its own shift when its machine has none that day.
 */
export async function stationWindows(
  tx: TenantTx,
  tz: string,
  d0: string,
  days: number,
  stationId: number | null = null,
): Promise<Map<number, Window[]>> {
  const windows = await tx.query<{ station_id: number; shift_id: number; ws: Date; we: Date }>(
    `with d as (select ($2::date + g)::date as day from generate_series(0, $3::int - 1) g),
     st as (select s.id, s.equipment_id, s.shift_id from stations s
             where s.tenant_id = $1 and s.state = 1 and s.deleted_at is null and ($5::bigint is null or s.id = $5)),
     sd as (
       select st.id, d.day, es.shift_id from st cross join d
         join equipment_shifts es on es.tenant_id = $1 and es.equipment_id = st.equipment_id
                                  and d.day between es.start_date and es.end_date
       union
       select st.id, d.day, st.shift_id from st cross join d
        where st.shift_id is not null and not exists (
          select 1 from equipment_shifts es where es.tenant_id = $1 and es.equipment_id = st.equipment_id
             and d.day between es.start_date and es.end_date))
     select sd.id as station_id, sh.id as shift_id,
            (sd.day + sh.start_time::time)::timestamp at time zone $4 as ws,
            (sd.day + case when sh.end_time <= sh.start_time then 1 else 0 end + sh.end_time::time)::timestamp
              at time zone $4 as we
       from sd join shifts sh on sh.tenant_id = $1 and sh.id = sd.shift_id and sh.deleted_at is null and sh.state = 1
      order by 1, 3`,
    [tx.tenantId, d0, days, tz, stationId],
  );
  const byStation = new Map<number, Window[]>();
  for (const w of windows.rows)
    byStation.set(Number(w.station_id), [
      ...(byStation.get(Number(w.station_id)) ?? []),
      { start: new Date(w.ws).getTime(), end: new Date(w.we).getTime(), shiftId: Number(w.shift_id) },
    ]);
  return byStation;
}

/**
 * The time machines are held by repair: a stopping repair order still open (to its planned finish, else the end of
 * the horizon) and a machine whose status is under repair (from now to the end of the horizon).
 */
export async function repairBlocks(
  tx: TenantTx,
  horizonEnd: number,
): Promise<Map<number, { start: number; end: number }[]>> {
  const blocked = await tx.query<{ equipment_id: number; bs: Date; be: Date }>(
    `select r.equipment_id, r.reported_at as bs, coalesce(r.plan_finish, $2::timestamptz) as be
       from repair_orders r
      where r.tenant_id = $1 and r.stopped and r.state in ('reported', 'dispatched', 'accepted', 'repairing', 'paused')
     union all
     select e.id, now(), $2::timestamptz from equipment e
      where e.tenant_id = $1 and e.status = 'repairing' and e.deleted_at is null`,
    [tx.tenantId, new Date(horizonEnd).toISOString()],
  );
  const blocks = new Map<number, { start: number; end: number }[]>();
  for (const b of blocked.rows)
    blocks.set(Number(b.equipment_id), [
      ...(blocks.get(Number(b.equipment_id)) ?? []),
      { start: new Date(b.bs).getTime(), end: new Date(b.be).getTime() },
    ]);
  return blocks;
}
