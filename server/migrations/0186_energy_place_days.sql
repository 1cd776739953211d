-- The kept figures per place and day of the energy meters: the sums of the meter days (energy_meter_days, 0112) per
-- energy type and day of the whole tenant (level 'none'), of each factory ('organization'), workshop and line, with
-- the meters that have none of that place under place 0. The reports that group by place or type, or sum a place,
-- read these rows (domains/energy/consumption.ts): a year by workshop of 2,000 meters sums 7,300 rows, not 732,000.
--
-- What a place counts is what the reports over the meter days count: its meters not deleted whose parent meter is
-- not in the same place with the same energy type (a sub-meter below a workshop's main meter is inside the main
-- meter's figure). The triggers below keep the rows in the statements that change them, whatever writes them:
--  - a meter day written or deleted (a reading, an import, a multiplier, a tariff, a rebuild: days.ts) adds or
--    takes away its figures at the places its meter counts in;
--  - a meter moved (factory, workshop, line), given another parent or energy type, deleted or restored moves the
--    days of that meter and of its sub-meters from the places they counted in to those they count in now;
--  - a meter deleted from the table takes its days away first (before the foreign key's cascade removes them).
-- A new meter has no days and no sub-meters yet: inserts change nothing.
--
-- The sums are kept as running totals; a sum the meter days leave null (no cost, no interval of a tariff period)
-- keeps how many meter days gave it a value (the *_n counts), so that a place's figure is null exactly when every
-- meter day's is. A row whose meter days are all gone (meters = 0) is deleted.
create table energy_place_days (
  tenant_id bigint not null references companies(id) on delete cascade,
  level text not null,
  place_id bigint not null,
  energy_type text not null,
  day date not null,
  meters integer not null,
  quantity numeric not null,
  cost numeric not null,
  cost_n integer not null,
  unpriced numeric not null,
  unpriced_n integer not null,
  sharp_q numeric not null,
  sharp_q_n integer not null,
  sharp_c numeric not null,
  sharp_c_n integer not null,
  peak_q numeric not null,
  peak_q_n integer not null,
  peak_c numeric not null,
  peak_c_n integer not null,
  flat_q numeric not null,
  flat_q_n integer not null,
  flat_c numeric not null,
  flat_c_n integer not null,
  valley_q numeric not null,
  valley_q_n integer not null,
  valley_c numeric not null,
  valley_c_n integer not null,
  -- One place's days in order (a workshop's year).
  primary key (tenant_id, level, place_id, energy_type, day)
)
-- Every reading updates its places' rows of the day: room on their page for the new version (no index names a
-- column that changes), so that the old ones are pruned there.
with (fillfactor = 50);
-- A period's days of every place of a level (a year by workshop).
create index energy_place_days_day_idx on energy_place_days (tenant_id, level, day);
select eam_protect('energy_place_days');

-- The places a meter counts in (none when it is deleted or absent): the whole tenant, its factory, workshop and
-- line (0 where it has none), except those where its parent meter, not deleted and of the same energy type, is too.
create or replace function eam_meter_places(
  m_live boolean, m_org bigint, m_ws bigint, m_line bigint, m_type text,
  p_live boolean, p_org bigint, p_ws bigint, p_line bigint, p_type text)
returns table (level text, place_id bigint) language sql immutable as $$
  select l.lv, l.pid
    from (values ('none', 0::bigint, false),
                 ('organization', coalesce(m_org, 0), p_org is distinct from m_org),
                 ('workshop', coalesce(m_ws, 0), p_ws is distinct from m_ws),
                 ('line', coalesce(m_line, 0), p_line is distinct from m_line)) l(lv, pid, apart)
   where coalesce(m_live, false) and (not coalesce(p_live, false) or p_type is distinct from m_type or l.apart)
$$;

-- A meter day added to (sign 1) or taken from (sign -1) a place of a level and an energy type.
create type energy_place_delta as (sign integer, level text, place_id bigint, energy_type text, d energy_meter_days);

-- The signed meter days summed into their place days; the rows left without meter days go. A company being deleted
-- takes its rows along (on delete cascade). Every write of a tenant's meters adds to the same rows (the whole
-- tenant's day), and one transaction may do it in several statements (an import, meter by meter): the tenant's
-- place writers take turns from their first such statement to their commit, so that two of them never wait for
-- each other's rows crosswise.
create or replace function eam_place_days_put(deltas energy_place_delta[]) returns void language plpgsql as $$
declare
  emptied integer;
