-- The bytes of uploads and exports when the server keeps them in PostgreSQL (platform/files/database-store.ts:
-- several server instances on one PostgreSQL and no object store configured). One row per MiB of a file, under
-- the store key the server made (files/<tenant>/<random> or exports/<tenant>/<uuid>.xlsx).
create table file_blobs (
  tenant_id bigint not null references companies(id) on delete cascade,
  key text not null,
  part integer not null,
  data bytea not null,
  primary key (tenant_id, key, part)
);
select eam_protect('file_blobs');
