-- The workflow layer: the timeline of every document's steps, approval instances over the designed flows,
-- and messages whose text is rendered in the reader's language.

create table record_steps (
  tenant_id bigint not null references companies(id) on delete cascade,
  id bigint generated always as identity,
  entity text not null,
  record_id bigint not null,
  action text not null,
  from_state text,
  to_state text,
  comment text,
  data jsonb,
  user_id bigint,
  created_at timestamptz not null default now(),
  primary key (tenant_id, id)
);
create index record_steps_record on record_steps(tenant_id, entity, record_id, id);
select eam_protect('record_steps');

create table approval_instances (
  tenant_id bigint not null references companies(id) on delete cascade,
  id bigint generated always as identity,
  entity text not null,
  record_id bigint not null,
  record_no text,
  flow_id bigint not null,
  action text not null,
  -- the document's state before the submit (reject and recall go back to it) and after the last approval
  from_state text not null,
  to_state text not null,
  state text not null default 'pending',
  node_sort integer not null,
  node_name text not null,
  -- the users who may decide at the current node (resolved when the node is reached)
  approvers jsonb not null default '[]',
  decisions integer not null default 0,
  -- the action run as the system when the last step approves, and the submit's input
  completes text not null,
  submitter_id bigint,
  created_at timestamptz not null default now(),
  finished_at timestamptz,
  primary key (tenant_id, id),
  constraint approval_instances_flow_fkey foreign key (tenant_id, flow_id) references act_flows(tenant_id, id)
);
create index approval_instances_record on approval_instances(tenant_id, entity, record_id, id);
create index approval_instances_pending on approval_instances using gin (approvers) where state = 'pending';
-- one running approval per document
create unique index approval_instances_one_pending on approval_instances(tenant_id, entity, record_id) where state = 'pending';
select eam_protect('approval_instances');
select eam_versioned('approval_instances');

alter table messages add column msg_key text;
alter table messages add column msg_params jsonb;
alter table messages add column link text;
