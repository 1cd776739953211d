-- The machines that began (their commissioning day, else their creation) after a report's period began: their
-- planned time counts from their start (reports/machine-times.ts, lateMachines). A few new machines among the large
-- tenant's 100,000, found through these two indexes (a bitmap or of both) instead of a scan of every machine.
create index equipment_commissioned_idx on equipment (tenant_id, commissioning_date)
  where deleted_at is null and commissioning_date is not null;
create index equipment_created_idx on equipment (tenant_id, created_at)
  where deleted_at is null and commissioning_date is null;
