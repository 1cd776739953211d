-- Owner references without a key (an owner field declared foreignKey: false): a statement trigger on the owner's
-- table removes the rows of the owners deleted, as the key's "on delete cascade" would, and no key is checked on
-- each owned row written (a day's 190,000 check items: about a second). The engine names the triggers and the
-- drift test compares them with the declarations (schema.ts ownerCascades).

create or replace function eam_delete_owned() returns trigger language plpgsql as $$
begin
  -- tg_argv: the owned table, its owner column.
  execute format('delete from %I d using gone o where d.tenant_id = o.tenant_id and d.%I = o.id', tg_argv[0], tg_argv[1]);
  return null;
end $$;

create or replace function eam_owner_cascade(name text, owner text, owned text, col text) returns void
language plpgsql as $$
begin
  execute format('create or replace trigger %I after delete on %I referencing old table as gone '
                 'for each statement execute function eam_delete_owned(%L, %L)', name, owner, owned, col);
end $$;

create or replace function eam_owner_cascade_drop(name text) returns void language plpgsql as $$
declare
  owner text;
begin
  select c.relname into owner
    from pg_trigger g join pg_class c on c.oid = g.tgrelid
    join pg_namespace n on n.oid = c.relnamespace and n.nspname = current_schema()
   where g.tgname = name;
  if owner is not null then
    execute format('drop trigger %I on %I', name, owner);
  end if;
end $$;
