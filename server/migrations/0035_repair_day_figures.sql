-- The repair orders' figures per machine, assignee and day of the tenant's time zone, kept by triggers in the
-- writing transaction: the reports and the home panel read a year of figures from here instead of walking a
-- million orders and splitting each stop over the days it spans (docs/reports.md). Only what no longer changes
-- with the clock is kept: a stop not yet finished counts its downtime up to now; the same triggers keep those
-- stops in repair_live_stops, which the reports walk up to now.

-- The zone a tenant's days are cut in: its company's time zone, UTC when unset or unknown to PostgreSQL (the
-- operator's form accepts only zones the server knows, so the reports and these rows agree).
create or replace function eam_report_zone(zone text) returns text language plpgsql stable as $$
begin
  if zone is null or zone = '' then return 'UTC'; end if;
  perform now() at time zone zone;
  return zone;
exception when others then
  return 'UTC';
end $$;

create table repair_day_figures (
  tenant_id bigint not null references companies(id) on delete cascade,
  day date not null,
  equipment_id bigint not null,
  -- 0 for an order without an assignee (the person filter narrows to one assignee).
  assignee_id bigint not null default 0,
  -- Orders reported that day (cancelled ones never count), with their repair minutes and costs.
  failures integer not null default 0,
  reported_min integer not null default 0,
  labour_cost numeric not null default 0,
  parts_cost numeric not null default 0,
  external_cost numeric not null default 0,
  total_cost numeric not null default 0,
  -- Orders finished (finished or checked) that day and their repair minutes.
  repairs integer not null default 0,
  repair_min integer not null default 0,
  -- Seconds of that day inside the stop of a finished stopping order (reported -> finished). Whole numbers: the
  -- sums stay exact as orders come and go, and integers add up faster than numeric over a year of rows.
  downtime_sec integer not null default 0,
  primary key (tenant_id, day, equipment_id, assignee_id)
);
create index repair_day_figures_equipment_idx on repair_day_figures (tenant_id, equipment_id, day);
select eam_protect('repair_day_figures');

-- What one order adds to the days: a failure and its costs on the day it was reported, a repair on the day it
-- finished, and its stop split over the days it spans once it is finished.
create or replace function eam_repair_contrib(state text, stopped boolean, reported_at timestamptz,
  finished_at timestamptz, repair_minutes integer, labour numeric, parts numeric, external numeric, total numeric,
  zone text)
returns table (day date, failures integer, reported_min integer, labour_cost numeric, parts_cost numeric,
  external_cost numeric, total_cost numeric, repairs integer, repair_min integer, downtime_sec integer)
language sql stable as $$
  select (reported_at at time zone zone)::date, 1, coalesce(repair_minutes, 0), coalesce(labour, 0),
         coalesce(parts, 0), coalesce(external, 0), coalesce(total, 0), 0, 0, 0
   where state <> 'cancelled' and reported_at is not null
  union all
  select (finished_at at time zone zone)::date, 0, 0, 0, 0, 0, 0, 1, coalesce(repair_minutes, 0), 0
   where state in ('finished', 'checked') and finished_at is not null and reported_at is not null
  union all
  select d::date, 0, 0, 0, 0, 0, 0, 0, 0,
         round(extract(epoch from (least(finished_at, (d + interval '1 day') at time zone zone)
                                   - greatest(reported_at, d at time zone zone))))::integer
    from generate_series((reported_at at time zone zone)::date::timestamp,
                         (finished_at at time zone zone)::date::timestamp, interval '1 day') as g(d)
   where stopped and state in ('finished', 'checked') and finished_at > reported_at
$$;

-- The stops whose downtime still grows with the clock, so the figures cannot keep it: a stopping order not
-- finished (any state but cancelled, and not finished or checked with a finish time). Exactly the orders whose
-- stop eam_repair_contrib leaves out; the reports walk these up to now.
create table repair_live_stops (
  tenant_id bigint not null references companies(id) on delete cascade,
  order_id bigint not null,
  equipment_id bigint not null,
  assignee_id bigint not null default 0,
  reported_at timestamptz not null,
  primary key (tenant_id, order_id)
);
select eam_protect('repair_live_stops');

-- Takes the figures of the orders as they were (gone) away and adds those of the orders as they are (came), in
-- key order so that two writers never wait for each other crosswise; rows whose sums cancel out are not touched.
-- Static statements over the rows as arrays: their plans are kept for the session (the same statements made as
-- text each time cost about 3 ms of planning per order saved).
create or replace function eam_repair_figures_add(gone repair_orders[], came repair_orders[])
returns void language plpgsql as $$
begin
  with src as (select g.*, -1 as s from unnest(gone) g union all select c.*, 1 as s from unnest(came) c),
  z as (select c.id, eam_report_zone(c.timezone) as zone from companies c
         where c.id in (select distinct tenant_id from src))
  insert into repair_day_figures as f (tenant_id, day, equipment_id, assignee_id, failures, reported_min,
    labour_cost, parts_cost, external_cost, total_cost, repairs, repair_min, downtime_sec)
  select r.tenant_id, x.day, r.equipment_id, coalesce(r.assignee_id, 0), sum(r.s * x.failures),
         sum(r.s * x.reported_min), sum(r.s * x.labour_cost), sum(r.s * x.parts_cost), sum(r.s * x.external_cost),
         sum(r.s * x.total_cost), sum(r.s * x.repairs), sum(r.s * x.repair_min), sum(r.s * x.downtime_sec)
    from src r join z on z.id = r.tenant_id
    cross join lateral eam_repair_contrib(r.state, r.stopped, r.reported_at, r.finished_at, r.repair_minutes,
      r.labour_cost, r.parts_cost, r.external_cost, r.total_cost, z.zone) x
   group by 1, 2, 3, 4
  having sum(r.s * x.failures) <> 0 or sum(r.s * x.reported_min) <> 0 or sum(r.s * x.labour_cost) <> 0
      or sum(r.s * x.parts_cost) <> 0 or sum(r.s * x.external_cost) <> 0 or sum(r.s * x.total_cost) <> 0
      or sum(r.s * x.repairs) <> 0 or sum(r.s * x.repair_min) <> 0 or sum(r.s * x.downtime_sec) <> 0
   order by 1, 2, 3, 4
  on conflict (tenant_id, day, equipment_id, assignee_id) do update set
    failures = f.failures + excluded.failures, reported_min = f.reported_min + excluded.reported_min,
    labour_cost = f.labour_cost + excluded.labour_cost, parts_cost = f.parts_cost + excluded.parts_cost,
    external_cost = f.external_cost + excluded.external_cost, total_cost = f.total_cost + excluded.total_cost,
    repairs = f.repairs + excluded.repairs, repair_min = f.repair_min + excluded.repair_min,
    downtime_sec = f.downtime_sec + excluded.downtime_sec;
  delete from repair_live_stops l using unnest(gone) g where l.tenant_id = g.tenant_id and l.order_id = g.id;
  insert into repair_live_stops (tenant_id, order_id, equipment_id, assignee_id, reported_at)
  select c.tenant_id, c.id, c.equipment_id, coalesce(c.assignee_id, 0), c.reported_at from unnest(came) c
   where c.stopped and c.state <> 'cancelled' and c.reported_at is not null
     and not (c.state in ('finished', 'checked') and c.finished_at is not null);
end $$;

-- What an order's figures and live stop depend on: its state only as open, cancelled or closed (finished or
-- checked), so dispatching, accepting, starting and pausing change nothing. An update that changes none of these
-- (most do not) ends after one statement.
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
                           o.reported_at, o.finished_at, o.repair_minutes, o.labour_cost, o.parts_cost,
                           o.external_cost, o.total_cost)
                          is distinct from
                          (n.tenant_id, n.equipment_id, n.assignee_id,
                           (n.state = 'cancelled')::int + 2 * (n.state in ('finished', 'checked'))::int, n.stopped,
                           n.reported_at, n.finished_at, n.repair_minutes, n.labour_cost, n.parts_cost,
                           n.external_cost, n.total_cost)) then
      return null;
    end if;
    select array_agg(o), array_agg(n) into gone, came
      from old_rows o join new_rows n on n.tenant_id = o.tenant_id and n.id = o.id
     where (o.tenant_id, o.equipment_id, o.assignee_id,
            (o.state = 'cancelled')::int + 2 * (o.state in ('finished', 'checked'))::int, o.stopped, o.reported_at,
            o.finished_at, o.repair_minutes, o.labour_cost, o.parts_cost, o.external_cost, o.total_cost)
           is distinct from
           (n.tenant_id, n.equipment_id, n.assignee_id,
            (n.state = 'cancelled')::int + 2 * (n.state in ('finished', 'checked'))::int, n.stopped, n.reported_at,
            n.finished_at, n.repair_minutes, n.labour_cost, n.parts_cost, n.external_cost, n.total_cost);
  end if;
  perform eam_repair_figures_add(gone, came);
  return null;