begin
  if deltas is null or cardinality(deltas) = 0 then
    return;
  end if;
  perform pg_advisory_xact_lock(hashtext('energy_place_days'), t.tenant_id::integer)
     from (select distinct (x.d).tenant_id from unnest(deltas) x order by 1) t;
  with put as (
  insert into energy_place_days as p (tenant_id, level, place_id, energy_type, day, meters, quantity, cost, cost_n,
      unpriced, unpriced_n, sharp_q, sharp_q_n, sharp_c, sharp_c_n, peak_q, peak_q_n, peak_c, peak_c_n,
      flat_q, flat_q_n, flat_c, flat_c_n, valley_q, valley_q_n, valley_c, valley_c_n)
  select (x.d).tenant_id, x.level, x.place_id, x.energy_type, (x.d).day, sum(x.sign)::integer,
         sum(x.sign * (x.d).quantity),
         sum(x.sign * coalesce((x.d).cost, 0)), sum(x.sign * ((x.d).cost is not null)::integer)::integer,
         sum(x.sign * coalesce((x.d).unpriced, 0)), sum(x.sign * ((x.d).unpriced is not null)::integer)::integer,
         sum(x.sign * coalesce((x.d).sharp_q, 0)), sum(x.sign * ((x.d).sharp_q is not null)::integer)::integer,
         sum(x.sign * coalesce((x.d).sharp_c, 0)), sum(x.sign * ((x.d).sharp_c is not null)::integer)::integer,
         sum(x.sign * coalesce((x.d).peak_q, 0)), sum(x.sign * ((x.d).peak_q is not null)::integer)::integer,
         sum(x.sign * coalesce((x.d).peak_c, 0)), sum(x.sign * ((x.d).peak_c is not null)::integer)::integer,
         sum(x.sign * coalesce((x.d).flat_q, 0)), sum(x.sign * ((x.d).flat_q is not null)::integer)::integer,
         sum(x.sign * coalesce((x.d).flat_c, 0)), sum(x.sign * ((x.d).flat_c is not null)::integer)::integer,
         sum(x.sign * coalesce((x.d).valley_q, 0)), sum(x.sign * ((x.d).valley_q is not null)::integer)::integer,
         sum(x.sign * coalesce((x.d).valley_c, 0)), sum(x.sign * ((x.d).valley_c is not null)::integer)::integer
    from unnest(deltas) x
    join companies c on c.id = (x.d).tenant_id
   group by 1, 2, 3, 4, 5
   order by 1, 2, 3, 4, 5
  on conflict (tenant_id, level, place_id, energy_type, day) do update set
    meters = p.meters + excluded.meters, quantity = p.quantity + excluded.quantity,
    cost = p.cost + excluded.cost, cost_n = p.cost_n + excluded.cost_n,
    unpriced = p.unpriced + excluded.unpriced, unpriced_n = p.unpriced_n + excluded.unpriced_n,
    sharp_q = p.sharp_q + excluded.sharp_q, sharp_q_n = p.sharp_q_n + excluded.sharp_q_n,
    sharp_c = p.sharp_c + excluded.sharp_c, sharp_c_n = p.sharp_c_n + excluded.sharp_c_n,
    peak_q = p.peak_q + excluded.peak_q, peak_q_n = p.peak_q_n + excluded.peak_q_n,
    peak_c = p.peak_c + excluded.peak_c, peak_c_n = p.peak_c_n + excluded.peak_c_n,
    flat_q = p.flat_q + excluded.flat_q, flat_q_n = p.flat_q_n + excluded.flat_q_n,
    flat_c = p.flat_c + excluded.flat_c, flat_c_n = p.flat_c_n + excluded.flat_c_n,
    valley_q = p.valley_q + excluded.valley_q, valley_q_n = p.valley_q_n + excluded.valley_q_n,
    valley_c = p.valley_c + excluded.valley_c, valley_c_n = p.valley_c_n + excluded.valley_c_n
  returning p.meters)
  select count(*) filter (where put.meters = 0) into emptied from put;
  if emptied > 0 then
    delete from energy_place_days p
     using (select distinct (x.d).tenant_id, x.level, x.place_id, x.energy_type, (x.d).day from unnest(deltas) x) k
     where p.tenant_id = k.tenant_id and p.level = k.level and p.place_id = k.place_id
       and p.energy_type = k.energy_type and p.day = k.day and p.meters = 0;
  end if;
end $$;

