import { Sql, tenantTimeZone } from '../../platform/reports/filters.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { consumptionCte, type Skip } from './consumption.js';

/**
 * The kept day figures (energy_meter_days, migration 0112): each meter's consumption per day of the tenant, its
 * cost, what no tariff priced and the quantity and cost of each tariff period, worked out from the readings by the
 * same statement the hourly figures use (consumption.ts consumptionCte), so that the reports of days, months and
 * whole periods read these rows and not the readings.
 *
 * They are kept in the transaction of every write that changes them: a reading saved, edited or deleted changes
 * the days from its neighbour before to its neighbour after (the intervals on both sides of it have their middles
 * there); an import the days of each meter over the file's span with the same margins; a meter's multiplier or
 * register maximum all its days; a tariff the days of its energy type over its validity, before and after the
 * change. A change of the tenant's time zone moves every day: rebuildDays (the route days/rebuild) does them again.
 *
 * Every statement here that writes meter days also writes the place figures (energy_place_days, migration 0186):
 * triggers on energy_meter_days add what a statement inserts and take away what it deletes at the places the meter
 * counts in, and triggers on energy_meters move a meter's days (and its sub-meters') when its place, parent, type
 * or deletion changes, so nothing here writes them.
 */

/** The widest days a meter's recomputation covers when all of them are asked. */
const FIRST_DAY = '1900-01-01';
const LAST_DAY = '9999-12-30';

/**
 * Works out again the days [from, to] (the tenant's days, both included) of the meters given from their readings,
 * leaving out what `skip` names (rows a delete is about to remove): the old rows of those days go, the new ones come.
 */
export async function recomputeDays(
  tx: TenantTx,
  meterIds: readonly number[],
  from: string = FIRST_DAY,
  to: string = LAST_DAY,
  skip: Skip = {},
): Promise<void> {
  if (!meterIds.length) return;
  const timeZone = await tenantTimeZone(tx);
  const ids = [...new Set(meterIds)];
  await tx.query(
    'delete from energy_meter_days where tenant_id = $1 and meter_id = any($2::bigint[]) and day >= $3::date and day <= $4::date',
    [tx.tenantId, ids, from, to],
  );
  const sql = new Sql(tx.tenantId);
  const cte = consumptionCte({ from, to, timeZone, bucket: 'day', groupBy: 'meter' }, sql, 'meter', {
    meterIds: ids,
    skip,
  });
  const period = (kind: string) =>
    `sum(d.q) filter (where d.period = '${kind}'), sum(d.q * d.price) filter (where d.period = '${kind}')`;
  await tx.query(
    `with ${cte}
     insert into energy_meter_days (tenant_id, meter_id, day, quantity, cost, unpriced,
                                    sharp_q, sharp_c, peak_q, peak_c, flat_q, flat_c, valley_q, valley_c)
     select $1, d.meter_id, d.at::date, sum(d.q), sum(d.q * d.price), sum(d.q) filter (where d.price is null),
            ${period('sharp')}, ${period('peak')}, ${period('flat')}, ${period('valley')}
       from d group by d.meter_id, d.at::date`,
    sql.values,
  );
}

/** The tenant's day of an instant. */
async function dayOf(tx: TenantTx, at: string | Date): Promise<string> {
  const r = await tx.query<{ day: string }>(
    `select to_char((($2::timestamptz) at time zone eam_report_zone(timezone))::date, 'YYYY-MM-DD') as day
       from companies where id = $1`,
    [tx.tenantId, at instanceof Date ? at.toISOString() : at],
  );
  return r.rows[0]!.day;
}

/**
 * The days a meter's readings between two instants touch: from the day of the reading before the first (or of
 * the first itself) to the day of the reading after the last (or of the last itself).
 */
async function touchedDays(
  tx: TenantTx,
  meterId: number,
  first: string,
  last: string,
): Promise<{ from: string; to: string }> {
  const r = await tx.query<{ before: Date | null; after: Date | null }>(
    `select (select max(read_at) from energy_readings where tenant_id = $1 and meter_id = $2 and read_at < $3::timestamptz) as before,
            (select min(read_at) from energy_readings where tenant_id = $1 and meter_id = $2 and read_at > $4::timestamptz) as after`,
    [tx.tenantId, meterId, first, last],
  );
  const row = r.rows[0]!;
  return { from: await dayOf(tx, row.before ?? first), to: await dayOf(tx, row.after ?? last) };
}

/** A meter's readings between two instants changed (saved, edited, imported or about to be deleted). */
export async function readingsChanged(
  tx: TenantTx,
  meterId: number,
  times: readonly string[],
  skip: Skip = {},
): Promise<void> {
  if (!times.length) return;
  const sorted = times.map((t) => new Date(t).toISOString()).sort();
  const span = await touchedDays(tx, meterId, sorted[0]!, sorted[sorted.length - 1]!);
  await recomputeDays(tx, [meterId], span.from, span.to, skip);
}

/**
 * Every kept day of the tenant's meters (or of the meters given) worked out again, a batch of meters at a time.
 * All of them: the place figures are not added to batch by batch (each place row would be written once a batch
 * in one transaction) but summed once at the end from all the days (eam_place_days_rebuild, migration 0186).
 */
export async function rebuildDays(tx: TenantTx, meterIds?: readonly number[], batch = 50): Promise<number> {
  const ids =
    meterIds ??
    (
      await tx.query<{ id: number }>(
        'select id from energy_meters where tenant_id = $1 and deleted_at is null order by id',
        [tx.tenantId],
      )
    ).rows.map((r) => Number(r.id));
  const all = !meterIds;
  if (all) await tx.query(`select set_config('eam.place_days_deferred', 'on', true)`);
  for (let i = 0; i < ids.length; i += batch) await recomputeDays(tx, ids.slice(i, i + batch));
  if (all) {
    await tx.query(`select set_config('eam.place_days_deferred', 'off', true), eam_place_days_rebuild($1)`, [
      tx.tenantId,
    ]);
  }
  return ids.length;
}

/** The live meters of an energy type. */
export async function metersOfType(tx: TenantTx, energyType: string): Promise<number[]> {
  const r = await tx.query<{ id: number }>(
    'select id from energy_meters where tenant_id = $1 and energy_type = $2 and deleted_at is null',
    [tx.tenantId, energyType],
  );
  return r.rows.map((x) => Number(x.id));
}
