-- Platform foundation: the request role, the tenant choke point in the database, tenants, identity,
-- organisation, roles, menus, dictionary, sessions, downloads, messages, audit, jobs.

-- The tenant of the current transaction, set by the server with set_config('app.tenant_id', ..., true).
create or replace function eam_current_tenant() returns bigint
  language sql stable as $$ select nullif(current_setting('app.tenant_id', true), '')::bigint $$;

-- Every request runs as this role (SET LOCAL ROLE): no superuser, no BYPASSRLS, so the policies apply.
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'eam_app') then
    begin
      create role eam_app nologin nosuperuser nobypassrls;
    exception when duplicate_object or unique_violation then null;
    end;
  end if;
  execute format('grant usage on schema %I to eam_app', current_schema());
end $$;

-- A tenant table: RLS enabled and forced, one policy on tenant_id, rights for the request role.
create or replace function eam_protect(tbl text) returns void language plpgsql as $$
begin
  execute format('alter table %I enable row level security', tbl);
  execute format('alter table %I force row level security', tbl);
  execute format('drop policy if exists tenant_isolation on %I', tbl);
  execute format('create policy tenant_isolation on %I using (tenant_id = eam_current_tenant()) with check (tenant_id = eam_current_tenant())', tbl);
  execute format('grant select, insert, update, delete on %I to eam_app', tbl);
end $$;

-- A platform table without tenant rows (menus, versions, templates): rights for the request role.
create or replace function eam_grant(tbl text) returns void language plpgsql as $$
begin
  execute format('grant select, insert, update, delete on %I to eam_app', tbl);
end $$;

create table settings (
  key text primary key,
  value text not null
);

create table sys_versions (
  id bigint generated always as identity primary key,
  name text not null,
  is_default boolean not null default false,
  remark text,
  created_at timestamptz not null default now()
);
select eam_grant('sys_versions');

