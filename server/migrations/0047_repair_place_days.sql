-- The repair figures per day and place (workshop, line, category: 0 for none) of the machines not deleted: the
-- sums of repair_day_figures over each place's machines, kept in the same statements. A year's report by
-- workshop, line or category reads about 65,000 of these rows on the large tenant (179 places) instead of 1.27
-- million day figures grouped per machine and joined with 100,000 machines (docs/reports.md). A machine that
-- moves to another place, is deleted or restored takes its figures along (the trigger on equipment below).
create table repair_place_days (
  tenant_id bigint not null references companies(id) on delete cascade,
  day date not null,
  workshop_id bigint not null default 0,
  line_id bigint not null default 0,
  category_id bigint not null default 0,
  failures integer not null default 0,
  reported_min bigint not null default 0,
  labour_cost numeric not null default 0,
  parts_cost numeric not null default 0,
  external_cost numeric not null default 0,
  total_cost numeric not null default 0,
  repairs integer not null default 0,
  repair_min bigint not null default 0,
  downtime_sec bigint not null default 0,
  primary key (tenant_id, day, workshop_id, line_id, category_id)
);
select eam_protect('repair_place_days');

-- The days a machine was down longer than any day can be without stops that overlap (22 h, as OVERLAP_SEC in
-- machine-times.ts): the reports cut those machines' downtime at their planned time, and find them here.
create index repair_day_figures_long_idx on repair_day_figures (tenant_id, day) where downtime_sec > 79200;

-- Adds signed sums to the places' days, in key order so that two writers never wait for each other crosswise.
create or replace function eam_place_days_put(x repair_place_days[]) returns void language plpgsql as $$
begin
  insert into repair_place_days as p (tenant_id, day, workshop_id, line_id, category_id, failures, reported_min,
    labour_cost, parts_cost, external_cost, total_cost, repairs, repair_min, downtime_sec)
  select * from unnest(x) u order by u.tenant_id, u.day, u.workshop_id, u.line_id, u.category_id
  on conflict (tenant_id, day, workshop_id, line_id, category_id) do update set
    failures = p.failures + excluded.failures, reported_min = p.reported_min + excluded.reported_min,
    labour_cost = p.labour_cost + excluded.labour_cost, parts_cost = p.parts_cost + excluded.parts_cost,
    external_cost = p.external_cost + excluded.external_cost, total_cost = p.total_cost + excluded.total_cost,
    repairs = p.repairs + excluded.repairs, repair_min = p.repair_min + excluded.repair_min,
    downtime_sec = p.downtime_sec + excluded.downtime_sec;
end $$;

-- Adds signed day figures (as repair_day_figures rows) to their machines' places. The machines are locked FOR KEY
-- SHARE: a machine that moves meanwhile (FOR UPDATE in eam_place_days_move) waits for this transaction and then
-- carries these figures along, or this waits for the move and reads the new place. Key share conflicts with no
-- ordinary update of a machine (its status), only with that lock.
create or replace function eam_place_days_add(d repair_day_figures[]) returns void language plpgsql as $$
begin
  perform 1 from equipment e
   where (e.tenant_id, e.id) in (select x.tenant_id, x.equipment_id from unnest(d) x)
   order by e.tenant_id, e.id for key share;
  perform eam_place_days_put(array(
    select row(x.tenant_id, x.day, coalesce(e.workshop_id, 0), coalesce(e.line_id, 0), coalesce(e.category_id, 0),
               sum(x.failures)::integer, sum(x.reported_min)::bigint, sum(x.labour_cost), sum(x.parts_cost),
               sum(x.external_cost), sum(x.total_cost), sum(x.repairs)::integer, sum(x.repair_min)::bigint,
               sum(x.downtime_sec)::bigint)::repair_place_days
      from unnest(d) x
      join equipment e on e.tenant_id = x.tenant_id and e.id = x.equipment_id and e.deleted_at is null
     group by x.tenant_id, x.day, coalesce(e.workshop_id, 0), coalesce(e.line_id, 0), coalesce(e.category_id, 0)));
end $$;

