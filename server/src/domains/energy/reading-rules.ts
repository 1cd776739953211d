import { readContext } from '../../platform/resources/read.js';
import type { FieldIssue, RowIssue, WireRow } from '../../platform/resources/types.js';
import { updateRow } from '../../platform/resources/write.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import type { ReadingKind } from './kinds.js';
import { readingEntity } from './resources.js';
import { checkTargets } from './targets.js';

/** A reading may be dated a few minutes ahead of the server's clock (a phone's clock runs fast). */
export const FUTURE_SLACK_MS = 5 * 60_000;
/** Far above the usual: this many times the meter's average rate over its last intervals. */
export const FLAG_FACTOR = 3;
/** The intervals the usual rate is taken from (at least 3 are needed before anything is flagged). */
const USUAL_INTERVALS = 10;

interface Neighbour {
  value: string;
  kind: ReadingKind;
  read_at: Date;
}

const num = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));

/** The stored reading of the meter just before (or after) a time, leaving out the reading being edited. */
async function neighbour(
  tx: TenantTx,
  meterId: number,
  at: string,
  selfId: number,
  side: 'before' | 'after',
): Promise<Neighbour | null> {
  const r = await tx.query<Neighbour>(
    `select value, kind, read_at from energy_readings
      where tenant_id = $1 and meter_id = $2 and id <> $3 and read_at ${side === 'before' ? '<' : '>'} $4::timestamptz
      order by read_at ${side === 'before' ? 'desc' : 'asc'} limit 1`,
    [tx.tenantId, meterId, selfId, at],
  );
  return r.rows[0] ?? null;
}

interface MeterRules {
  register_max: string | null;
}

/** A reading as the rules see it: its value, kind and the old meter's last value of a replacement. */
interface Judged {
  value: number;
  kind: ReadingKind;
  oldFinalValue: number | null;
}

/**
 * Where a reading stands among its meter's readings: not lower than the reading before unless marked as a
 * replacement or rollover (and then consistent with it), within the register, not above the reading after when that
 * one simply goes on counting.
 */
export function judgeReading(
  r: Judged,
  prev: { value: string } | null,
  next: { value: string; kind: ReadingKind } | null,
  m: MeterRules,
): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const last = prev ? Number(prev.value) : null;
  if (r.kind === 'normal' && last !== null && r.value < last)
    issues.push({ field: 'value', key: 'energy.errors.lowerThanLast', params: { last: prev!.value } });
  if (r.kind === 'rollover') {
    if (last === null) issues.push({ field: 'kind', key: 'energy.errors.noPrevious' });
    else if (m.register_max === null) issues.push({ field: 'kind', key: 'energy.errors.noRegisterMax' });
    else if (r.value >= last)
      issues.push({ field: 'kind', key: 'energy.errors.notRollover', params: { last: prev!.value } });
  }
  if (r.kind === 'replacement') {
    if (r.oldFinalValue === null) issues.push({ field: 'oldFinalValue', key: 'required' });
    else if (last !== null && r.oldFinalValue < last)
      issues.push({ field: 'oldFinalValue', key: 'energy.errors.lowerThanLast', params: { last: prev!.value } });
  }
  if (m.register_max !== null && r.value > Number(m.register_max))
    issues.push({ field: 'value', key: 'energy.errors.aboveRegisterMax', params: { max: m.register_max } });
  if (next && next.kind === 'normal' && Number(next.value) < r.value)
    issues.push({ field: 'value', key: 'energy.errors.aboveNext', params: { next: next.value } });
  return issues;
}

const isFuture = (at: string) => Date.parse(at) > Date.now() + FUTURE_SLACK_MS;

/**
 * A reading's own rules (types, ranges and the meter's existence are the engine's): not in the future, not on the
 * same moment as another reading of the meter, and in order among the meter's readings (judgeReading).
 */
export async function checkReading(tx: TenantTx, row: WireRow, existing: WireRow | null): Promise<FieldIssue[]> {
  const at = typeof row.readAt === 'string' ? row.readAt : null;
  const meterId = num(row.meterId);
  const value = num(row.value);
  if (!at || !meterId || value === null) return [];
  if (isFuture(at)) return [{ field: 'readAt', key: 'energy.errors.future' }];
  const meter = await tx.query<MeterRules>(
    'select register_max from energy_meters where tenant_id = $1 and id = $2 and deleted_at is null',
    [tx.tenantId, meterId],
  );
  const m = meter.rows[0];
  if (!m) return [{ field: 'meterId', key: 'energy.errors.meterMissing' }];
  const selfId = num(existing?.id) ?? 0;
  const same = await tx.query(
    'select 1 from energy_readings where tenant_id = $1 and meter_id = $2 and read_at = $3::timestamptz and id <> $4',
    [tx.tenantId, meterId, at, selfId],
  );
  if (same.rows.length) return [{ field: 'readAt', key: 'energy.errors.sameTime' }];
  const judged = { value, kind: (row.kind ?? 'normal') as ReadingKind, oldFinalValue: num(row.oldFinalValue) };
  const prev = await neighbour(tx, meterId, at, selfId, 'before');
  const next = await neighbour(tx, meterId, at, selfId, 'after');
  return judgeReading(judged, prev, next, m);
}

