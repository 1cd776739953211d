-- The operator's console (#15): company limits and groups, notices for chosen companies, the record of each
-- job's run (started_at) and paused schedules, tenant feedback with the operator's answer, login pictures.

-- A company's user limit (null: none) and the group it belongs to (the group's lead company; null: none).
alter table companies add column user_limit integer check (user_limit is null or user_limit > 0);
alter table companies add column group_id bigint references companies(id) on delete set null;
create index companies_group on companies(group_id) where group_id is not null;

-- A seeded menu whose name, icon, order or hidden flag the operator changed: the seed keeps those.
alter table menus add column operator_edited boolean not null default false;

-- A notice for chosen companies only (null: every company).
alter table sys_notices add column company_ids bigint[];

-- When a job was claimed, so a run's duration is known; a timed task's history is read by kind.
alter table jobs add column started_at timestamptz;
create index jobs_kind_finished on jobs(kind, finished_at desc) where finished_at is not null;

-- Timed tasks the operator paused: their runs are skipped (and the next one queued) until resumed.
create table job_schedules (
  kind text primary key,
  paused boolean not null default false,
  updated_at timestamptz not null default now()
);

-- Feedback a tenant's user sends from the user menu; the operator answers and closes it.
create table feedback (
  tenant_id bigint not null references companies(id) on delete cascade,
  id bigint generated always as identity,
  user_id bigint not null,
  content text not null,
  screenshot text,
  state smallint not null default 0,
  answer text,
  answered_at timestamptz,
  created_at timestamptz not null default now(),
  primary key (tenant_id, id),
  constraint feedback_user_fkey foreign key (tenant_id, user_id) references users(tenant_id, id) on delete cascade
);
create index feedback_state on feedback(state, created_at desc);
select eam_protect('feedback');

-- Login backgrounds and banners of the platform; the chosen one of each kind is shown.
create table sys_pictures (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('login', 'banner')),
  name text,
  -- The uploaded file (platform/files) in the operator's company.
  file_tenant_id bigint not null references companies(id) on delete cascade,
  file_id bigint not null,
  chosen boolean not null default false,
  created_at timestamptz not null default now()
);
create unique index sys_pictures_chosen on sys_pictures(kind) where chosen;
select eam_grant('sys_pictures');