-- As in 0035, with the same signed day figures also added to the places.
create or replace function eam_repair_figures_add(gone repair_orders[], came repair_orders[])
returns void language plpgsql as $$
declare
  d repair_day_figures[];
begin
  with src as (select g.*, -1 as s from unnest(gone) g union all select c.*, 1 as s from unnest(came) c),
  z as (select c.id, eam_report_zone(c.timezone) as zone from companies c
         where c.id in (select distinct tenant_id from src)),
  delta as (
    select r.tenant_id, x.day, r.equipment_id, coalesce(r.assignee_id, 0) as assignee_id,
           sum(r.s * x.failures)::integer as failures, sum(r.s * x.reported_min)::integer as reported_min,
           sum(r.s * x.labour_cost) as labour_cost, sum(r.s * x.parts_cost) as parts_cost,
           sum(r.s * x.external_cost) as external_cost, sum(r.s * x.total_cost) as total_cost,
           sum(r.s * x.repairs)::integer as repairs, sum(r.s * x.repair_min)::integer as repair_min,
           sum(r.s * x.downtime_sec)::integer as downtime_sec
      from src r join z on z.id = r.tenant_id
      cross join lateral eam_repair_contrib(r.state, r.stopped, r.reported_at, r.finished_at, r.repair_minutes,
        r.labour_cost, r.parts_cost, r.external_cost, r.total_cost, z.zone) x
     group by 1, 2, 3, 4)
  select array_agg(row(tenant_id, day, equipment_id, assignee_id, failures, reported_min, labour_cost, parts_cost,
                       external_cost, total_cost, repairs, repair_min, downtime_sec)::repair_day_figures
                   order by tenant_id, day, equipment_id, assignee_id)
    into d
    from delta
   where failures <> 0 or reported_min <> 0 or labour_cost <> 0 or parts_cost <> 0 or external_cost <> 0
      or total_cost <> 0 or repairs <> 0 or repair_min <> 0 or downtime_sec <> 0;
  if d is not null then
    insert into repair_day_figures as f (tenant_id, day, equipment_id, assignee_id, failures, reported_min,
      labour_cost, parts_cost, external_cost, total_cost, repairs, repair_min, downtime_sec)
    select * from unnest(d)
    on conflict (tenant_id, day, equipment_id, assignee_id) do update set
      failures = f.failures + excluded.failures, reported_min = f.reported_min + excluded.reported_min,
      labour_cost = f.labour_cost + excluded.labour_cost, parts_cost = f.parts_cost + excluded.parts_cost,
      external_cost = f.external_cost + excluded.external_cost, total_cost = f.total_cost + excluded.total_cost,
      repairs = f.repairs + excluded.repairs, repair_min = f.repair_min + excluded.repair_min,
      downtime_sec = f.downtime_sec + excluded.downtime_sec;
    perform eam_place_days_add(d);
  end if;
  delete from repair_live_stops l using unnest(gone) g where l.tenant_id = g.tenant_id and l.order_id = g.id;
  insert into repair_live_stops (tenant_id, order_id, equipment_id, assignee_id, reported_at)
  select c.tenant_id, c.id, c.equipment_id, coalesce(c.assignee_id, 0), c.reported_at from unnest(came) c
   where c.stopped and c.state <> 'cancelled' and c.reported_at is not null
     and not (c.state in ('finished', 'checked') and c.finished_at is not null);
end $$;

create or replace function eam_repair_figures_rebuild(tenant bigint) returns void language plpgsql as $$
declare
  chunk repair_orders[];
begin
  delete from repair_day_figures where tenant_id = tenant;
  delete from repair_place_days where tenant_id = tenant;
  delete from repair_live_stops where tenant_id = tenant;
  for chunk in select array_agg(x) from repair_orders x where x.tenant_id = tenant group by x.id / 20000 loop
    perform eam_repair_figures_add(null, chunk);
  end loop;
end $$;

