-- A role's data scope (数据权限, platform/resources/data-scope.ts): which of the tenant's records its members see.
alter table roles add column data_scope text not null default 'all'
  check (data_scope in ('all', 'organization', 'workshop', 'workgroup', 'own'));