-- Meter days gone (taken away) and come (added) at the places their meters count in now.
create or replace function eam_place_days_add(gone energy_meter_days[], came energy_meter_days[])
returns void language plpgsql as $$
begin
  perform eam_place_days_put(array(
    select row(d.sign, pl.level, pl.place_id, m.energy_type, d.r)::energy_place_delta
      from (select g as r, -1 as sign from unnest(gone) g
            union all select c as r, 1 as sign from unnest(came) c) d
      join energy_meters m on m.tenant_id = (d.r).tenant_id and m.id = (d.r).meter_id
      left join energy_meters pm on pm.tenant_id = m.tenant_id and pm.id = m.parent_id
     cross join lateral eam_meter_places(m.deleted_at is null, m.organization_id, m.workshop_id, m.line_id,
                                         m.energy_type, pm.id is not null and pm.deleted_at is null,
                                         pm.organization_id, pm.workshop_id, pm.line_id, pm.energy_type) pl));
end $$;

create or replace function eam_place_days_apply() returns trigger language plpgsql as $$
declare
  gone energy_meter_days[];
  came energy_meter_days[];
begin
  -- A rebuild of every day of the tenant (days.ts rebuildDays) sums the place figures once at its end.
  if current_setting('eam.place_days_deferred', true) = 'on' then
    return null;
  end if;
  if tg_op = 'INSERT' then
    select array_agg(n) into came from new_rows n;
  elsif tg_op = 'DELETE' then
    select array_agg(o) into gone from old_rows o;
  else
    select array_agg(o) into gone from old_rows o;
    select array_agg(n) into came from new_rows n;
  end if;
  if gone is not null or came is not null then
    perform eam_place_days_add(gone, came);
  end if;
  return null;
end $$;

create trigger energy_meter_days_places_ins after insert on energy_meter_days
  referencing new table as new_rows for each statement execute function eam_place_days_apply();
create trigger energy_meter_days_places_upd after update on energy_meter_days
  referencing old table as old_rows new table as new_rows for each statement execute function eam_place_days_apply();
create trigger energy_meter_days_places_del after delete on energy_meter_days
  referencing old table as old_rows for each statement execute function eam_place_days_apply();

-- Meters changed by a statement (`was` as they were, `now_` as they are; a deleted meter only in `was`): the days of
-- those meters and of their sub-meters leave the places they counted in before and go to those they count in now.
-- Before the statement, a meter it changed was as in `was` and every other one as it is.
create or replace function eam_place_meters_move(was energy_meters[], now_ energy_meters[])
returns void language plpgsql as $$
begin
  perform eam_place_days_put(array(
    with ids as (select w.tenant_id, w.id from unnest(was) w union select n.tenant_id, n.id from unnest(now_) n),
    s as (select i.tenant_id, i.id from ids i
          union select c.tenant_id, c.id from energy_meters c join ids i on c.tenant_id = i.tenant_id and c.parent_id = i.id),
    need as (select s.tenant_id, s.id from s
             union select w.tenant_id, w.parent_id from unnest(was) w where w.parent_id is not null
             union select c.tenant_id, c.parent_id from energy_meters c join s on c.tenant_id = s.tenant_id and c.id = s.id
              where c.parent_id is not null),
    before as (select w.tenant_id, w.id, w.parent_id, w.deleted_at, w.organization_id, w.workshop_id, w.line_id,
                      w.energy_type from unnest(was) w
               union all
               select m.tenant_id, m.id, m.parent_id, m.deleted_at, m.organization_id, m.workshop_id, m.line_id,
                      m.energy_type
                 from energy_meters m join need on m.tenant_id = need.tenant_id and m.id = need.id
                where not exists (select 1 from ids i where i.tenant_id = m.tenant_id and i.id = m.id)),
    placed_before as (
      select s.tenant_id, s.id, pl.level, pl.place_id, b.energy_type
        from s join before b on b.tenant_id = s.tenant_id and b.id = s.id
        left join before bp on bp.tenant_id = b.tenant_id and bp.id = b.parent_id
       cross join lateral eam_meter_places(b.deleted_at is null, b.organization_id, b.workshop_id, b.line_id,
                                           b.energy_type, bp.id is not null and bp.deleted_at is null,
                                           bp.organization_id, bp.workshop_id, bp.line_id, bp.energy_type) pl),
    placed_now as (
      select s.tenant_id, s.id, pl.level, pl.place_id, m.energy_type
        from s join energy_meters m on m.tenant_id = s.tenant_id and m.id = s.id
        left join energy_meters pm on pm.tenant_id = m.tenant_id and pm.id = m.parent_id
       cross join lateral eam_meter_places(m.deleted_at is null, m.organization_id, m.workshop_id, m.line_id,
                                           m.energy_type, pm.id is not null and pm.deleted_at is null,
                                           pm.organization_id, pm.workshop_id, pm.line_id, pm.energy_type) pl),
    moves as (select x.*, -1 as sign from (select * from placed_before except select * from placed_now) x
              union all
              select y.*, 1 as sign from (select * from placed_now except select * from placed_before) y)
    select row(mv.sign, mv.level, mv.place_id, mv.energy_type, d)::energy_place_delta
      from moves mv join energy_meter_days d on d.tenant_id = mv.tenant_id and d.meter_id = mv.id));