-- A machine whose place changes, or that is deleted or restored (or removed), takes its day figures from the
-- place it counted in to the one it counts in now. Statement triggers with the changed rows, so an import that
-- moves thousands of machines moves their figures in one statement.
create type eam_place_move as (tenant_id bigint, id bigint, workshop_id bigint, line_id bigint, category_id bigint,
  s integer);

create or replace function eam_place_days_shift(moves eam_place_move[]) returns void language plpgsql as $$
begin
  perform eam_place_days_put(array(
    select row(f.tenant_id, f.day, coalesce(m.workshop_id, 0), coalesce(m.line_id, 0), coalesce(m.category_id, 0),
               sum(m.s * f.failures)::integer, sum(m.s * f.reported_min)::bigint, sum(m.s * f.labour_cost),
               sum(m.s * f.parts_cost), sum(m.s * f.external_cost), sum(m.s * f.total_cost),
               sum(m.s * f.repairs)::integer, sum(m.s * f.repair_min)::bigint,
               sum(m.s * f.downtime_sec::bigint)::bigint)::repair_place_days
      from unnest(moves) m
      join repair_day_figures f on f.tenant_id = m.tenant_id and f.equipment_id = m.id
     group by f.tenant_id, f.day, coalesce(m.workshop_id, 0), coalesce(m.line_id, 0), coalesce(m.category_id, 0)));
end $$;

create or replace function eam_place_days_move() returns trigger language plpgsql as $$
declare
  moves eam_place_move[];
begin
  if tg_op = 'DELETE' then
    -- Removed with their company (its figures go with it): nothing to move.
    select array_agg(row(o.tenant_id, o.id, o.workshop_id, o.line_id, o.category_id, -1)::eam_place_move)
      into moves
      from old_rows o where o.deleted_at is null and exists (select 1 from companies c where c.id = o.tenant_id);
  else
    select array_agg(x.mv) into moves from (
      select row(o.tenant_id, o.id, o.workshop_id, o.line_id, o.category_id, -1)::eam_place_move as mv
        from old_rows o join new_rows n on n.tenant_id = o.tenant_id and n.id = o.id
       where o.deleted_at is null
         and (o.workshop_id, o.line_id, o.category_id, n.deleted_at is null)
             is distinct from (n.workshop_id, n.line_id, n.category_id, true)
      union all
      select row(n.tenant_id, n.id, n.workshop_id, n.line_id, n.category_id, 1)::eam_place_move
        from old_rows o join new_rows n on n.tenant_id = o.tenant_id and n.id = o.id
       where n.deleted_at is null
         and (o.workshop_id, o.line_id, o.category_id, o.deleted_at is null)
             is distinct from (n.workshop_id, n.line_id, n.category_id, true)) x;
    if moves is null then
      return null;
    end if;
    -- Wait for the transactions adding figures to these machines (eam_place_days_add): their figures move too.
    perform 1 from equipment e where (e.tenant_id, e.id) in (select m.tenant_id, m.id from unnest(moves) m)
     order by e.tenant_id, e.id for update;
  end if;
  if moves is not null then
    perform eam_place_days_shift(moves);
  end if;
  return null;
end $$;

create trigger equipment_place_days_upd after update on equipment
  referencing old table as old_rows new table as new_rows for each statement execute function eam_place_days_move();
create trigger equipment_place_days_del after delete on equipment
  referencing old table as old_rows for each statement execute function eam_place_days_move();

insert into repair_place_days (tenant_id, day, workshop_id, line_id, category_id, failures, reported_min,
  labour_cost, parts_cost, external_cost, total_cost, repairs, repair_min, downtime_sec)
select f.tenant_id, f.day, coalesce(e.workshop_id, 0), coalesce(e.line_id, 0), coalesce(e.category_id, 0),
       sum(f.failures), sum(f.reported_min), sum(f.labour_cost), sum(f.parts_cost), sum(f.external_cost),
       sum(f.total_cost), sum(f.repairs), sum(f.repair_min), sum(f.downtime_sec::bigint)
  from repair_day_figures f
  join equipment e on e.tenant_id = f.tenant_id and e.id = f.equipment_id and e.deleted_at is null
 group by 1, 2, 3, 4, 5;
analyze repair_place_days;
