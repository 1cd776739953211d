-- A transaction may hold its version bumps until its end (eam.bump_later, see platform/tenancy/table-versions.ts
-- bumpVersionsAtEnd): its statement triggers then only note the tables written, and eam_bump_now() bumps each
-- once, last. Steps of one check run write the same tables side by side on PostgreSQL; bumping at each
-- statement, the second step waited on the version row from its first insert until the first step committed.
create or replace function eam_bump_version() returns trigger language plpgsql as $$
declare
  noted text;
begin
  if current_setting('eam.bump_later', true) = 'on' then
    noted := coalesce(nullif(current_setting('eam.bump_tables', true), ''), ',');
    if position(',' || tg_table_name || ',' in noted) = 0 then
      perform set_config('eam.bump_tables', noted || tg_table_name || ',', true);
    end if;
    return null;
  end if;
  insert into table_versions (tenant_id, tbl)
    select distinct c.tenant_id, tg_table_name from changed_rows c
    on conflict (tenant_id, tbl) do update set version = nextval('table_version_seq');
  return null;
end $$;

-- Bumps the tables noted since eam.bump_later was set, for the transaction's tenant, in name order (two
-- transactions ending at once lock the version rows in the same order), and stops holding bumps back.
create or replace function eam_bump_now() returns void language plpgsql as $$
declare
  noted text[] := array_remove(string_to_array(coalesce(current_setting('eam.bump_tables', true), ''), ','), '');
begin
  perform set_config('eam.bump_later', 'off', true);
  perform set_config('eam.bump_tables', '', true);
  insert into table_versions (tenant_id, tbl)
    select eam_current_tenant(), t from unnest(noted) t order by t
    on conflict (tenant_id, tbl) do update set version = nextval('table_version_seq');
end $$;
