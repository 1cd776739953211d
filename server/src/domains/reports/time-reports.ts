import { t } from '../../platform/i18n/index.js';
import { machineWhere, Sql, trendBuckets } from '../../platform/reports/filters.js';
import {
  defineReport,
  ordersDrill,
  pageLimit,
  type ReportColumn,
  type ReportContext,
  type ReportRow,
  ROW_COUNT,
  summedInKeyOrder,
  type TrendPoint,
} from '../../platform/reports/framework.js';
import { planForReports, sideBySide, type TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { failuresPerMachine, GROUPS, groupOf, hours, keptMachineCount, machineTimesSql } from './machine-times.js';
import { withPerformanceQuality } from './oee-performance.js';
import { keptMachinesPer, placeTimesFit, placeTimesSql } from './place-times.js';

/*
 * Reports on the machines' time (machine-times.ts): MTBF/MTTR, fault rate and availability (OEE).
 * MTBF = running ÷ failures (none when it never failed: the page shows "> running time");
 * MTTR = repair minutes ÷ repairs; fault rate = failures × 1000 ÷ running hours; availability = running ÷ planned.
 */

const FIGURES = `${hours('planned')} as "plannedHours", ${hours('downtime')} as "downtimeHours",
  ${hours('running')} as "runningHours", failures::int as failures, repairs::int as repairs,
  ${hours('repair_min')} as "repairHours",
  case when failures > 0 then round(running / 60.0 / failures, 2) end as mtbf,
  case when repairs > 0 then round(repair_min / 60.0 / repairs, 2) end as mttr,
  case when running > 0 then round(failures * 60000.0 / running, 2) end as "faultRate",
  case when planned > 0 then round(running * 100.0 / planned, 2) end as availability`;

const SUMS = `sum(mt.planned) as planned, sum(mt.downtime) as downtime, sum(mt.running) as running,
  sum(mt.failures) as failures, sum(mt.repairs) as repairs, sum(mt.repair_min) as repair_min`;

/**
 * Rows per group, the total over the whole filtered set, and the trend per bucket of the period, from one
 * statement: the trend's buckets cover the period, so the rows come from mtp (each machine over all buckets)
 * and the trend from bk, sharing the passes over the orders. The total is the empty grouping set.
 */
async function timeFigures(ctx: ReportContext) {
  const { tx, q, period } = ctx;
  const group = groupOf(q.groupBy);
  if (group === 'equipment' && ctx.limit && placeTimesFit(q, 'workshop')) {
    const page = await machinePage(ctx, ctx.limit);
    if (page) return page;
  }
  const g = GROUPS[group];
  const sql = new Sql(tx.tenantId);
  const buckets = trendBuckets(period);
  let grouped: string;
  if (placeTimesFit(q, group)) {
    // By place: from the place days, without a row per machine (place-times.ts).
    const counts = await keptMachinesPer(tx, q, group);
    const cte = placeTimesSql(q, buckets, period.timeZone, sql, group, counts);
    grouped = `${cte},
     grouped as (select nullif(gr.g, 0) as key, ${g.name} as name, grouping(gr.g) = 1 as total, ${SUMS.replaceAll('mt.', 'gr.')}
                   from gr ${g.join.replace(g.key, 'nullif(gr.g, 0)')}
                  group by grouping sets ((gr.g, ${g.name}), ()))`;
  } else {
    const machineCount = await keptMachineCount(tx, q);
    const cte = machineTimesSql(q, buckets, period.timeZone, sql, { totals: true, period: true, machineCount });
    grouped = `${cte},
     grouped as (select ${g.key} as key, ${g.name} as name, grouping(${g.key}) = 1 as total, ${SUMS}
                   from mtp mt join m on m.id = mt.id ${g.join}
                  group by grouping sets ((${g.key}, ${g.name}), ()))`;
  }
  // A page sends its first rows only; sorting and sending 100,000 machines took 2 s.
  const all = await tx.query<FigureRow>(
    `with ${grouped}
     select * from (
       (select 'row' as part, key, name, null::int as k, ${FIGURES}, ${ROW_COUNT} from grouped
         where not total order by failures desc, name nulls last, key ${pageLimit(ctx, sql)})
       union all select 'total', key, name, null, ${FIGURES}, null from grouped where total
       union all select 'trend', null, null, k, ${FIGURES}, null from bk) x
     order by part, k, failures desc, name nulls last, key`,
    sql.values,
  );
  return shaped(ctx, all.rows, buckets);
}

type FigureRow = ReportRow & { part: 'row' | 'total' | 'trend'; k: number | null };

/**
 * A page of machines over every person: the machines ranked by their failures alone (the order of the rows), then
 * the figures of the page's machines only, read through their keys; the total and the trend from the figures per
 * place, which equal the machines' summed (day-figures.test.ts). A year over 100,000 machines otherwise works out
 * every machine's time to send 500 of them.
 */
async function machinePage(ctx: ReportContext, limit: number) {
  const { q, period } = ctx;
  const buckets = trendBuckets(period);
  // The page's rows and the totals read nothing of each other: side by side on PostgreSQL (the ranking about 250 ms
  // and the totals about 190 on the large tenant).
  const [rows, sums] = await sideBySide(
    ctx.tx,
    (tx) => rankedMachines(ctx, tx, limit, buckets),
    async (tx) => {
      const counts = await keptMachinesPer(tx, q, 'workshop');
      const placeSql = new Sql(tx.tenantId);
      const place = placeTimesSql(q, buckets, period.timeZone, placeSql, 'workshop', counts);
      const sums = await tx.query<FigureRow>(
        `with ${place},
         total as (select ${SUMS.replaceAll('mt.', 'gr.')} from gr)
         select 'total' as part, null as key, null as name, null::int as k, ${FIGURES} from total
         union all select 'trend', null, null, k, ${FIGURES} from bk order by part, k`,
        placeSql.values,
      );
      return { rows: sums.rows, rowCount: await keptMachineCount(tx, q) };
    },
    planForReports,
  );
  // No machine passes the filters: the statement over every machine is then cheap, and it gives the trend's empty
  // buckets, which the place figures do not.
  if (!rows) return null;
  return { ...shaped(ctx, [...rows, ...sums.rows], buckets), rowCount: sums.rowCount };
}

/** The page of machines ranked by their failures, with their figures (null when no machine passes the filters). */
async function rankedMachines(
  ctx: ReportContext,
  tx: TenantTx,
  limit: number,
  buckets: ReturnType<typeof trendBuckets>,
): Promise<FigureRow[] | null> {
  const { q, period } = ctx;
  const g = GROUPS.equipment;
  const rank = new Sql(tx.tenantId);
  const fl = failuresPerMachine(q, period, rank);
  const page = await summedInKeyOrder({ ...ctx, tx }, () =>
    tx.query<{ id: number }>(
      `with ${fl.ctes}
     select e.id from equipment e ${fl.join('e')}
      where ${machineWhere(q, rank)}
      order by ${fl.failures} desc, e.code || ' ' || e.name nulls last, e.id limit ${rank.p(limit)}`,
      rank.values,
    ),
  );
  const ids = page.rows.map((r) => Number(r.id));
  if (!ids.length) return null;
  const sql = new Sql(tx.tenantId);
  const cte = machineTimesSql(q, buckets, period.timeZone, sql, { period: true, ids });
  const rows = await tx.query<FigureRow>(
    `with ${cte}
     select 'row' as part, ${g.key} as key, ${g.name} as name, null::int as k, ${FIGURES}
       from mtp join m on m.id = mtp.id
      order by failures desc, name nulls last, key`,
    sql.values,
  );
  return rows.rows;
}

function shaped(ctx: ReportContext, all: FigureRow[], buckets: ReturnType<typeof trendBuckets>) {
  const { period, lang } = ctx;
  const g = GROUPS[groupOf(ctx.q.groupBy)];
  const strip = ({ part: _part, k: _k, row_count: _n, ...r }: ReportRow & { part: string; k: number | null }) => r;
  const rows = all.filter((r) => r.part === 'row').map(strip);
  const rowCount = Number(all.find((r) => r.part === 'row')?.row_count ?? 0);
  const { key: _key, name: _name, ...total } = strip(all.find((r) => r.part === 'total')!);
  const trend: TrendPoint[] = all
    .filter((r) => r.part === 'trend')
    .map((r) => {
      const { key: _key, name: _name, ...figures } = strip(r);
      return { ...buckets[r.k! - 1]!, ...figures };
    });
  return {
    rows: rows.map((r) => ({
      ...r,
      name: r.name ?? t(lang, 'reports.none'),
      drill: ordersDrill(period, g.drill, r.key),
    })),
    rowCount,
    total,
    trend,
  };
}

const h = (name: string, chart = false): ReportColumn => ({ name, kind: 'hours', chart });
const n = (name: string, chart = false): ReportColumn => ({ name, kind: 'int', chart });
const GROUP_CHOICES = ['equipment', 'category', 'workshop'];
const FILTERS = ['period', 'workshopId', 'lineId', 'categoryId', 'equipmentId', 'userId'] as const;

export const mtReport = defineReport({
  key: 'mtchart',
  menu: 'reportform.mtchart',
  filters: [...FILTERS],
  groups: GROUP_CHOICES,
  chart: 'bar',
  columns: [
    h('runningHours'),
    n('failures'),
    h('mtbf', true),
    n('repairs'),
    h('repairHours'),
    h('mttr', true),
    h('plannedHours'),
    h('downtimeHours'),
  ],
  trend: [h('mtbf', true), h('mttr', true)],
  run: timeFigures,
});

export const faultRateReport = defineReport({
  key: 'faultRateChart',
  menu: 'reportform.faultRateChart',
  filters: [...FILTERS],
  groups: GROUP_CHOICES,
  chart: 'bar',
  columns: [{ name: 'faultRate', kind: 'number', chart: true }, n('failures'), h('runningHours'), h('plannedHours')],
  trend: [{ name: 'faultRate', kind: 'number', chart: true }],
  run: timeFigures,
});

export const oeeReport = defineReport({
  key: 'oeechart',
  menu: 'reportform.oeechart',
  filters: ['period', 'workshopId', 'lineId', 'categoryId', 'equipmentId'],
  groups: GROUP_CHOICES,
  chart: 'bar',
  columns: [
    { name: 'oee', kind: 'percent', chart: true },
    { name: 'availability', kind: 'percent', chart: true },
    { name: 'performance', kind: 'percent', chart: true },
    { name: 'quality', kind: 'percent', chart: true },
    h('plannedHours'),
    h('downtimeHours'),
    h('runningHours'),
    { name: 'totalCount', kind: 'number' },
    { name: 'goodCount', kind: 'number' },
    { name: 'productionNote', kind: 'text' },
  ],
  trend: [
    { name: 'oee', kind: 'percent', chart: true },
    { name: 'availability', kind: 'percent', chart: true },
    { name: 'performance', kind: 'percent', chart: true },
    { name: 'quality', kind: 'percent', chart: true },
  ],
  // Availability from the machines' time (timeFigures); performance and quality from the work reports.
  run: async (ctx) => withPerformanceQuality(ctx, groupOf(ctx.q.groupBy), await timeFigures(ctx)),
});
