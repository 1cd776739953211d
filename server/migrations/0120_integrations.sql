-- Integrations (issue 51): API keys for other systems, outgoing webhooks and their deliveries, e-mail notices.
-- Tenant tables, tenant_id leading every key, row-level security as everywhere else.

-- An API key: only a hash of its secret is kept. The secret names the tenant and the key
-- ("eamk_<tenant>_<id>_<random>"), so a request finds its key by primary key, and the hash is compared.
create table api_keys (
  tenant_id bigint not null references companies(id) on delete cascade,
  id bigint generated always as identity,
  name text not null,
  secret_hash text not null,
  hint text not null,
  permissions text[] not null default '{}',
  expires_at timestamptz,
  created_by bigint not null,
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  revoked_at timestamptz,
  revoked_by bigint,
  primary key (tenant_id, id),
  foreign key (tenant_id, created_by) references users(tenant_id, id) on delete cascade
);
create index api_keys_created on api_keys(tenant_id, created_at desc, id desc);
select eam_protect('api_keys');

-- A URL that hears some events of the tenant. The signing secret is needed to sign, so it is kept (never listed).
create table webhook_subscriptions (
  tenant_id bigint not null references companies(id) on delete cascade,
  id bigint generated always as identity,
  name text not null,
  url text not null,
  events text[] not null,
  secret text not null,
  state smallint not null default 1,
  failures integer not null default 0,
  disabled_at timestamptz,
  created_by bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id)
);
create index webhook_subscriptions_events on webhook_subscriptions using gin (events) where state = 1;
select eam_protect('webhook_subscriptions');

-- One delivery of one event to one subscription: queued in the transaction of the write, sent after it commits.
create table webhook_deliveries (
  tenant_id bigint not null references companies(id) on delete cascade,
  id bigint generated always as identity,
  subscription_id bigint not null,
  event text not null,
  payload jsonb not null,
  status text not null default 'queued',
  attempts integer not null default 0,
  next_at timestamptz,
  status_code integer,
  response_ms integer,
  error text,
  created_at timestamptz not null default now(),
  finished_at timestamptz,
  primary key (tenant_id, id),
  foreign key (tenant_id, subscription_id) references webhook_subscriptions(tenant_id, id) on delete cascade,
  check (status in ('queued', 'retrying', 'sent', 'failed'))
);
create index webhook_deliveries_subscription on webhook_deliveries(tenant_id, subscription_id, id desc);
select eam_protect('webhook_deliveries');

-- What a person wants by e-mail too, and in which language.
create table email_preferences (
  tenant_id bigint not null references companies(id) on delete cascade,
  user_id bigint not null,
  kinds text[] not null default '{}',
  lang text not null default 'zh',
  updated_at timestamptz not null default now(),
  primary key (tenant_id, user_id),
  foreign key (tenant_id, user_id) references users(tenant_id, id) on delete cascade
);
select eam_protect('email_preferences');

-- Notices waiting for the next digest mail of their person (a storm of them is one mail).
create table email_outbox (
  tenant_id bigint not null references companies(id) on delete cascade,
  id bigint generated always as identity,
  user_id bigint not null,
  message_id bigint not null,
  kind text not null,
  created_at timestamptz not null default now(),
  queued_at timestamptz,
  sent_at timestamptz,
  primary key (tenant_id, id),
  foreign key (tenant_id, user_id) references users(tenant_id, id) on delete cascade
);
create index email_outbox_pending on email_outbox(tenant_id, user_id, id) where sent_at is null;
select eam_protect('email_outbox');

-- A job queued from a tenant transaction to run later (a delivery's retry after its backoff).
create or replace function eam_enqueue_job_at(p_kind text, p_payload jsonb, p_run_at timestamptz) returns bigint
  language sql security definer set search_path from current as $$
  insert into jobs(tenant_id, kind, payload, run_at) values (eam_current_tenant(), p_kind, p_payload, p_run_at) returning id
$$;
revoke all on function eam_enqueue_job_at(text, jsonb, timestamptz) from public;
grant execute on function eam_enqueue_job_at(text, jsonb, timestamptz) to eam_app;
