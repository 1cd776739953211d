-- Tenant administration: organisation templates (spec 7.2 orgtemplate), a company's named organisation
-- trees that it can copy below any of its organisations. Written by hand: not a resource-engine entity.

create table org_templates (
  tenant_id bigint not null references companies(id) on delete cascade,
  id bigint generated always as identity,
  name text not null,
  remark text,
  nodes jsonb not null default '[]',
  created_at timestamptz not null default now(),
  created_by bigint,
  updated_at timestamptz not null default now(),
  updated_by bigint,
  primary key (tenant_id, id)
);
create unique index org_templates_name on org_templates(tenant_id, name);
select eam_protect('org_templates');
