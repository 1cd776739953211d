import type { EntityHooks, FieldIssue, WireRow } from '../../platform/resources/types.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';

/** Minutes since midnight of an HH:MM text (24:00 is 1440). */
export const minutesOf = (hhmm: string): number => {
  const [h, m] = hhmm.split(':').map(Number);
  return h! * 60 + m!;
};

/** How long a shift lasts from start to end, across midnight when the end is not after the start. */
export function shiftSpan(start: string, end: string): number {
  const span = minutesOf(end) - minutesOf(start);
  return span > 0 ? span : span + 1440;
}

/** The longest cycle a work group can run (two months of days). */
export const MAX_CYCLE_DAYS = 62;

/** A date range must not end before it starts. */
export function rangeIssues(row: WireRow, from = 'startDate', to = 'endDate'): FieldIssue[] {
  const a = row[from];
  const b = row[to];
  return typeof a === 'string' && typeof b === 'string' && b < a ? [{ field: to, key: 'endBeforeStart' }] : [];
}

export const dateRangeHooks: EntityHooks = {
  check: async (_tx, row) => rangeIssues(row),
};

export const shiftHooks: EntityHooks = {
  /** Work minutes cannot exceed the time between start and end. */
  async check(_tx, row) {
    const { startTime, endTime, workMinutes } = row;
    if (typeof startTime !== 'string' || typeof endTime !== 'string' || typeof workMinutes !== 'number') return [];
    const span = shiftSpan(startTime, endTime);
    return workMinutes > span ? [{ field: 'workMinutes', key: 'workMinutesTooLong', params: { limit: span } }] : [];
  },
  /** A shift saved without work minutes works its whole span. */
  async afterWrite(tx, _before, after) {
    if (after.workMinutes !== null && after.workMinutes !== undefined) return;
    const span = shiftSpan(String(after.startTime), String(after.endTime));
    await tx.update('shifts', after.id, { work_minutes: span }, 'id');
    after.workMinutes = span;
  },
};

/** The live shifts of the tenant among some ids. */
export async function liveShiftIds(tx: TenantTx, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const r = await tx.query<{ id: number }>(
    'select id from shifts where tenant_id = $1 and id = any($2::bigint[]) and deleted_at is null',
    [tx.tenantId, ids],
  );
  return new Set(r.rows.map((x) => Number(x.id)));
}

export const shiftCycleHooks: EntityHooks = {
  /** Days: a list of at most MAX_CYCLE_DAYS entries, each a live shift of the tenant or null (a rest day). */
  async check(tx, row) {
    const days = row.days;
    if (days === null || days === undefined) return [];
    if (!Array.isArray(days) || days.length > MAX_CYCLE_DAYS)
      return [{ field: 'days', key: 'cycleDays', params: { limit: MAX_CYCLE_DAYS } }];
    const ids = days.filter((d) => d !== null);
    if (ids.some((d) => !Number.isSafeInteger(d) || (d as number) <= 0))
      return [{ field: 'days', key: 'cycleDays', params: { limit: MAX_CYCLE_DAYS } }];
    const live = await liveShiftIds(tx, ids as number[]);
    const missing = (ids as number[]).find((d) => !live.has(d));
    return missing === undefined ? [] : [{ field: 'days', key: 'refMissing', params: { value: missing } }];
  },
};
