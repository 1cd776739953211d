-- Alarms (domains/das/alarms.ts): one open alarm per rule at a time, and since when a rule's condition holds.

-- While an alarm of a rule is not cleared, no second one opens (the alarm job on two servers: one wins).
create unique index das_alarms_one_open_key on das_alarms (tenant_id, rule_id) where state <> 'cleared';

-- When a rule's condition began to hold, for rules that must hold for some seconds before an alarm opens.
create table das_alarm_pending (
  tenant_id bigint not null,
  rule_id bigint not null,
  since timestamptz not null,
  primary key (tenant_id, rule_id),
  foreign key (tenant_id, rule_id) references das_alarm_rules (tenant_id, id) on delete cascade
);
select eam_protect('das_alarm_pending');
