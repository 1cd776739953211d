-- The kept day figures of the energy meters (domains/energy/days.ts): each meter's consumption per day of the tenant
-- (the interval between two readings belongs to the day of its middle moment), its cost, what no tariff priced, and
-- the quantity and cost of each tariff period (尖/峰/平/谷). The consumption reports of days, months and whole periods
-- sum these rows (a year of 2,000 meters is 730,000 rows, not 70 million readings); hours and shifts read the
-- readings. Written in the transaction of each reading, import, meter or tariff write that changes them; a null
-- period figure means no interval of the day fell in that period.
create table energy_meter_days (
  tenant_id bigint not null,
  meter_id bigint not null,
  day date not null,
  quantity numeric not null,
  cost numeric,
  unpriced numeric,
  sharp_q numeric,
  sharp_c numeric,
  peak_q numeric,
  peak_c numeric,
  flat_q numeric,
  flat_c numeric,
  valley_q numeric,
  valley_c numeric,
  -- A meter's days one after another with what the reports sum: a month of one meter reads its key range alone.
  primary key (tenant_id, meter_id, day) include (quantity, cost, unpriced),
  foreign key (tenant_id, meter_id) references energy_meters (tenant_id, id) on delete cascade
);
-- A period's days of every meter (a year by workshop).
create index energy_meter_days_day_idx on energy_meter_days (tenant_id, day) include (meter_id, quantity, cost, unpriced);
select eam_protect('energy_meter_days');
