import { readContext } from '../../platform/resources/read.js';
import type { WireRow } from '../../platform/resources/types.js';
import { createRow } from '../../platform/resources/write.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { downsample } from '../das/history.js';
import type { ReadingKind } from './kinds.js';
import { checkReading } from './reading-rules.js';
import { readingEntity } from './resources.js';

/**
 * Readings from machine data: a meter that names a machine-data tag (its tagId, a tag whose role is energy) gets a
 * reading for every quarter hour the tag sent a value in, the last value of the quarter, dated at the quarter's end
 * (10:00–10:15 gives the 10:15 reading). Quarters are those of the clock (UTC, so of every zone a whole or half hour
 * off it); only closed ones (ended by now) are read, from the quarter after the meter's last reading (whatever its
 * source) on, so a run again writes nothing twice (and one reading a meter a moment is the table's key as well).
 * A point that comes in late for a quarter already read is not read again.
 *
 * The values are those the das pipeline stored (scaled, in das_history), read through das's own read function
 * (history.ts downsample); the readings go through the record service like the ones by hand, so their checks, the
 * kept days, the flag for a second look and the targets follow. A value lower than the last is a rollover when the
 * meter has a register maximum, else the counter was set back (a device replaced or reset): a replacement whose
 * removed meter's last value is the last reading (nothing counted for that quarter). A value a reading could not
 * have (negative, above the register) is left out.
 */

/** The length of the quarters readings are taken for. */
export const WINDOW_MS = 15 * 60_000;
/** How far back a meter without any reading is read the first time. */
export const FIRST_BACK_MS = 24 * 3_600_000;
/** The most quarters one run writes for a meter (two days); the next run goes on. */
export const MAX_WINDOWS = 192;

interface FedMeter {
  id: number;
  tag_id: number;
  register_max: string | null;
  last_at: Date | null;
  last_value: string | null;
}

const floorWindow = (ms: number) => Math.floor(ms / WINDOW_MS) * WINDOW_MS;

/**
 * Writes the machine readings due of the tenant's meters fed by a tag. Returns how many were written and whether
 * some meter has more quarters waiting than one run writes.
 */
export async function readMachineMeters(
  tx: TenantTx,
  now: Date = new Date(),
): Promise<{ written: number; skipped: number; more: boolean }> {
  const meters = await tx.query<FedMeter>(
    `select m.id, m.tag_id, m.register_max, l.read_at as last_at, l.value as last_value
       from energy_meters m
       left join lateral (select read_at, value from energy_readings y where y.tenant_id = m.tenant_id and y.meter_id = m.id
                           order by read_at desc limit 1) l on true
      where m.tenant_id = $1 and m.tag_id is not null and m.deleted_at is null and m.state = 1
      order by m.id`,
    [tx.tenantId],
  );
  const end = floorWindow(now.getTime());
  const ctx = await readContext(tx, readingEntity, 'zh');
  let written = 0;
  let skipped = 0;
  let more = false;
  for (const m of meters.rows) {
    const start = m.last_at ? floorWindow(new Date(m.last_at).getTime()) : floorWindow(end - FIRST_BACK_MS);
    const stop = Math.min(end, start + MAX_WINDOWS * WINDOW_MS);
    if (stop < end) more = true;
    const windows = (stop - start) / WINDOW_MS;
    if (windows < 1) continue;
    const tagId = Number(m.tag_id);
    const buckets = (await downsample(tx, [tagId], new Date(start), new Date(stop), windows)).get(tagId) ?? [];
    let last = m.last_value === null ? null : Number(m.last_value);
    for (const b of buckets) {
      if (b.last === null || !Number.isFinite(b.last)) continue;
      const readAt = new Date(Date.parse(b.t) + WINDOW_MS).toISOString();
      if (m.last_at && Date.parse(readAt) <= new Date(m.last_at).getTime()) continue;
      const value = Math.round(b.last * 10_000) / 10_000;
      const row: WireRow = {
        meterId: Number(m.id),
        readAt,
        value: value.toFixed(4),
        source: 'machine',
        ...kindOf(value, last, m),
      };
      const issues = value < 0 ? ['negative'] : await checkReading(tx, row, null);
      if (issues.length) {
        skipped++;
        continue;
      }
      await createRow(tx, ctx, row, { system: true });
      last = value;
      written++;
    }
  }
  return { written, skipped, more };
}

/** A value as a reading: normal, or below the last one a rollover (register maximum known) or a replacement. */
function kindOf(value: number, last: number | null, m: FedMeter): { kind: ReadingKind; oldFinalValue?: string } {
  if (last === null || value >= last) return { kind: 'normal' };
  if (m.register_max !== null) return { kind: 'rollover' };
  return { kind: 'replacement', oldFinalValue: last.toFixed(4) };
}
