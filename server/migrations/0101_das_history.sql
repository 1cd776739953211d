-- Machine data (domains/das): what the ingest pipeline writes beside the declared entities.

-- A gateway's secret, kept only as a salted hash (scrypt; domains/das/gateway-secret.ts). Outside the declaration:
-- the engine never reads it, so no page, export or audit row carries it.
alter table das_gateways add column secret_hash text;

-- What the ingest counts per gateway: when it was last heard, its messages taken and its messages refused.
create table das_gateway_stats (
  tenant_id bigint not null,
  gateway_id bigint not null,
  last_seen_at timestamptz,
  messages bigint not null default 0,
  rejected bigint not null default 0,
  primary key (tenant_id, gateway_id),
  foreign key (tenant_id, gateway_id) references das_gateways (tenant_id, id) on delete cascade
);
select eam_protect('das_gateway_stats');

-- Every point a device sends, partitioned by day (declarative range partitioning on ts); the tenant leads every
-- key. Partitions are made as points arrive (das_history_partition below), so the migration makes none. No key to
-- das_tags: a point is never checked against its tag row (the ingest resolved it), and a tag's points go with
-- their partitions.
create table das_history (
  tenant_id bigint not null,
  tag_id bigint not null,
  ts timestamptz not null,
  v double precision,
  s text,
  primary key (tenant_id, tag_id, ts)
) partition by range (ts);
select eam_protect('das_history');

-- The latest value of each tag (live values, run states and alarms start from it).
create table das_latest (
  tenant_id bigint not null,
  tag_id bigint not null,
  ts timestamptz not null,
  v double precision,
  s text,
  primary key (tenant_id, tag_id),
  foreign key (tenant_id, tag_id) references das_tags (tenant_id, id) on delete cascade
);
select eam_protect('das_latest');

-- The day partition (UTC) of das_history holding `day`, made when missing. The request role may not create tables, so
-- this runs as the migrations' owner; two servers making the same day at once: one makes it, the other finds it.
create or replace function das_history_partition(day date) returns void
language plpgsql security definer set search_path from current as $$
declare
  parent regclass := to_regclass('das_history');
  ns text;
  part text := 'das_history_' || to_char(day, 'YYYYMMDD');
begin
  select n.nspname into ns from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.oid = parent;
  if to_regclass(format('%I.%I', ns, part)) is not null then return; end if;
  begin
    execute format('create table %I.%I partition of %s for values from (%L) to (%L)', ns, part, parent,
                   day::timestamp at time zone 'UTC', (day + 1)::timestamp at time zone 'UTC');
  exception when duplicate_table then null;
  end;
end $$;
grant execute on function das_history_partition(date) to eam_app;

-- Drops the day partitions of das_history that end before `before` (retention); returns how many went.
create or replace function das_history_drop_before(before date) returns integer
language plpgsql security definer set search_path from current as $$
declare
  r record;
  n integer := 0;
begin
  for r in
    select c.oid::regclass as part, to_date(right(c.relname, 8), 'YYYYMMDD') as day
      from pg_inherits i join pg_class c on c.oid = i.inhrelid
     where i.inhparent = to_regclass('das_history') and c.relname ~ '^das_history_[0-9]{8}$'
  loop
    if r.day + 1 <= before then
      execute format('drop table %s', r.part);
      n := n + 1;
    end if;
  end loop;
  return n;
end $$;
grant execute on function das_history_drop_before(date) to eam_app;

-- The run states of a connected machine as intervals: running, idle, stopped, fault, offline. The open interval
-- (ended_at null) is the state now; the run-state job closes it when the state changes.
create table das_states (
  tenant_id bigint not null,
  device_id bigint not null,
  started_at timestamptz not null,
  ended_at timestamptz,
  state text not null,
  primary key (tenant_id, device_id, started_at),
  foreign key (tenant_id, device_id) references das_devices (tenant_id, id) on delete cascade
);
create index das_states_open_idx on das_states (tenant_id, device_id) where ended_at is null;
select eam_protect('das_states');
