-- The parts issued per month and place (workshop, line, category of the machine served; 0 for none) of the
-- machines not deleted: kept beside spare_part_months (0049) by the same statements. An issue to a cost centre, to
-- a route's task or to a deleted machine counts under no place, as the issues read one by one do. A year's
-- consumption by workshop or category reads about 2,000 of these rows on the large tenant instead of joining 1.6
-- million issues with their machines (docs/reports.md). A machine that moves to another place, is deleted or
-- restored takes its issues along (the trigger on equipment below), as the repair place days do (0047).
create table spare_place_months (
  tenant_id bigint not null references companies(id) on delete cascade,
  month date not null,
  workshop_id bigint not null default 0,
  line_id bigint not null default 0,
  category_id bigint not null default 0,
  quantity numeric not null default 0,
  amount numeric not null default 0,
  lines integer not null default 0,
  primary key (tenant_id, month, workshop_id, line_id, category_id)
);
select eam_protect('spare_place_months');

-- Adds signed sums to the places' months, in key order so that two writers never wait for each other crosswise.
create or replace function eam_spare_place_put(x spare_place_months[]) returns void language plpgsql as $$
begin
  insert into spare_place_months as p (tenant_id, month, workshop_id, line_id, category_id, quantity, amount, lines)
  select * from unnest(x) u
   where u.lines <> 0 or u.quantity <> 0 or u.amount <> 0
   order by u.tenant_id, u.month, u.workshop_id, u.line_id, u.category_id
  on conflict (tenant_id, month, workshop_id, line_id, category_id) do update set
    quantity = p.quantity + excluded.quantity, amount = p.amount + excluded.amount, lines = p.lines + excluded.lines;
end $$;

-- As in 0049, with the same issues also added to their machines' places. The machines are locked FOR KEY SHARE, as
-- eam_place_days_add does: a machine that moves meanwhile waits for this transaction and then carries these issues
-- along, or this waits for the move and reads the new place.
create type eam_spare_delta as (tenant_id bigint, month date, spare_part_id bigint, equipment_id bigint,
  quantity numeric, amount numeric, lines integer);

create or replace function eam_spare_months_add(gone spare_moves[], came spare_moves[])
returns void language plpgsql as $$
declare
  d eam_spare_delta[];
begin
  select array_agg(row(x.tenant_id, x.month, x.spare_part_id, x.equipment_id, x.quantity, x.amount, x.lines)::eam_spare_delta)
    into d
    from (select y.tenant_id, date_trunc('month', y.moved_at at time zone z.zone)::date as month,
                 coalesce(y.spare_part_id, 0) as spare_part_id, y.equipment_id,
                 sum(y.s * coalesce(y.quantity, 0)) as quantity, sum(y.s * coalesce(y.amount, 0)) as amount,
                 sum(y.s)::integer as lines
            from (select g.tenant_id, g.kind, g.moved_at, g.spare_part_id, g.equipment_id, g.quantity, g.amount, -1 as s
                    from unnest(gone) g
                  union all
                  select c.tenant_id, c.kind, c.moved_at, c.spare_part_id, c.equipment_id, c.quantity, c.amount, 1
                    from unnest(came) c) y
            join (select c.id, eam_report_zone(c.timezone) as zone from companies c) z on z.id = y.tenant_id
           where y.kind = 'out'
           group by 1, 2, 3, 4) x;
  if d is null then
    return;
  end if;

  insert into spare_part_months as m (tenant_id, month, spare_part_id, quantity, amount, lines)
  select u.tenant_id, u.month, u.spare_part_id, sum(u.quantity), sum(u.amount), sum(u.lines)::integer
    from unnest(d) u
   group by 1, 2, 3
  having sum(u.lines) <> 0 or sum(u.quantity) <> 0 or sum(u.amount) <> 0
   order by 1, 2, 3
  on conflict (tenant_id, month, spare_part_id) do update set
    quantity = m.quantity + excluded.quantity, amount = m.amount + excluded.amount, lines = m.lines + excluded.lines;

  perform 1 from equipment e
   where (e.tenant_id, e.id) in (select u.tenant_id, u.equipment_id from unnest(d) u)
   order by e.tenant_id, e.id for key share;
  perform eam_spare_place_put(array(
    select row(u.tenant_id, u.month, coalesce(e.workshop_id, 0), coalesce(e.line_id, 0), coalesce(e.category_id, 0),
               sum(u.quantity), sum(u.amount), sum(u.lines)::integer)::spare_place_months
      from unnest(d) u
      left join equipment e on e.tenant_id = u.tenant_id and e.id = u.equipment_id and e.deleted_at is null
     group by u.tenant_id, u.month, coalesce(e.workshop_id, 0), coalesce(e.line_id, 0), coalesce(e.category_id, 0)));
end $$;

-- The machine an issue served now counts too.
create or replace function eam_spare_months_upd() returns trigger language plpgsql as $$
declare
  gone spare_moves[];
  came spare_moves[];
begin
  select array_agg(o), array_agg(n) into gone, came
    from old_rows o join new_rows n on n.tenant_id = o.tenant_id and n.id = o.id
   where (o.kind = 'out' or n.kind = 'out')
     and (o.kind, o.moved_at, o.spare_part_id, o.quantity, o.amount, o.equipment_id)
         is distinct from (n.kind, n.moved_at, n.spare_part_id, n.quantity, n.amount, n.equipment_id);
  if gone is not null then
    perform eam_spare_months_add(gone, came);
  end if;
  return null;
