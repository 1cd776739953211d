-- An API key's data scope (issue 51): which of the tenant's records the key reaches, never wider than its
-- creator's at creation; a request with the key sees what both the key and its creator see.
alter table api_keys add column data_scope text not null default 'all'
  check (data_scope in ('all', 'organization', 'workshop', 'workgroup', 'own'));
