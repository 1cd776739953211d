-- A company's perm_version moves with every statement that writes what a member's rights are computed from
-- (platform/auth/principal.ts: roles, role assignments, role grants, the company's menus and the menus'
-- buttons), in the writing transaction, whoever writes it: a route, a workflow, the operator, or SQL by hand.
-- Servers keep permission sets under (tenant, user, perm_version), so the next request sees the change.
-- Statement-level with the changed rows as a transition table, like the table versions (0010).

-- Tables with tenant rows: the companies of the changed rows.
create or replace function eam_bump_permissions() returns trigger language plpgsql as $$
begin
  update companies set perm_version = perm_version + 1
   where id in (select distinct c.tenant_id from changed_rows c);
  return null;
end $$;

-- Menu buttons are shared: a tenant's own menu moves that tenant, an operator's menu every company.
create or replace function eam_bump_permissions_by_menu() returns trigger language plpgsql as $$
begin
  if exists (select 1 from changed_rows c join menus m on m.id = c.menu_id where m.owner_tenant_id is null)
     or exists (select 1 from changed_rows c where not exists (select 1 from menus m where m.id = c.menu_id)) then
    update companies set perm_version = perm_version + 1;
  else
    update companies set perm_version = perm_version + 1
     where id in (select distinct m.owner_tenant_id from changed_rows c join menus m on m.id = c.menu_id);
  end if;
  return null;
end $$;

create or replace function eam_feeds_permissions(tbl text, fn text) returns void language plpgsql as $$
begin
  execute format('create or replace trigger %I after insert on %I referencing new table as changed_rows for each statement execute function %I()', tbl || '_perm_ins', tbl, fn);
  execute format('create or replace trigger %I after update on %I referencing new table as changed_rows for each statement execute function %I()', tbl || '_perm_upd', tbl, fn);
  execute format('create or replace trigger %I after delete on %I referencing old table as changed_rows for each statement execute function %I()', tbl || '_perm_del', tbl, fn);
end $$;

select eam_feeds_permissions('roles', 'eam_bump_permissions');
select eam_feeds_permissions('user_roles', 'eam_bump_permissions');
select eam_feeds_permissions('role_menus', 'eam_bump_permissions');
select eam_feeds_permissions('role_buttons', 'eam_bump_permissions');
select eam_feeds_permissions('company_menus', 'eam_bump_permissions');
select eam_feeds_permissions('menu_buttons', 'eam_bump_permissions_by_menu');
