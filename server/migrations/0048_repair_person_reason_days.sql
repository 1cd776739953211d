-- The repair orders each person finished per day (the tenant's day), of machines not deleted or of no machine:
-- how many, and the sums behind their average response and repair time. The personnel report reads these
-- instead of a year of finished orders (980,000 on the large tenant: about 1 s to group, docs/reports.md).
-- Kept in the statements that keep the day figures; a machine deleted or restored takes its orders' counts along.
-- Reworks (orders sent back at acceptance) are few and stay counted from record_steps by the report.
-- Beside them, the orders reported per day and fault reason (0 for none), with their recorded downtime: the fault
-- ranking by reason reads these instead of a year of orders.
create table repair_person_days (
  tenant_id bigint not null references companies(id) on delete cascade,
  day date not null,
  assignee_id bigint not null,
  done integer not null default 0,
  response_min bigint not null default 0,
  responses integer not null default 0,
  repair_min bigint not null default 0,
  repairs_timed integer not null default 0,
  primary key (tenant_id, day, assignee_id)
);
select eam_protect('repair_person_days');

create table repair_reason_days (
  tenant_id bigint not null references companies(id) on delete cascade,
  day date not null,
  fault_reason_id bigint not null,
  failures integer not null default 0,
  downtime_min bigint not null default 0,
  primary key (tenant_id, day, fault_reason_id)
);
select eam_protect('repair_reason_days');

-- Takes away the counts of the orders as they were (gone) and adds those as they are (came), in key order. When
-- by_machine, an order counts on a machine not deleted or on none, and the machines are locked FOR KEY SHARE, as
-- eam_place_days_add does, against a delete meanwhile. A machine deleted or restored passes its orders with
-- by_machine false: it is the machine that counts. Person days: orders finished or checked with an assignee, on
-- the day they finished. Reason days: orders not cancelled, on the day they were reported.
create or replace function eam_order_days_add(gone repair_orders[], came repair_orders[], by_machine boolean)
returns void language plpgsql as $$
begin
  if by_machine then
    perform 1 from equipment e
     where (e.tenant_id, e.id) in (select o.tenant_id, o.equipment_id from unnest(gone) o
                                   union select o.tenant_id, o.equipment_id from unnest(came) o)
     order by e.tenant_id, e.id for key share;
  end if;
  -- One statement over the orders, writing both tables (a data-modifying CTE runs whether read or not).
  with src as materialized (
    select o.*, eam_report_zone(c.timezone) as zone
      from (select g.*, -1 as s from unnest(gone) g union all select n.*, 1 as s from unnest(came) n) o
      join companies c on c.id = o.tenant_id
     where not by_machine or o.equipment_id is null
        or not exists (select 1 from equipment e where e.tenant_id = o.tenant_id and e.id = o.equipment_id
                                                   and e.deleted_at is not null)
  ), people as (
    insert into repair_person_days as p (tenant_id, day, assignee_id, done, response_min, responses, repair_min,
      repairs_timed)
    select o.tenant_id, (o.finished_at at time zone o.zone)::date as day, o.assignee_id,
           sum(o.s)::integer, coalesce(sum(o.s * o.response_minutes), 0)::bigint,
           sum(o.s * (o.response_minutes is not null)::int)::integer,
           coalesce(sum(o.s * o.repair_minutes), 0)::bigint, sum(o.s * (o.repair_minutes is not null)::int)::integer
      from src o
     where o.state in ('finished', 'checked') and o.finished_at is not null and o.assignee_id is not null
     group by 1, 2, 3
    having sum(o.s) <> 0 or coalesce(sum(o.s * o.response_minutes), 0) <> 0
        or sum(o.s * (o.response_minutes is not null)::int) <> 0 or coalesce(sum(o.s * o.repair_minutes), 0) <> 0
        or sum(o.s * (o.repair_minutes is not null)::int) <> 0
     order by 1, 2, 3
    on conflict (tenant_id, day, assignee_id) do update set
      done = p.done + excluded.done, response_min = p.response_min + excluded.response_min,
      responses = p.responses + excluded.responses, repair_min = p.repair_min + excluded.repair_min,
      repairs_timed = p.repairs_timed + excluded.repairs_timed
    returning 1
  )
  insert into repair_reason_days as r (tenant_id, day, fault_reason_id, failures, downtime_min)
  select o.tenant_id, (o.reported_at at time zone o.zone)::date as day, coalesce(o.fault_reason_id, 0),
         sum(o.s)::integer, sum(o.s * coalesce(o.downtime_minutes, 0))::bigint
    from src o
   where o.state <> 'cancelled' and o.reported_at is not null
   group by 1, 2, 3
  having sum(o.s) <> 0 or sum(o.s * coalesce(o.downtime_minutes, 0)) <> 0
   order by 1, 2, 3
  on conflict (tenant_id, day, fault_reason_id) do update set
    failures = r.failures + excluded.failures, downtime_min = r.downtime_min + excluded.downtime_min;
end $$;

-- As in 0035, with the response time, fault reason and recorded downtime among what the figures depend on, and the
-- person and reason days kept too.
create or replace function eam_repair_figures_apply() returns trigger language plpgsql as $$
declare
  gone repair_orders[];
  came repair_orders[];
begin
  if tg_op = 'INSERT' then
    select array_agg(n) into came from new_rows n;
  elsif tg_op = 'DELETE' then
    select array_agg(o) into gone from old_rows o;
  else
    -- Asked first on its own: this answers in a fraction of the time the arrays take.
    if not exists (select 1 from old_rows o join new_rows n on n.tenant_id = o.tenant_id and n.id = o.id
                    where (o.tenant_id, o.equipment_id, o.assignee_id,
                           (o.state = 'cancelled')::int + 2 * (o.state in ('finished', 'checked'))::int, o.stopped,
                           o.reported_at, o.finished_at, o.repair_minutes, o.response_minutes, o.fault_reason_id, o.downtime_minutes, o.labour_cost, o.parts_cost,
                           o.external_cost, o.total_cost)
                          is distinct from
                          (n.tenant_id, n.equipment_id, n.assignee_id,
                           (n.state = 'cancelled')::int + 2 * (n.state in ('finished', 'checked'))::int, n.stopped,
                           n.reported_at, n.finished_at, n.repair_minutes, n.response_minutes, n.fault_reason_id, n.downtime_minutes, n.labour_cost, n.parts_cost,
                           n.external_cost, n.total_cost)) then
      return null;
    end if;
    select array_agg(o), array_agg(n) into gone, came
      from old_rows o join new_rows n on n.tenant_id = o.tenant_id and n.id = o.id
     where (o.tenant_id, o.equipment_id, o.assignee_id,
            (o.state = 'cancelled')::int + 2 * (o.state in ('finished', 'checked'))::int, o.stopped, o.reported_at,
            o.finished_at, o.repair_minutes, o.response_minutes, o.fault_reason_id, o.downtime_minutes, o.labour_cost, o.parts_cost, o.external_cost, o.total_cost)
           is distinct from
           (n.tenant_id, n.equipment_id, n.assignee_id,
            (n.state = 'cancelled')::int + 2 * (n.state in ('finished', 'checked'))::int, n.stopped, n.reported_at,
            n.finished_at, n.repair_minutes, n.response_minutes, n.fault_reason_id, n.downtime_minutes, n.labour_cost, n.parts_cost, n.external_cost, n.total_cost);
  end if;
  perform eam_repair_figures_add(gone, came);
  perform eam_order_days_add(gone, came, true);
  return null;
end $$;

-- A machine deleted or restored takes its orders out of the person and reason days or back in. The machine is locked FOR
-- UPDATE first: an order written meanwhile (eam_order_days_add holds it FOR KEY SHARE) commits before the
-- orders are read, or waits and then sees the machine as it is now.
create or replace function eam_order_days_move() returns trigger language plpgsql as $$
declare
  gone repair_orders[];
  came repair_orders[];
begin
  if not exists (select 1 from old_rows o join new_rows n on n.tenant_id = o.tenant_id and n.id = o.id
                  where (o.deleted_at is null) <> (n.deleted_at is null)) then
    return null;
  end if;
  perform 1 from equipment e
   where (e.tenant_id, e.id) in (select n.tenant_id, n.id from old_rows o join new_rows n
                                    on n.tenant_id = o.tenant_id and n.id = o.id
                                 where (o.deleted_at is null) <> (n.deleted_at is null))
   order by e.tenant_id, e.id for update;
  select array_agg(r) filter (where n.deleted_at is not null), array_agg(r) filter (where n.deleted_at is null)
    into gone, came
    from old_rows o join new_rows n on n.tenant_id = o.tenant_id and n.id = o.id
    join repair_orders r on r.tenant_id = n.tenant_id and r.equipment_id = n.id
   where (o.deleted_at is null) <> (n.deleted_at is null);
  perform eam_order_days_add(gone, came, false);
  return null;
end $$;

create trigger equipment_order_days_upd after update on equipment
  referencing old table as old_rows new table as new_rows for each statement execute function eam_order_days_move();

-- As in 0047, clearing and remaking the person and reason days too (a new time zone moves the days).
create or replace function eam_repair_figures_rebuild(tenant bigint) returns void language plpgsql as $$
declare
  chunk repair_orders[];
begin
  delete from repair_day_figures where tenant_id = tenant;
  delete from repair_place_days where tenant_id = tenant;
  delete from repair_person_days where tenant_id = tenant;
  delete from repair_reason_days where tenant_id = tenant;
  delete from repair_live_stops where tenant_id = tenant;
  for chunk in select array_agg(x) from repair_orders x where x.tenant_id = tenant group by x.id / 20000 loop
    perform eam_repair_figures_add(null, chunk);
    perform eam_order_days_add(null, chunk, true);
  end loop;
end $$;

insert into repair_person_days (tenant_id, day, assignee_id, done, response_min, responses, repair_min, repairs_timed)
select o.tenant_id, (o.finished_at at time zone eam_report_zone(c.timezone))::date, o.assignee_id, count(*),
       coalesce(sum(o.response_minutes), 0), count(o.response_minutes), coalesce(sum(o.repair_minutes), 0),
       count(o.repair_minutes)
  from repair_orders o
  join companies c on c.id = o.tenant_id
 where o.state in ('finished', 'checked') and o.finished_at is not null and o.assignee_id is not null
   and (o.equipment_id is null
        or not exists (select 1 from equipment e where e.tenant_id = o.tenant_id and e.id = o.equipment_id
                                                    and e.deleted_at is not null))
 group by 1, 2, 3;
analyze repair_person_days;

insert into repair_reason_days (tenant_id, day, fault_reason_id, failures, downtime_min)
select o.tenant_id, (o.reported_at at time zone eam_report_zone(c.timezone))::date, coalesce(o.fault_reason_id, 0),
       count(*), sum(coalesce(o.downtime_minutes, 0))
  from repair_orders o
  join companies c on c.id = o.tenant_id
 where o.state <> 'cancelled' and o.reported_at is not null
   and (o.equipment_id is null
        or not exists (select 1 from equipment e where e.tenant_id = o.tenant_id and e.id = o.equipment_id
                                                    and e.deleted_at is not null))
 group by 1, 2, 3;
analyze repair_reason_days;
