import { AppError } from '../http/errors.js';
import type { TenantTx } from '../tenancy/tenant-tx.js';

/** The filters every report understands (each report declares which of them its page shows). */
export const FILTER_NAMES = ['period', 'workshopId', 'lineId', 'categoryId', 'equipmentId', 'userId'] as const;
export type FilterName = (typeof FILTER_NAMES)[number];

export interface ReportQuery {
  start?: string;
  end?: string;
  workshopId?: number;
  lineId?: number;
  categoryId?: number;
  equipmentId?: number;
  userId?: number;
  groupBy?: string;
  /** The member's data scope over the machines (reports/scope.ts), set by the framework, never by the caller. */
  machineScope?: MachineScope;
}

/** A data scope as a condition on a machine alias, and the text that tells one scope from another in kept values. */
export interface MachineScope {
  readonly key: string;
  on(alias: string): string;
}

/** What tells the query's machine scope apart in the key of a value kept about its machines ('' for all). */
export const scopeKey = (q: ReportQuery): string => q.machineScope?.key ?? '';

/** The period as the tenant reads it: whole days [start, end] in the tenant's time zone. */
export interface Period {
  start: string;
  end: string;
  timeZone: string;
}

const DAY = 86_400_000;
/** The longest period one report covers. */
export const MAX_PERIOD_DAYS = 731;
/** The period when none is given: the last 30 days, today included (spec 9 "a month"). */
export const DEFAULT_DAYS = 30;

/** A real yyyy-mm-dd day (2026-02-30 and 2026-13-45 are not: the second is no date at all, which must not throw). */
const isDate = (s: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
};

export const querySchema = {
  type: 'object',
  properties: {
    start: { type: 'string', maxLength: 10 },
    end: { type: 'string', maxLength: 10 },
    workshopId: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
    lineId: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
    categoryId: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
    equipmentId: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
    userId: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
    groupBy: { type: 'string', maxLength: 30 },
  },
} as const;

/**
 * The tenant's time zone (companies.timezone), UTC when unset or unknown: the zone repair_day_figures cuts the
 * tenant's days in (eam_report_zone, migration 0035), so the reports' buckets and the kept days agree.
 */
export async function tenantTimeZone(tx: TenantTx): Promise<string> {
  const r = await tx.query<{ timezone: string | null }>(
    'select eam_report_zone(timezone) as timezone from companies where id = $1',
    [tx.tenantId],
  );
  return zoneOrUtc(r.rows[0]?.timezone);
}

/** A company's time zone as the reports read it: UTC when unset or unknown. */
export function zoneOrUtc(zone: string | null | undefined): string {
  if (!zone) return 'UTC';
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
}

