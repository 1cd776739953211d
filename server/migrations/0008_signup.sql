-- Self-service sign-up and hand-over logins (spec 7.1): SMS codes, organisation invite codes, one-time login
-- keys, and the company's big-screen layouts. Codes and keys shown to people carry their tenant id, so every
-- lookup stays within one tenant (and one Citus shard).

create table sms_codes (
  id bigint generated always as identity primary key,
  phone text not null,
  purpose text not null,
  code_hash text not null,
  attempts smallint not null default 0,
  ip text,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index sms_codes_phone on sms_codes(phone, purpose, created_at desc);
create index sms_codes_ip on sms_codes(ip, created_at desc);

alter table organizations add column invite_code text;
create unique index organizations_invite_code on organizations(tenant_id, invite_code) where invite_code is not null;

create table login_keys (
  tenant_id bigint not null references companies(id) on delete cascade,
  key_hash text not null,
  user_id bigint not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now(),
  primary key (tenant_id, key_hash),
  foreign key (tenant_id, user_id) references users(tenant_id, id) on delete cascade
);
select eam_protect('login_keys');

create table screens (
  tenant_id bigint not null references companies(id) on delete cascade,
  id bigint generated always as identity,
  code text not null,
  config jsonb not null,
  created_at timestamptz not null default now(),
  created_by bigint,
  updated_at timestamptz not null default now(),
  updated_by bigint,
  primary key (tenant_id, id),
  unique (tenant_id, code)
);
select eam_protect('screens');
