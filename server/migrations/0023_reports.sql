-- Kanban boards (/kbList, /details): a board is a workshop's repair board or an equipment-status wall; its link
-- token carries the tenant so a TV opens it without a session; a revoked link stops answering.
create table board_links (
  tenant_id bigint not null references companies(id) on delete cascade,
  id bigint generated always as identity,
  kind text not null check (kind in ('repair', 'equipment')),
  name text not null,
  workshop_id bigint,
  token text not null,
  created_by bigint,
  created_at timestamptz not null default now(),
  revoked_at timestamptz,
  primary key (tenant_id, id),
  constraint board_links_workshop_fkey foreign key (tenant_id, workshop_id) references workshops(tenant_id, id)
);
create unique index board_links_token on board_links(tenant_id, token);
select eam_protect('board_links');