create table companies (
  id bigint generated always as identity primary key,
  name text not null,
  code text not null unique,
  logo text,
  instransfer boolean not null default false,
  expiry_date date,
  version_id bigint references sys_versions(id),
  is_platform boolean not null default false,
  state smallint not null default 1,
  contact text,
  phone text,
  address text,
  language text not null default 'zh',
  timezone text not null default 'Asia/Shanghai',
  perm_version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
select eam_grant('companies');

create table menus (
  id uuid primary key,
  parent_id uuid references menus(id) on delete cascade,
  key text unique,
  menuname text not null,
  icon text,
  url text,
  query text,
  sort integer not null default 0,
  hidden boolean not null default false,
  isone boolean not null default false,
  formtype integer,
  fromproject boolean not null default false,
  platform_only boolean not null default false,
  created_at timestamptz not null default now()
);
create index menus_parent on menus(parent_id);
select eam_grant('menus');

create table menu_buttons (
  id uuid primary key,
  menu_id uuid not null references menus(id) on delete cascade,
  name text not null,
  ext4 text not null,
  sort integer not null default 0
);
create index menu_buttons_menu on menu_buttons(menu_id);
select eam_grant('menu_buttons');

create table version_menus (
  version_id bigint not null references sys_versions(id) on delete cascade,
  menu_id uuid not null references menus(id) on delete cascade,
  primary key (version_id, menu_id)
);
select eam_grant('version_menus');

create table company_menus (
  tenant_id bigint not null references companies(id) on delete cascade,
  menu_id uuid not null references menus(id) on delete cascade,
  primary key (tenant_id, menu_id)
);
select eam_protect('company_menus');

create table organizations (
  tenant_id bigint not null references companies(id) on delete cascade,
  id bigint generated always as identity,
  parent_id bigint,
  organization_name text not null,
  organization_code text,
  phone text,
  state smallint not null default 1,
  ext1 text,
  sort integer not null default 0,
  created_at timestamptz not null default now(),
  created_by bigint,
  updated_at timestamptz not null default now(),
  updated_by bigint,
  primary key (tenant_id, id),
  foreign key (tenant_id, parent_id) references organizations(tenant_id, id)
);
create unique index organizations_code on organizations(tenant_id, organization_code) where organization_code is not null;
select eam_protect('organizations');

create table users (
  tenant_id bigint not null references companies(id) on delete cascade,
  id bigint generated always as identity,
  username text not null,
  password_hash text not null,
  must_change_password boolean not null default false,
  peoplename text not null,
  number text,
  organization_id bigint,
  mobile text,
  email text,
  sex smallint,
  state smallint not null default 1,
  usertype smallint not null default 1,
  label text,
  is_repairman boolean not null default false,
  is_repair_leader boolean not null default false,
  pinyin text,
  entry_date date,
  birthday date,
  landline text,
  note text,
  avatar text,
  introduction text,
  deleted boolean not null default false,
  created_at timestamptz not null default now(),
  created_by bigint,
  updated_at timestamptz not null default now(),
  updated_by bigint,
  primary key (tenant_id, id),
  foreign key (tenant_id, organization_id) references organizations(tenant_id, id)
);
-- Login names are unique across the service: login takes only a name and a password.
create unique index users_username on users(lower(username));
create index users_org on users(tenant_id, organization_id);
select eam_protect('users');

create table roles (
  tenant_id bigint not null references companies(id) on delete cascade,
  id bigint generated always as identity,
  name text not null,
  code text,
  is_admin boolean not null default false,
  remark text,
  state smallint not null default 1,
  created_at timestamptz not null default now(),
  created_by bigint,
  updated_at timestamptz not null default now(),
  updated_by bigint,
  primary key (tenant_id, id)
);
create unique index roles_name on roles(tenant_id, name);
select eam_protect('roles');

create table user_roles (
  tenant_id bigint not null,
  user_id bigint not null,
  role_id bigint not null,
  primary key (tenant_id, user_id, role_id),
  foreign key (tenant_id, user_id) references users(tenant_id, id) on delete cascade,
  foreign key (tenant_id, role_id) references roles(tenant_id, id) on delete cascade
);
create index user_roles_role on user_roles(tenant_id, role_id);
select eam_protect('user_roles');

create table role_orgs (
  tenant_id bigint not null,
  role_id bigint not null,
  organization_id bigint not null,
  primary key (tenant_id, role_id, organization_id),
  foreign key (tenant_id, role_id) references roles(tenant_id, id) on delete cascade,
  foreign key (tenant_id, organization_id) references organizations(tenant_id, id) on delete cascade
);
select eam_protect('role_orgs');

create table role_menus (
  tenant_id bigint not null,
  role_id bigint not null,
  menu_id uuid not null references menus(id) on delete cascade,
  primary key (tenant_id, role_id, menu_id),
  foreign key (tenant_id, role_id) references roles(tenant_id, id) on delete cascade
);
select eam_protect('role_menus');

create table role_buttons (
  tenant_id bigint not null,
  role_id bigint not null,
  button_id uuid not null references menu_buttons(id) on delete cascade,
  primary key (tenant_id, role_id, button_id),
  foreign key (tenant_id, role_id) references roles(tenant_id, id) on delete cascade
);
select eam_protect('role_buttons');

create table role_templates (
  id bigint generated always as identity primary key,
  name text not null unique,
  remark text,
  created_at timestamptz not null default now()
);
select eam_grant('role_templates');

create table role_template_menus (
  template_id bigint not null references role_templates(id) on delete cascade,
  menu_id uuid not null references menus(id) on delete cascade,
  primary key (template_id, menu_id)
);
select eam_grant('role_template_menus');

create table items (
  tenant_id bigint not null references companies(id) on delete cascade,
  id bigint generated always as identity,
  parent_id bigint,
  code text not null,
  name text not null,
  value text,
  sort integer not null default 0,
  remark text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  foreign key (tenant_id, parent_id) references items(tenant_id, id) on delete cascade
);
create unique index items_code on items(tenant_id, coalesce(parent_id, 0), code);
select eam_protect('items');

create table item_templates (
  id bigint generated always as identity primary key,
  parent_id bigint references item_templates(id) on delete cascade,
  code text not null,
  name text not null,
  value text,
  sort integer not null default 0,
  remark text
);
create unique index item_templates_code on item_templates(coalesce(parent_id, 0), code);
select eam_grant('item_templates');

create table sessions (
  tenant_id bigint not null references companies(id) on delete cascade,
  id uuid not null,
  user_id bigint not null,
  refresh_hash text not null,
  expires_at timestamptz not null,
  revoked_at timestamptz,
  created_at timestamptz not null default now(),
  last_ip text,
  user_agent text,
  primary key (tenant_id, id),
  foreign key (tenant_id, user_id) references users(tenant_id, id) on delete cascade
);
create unique index sessions_id on sessions(id);
create index sessions_user on sessions(tenant_id, user_id);
select eam_protect('sessions');

-- Failed logins per account and address, for throttling. Checked before anyone is known.
create table login_failures (
  key text primary key,
  failures integer not null default 0,
  locked_until timestamptz,
  updated_at timestamptz not null default now()
);

create table downloads (
  tenant_id bigint not null references companies(id) on delete cascade,
  id bigint generated always as identity,
  user_id bigint not null,
  ywlx text not null,
  filename text,
  filepath text,
  isnormal smallint not null default 1,
  progress integer not null default 0,
  error text,
  createdate timestamptz not null default now(),
  primary key (tenant_id, id)
);
create index downloads_user on downloads(tenant_id, user_id, createdate desc);
select eam_protect('downloads');

create table sys_notices (
  id bigint generated always as identity primary key,
  title text,
  content text not null,
  state smallint not null default 1,
  created_at timestamptz not null default now()
);
select eam_grant('sys_notices');

create table messages (
  tenant_id bigint not null references companies(id) on delete cascade,
  id bigint generated always as identity,
  user_id bigint not null,
  type_code text,
  title text not null,
  content text,
  state smallint not null default 0,
  created_at timestamptz not null default now(),
  primary key (tenant_id, id)
);
create index messages_user on messages(tenant_id, user_id, state);
select eam_protect('messages');

create table audit_log (
  tenant_id bigint not null references companies(id) on delete cascade,
  id bigint generated always as identity,
  user_id bigint,
  entity text not null,
  record_id text,
  action text not null,
  before jsonb,
  after jsonb,
  at timestamptz not null default now(),
  primary key (tenant_id, id)
);
create index audit_log_record on audit_log(tenant_id, entity, record_id);
select eam_protect('audit_log');

-- Background jobs for all tenants, taken with FOR UPDATE SKIP LOCKED by any server instance.
create table jobs (
  id bigint generated always as identity primary key,
  tenant_id bigint references companies(id) on delete cascade,
  kind text not null,
  payload jsonb not null default '{}',
  status text not null default 'queued',
  run_at timestamptz not null default now(),
  attempts integer not null default 0,
  locked_until timestamptz,
  error text,
  created_at timestamptz not null default now(),
  finished_at timestamptz
);
create index jobs_ready on jobs(status, run_at);
