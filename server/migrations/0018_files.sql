-- Uploaded files (photos of a repair order, attachments): the bytes live under <DATA_DIR>/files/<tenant>/<key>,
-- a random key the server chose; this table names them and keeps them within their tenant.
create table files (
  tenant_id bigint not null references companies(id) on delete cascade,
  id bigint generated always as identity,
  name text not null,
  mime text not null,
  size integer not null,
  sha256 text not null,
  storage_key text not null,
  created_by bigint,
  created_at timestamptz not null default now(),
  primary key (tenant_id, id)
);
select eam_protect('files');
