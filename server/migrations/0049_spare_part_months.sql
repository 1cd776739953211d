-- The parts issued per month of the tenant's time zone and part: the sums of the posted issues (spare_moves of
-- kind out), kept in the writing statement by the triggers below. A year's consumption by part reads about 60,000
-- of these rows on the large tenant (5,000 parts) and the days at the period's two ends from the movements,
-- instead of 1.6 million movements (docs/reports.md). A missing part is kept as 0, a missing quantity or amount
-- as 0 (posting always writes both); `lines` counts the movements, so a month whose issues were all taken back
-- reads as none.
create table spare_part_months (
  tenant_id bigint not null references companies(id) on delete cascade,
  month date not null,
  spare_part_id bigint not null default 0,
  quantity numeric not null default 0,
  amount numeric not null default 0,
  lines integer not null default 0,
  primary key (tenant_id, month, spare_part_id)
);
select eam_protect('spare_part_months');

-- Adds the movements that came and takes off those that went, in key order so that two writers never wait for
-- each other crosswise.
create or replace function eam_spare_months_add(gone spare_moves[], came spare_moves[])
returns void language plpgsql as $$
begin
  insert into spare_part_months as m (tenant_id, month, spare_part_id, quantity, amount, lines)
  select x.tenant_id, date_trunc('month', x.moved_at at time zone z.zone)::date, coalesce(x.spare_part_id, 0),
         sum(x.s * coalesce(x.quantity, 0)), sum(x.s * coalesce(x.amount, 0)), sum(x.s)::integer
    from (select g.tenant_id, g.kind, g.moved_at, g.spare_part_id, g.quantity, g.amount, -1 as s from unnest(gone) g
          union all
          select c.tenant_id, c.kind, c.moved_at, c.spare_part_id, c.quantity, c.amount, 1 from unnest(came) c) x
    join (select c.id, eam_report_zone(c.timezone) as zone from companies c) z on z.id = x.tenant_id
   where x.kind = 'out'
   group by 1, 2, 3
  having sum(x.s) <> 0 or sum(x.s * coalesce(x.quantity, 0)) <> 0 or sum(x.s * coalesce(x.amount, 0)) <> 0
   order by 1, 2, 3
  on conflict (tenant_id, month, spare_part_id) do update set
    quantity = m.quantity + excluded.quantity, amount = m.amount + excluded.amount, lines = m.lines + excluded.lines;
end $$;

create or replace function eam_spare_months_ins() returns trigger language plpgsql as $$
declare
  came spare_moves[];
begin
  select array_agg(n) into came from new_rows n where n.kind = 'out';
  if came is not null then
    perform eam_spare_months_add(null, came);
  end if;
  return null;
end $$;

-- Only the rows whose month, part or figures changed (a movement is posted once; this keeps any later correction).
create or replace function eam_spare_months_upd() returns trigger language plpgsql as $$
declare
  gone spare_moves[];
  came spare_moves[];
begin
  select array_agg(o), array_agg(n) into gone, came
    from old_rows o join new_rows n on n.tenant_id = o.tenant_id and n.id = o.id
   where (o.kind = 'out' or n.kind = 'out')
     and (o.kind, o.moved_at, o.spare_part_id, o.quantity, o.amount)
         is distinct from (n.kind, n.moved_at, n.spare_part_id, n.quantity, n.amount);
  if gone is not null then
    perform eam_spare_months_add(gone, came);
  end if;
  return null;
end $$;

-- Removed with their company (its months go with it): nothing to take off.
create or replace function eam_spare_months_del() returns trigger language plpgsql as $$
declare
  gone spare_moves[];
begin
  select array_agg(o) into gone from old_rows o
   where o.kind = 'out' and exists (select 1 from companies c where c.id = o.tenant_id);
  if gone is not null then
    perform eam_spare_months_add(gone, null);
  end if;
  return null;
end $$;

create trigger spare_moves_months_ins after insert on spare_moves
  referencing new table as new_rows for each statement execute function eam_spare_months_ins();
create trigger spare_moves_months_upd after update on spare_moves
  referencing old table as old_rows new table as new_rows for each statement execute function eam_spare_months_upd();
create trigger spare_moves_months_del after delete on spare_moves
  referencing old table as old_rows for each statement execute function eam_spare_months_del();

-- A tenant's months made again from its movements: when its months are cut in another zone, and to fill the table.
create or replace function eam_spare_months_rebuild(tenant bigint) returns void language plpgsql as $$
begin
  delete from spare_part_months where tenant_id = tenant;
  insert into spare_part_months (tenant_id, month, spare_part_id, quantity, amount, lines)
  select mv.tenant_id, date_trunc('month', mv.moved_at at time zone eam_report_zone(c.timezone))::date,
         coalesce(mv.spare_part_id, 0), sum(coalesce(mv.quantity, 0)), sum(coalesce(mv.amount, 0)), count(*)
    from spare_moves mv join companies c on c.id = mv.tenant_id
   where mv.tenant_id = tenant and mv.kind = 'out'
   group by 1, 2, 3;
end $$;

create or replace function eam_spare_months_rezone() returns trigger language plpgsql as $$
begin
  if eam_report_zone(old.timezone) <> eam_report_zone(new.timezone) then
    perform eam_spare_months_rebuild(new.id);
  end if;
  return null;
end $$;

create trigger companies_spare_months_zone after update of timezone on companies
  for each row when (old.timezone is distinct from new.timezone) execute function eam_spare_months_rezone();

select eam_spare_months_rebuild(id) from companies;
analyze spare_part_months;
