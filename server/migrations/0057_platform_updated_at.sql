-- When an operator last saved a menu, a version, a role template or a dictionary template entry: an edit sends back
-- the value its form was filled from, and is refused when another operator has saved the row since
-- (platform/resources/edit-check.ts).
alter table menus add column updated_at timestamptz not null default now();
update menus set updated_at = created_at;
alter table sys_versions add column updated_at timestamptz not null default now();
update sys_versions set updated_at = created_at;
alter table role_templates add column updated_at timestamptz not null default now();
update role_templates set updated_at = created_at;
alter table item_templates add column updated_at timestamptz not null default now();
