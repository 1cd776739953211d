-- When an announcement was last saved: an edit sends back the value its form was filled from, and is refused when
-- another operator has saved the announcement since (platform/resources/edit-check.ts).
alter table sys_notices add column updated_at timestamptz not null default now();
update sys_notices set updated_at = created_at;
