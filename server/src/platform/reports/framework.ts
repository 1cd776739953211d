import { type FilterName, type Period, type ReportQuery, type Sql, shift } from '../../platform/reports/filters.js';
import { type Lang, t } from '../i18n/index.js';
import { planForReports, type TenantTx } from '../tenancy/tenant-tx.js';
import { scopedQuery } from './scope.js';

/*
 * The report framework: a report is a declaration (its menu, filters, groupings, columns, chart kind) and one
 * SQL run. The routes, the export to My downloads and the web page are generic over the declarations, so a
 * report on new data (spare stock, maintenance tasks) is one more declaration in its own domain.
 */

export type ColumnKind = 'text' | 'int' | 'hours' | 'minutes' | 'percent' | 'money' | 'number';
export type ChartKind = 'bar' | 'pareto' | 'pie' | 'line';

export interface ReportColumn {
  name: string;
  kind: ColumnKind;
  /** Charted as a series (the first charted column is the main one). */
  chart?: boolean;
}

/** One row: the group's key and name, its figures, and the repair orders behind it (the list's filters). */
export interface ReportRow {
  key: string | number | null;
  name: string | null;
  drill?: Record<string, string | number> | null;
  [column: string]: unknown;
}

export interface TrendPoint {
  start: string;
  end: string;
  [column: string]: unknown;
}

export interface ReportResult {
  rows: ReportRow[];
  /** How many rows there are when the report sent only the first `limit` of them. */
  rowCount?: number;
  /** Totals over every row (the same formulas over the whole filtered set). */
  total?: Record<string, unknown>;
  trend?: TrendPoint[];
}

export interface ReportContext {
  tx: TenantTx;
  q: ReportQuery;
  period: Period;
  lang: Lang;
  /** The rows the caller shows (a page): a report may send only those, saying how many there are in rowCount. */
  limit?: number;
  /** The database the statements run on, where a plan is told apart (summedInKeyOrder). */
  database?: 'pglite' | 'postgres';
}

export interface ReportDef {
  /** The route /api-list/report/<key> and the page's name. */
  key: string;
  /** The menu whose view/export button codes guard the report (reportform.mtchart → reportform:mtchart:view). */
  menu: string;
  filters: FilterName[];
  /** The row groupings offered (groupBy); the first is the default. */
  groups: string[];
  chart: ChartKind;
  columns: ReportColumn[];
  /** Trend columns (per bucket of the period), when the report has a trend. */
  trend?: ReportColumn[];
  run(ctx: ReportContext): Promise<ReportResult>;
}

const registry = new Map<string, ReportDef>();

/** Declares a report (each domain declares its own at import time). */
export function defineReport(def: ReportDef): ReportDef {
  if (registry.has(def.key)) throw new Error(`report ${def.key} declared twice`);
  registry.set(def.key, def);
  return def;
}

/**
 * Runs fn with PostgreSQL told not to build hash tables: a sum per machine over a period is then read in machine
 * order from its index (the machines' years, migration 0062; the days with a failure, 0060 and 0061) and joined with
 * the machines along their key, where the planner prices a hash table of 100,000 machines lower. On the large tenant
 * the ranking of every machine took 430 ms to sum a year's days with a hash table against 164 from the index, and
 * 277 ms in all with a hash join against 222 with a merge join. Nor parallel workers: the sum then streams in machine
 * order into the join without a sort of its 100,000 rows (about 15 ms), and the other core is busy with the
 * report's totals (sideBySide). Not on the embedded database:
 * without autovacuum its index-only scans read the table row by row.
 */
export async function summedInKeyOrder<T>(ctx: ReportContext, fn: () => Promise<T>): Promise<T> {
  if (ctx.database !== 'postgres') return fn();
  await ctx.tx.query(
    `select set_config('enable_hashagg', 'off', true), set_config('enable_hashjoin', 'off', true),
            set_config('max_parallel_workers_per_gather', '0', true)`,
  );
  const result = await fn();
  // Back to the values RESET gives, by a select: a SET would count as a write of the transaction (tenant-tx.ts).
  await ctx.tx.query(
    `select set_config(name, reset_val, true) from pg_settings
      where name in ('enable_hashagg', 'enable_hashjoin', 'max_parallel_workers_per_gather')`,
  );
  return result;
}

/**
 * Runs a report in its transaction (the page and the export both come here), over the machines of the acting
 * member's data scope (scope.ts).
 */
