import { t } from '../../platform/i18n/index.js';
import { machineWhere, type Period, type ReportQuery, Sql, trendBuckets } from '../../platform/reports/filters.js';
import type { ReportContext, ReportResult } from '../../platform/reports/framework.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { GROUPS, type GroupName } from './machine-times.js';
import { counterSumsCtes } from './oee-counters.js';

/*
 * OEE's performance and quality from the work reports (production domain, 报工), beside the availability of
 * machine-times.ts. Over the reports of a machine (line, workshop) in the period:
 *   performance = Σ ideal cycle time × (good + scrap) ÷ run time   (run time = the availability's running time)
 *   quality     = Σ good ÷ Σ (good + scrap)
 *   OEE         = availability × performance × quality
 * A row without reports has neither (null, `productionData: false`): never an invented 100 %.
 * Each report carries the ideal cycle of its procedure when it was reported, so a later change leaves it.
 */

export interface ProductionSums {
  /** Σ ideal cycle seconds × (good + scrap). */
  idealSeconds: number;
  total: number;
  good: number;
}

/** The kept machines with no production data in the period: how many, and the first few by code. */
export interface MachinesWithout {
  count: number;
  names: string[];
}

/**
 * The production sums per group key, over every machine the query keeps, and per day (the tenant's zone); and the
 * machines without any. A machine counts from its counters (oee-counters.ts) when it has them, else from its work
 * reports.
 */
export async function productionSums(
  tx: TenantTx,
  q: ReportQuery,
  period: Period,
  group: GroupName,
): Promise<{
  byKey: Map<string, ProductionSums>;
  total: ProductionSums;
  byDay: Map<string, ProductionSums>;
  without: MachinesWithout;
}> {
  const sql = new Sql(tx.tenantId);
  const tz = sql.p(period.timeZone);
  const g = GROUPS[group];
  const base = `p as (select (${sql.p(period.start)}::date::timestamp at time zone ${tz}) as t0,
                             ((${sql.p(period.end)}::date + 1)::timestamp at time zone ${tz}) as t1),
     mach as (select m.id as mid, m.code, m.name, m.category_id, m.line_id, m.workshop_id from equipment m
               where ${machineWhere(q, sql, 'm')}),
     wr as (select r.equipment_id as mid, (r.end_at at time zone ${tz})::date as day,
                   sum(coalesce(r.ideal_cycle_seconds, 0) * (r.good_qty + r.scrap_qty))::float8 as ideal,
                   sum(r.good_qty + r.scrap_qty)::float8 as total, sum(r.good_qty)::float8 as good
              from work_reports r join p on r.end_at >= p.t0 and r.end_at < p.t1
              join mach on mach.mid = r.equipment_id
             where r.tenant_id = $1 group by 1, 2),
     ${counterSumsCtes(tz)},
     src as (select mid, day, ideal, total, good from wr where mid not in (select mid from cm)
             union all
             select cd.mid, cd.day, cd.total * cm.ideal, cd.total, cd.good from cd join cm on cm.mid = cd.mid),
     r as (select src.*, mach.category_id, mach.line_id, mach.workshop_id from src join mach on mach.mid = src.mid),
     nd as (select mach.code, mach.name from mach where mach.mid not in (select mid from src where total > 0))`;
  const key = g.key.replace('m.id', 'mid').replace('m.', '');
  const sums = `coalesce(sum(ideal), 0)::float8 as ideal,
                coalesce(sum(total), 0)::float8 as total, coalesce(sum(good), 0)::float8 as good`;
  const r = await tx.query<{ part: string; key: string | null; ideal: number; total: number; good: number }>(
    `with ${base}
     select case when grouping(${key}) = 1 then 'total' else 'row' end as part, ${key}::text as key, ${sums}
       from r group by grouping sets ((${key}), ())
     union all
     select 'day', day::text, ${sums} from r group by 2
     union all
     select 'none', x.names, x.n, 0, 0
       from (select count(*)::float8 as n,
                    (select string_agg(code || ' ' || name, E'\\n' order by code) from (select * from nd order by code limit 5) f) as names
               from nd) x`,
    sql.values,
  );
  const of = (x: { ideal: number; total: number; good: number }): ProductionSums => ({
    idealSeconds: Number(x.ideal),
    total: Number(x.total),
    good: Number(x.good),
  });
  const byKey = new Map<string, ProductionSums>();
  const byDay = new Map<string, ProductionSums>();
  let total: ProductionSums = { idealSeconds: 0, total: 0, good: 0 };
  let without: MachinesWithout = { count: 0, names: [] };
  for (const x of r.rows) {
    if (x.part === 'row' && x.key !== null) byKey.set(x.key, of(x));
    else if (x.part === 'day' && x.key) byDay.set(x.key, of(x));
    else if (x.part === 'total') total = of(x);
    else if (x.part === 'none') without = { count: Number(x.ideal), names: x.key ? x.key.split('\n') : [] };
  }
  return { byKey, total, byDay, without };
}

const pct = (v: number | null) =>
  v === null || !Number.isFinite(v) ? null : (Math.round(v * 10_000) / 100).toFixed(2);

/**
 * Performance, quality and OEE (percent with two decimals) from the production sums and the availability figures
 * (availability in percent, running hours) of the same machines and period.
 */
export function performanceQuality(
  sums: ProductionSums | undefined,
  availability: unknown,
  runningHours: unknown,
): { performance: string | null; quality: string | null; oee: string | null; productionData: boolean } {
  if (!sums || sums.total <= 0) return { performance: null, quality: null, oee: null, productionData: false };
  const run = Number(runningHours) * 3600;
  const p = run > 0 ? sums.idealSeconds / run : null;
  const q = sums.good / sums.total;
  const a = availability === null || availability === undefined ? null : Number(availability) / 100;
  return {
    performance: pct(p),
    quality: pct(q),
    oee: a !== null && p !== null ? pct(a * p * q) : null,
    productionData: true,
  };
}

/** The availability report with performance, quality and OEE added to its rows, total and trend. */
export async function withPerformanceQuality(
  ctx: ReportContext,
  group: GroupName,
  result: ReportResult,
): Promise<ReportResult> {
  const { period } = ctx;
  const { byKey, total, byDay } = await productionSums(ctx.tx, ctx.q, period, group);
  const none = t(ctx.lang, 'reports.noProductionData');
  const add = <T extends Record<string, unknown>>(row: T, sums: ProductionSums | undefined) => {
    const pq = performanceQuality(sums, row.availability, row.runningHours);
    return {
      ...row,
      ...pq,
      goodCount: sums && pq.productionData ? sums.good : null,
      totalCount: sums && pq.productionData ? sums.total : null,
      productionNote: pq.productionData ? null : none,
    };
  };
  const bucketSums = new Map<string, ProductionSums>();
  for (const b of trendBuckets(period)) {
    const s: ProductionSums = { idealSeconds: 0, total: 0, good: 0 };
    for (const [day, d] of byDay)
      if (day >= b.start && day <= b.end) {
        s.idealSeconds += d.idealSeconds;
        s.total += d.total;
        s.good += d.good;
      }
    bucketSums.set(b.start, s);
  }
  return {
    ...result,
    rows: result.rows.map((row) => add(row, row.key === null ? undefined : byKey.get(String(row.key)))),
    total: result.total ? add(result.total, total) : result.total,
    trend: result.trend?.map((point) => add(point, bucketSums.get(point.start))),
  };
}
