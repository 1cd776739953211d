-- The parts issued per day (in the tenant's zone), machine, repair order and check task served (0 for none): the
-- parts cost per machine, category or workshop with the orders and tasks served (sparecostList) and the
-- consumption per machine (spareChart) read these instead of the issues. A year of the large tenant is about
-- 1.6 million issues and a few hundred thousand of these rows: an order's parts are issued on a day or two.
-- Kept per day, not month, so that a period of any days reads these rows alone. The machine is the one recorded
-- on the issue; its place and whether it is deleted are read with the report, as the issues read one by one are.
create table spare_job_days (
  tenant_id bigint not null references companies(id) on delete cascade,
  day date not null,
  equipment_id bigint not null default 0,
  order_id bigint not null default 0,
  check_task_id bigint not null default 0,
  quantity numeric not null default 0,
  amount numeric not null default 0,
  lines integer not null default 0,
  -- A machine's rows one after another, with what the reports sum: a period's rows are summed per machine from this
  -- key alone, in its order.
  primary key (tenant_id, equipment_id, order_id, check_task_id, day) include (quantity, amount, lines)
);
-- A short period's rows.
create index spare_job_days_day_idx on spare_job_days (tenant_id, day);
select eam_protect('spare_job_days');

-- Adds signed sums (-1 for the movements gone, 1 for those come) to the days, in key order so that two writers
-- never wait for each other crosswise. A row whose issues are all gone stays with zeros; the reports skip it.
create or replace function eam_spare_job_days_add(gone spare_moves[], came spare_moves[])
returns void language plpgsql as $$
begin
  insert into spare_job_days as j (tenant_id, day, equipment_id, order_id, check_task_id, quantity, amount, lines)
  select x.tenant_id, (x.moved_at at time zone z.zone)::date, coalesce(x.equipment_id, 0), coalesce(x.order_id, 0),
         coalesce(x.check_task_id, 0), sum(x.s * coalesce(x.quantity, 0)), sum(x.s * coalesce(x.amount, 0)),
         sum(x.s)::integer
    from (select g.tenant_id, g.kind, g.moved_at, g.equipment_id, g.order_id, g.check_task_id, g.quantity, g.amount,
                 -1 as s
            from unnest(gone) g
          union all
          select c.tenant_id, c.kind, c.moved_at, c.equipment_id, c.order_id, c.check_task_id, c.quantity, c.amount, 1
            from unnest(came) c) x
    join (select c.id, eam_report_zone(c.timezone) as zone from companies c) z on z.id = x.tenant_id
   where x.kind = 'out'
   group by 1, 2, 3, 4, 5
  having sum(x.s) <> 0 or sum(x.s * coalesce(x.quantity, 0)) <> 0 or sum(x.s * coalesce(x.amount, 0)) <> 0
   order by 1, 3, 4, 5, 2
  on conflict (tenant_id, equipment_id, order_id, check_task_id, day) do update set
    quantity = j.quantity + excluded.quantity, amount = j.amount + excluded.amount, lines = j.lines + excluded.lines;
end $$;

-- Kept by the statement triggers that keep the months (0049, 0051): what they called to add the months now adds
-- the days too.
alter function eam_spare_months_add(spare_moves[], spare_moves[]) rename to eam_spare_part_place_months_add;
create or replace function eam_spare_months_add(gone spare_moves[], came spare_moves[])
returns void language plpgsql as $$
begin
  perform eam_spare_part_place_months_add(gone, came);
  perform eam_spare_job_days_add(gone, came);
end $$;

-- An issue put on another order or task moves too (0051's trigger, with the order and the task).
create or replace function eam_spare_months_upd() returns trigger language plpgsql as $$
declare
  gone spare_moves[];
  came spare_moves[];
begin
  select array_agg(o), array_agg(n) into gone, came
    from old_rows o join new_rows n on n.tenant_id = o.tenant_id and n.id = o.id
   where (o.kind = 'out' or n.kind = 'out')
     and (o.kind, o.moved_at, o.spare_part_id, o.quantity, o.amount, o.equipment_id, o.order_id, o.check_task_id)
         is distinct from (n.kind, n.moved_at, n.spare_part_id, n.quantity, n.amount, n.equipment_id, n.order_id,
                           n.check_task_id);
  if gone is not null then
    perform eam_spare_months_add(gone, came);
  end if;
  return null;
end $$;

create or replace function eam_spare_job_days_rebuild(tenant bigint) returns void language plpgsql as $$
begin
  delete from spare_job_days where tenant_id = tenant;
  insert into spare_job_days (tenant_id, day, equipment_id, order_id, check_task_id, quantity, amount, lines)
  select mv.tenant_id, (mv.moved_at at time zone eam_report_zone(c.timezone))::date, coalesce(mv.equipment_id, 0),
         coalesce(mv.order_id, 0), coalesce(mv.check_task_id, 0), sum(coalesce(mv.quantity, 0)),
         sum(coalesce(mv.amount, 0)), count(*)
    from spare_moves mv join companies c on c.id = mv.tenant_id
   where mv.tenant_id = tenant and mv.kind = 'out'
   group by 1, 2, 3, 4, 5;
end $$;

-- Made afresh with the months when the tenant changes its zone (0049's trigger calls this).
alter function eam_spare_months_rebuild(bigint) rename to eam_spare_part_place_months_rebuild;
create or replace function eam_spare_months_rebuild(tenant bigint) returns void language plpgsql as $$
begin
  perform eam_spare_part_place_months_rebuild(tenant);
  perform eam_spare_job_days_rebuild(tenant);
end $$;

select eam_spare_job_days_rebuild(id) from companies;
analyze spare_job_days;
