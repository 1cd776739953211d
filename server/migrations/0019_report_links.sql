-- The public report link of a machine (its QR label): the token carries the tenant, so the public page opens
-- the tenant's own transaction; a revoked link stops answering.
create table report_links (
  tenant_id bigint not null references companies(id) on delete cascade,
  id bigint generated always as identity,
  equipment_id bigint not null,
  token text not null,
  created_by bigint,
  created_at timestamptz not null default now(),
  revoked_at timestamptz,
  primary key (tenant_id, id),
  constraint report_links_equipment_fkey foreign key (tenant_id, equipment_id) references equipment(tenant_id, id)
);
create unique index report_links_token on report_links(tenant_id, token);
create unique index report_links_live on report_links(tenant_id, equipment_id) where revoked_at is null;
select eam_protect('report_links');

-- Reports sent from the public page, counted per address and per machine for the rate limit.
create table report_hits (
  tenant_id bigint not null references companies(id) on delete cascade,
  id bigint generated always as identity,
  equipment_id bigint not null,
  address text not null,
  created_at timestamptz not null default now(),
  primary key (tenant_id, id)
);
create index report_hits_recent on report_hits(tenant_id, equipment_id, created_at);
create index report_hits_address on report_hits(tenant_id, address, created_at);
select eam_protect('report_hits');