end $$;

-- A machine's issues moved from the place they counted in (s = -1) or to the one they count in now (s = 1).
create or replace function eam_spare_place_shift(moves eam_place_move[]) returns void language plpgsql as $$
begin
  perform eam_spare_place_put(array(
    select row(mv.tenant_id, date_trunc('month', mv.moved_at at time zone eam_report_zone(c.timezone))::date,
               coalesce(m.workshop_id, 0), coalesce(m.line_id, 0), coalesce(m.category_id, 0),
               sum(m.s * coalesce(mv.quantity, 0)), sum(m.s * coalesce(mv.amount, 0)), sum(m.s)::integer
              )::spare_place_months
      from unnest(moves) m
      join spare_moves mv on mv.tenant_id = m.tenant_id and mv.equipment_id = m.id and mv.kind = 'out'
      join companies c on c.id = mv.tenant_id
     group by mv.tenant_id, date_trunc('month', mv.moved_at at time zone eam_report_zone(c.timezone)),
              coalesce(m.workshop_id, 0), coalesce(m.line_id, 0), coalesce(m.category_id, 0)));
end $$;

-- A machine whose place changes, or that is deleted or restored (or removed), takes its issues from the place they
-- counted in to the one they count in now (none while deleted), as eam_place_days_move does with its repair days.
create or replace function eam_spare_place_move() returns trigger language plpgsql as $$
declare
  moves eam_place_move[];
begin
  if tg_op = 'DELETE' then
    select array_agg(row(o.tenant_id, o.id, o.workshop_id, o.line_id, o.category_id, -1)::eam_place_move)
      into moves
      from old_rows o where o.deleted_at is null and exists (select 1 from companies c where c.id = o.tenant_id);
  else
    select array_agg(x.mv) into moves from (
      select row(o.tenant_id, o.id, o.workshop_id, o.line_id, o.category_id, -1)::eam_place_move as mv
        from old_rows o join new_rows n on n.tenant_id = o.tenant_id and n.id = o.id
       where (o.workshop_id, o.line_id, o.category_id, o.deleted_at is null)
             is distinct from (n.workshop_id, n.line_id, n.category_id, n.deleted_at is null)
         and o.deleted_at is null
      union all
      select row(n.tenant_id, n.id, n.workshop_id, n.line_id, n.category_id, 1)::eam_place_move
        from old_rows o join new_rows n on n.tenant_id = o.tenant_id and n.id = o.id
       where (o.workshop_id, o.line_id, o.category_id, o.deleted_at is null)
             is distinct from (n.workshop_id, n.line_id, n.category_id, n.deleted_at is null)
         and n.deleted_at is null
      -- Deleted: its issues go to no place; restored: they leave it.
      union all
      select row(n.tenant_id, n.id, null, null, null, case when n.deleted_at is null then -1 else 1 end)::eam_place_move
        from old_rows o join new_rows n on n.tenant_id = o.tenant_id and n.id = o.id
       where (o.deleted_at is null) <> (n.deleted_at is null)) x;
    if moves is null then
      return null;
    end if;
    -- Wait for the transactions adding issues to these machines (eam_spare_months_add): their issues move too.
    perform 1 from equipment e where (e.tenant_id, e.id) in (select m.tenant_id, m.id from unnest(moves) m)
     order by e.tenant_id, e.id for update;
  end if;
  if moves is not null then
    perform eam_spare_place_shift(moves);
  end if;
  return null;
end $$;

create trigger equipment_spare_place_upd after update on equipment
  referencing old table as old_rows new table as new_rows for each statement execute function eam_spare_place_move();
create trigger equipment_spare_place_del after delete on equipment
  referencing old table as old_rows for each statement execute function eam_spare_place_move();

create or replace function eam_spare_months_rebuild(tenant bigint) returns void language plpgsql as $$
begin
  delete from spare_part_months where tenant_id = tenant;
  delete from spare_place_months where tenant_id = tenant;
  insert into spare_part_months (tenant_id, month, spare_part_id, quantity, amount, lines)
  select mv.tenant_id, date_trunc('month', mv.moved_at at time zone eam_report_zone(c.timezone))::date,
         coalesce(mv.spare_part_id, 0), sum(coalesce(mv.quantity, 0)), sum(coalesce(mv.amount, 0)), count(*)
    from spare_moves mv join companies c on c.id = mv.tenant_id
   where mv.tenant_id = tenant and mv.kind = 'out'
   group by 1, 2, 3;
  insert into spare_place_months (tenant_id, month, workshop_id, line_id, category_id, quantity, amount, lines)
  select mv.tenant_id, date_trunc('month', mv.moved_at at time zone eam_report_zone(c.timezone))::date,
         coalesce(e.workshop_id, 0), coalesce(e.line_id, 0), coalesce(e.category_id, 0),
         sum(coalesce(mv.quantity, 0)), sum(coalesce(mv.amount, 0)), count(*)
    from spare_moves mv join companies c on c.id = mv.tenant_id
    left join equipment e on e.tenant_id = mv.tenant_id and e.id = mv.equipment_id and e.deleted_at is null
   where mv.tenant_id = tenant and mv.kind = 'out'
   group by 1, 2, 3, 4, 5;
end $$;

select eam_spare_months_rebuild(id) from companies;
analyze spare_place_months;