interface Series {
  at: number;
  value: string;
  kind: ReadingKind;
  /** The row of the file, or -1 for a stored reading. */
  index: number;
  oldFinalValue: number | null;
}

/**
 * An import's readings judged together: each meter's rows of the file merged in time order with its stored
 * readings over the file's times (and the one before and after them), each row judged against its neighbours.
 */
export async function checkImportedReadings(tx: TenantTx, rows: readonly WireRow[]): Promise<RowIssue[]> {
  const out: RowIssue[] = [];
  const byMeter = new Map<number, Series[]>();
  for (const [index, row] of rows.entries()) {
    const at = String(row.readAt);
    if (isFuture(at)) {
      out.push({ index, field: 'readAt', key: 'energy.errors.future' });
      continue;
    }
    const list = byMeter.get(Number(row.meterId)) ?? [];
    list.push({
      at: Date.parse(at),
      value: String(row.value),
      kind: (row.kind ?? 'normal') as ReadingKind,
      index,
      oldFinalValue: num(row.oldFinalValue),
    });
    byMeter.set(Number(row.meterId), list);
  }
  for (const [meterId, list] of byMeter) {
    const meter = await tx.query<MeterRules>(
      'select register_max from energy_meters where tenant_id = $1 and id = $2 and deleted_at is null',
      [tx.tenantId, meterId],
    );
    const m = meter.rows[0];
    if (!m) {
      for (const r of list) out.push({ index: r.index, field: 'meterId', key: 'energy.errors.meterMissing' });
      continue;
    }
    const times = list.map((r) => r.at);
    const [first, last] = [new Date(Math.min(...times)).toISOString(), new Date(Math.max(...times)).toISOString()];
    const stored = await tx.query<Neighbour>(
      `(select value, kind, read_at from energy_readings where tenant_id = $1 and meter_id = $2 and read_at < $3::timestamptz
         order by read_at desc limit 1)
       union all
       (select value, kind, read_at from energy_readings where tenant_id = $1 and meter_id = $2
           and read_at >= $3::timestamptz and read_at <= $4::timestamptz order by read_at limit 50000)
       union all
       (select value, kind, read_at from energy_readings where tenant_id = $1 and meter_id = $2 and read_at > $4::timestamptz
         order by read_at limit 1)`,
      [tx.tenantId, meterId, first, last],
    );
    const series: Series[] = [
      ...stored.rows.map((s) => ({
        at: new Date(s.read_at).getTime(),
        value: String(s.value),
        kind: s.kind,
        index: -1,
        oldFinalValue: null,
      })),
      ...list,
    ].sort((a, b) => a.at - b.at || a.index - b.index);
    for (const [i, r] of series.entries()) {
      if (r.index < 0) continue;
      const prev = series[i - 1] ?? null;
      if (prev && prev.at === r.at) {
        out.push({ index: r.index, field: 'readAt', key: 'energy.errors.sameTime' });
        continue;
      }
      // A later row of the file is judged against this one in its turn; a stored reading after it is judged here.
      const after = series[i + 1];
      const next = after && after.index < 0 ? after : null;
      const judged = { value: Number(r.value), kind: r.kind, oldFinalValue: r.oldFinalValue };
      for (const issue of judgeReading(judged, prev, next, m)) out.push({ index: r.index, ...issue });
    }
  }
  return out.sort((a, b) => a.index - b.index);
}

/**
 * Whether the reading's interval used far more than the meter's usual rate: its consumption per hour against
 * the average per hour of the meter's last intervals before it (replacements, rollovers and the first reading
 * are judged by nobody).
 */
export async function isFarAboveUsual(tx: TenantTx, meterId: number, readAt: string): Promise<boolean> {
  const r = await tx.query<{ value: string; kind: ReadingKind; read_at: Date }>(
    `select value, kind, read_at from energy_readings where tenant_id = $1 and meter_id = $2 and read_at <= $3::timestamptz
      order by read_at desc limit ${USUAL_INTERVALS + 2}`,
    [tx.tenantId, meterId, readAt],
  );
  const rows = r.rows.reverse();
  const rates: number[] = [];
  for (let i = 1; i < rows.length; i++) {
    const a = rows[i - 1]!;
    const b = rows[i]!;
    const hours = (new Date(b.read_at).getTime() - new Date(a.read_at).getTime()) / 3_600_000;
    rates.push(b.kind === 'normal' && hours > 0 ? (Number(b.value) - Number(a.value)) / hours : Number.NaN);
  }
  const current = rates.pop();
  const usual = rates.filter((x) => Number.isFinite(x));
  if (current === undefined || !Number.isFinite(current) || usual.length < 3) return false;
  const average = usual.reduce((s, x) => s + x, 0) / usual.length;
  return current > 0 && current > FLAG_FACTOR * Math.max(average, Number.EPSILON);
}

/** After a reading is saved: its flag for a second look, then the targets its consumption may have passed. */
export async function afterReading(tx: TenantTx, after: WireRow): Promise<void> {
  const meterId = Number(after.meterId);
  const flagged = await isFarAboveUsual(tx, meterId, String(after.readAt));
  if (flagged !== Boolean(after.flagged)) {
    await updateRow(tx, await readContext(tx, readingEntity, 'zh'), after.id, { flagged }, { system: true });
    return;
  }
  await checkTargets(tx, [meterId]);
}
