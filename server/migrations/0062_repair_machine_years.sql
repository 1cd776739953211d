-- The failures per machine and year of the tenant's days, summed from repair_day_figures by the trigger below in the
-- same statements, as running totals: failures[k] counts months 1 to k, so months a to b are failures[b] minus
-- failures[a - 1]. The rankings of every machine sum a period's whole months from here, a row per machine and year,
-- and only the days of the months the period cuts from the day figures: a year over the large tenant reads about
-- 130,000 rows instead of a million days with a failure (docs/reports.md "A page of machines"). Every person: the
-- person filter still sums the day figures, which keep the assignee.
create table repair_machine_years (
  tenant_id bigint not null references companies(id) on delete cascade,
  equipment_id bigint not null,
  year integer not null,
  failures integer[] not null,
  primary key (tenant_id, equipment_id, year) include (failures)
);
select eam_protect('repair_machine_years');

-- Two years' running totals added month by month.
create or replace function eam_months_add(a integer[], b integer[]) returns integer[] language sql immutable as $$
  select array_agg(x + y order by i) from unnest(a, b) with ordinality as u(x, y, i)
$$;

-- Adds the failures of day figures, signed (the gone count minus), to their machines' years, in key order so that two
-- writers never wait for each other crosswise.
create or replace function eam_machine_years_add(gone repair_day_figures[], came repair_day_figures[])
returns void language plpgsql as $$
begin
  with delta as (
    select g.tenant_id, g.equipment_id, g.day, -g.failures as failures from unnest(gone) g
    union all select c.tenant_id, c.equipment_id, c.day, c.failures from unnest(came) c),
  m as (select tenant_id, equipment_id, extract(year from day)::integer as year,
               extract(month from day)::integer as month, sum(failures)::integer as failures
          from delta group by 1, 2, 3, 4 having sum(failures) <> 0),
  c as (select k.tenant_id, k.equipment_id, k.year, g.month,
               sum(coalesce(m.failures, 0)) over (partition by k.tenant_id, k.equipment_id, k.year order by g.month)
                 ::integer as upto
          from (select distinct tenant_id, equipment_id, year from m) k
         cross join generate_series(1, 12) as g(month)
          left join m on (m.tenant_id, m.equipment_id, m.year, m.month) = (k.tenant_id, k.equipment_id, k.year, g.month))
  insert into repair_machine_years as r (tenant_id, equipment_id, year, failures)
  select tenant_id, equipment_id, year, array_agg(upto order by month) from c
   group by tenant_id, equipment_id, year
   order by tenant_id, equipment_id, year
  on conflict (tenant_id, equipment_id, year) do update set failures = eam_months_add(r.failures, excluded.failures);
end $$;

-- The day figures' writes (eam_repair_figures_add, the rebuild) carried to the years; an update that leaves every
-- day's failures as they were adds nothing.
create or replace function eam_machine_years_apply() returns trigger language plpgsql as $$
declare
  gone repair_day_figures[];
  came repair_day_figures[];
begin
  if tg_op = 'INSERT' then
    select array_agg(n) into came from new_rows n where n.failures <> 0;
  elsif tg_op = 'DELETE' then
    -- A company deleted takes its years along (on delete cascade): nothing to subtract from.
    select array_agg(o) into gone from old_rows o
     where o.failures <> 0 and exists (select 1 from companies c where c.id = o.tenant_id);
  else
    select array_agg(o), array_agg(n) into gone, came
      from old_rows o join new_rows n
        on (n.tenant_id, n.day, n.equipment_id, n.assignee_id) = (o.tenant_id, o.day, o.equipment_id, o.assignee_id)
     where n.failures <> o.failures;
  end if;
  if gone is not null or came is not null then
    perform eam_machine_years_add(gone, came);
  end if;
  return null;
end $$;

create trigger repair_day_figures_years_ins after insert on repair_day_figures
  referencing new table as new_rows for each statement execute function eam_machine_years_apply();
create trigger repair_day_figures_years_upd after update on repair_day_figures
  referencing old table as old_rows new table as new_rows for each statement execute function eam_machine_years_apply();
create trigger repair_day_figures_years_del after delete on repair_day_figures
  referencing old table as old_rows for each statement execute function eam_machine_years_apply();

select eam_machine_years_add(null, array_agg(f))
  from repair_day_figures f where f.failures <> 0 group by f.tenant_id, f.equipment_id / 20000;
analyze repair_machine_years;

-- The machines not deleted in key order with what a ranking sorts and filters them by: the rankings of every machine
-- join 100,000 of them with their failures without reading the table.
create index equipment_ranked_idx on equipment (tenant_id, id) include (code, name, workshop_id, line_id, category_id)
  where deleted_at is null;
