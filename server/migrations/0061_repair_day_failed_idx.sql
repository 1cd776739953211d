-- The days on which a machine failed, in machine order with their failures: the rankings of every machine sum a
-- year's failures from these alone (about 1.0 of the large tenant's 1.27 million day rows a year; the others hold
-- only repairs or downtime). The ranking's sum took 177 ms from repair_day_figures_equipment_idx and about 140 from
-- this one. That index stays for a page of machines' days, which reads every day of theirs.
create index repair_day_figures_failed_idx on repair_day_figures (tenant_id, equipment_id, day) include (failures)
  where failures <> 0;
