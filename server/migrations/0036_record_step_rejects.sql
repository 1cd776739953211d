-- The personnel report counts rework: the orders sent back at acceptance. Those steps are few among millions,
-- so they get an index of their own instead of a probe of every order's steps.
create index record_steps_rejects on record_steps (tenant_id, entity, record_id) where action = 'reject';