end $$;

create trigger repair_orders_figures_ins after insert on repair_orders
  referencing new table as new_rows for each statement execute function eam_repair_figures_apply();
create trigger repair_orders_figures_upd after update on repair_orders
  referencing old table as old_rows new table as new_rows for each statement execute function eam_repair_figures_apply();
create trigger repair_orders_figures_del after delete on repair_orders
  referencing old table as old_rows for each statement execute function eam_repair_figures_apply();

-- A tenant's figures made again from its orders: when its days are cut in another zone, and to fill the table
-- (in chunks of orders, so a large tenant never holds all its orders in one array).
create or replace function eam_repair_figures_rebuild(tenant bigint) returns void language plpgsql as $$
declare
  chunk repair_orders[];
begin
  delete from repair_day_figures where tenant_id = tenant;
  delete from repair_live_stops where tenant_id = tenant;
  for chunk in select array_agg(x) from repair_orders x where x.tenant_id = tenant group by x.id / 20000 loop
    perform eam_repair_figures_add(null, chunk);
  end loop;
end $$;

create or replace function eam_repair_figures_rezone() returns trigger language plpgsql as $$
begin
  if eam_report_zone(old.timezone) <> eam_report_zone(new.timezone) then
    perform eam_repair_figures_rebuild(new.id);
  end if;
  return null;
end $$;

create trigger companies_repair_figures_zone after update of timezone on companies
  for each row when (old.timezone is distinct from new.timezone) execute function eam_repair_figures_rezone();

select eam_repair_figures_rebuild(id) from companies;
analyze repair_day_figures;
analyze repair_live_stops;