/** Today's date in a time zone (YYYY-MM-DD). */
export function todayIn(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

export const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

/** The first day of the month of a date (YYYY-MM-DD), and the first day of the next month. */
const monthOf = (day: string) => `${day.slice(0, 7)}-01`;
function nextMonth(day: string): string {
  const [y, m] = [Number(day.slice(0, 4)), Number(day.slice(5, 7))];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}
export const dayAfter = (day: string) => shift(day, 1);

/**
 * The whole months of a period [first, after) and the days at its ends, which the kept months do not cover;
 * null when no whole month fits.
 */
export function wholeMonths(start: string, end: string): { first: string; after: string } | null {
  const first = start.endsWith('-01') ? start : nextMonth(start);
  const after = dayAfter(end).endsWith('-01') ? dayAfter(end) : monthOf(end);
  return first < after ? { first, after } : null;
}

/** The period of a query: both dates valid, end not before start, at most MAX_PERIOD_DAYS; else the last 30 days. */
export function periodOf(q: ReportQuery, timeZone: string, now = new Date()): Period {
  // Each date given is checked before anything is worked out from it (an end that is no date cannot be shifted).
  if (q.start !== undefined && !isDate(q.start)) throw new AppError('business', 'reports.errors.badDate', {}, 'start');
  if (q.end !== undefined && !isDate(q.end)) throw new AppError('business', 'reports.errors.badDate', {}, 'end');
  const end = q.end ?? todayIn(timeZone, now);
  const start = q.start ?? shift(end, -(DEFAULT_DAYS - 1));
  if (end < start) throw new AppError('business', 'reports.errors.endBeforeStart', {}, 'end');
  const days = (Date.parse(end) - Date.parse(start)) / DAY + 1;
  if (days > MAX_PERIOD_DAYS)
    throw new AppError('business', 'reports.errors.periodTooLong', { limit: MAX_PERIOD_DAYS }, 'end');
  return { start, end, timeZone };
}

/** Positional SQL parameters; $1 is always the tenant. */
export class Sql {
  readonly values: unknown[];
  constructor(tenantId: number) {
    this.values = [tenantId];
  }
  p(v: unknown): string {
    this.values.push(v);
    return `$${this.values.length}`;
  }
}

/** The conditions on a machine (alias e) from the query's place and machine filters. */
export function machineWhere(q: ReportQuery, sql: Sql, e = 'e'): string {
  const w = [`${e}.tenant_id = $1`, `${e}.deleted_at is null`];
  if (q.workshopId) w.push(`${e}.workshop_id = ${sql.p(q.workshopId)}`);
  if (q.lineId) w.push(`${e}.line_id = ${sql.p(q.lineId)}`);
  if (q.categoryId) w.push(`${e}.category_id = ${sql.p(q.categoryId)}`);
  if (q.equipmentId) w.push(`${e}.id = ${sql.p(q.equipmentId)}`);
  if (q.machineScope) w.push(`(${q.machineScope.on(e)})`);
  return w.join(' and ');
}

/** Whether the query narrows the machines by place, to one machine or to the member's data scope. */
export const placeFiltered = (q: ReportQuery) =>
  Boolean(q.workshopId || q.lineId || q.categoryId || q.equipmentId || q.machineScope);

/**
 * Rows (alias a, with equipment_id) of any machine not deleted, or of none (a patrol route's task): the deleted
 * machines are a short list to rule out.
 */
export const notDeleted = (a: string) =>
  `and (${a}.equipment_id is null or ${a}.equipment_id not in (select id from equipment where tenant_id = $1 and deleted_at is not null))`;

/**
 * How a report keeps the rows (alias a) of the machines its filters keep: with a place or machine filter, a join
 * with those machines (alias e); without one, every machine but the deleted ones, which is cheaper than a join
 * with every machine for a year of rows.
 */
export function keptMachines(q: ReportQuery, sql: Sql, a: string, e = 'e'): { join: string; where: string } {
  if (!placeFiltered(q)) return { join: '', where: notDeleted(a) };
  return {
    join: `join equipment ${e} on ${e}.tenant_id = ${a}.tenant_id and ${e}.id = ${a}.equipment_id and ${machineWhere(q, sql, e)}`,
    where: '',
  };
}

export interface Bucket {
  start: string;
  end: string;
}

/** The first and last day of buckets that follow one another without a gap (a gap throws). */
export function bucketSpan(buckets: Bucket[]): { first: string; last: string } {
  const sorted = [...buckets].sort((a, x) => (a.start < x.start ? -1 : 1));
  if (!sorted.every((x, i) => i === 0 || x.start === shift(sorted[i - 1]!.end, 1)))
    throw new Error('the buckets must follow one another without a gap');
  return { first: sorted[0]!.start, last: sorted.at(-1)!.end };
}

/** The trend's buckets over a period: days up to 31 days, 7-day weeks up to 26 weeks, else calendar months. */
export function trendBuckets(period: Period): Bucket[] {
  const days = (Date.parse(period.end) - Date.parse(period.start)) / DAY + 1;
  const out: Bucket[] = [];
  if (days <= 31) {
    for (let d = period.start; d <= period.end; d = shift(d, 1)) out.push({ start: d, end: d });
    return out;
  }
  if (days <= 182) {
    for (let d = period.start; d <= period.end; d = shift(d, 7)) {
      const e = shift(d, 6);
      out.push({ start: d, end: e < period.end ? e : period.end });
    }
    return out;
  }
  for (let d = period.start; d <= period.end; ) {
    const [y, m] = d.split('-').map(Number) as [number, number];
    const next = new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
    const e = shift(next, -1);
    out.push({ start: d, end: e < period.end ? e : period.end });
    d = next;
  }
  return out;
}

/**
 * The buckets as a SQL CTE body b(k, d0, d1, dc, t0, t1, tc): d0..d1 the days (inclusive) in the tenant's zone,
 * t0/t1 their bounds as instants; dc/tc the same clipped to today/now (time not yet lived is not counted).
 */
export function bucketsSql(buckets: Bucket[], timeZone: string, sql: Sql): string {
  const tz = sql.p(timeZone);
  return `select x.k::int as k, x.d0, x.d1, least(x.d1, (now() at time zone ${tz})::date) as dc,
            (x.d0::timestamp at time zone ${tz}) as t0, ((x.d1 + 1)::timestamp at time zone ${tz}) as t1,
            least((x.d1 + 1)::timestamp at time zone ${tz}, now()) as tc
       from unnest(${sql.p(buckets.map((b) => b.start))}::date[], ${sql.p(buckets.map((b) => b.end))}::date[])
            with ordinality as x(d0, d1, k)`;
}