end $$;

-- What of a meter its places depend on: an update that changes none of it (a name, a multiplier) moves nothing.
create or replace function eam_place_meters_apply() returns trigger language plpgsql as $$
declare
  was energy_meters[];
  now_ energy_meters[];
begin
  if tg_op = 'DELETE' then
    select array_agg(o) into was from old_rows o;
  else
    select array_agg(o), array_agg(n) into was, now_
      from old_rows o join new_rows n on n.tenant_id = o.tenant_id and n.id = o.id
     where (o.parent_id, o.deleted_at is null, o.organization_id, o.workshop_id, o.line_id, o.energy_type)
           is distinct from (n.parent_id, n.deleted_at is null, n.organization_id, n.workshop_id, n.line_id, n.energy_type);
  end if;
  if was is not null or now_ is not null then
    perform eam_place_meters_move(was, now_);
  end if;
  return null;
end $$;

create trigger energy_meters_places_upd after update on energy_meters
  referencing old table as old_rows new table as new_rows for each statement execute function eam_place_meters_apply();
create trigger energy_meters_places_del after delete on energy_meters
  referencing old table as old_rows for each statement execute function eam_place_meters_apply();

-- A meter deleted from the table: its days are taken away while it is still there to say where they counted (the
-- foreign key's cascade would remove them after it, when no place is known). A company being deleted skips this.
create or replace function eam_meter_days_drop() returns trigger language plpgsql as $$
begin
  if exists (select 1 from companies c where c.id = old.tenant_id) then
    delete from energy_meter_days where tenant_id = old.tenant_id and meter_id = old.id;
  end if;
  return old;
end $$;

create trigger energy_meters_days_drop before delete on energy_meters
  for each row execute function eam_meter_days_drop();

-- A tenant's place figures summed again from all its meter days in one statement (each row written once): the end
-- of a rebuild of every day (days.ts rebuildDays, which defers the triggers' sums meanwhile), and the rows of the
-- meter days already kept.
create or replace function eam_place_days_rebuild(tenant bigint) returns void language plpgsql as $$
begin
  perform pg_advisory_xact_lock(hashtext('energy_place_days'), tenant::integer);
  delete from energy_place_days where tenant_id = tenant;
  insert into energy_place_days (tenant_id, level, place_id, energy_type, day, meters, quantity, cost, cost_n,
      unpriced, unpriced_n, sharp_q, sharp_q_n, sharp_c, sharp_c_n, peak_q, peak_q_n, peak_c, peak_c_n,
      flat_q, flat_q_n, flat_c, flat_c_n, valley_q, valley_q_n, valley_c, valley_c_n)
  select d.tenant_id, pl.level, pl.place_id, m.energy_type, d.day, count(*)::integer, sum(d.quantity),
         coalesce(sum(d.cost), 0), count(d.cost)::integer, coalesce(sum(d.unpriced), 0), count(d.unpriced)::integer,
         coalesce(sum(d.sharp_q), 0), count(d.sharp_q)::integer, coalesce(sum(d.sharp_c), 0), count(d.sharp_c)::integer,
         coalesce(sum(d.peak_q), 0), count(d.peak_q)::integer, coalesce(sum(d.peak_c), 0), count(d.peak_c)::integer,
         coalesce(sum(d.flat_q), 0), count(d.flat_q)::integer, coalesce(sum(d.flat_c), 0), count(d.flat_c)::integer,
         coalesce(sum(d.valley_q), 0), count(d.valley_q)::integer,
         coalesce(sum(d.valley_c), 0), count(d.valley_c)::integer
    from energy_meter_days d
    join energy_meters m on m.tenant_id = d.tenant_id and m.id = d.meter_id
    left join energy_meters pm on pm.tenant_id = m.tenant_id and pm.id = m.parent_id
   cross join lateral eam_meter_places(m.deleted_at is null, m.organization_id, m.workshop_id, m.line_id,
                                       m.energy_type, pm.id is not null and pm.deleted_at is null,
                                       pm.organization_id, pm.workshop_id, pm.line_id, pm.energy_type) pl
   where d.tenant_id = tenant
   group by 1, 2, 3, 4, 5
   order by 1, 2, 3, 4, 5;
end $$;

select eam_place_days_rebuild(c.id) from companies c where exists (select 1 from energy_meter_days d where d.tenant_id = c.id);
analyze energy_place_days;
