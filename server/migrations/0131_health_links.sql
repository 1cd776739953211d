-- The tenant's public health registration link (its QR poster): the token carries the tenant, so the public
-- page opens the tenant's own transaction; one live link per tenant, a revoked one stops answering.
create table health_links (
  tenant_id bigint not null references companies(id) on delete cascade,
  id bigint generated always as identity,
  token text not null,
  created_by bigint,
  created_at timestamptz not null default now(),
  revoked_at timestamptz,
  primary key (tenant_id, id)
);
create unique index health_links_token on health_links(tenant_id, token);
create unique index health_links_live on health_links(tenant_id) where revoked_at is null;
select eam_protect('health_links');

-- Attempts from the public page (user_id null: counted per address and hour) and registrations sent (user_id
-- set: counted per person and day), for the rate limits.
create table health_hits (
  tenant_id bigint not null references companies(id) on delete cascade,
  id bigint generated always as identity,
  address text not null,
  user_id bigint,
  created_at timestamptz not null default now(),
  primary key (tenant_id, id)
);
create index health_hits_address on health_hits(tenant_id, address, created_at) where user_id is null;
create index health_hits_person on health_hits(tenant_id, user_id, created_at) where user_id is not null;
select eam_protect('health_hits');