export async function runReport(def: ReportDef, ctx: ReportContext): Promise<ReportResult> {
  await planForReports(ctx.tx);
  return def.run({ ...ctx, q: await scopedQuery(ctx.tx, ctx.q, ctx.lang) });
}

/**
 * The rows a page shows at most: grouped by machine, the large tenant has 100,000 rows (35 MB of JSON). The page
 * says how many there are; the export has them all.
 */
export const PAGE_ROWS = 500;

/**
 * A report that can send its page only: its statement selects ROW_COUNT (the number of all rows, counted before
 * the limit) and ends with pageLimit; countedRows takes the count off the rows.
 */
export const ROW_COUNT = 'count(*) over ()::int as row_count';
export const pageLimit = (ctx: ReportContext, sql: Sql) => (ctx.limit ? `limit ${sql.p(ctx.limit)}` : '');
export function countedRows(rows: ReportRow[]): { rows: ReportRow[]; rowCount: number } {
  return {
    rows: rows.map(({ row_count: _n, ...row }) => row as ReportRow),
    rowCount: Number(rows[0]?.row_count ?? 0),
  };
}

export const allReports = (): ReportDef[] => [...registry.values()];
export const findReport = (key: string): ReportDef | undefined => registry.get(key);

/** The permission code of a report's menu button (view or export). */
export const reportPermission = (def: ReportDef, action: 'view' | 'export') =>
  `${def.menu.replace(/\./g, ':')}:${action}`;

/** The filters the repair order list takes (a category is not one of them). */
const ORDER_FILTERS = new Set(['equipmentId', 'workshopId', 'lineId', 'faultReasonId', 'assigneeId']);

/**
 * The period's bounds as the list's filters, worked out once per period: Intl's zone arithmetic costs about 0.1 ms,
 * which made 18 of the 19 s of a year's fault ranking by machine (100,000 rows) on the large tenant.
 */
const drillBases = new WeakMap<Period, { reportedAtFrom: string; reportedAtTo: string }>();

/** The repair orders behind a row, as the repair list's filters (period on the report time). */
export function ordersDrill(
  period: Period,
  field: string | null,
  value: unknown,
): Record<string, string | number> | null {
  if (field && (value === null || value === undefined || !ORDER_FILTERS.has(field))) return null;
  let base = drillBases.get(period);
  if (!base) {
    base = {
      reportedAtFrom: dayStart(period.start, period.timeZone),
      reportedAtTo: dayEnd(period.end, period.timeZone),
    };
    drillBases.set(period, base);
  }
  return field ? { ...base, [field]: Number.isFinite(Number(value)) ? Number(value) : String(value) } : base;
}

/** The offset of a time zone from UTC at an instant, in milliseconds. */
function zoneOffset(at: number, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const asUtc = Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!);
  return asUtc - Math.floor(at / 1000) * 1000;
}

/** The instant a day starts in a time zone (ISO). */
export function dayStart(day: string, timeZone: string): string {
  const guess = Date.parse(`${day}T00:00:00Z`);
  const first = guess - zoneOffset(guess, timeZone);
  return new Date(guess - zoneOffset(first, timeZone)).toISOString();
}

/** The last millisecond of a day in a time zone (ISO): the list's range filter is inclusive. */
export function dayEnd(day: string, timeZone: string): string {
  return new Date(Date.parse(dayStart(shift(day, 1), timeZone)) - 1).toISOString();
}

/** The period's bounds in the tenant's zone as a one-row CTE p(t0, t1): [first day 00:00, day after the last). */
export const periodCte = (ctx: ReportContext, sql: Sql) => {
  const tz = sql.p(ctx.period.timeZone);
  return `p as (select (${sql.p(ctx.period.start)}::date::timestamp at time zone ${tz}) as t0,
                      ((${sql.p(ctx.period.end)}::date + 1)::timestamp at time zone ${tz}) as t1)`;
};

/** The period's days, for a table kept per tenant day (alias a, column day): first to last, inclusive. */
export const periodDays = (ctx: ReportContext, sql: Sql, a: string) =>
  `${a}.day >= ${sql.p(ctx.period.start)}::date and ${a}.day <= ${sql.p(ctx.period.end)}::date`;

/** Rows named "(none)" where their group has no name, each with its drill-down (null: none). */
export const namedRows = (
  ctx: ReportContext,
  rows: ReportRow[],
  drill: (row: ReportRow) => Record<string, string | number> | null = () => null,
) => rows.map((r) => ({ ...r, name: r.name ?? t(ctx.lang, 'reports.none'), drill: drill(r) }));
