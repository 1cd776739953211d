-- A version per tenant and table, bumped by every statement that writes the table, in the writing
-- transaction. Values computed from a table (a list's total, a tenant's custom fields, its dictionaries) are
-- kept under the versions they were read at, so a server never serves one after a change, whichever server
-- instance made it (platform/tenancy/table-versions.ts).

-- Versions come from one sequence rather than counting up: a rolled-back write used its number for good, so
-- a value computed inside that transaction is never mistaken for one of a later committed state.
create sequence table_version_seq;
grant usage on sequence table_version_seq to eam_app;

create table table_versions (
  tenant_id bigint not null,
  tbl text not null,
  version bigint not null default nextval('table_version_seq'),
  primary key (tenant_id, tbl)
);
select eam_protect('table_versions');

-- Statement-level, with the changed rows as a transition table: a batch of 10,000 rows bumps once.
create or replace function eam_bump_version() returns trigger language plpgsql as $$
begin
  insert into table_versions (tenant_id, tbl)
    select distinct c.tenant_id, tg_table_name from changed_rows c
    on conflict (tenant_id, tbl) do update set version = nextval('table_version_seq');
  return null;
end $$;

create or replace function eam_versioned(tbl text) returns void language plpgsql as $$
begin
  execute format('create or replace trigger %I after insert on %I referencing new table as changed_rows for each statement execute function eam_bump_version()', tbl || '_version_ins', tbl);
  execute format('create or replace trigger %I after update on %I referencing new table as changed_rows for each statement execute function eam_bump_version()', tbl || '_version_upd', tbl);
  execute format('create or replace trigger %I after delete on %I referencing old table as changed_rows for each statement execute function eam_bump_version()', tbl || '_version_del', tbl);
end $$;

-- Dictionaries are read by every list with a dictionary field; their items are written by hand-made routes.
select eam_versioned('items');
