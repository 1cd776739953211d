import { machineWhere, type ReportQuery, Sql } from '../../platform/reports/filters.js';
import {
  defineReport,
  type ReportContext,
  type ReportResult,
  type ReportRow,
} from '../../platform/reports/framework.js';
import { SHIFT_MINUTES } from './machine-times.js';

/*
 * The six big losses and OEE per shift (docs/reports.md "Six big losses"), from the shift calendars (设备排班), the
 * stopping repair orders and the work reports (报工). Each machine's shift on each day of the period is a window
 * (its start on that day in the tenant's zone, its minutes long, up to now); over the windows of a group:
 *   planned        = Σ window time
 *   breakdowns     = Σ the stopping repairs' time inside the windows (reported → finished, or now while open)
 *   run            = planned − breakdowns
 *   set-up         = the procedure's set-up minutes of each plan task, counted in the window of its first report
 *   ideal          = Σ ideal cycle × (good + scrap) of the reports ending in the windows
 *   slow cycles    = Σ over reports with a start: (end − start) − ideal cycle × (good + scrap), when positive
 *   small stops    = run − set-up − ideal − slow cycles, when positive (the run time no report accounts for)
 *   start-up rejects = scrap with the reason "setup" (start-up reject); production rejects = the other scrap;
 *                      each also as time: ideal cycle × that scrap
 *   availability = run ÷ planned, performance = ideal ÷ run, quality = good ÷ (good + scrap), OEE their product.
 * A machine without a shift has no windows here (the OEE report counts its whole calendar instead).
 */

const GROUP_KEYS: Record<string, { key: string; name: string }> = {
  shift: { key: 'w.sid', name: 'max(w.sname)' },
  equipment: { key: 'w.mid', name: "max(w.mcode || ' ' || w.mname)" },
  workshop: { key: 'w.wsid', name: 'max(ws.workshopname)' },
};

export interface LossSums {
  plannedSec: number;
  breakdownSec: number;
  setupSec: number;
  idealSec: number;
  slowSec: number;
  good: number;
  total: number;
  startupRejects: number;
  productionRejects: number;
  startupSec: number;
  productionSec: number;
}

const ZERO: LossSums = {
  plannedSec: 0,
  breakdownSec: 0,
  setupSec: 0,
  idealSec: 0,
  slowSec: 0,
  good: 0,
  total: 0,
  startupRejects: 0,
  productionRejects: 0,
  startupSec: 0,
  productionSec: 0,
};

const pct = (v: number | null) =>
  v === null || !Number.isFinite(v) ? null : (Math.round(v * 10_000) / 100).toFixed(2);
const h = (sec: number) => Math.round((sec / 3600) * 100) / 100;

/** The figures of a group from its sums (see above). */
export function lossFigures(s: LossSums): Record<string, unknown> {
  const run = Math.max(0, s.plannedSec - s.breakdownSec);
  const small = Math.max(0, run - s.setupSec - s.idealSec - s.slowSec);
  const a = s.plannedSec > 0 ? run / s.plannedSec : null;
  const p = s.total > 0 && run > 0 ? s.idealSec / run : null;
  const q = s.total > 0 ? s.good / s.total : null;
  return {
    plannedHours: h(s.plannedSec),
    runningHours: h(run),
    availability: pct(a),
    performance: pct(p),
    quality: pct(q),
    oee: a !== null && p !== null && q !== null ? pct(a * p * q) : null,
    breakdownHours: h(s.breakdownSec),
    setupHours: h(s.setupSec),
    smallStopHours: h(small),
    slowCycleHours: h(s.slowSec),
    startupRejects: s.startupRejects,
    productionRejects: s.productionRejects,
    startupRejectHours: h(s.startupSec),
    productionRejectHours: h(s.productionSec),
    goodCount: s.good,
    totalCount: s.total,
  };
}

/** The loss sums per group key (shift, machine or workshop) over the windows of the period. */
export async function lossSums(
  ctx: ReportContext,
  q: ReportQuery,
): Promise<{ key: string; name: string; sums: LossSums }[]> {
  const { tx, period } = ctx;
  const sql = new Sql(tx.tenantId);
  const tz = sql.p(period.timeZone);
  const g = GROUP_KEYS[q.groupBy ?? 'shift'] ?? GROUP_KEYS.shift!;
  const r = await tx.query<Record<string, string | number | null>>(
    `with p as (select ${sql.p(period.start)}::date as d0,
                       least(${sql.p(period.end)}::date, (now() at time zone ${tz})::date) as d1),
     m as (select e.id, e.code, e.name, e.workshop_id from equipment e where ${machineWhere(q, sql, 'e')}),
     w0 as (select m.id as mid, m.code as mcode, m.name as mname, m.workshop_id as wsid, s.id as sid, s.name as sname,
                   ((g.d::date + s.start_time::time)::timestamp at time zone ${tz}) as ws, ${SHIFT_MINUTES} as minutes
              from equipment_shifts es join m on m.id = es.equipment_id
              join shifts s on s.tenant_id = es.tenant_id and s.id = es.shift_id and s.deleted_at is null
              cross join p
              cross join lateral generate_series(greatest(es.start_date, p.d0)::timestamp,
                                                 least(es.end_date, p.d1)::timestamp, interval '1 day') as g(d)
             where es.tenant_id = $1),
     w as materialized (select w0.*, least(w0.ws + w0.minutes * interval '1 minute', now()) as we from w0
           where w0.ws < now()),
     o as (select equipment_id, reported_at as t0,
                  case when state in ('finished', 'checked') then finished_at else now() end as t1
             from repair_orders
            where tenant_id = $1 and stopped and state <> 'cancelled' and reported_at is not null
              and equipment_id in (select id from m)),
     dt as (select w.mid, w.ws, sum(extract(epoch from (least(w.we, o.t1) - greatest(w.ws, o.t0))))::float8 as sec
              from w join o on o.equipment_id = w.mid and o.t0 < w.we and o.t1 > w.ws group by w.mid, w.ws),
     r as (select w.mid, w.ws, x.plan_task_id, x.end_at, x.start_at, x.good_qty, x.scrap_qty, x.scrap_reason,
                  coalesce(x.ideal_cycle_seconds, 0) as ideal
             from w join work_reports x on x.tenant_id = $1 and x.equipment_id = w.mid
                                       and x.end_at > w.ws and x.end_at <= w.we),
     su as (select distinct on (r.plan_task_id) r.mid, r.ws, coalesce(pr.setup_minutes, 0) * 60 as sec
              from r join plan_tasks t on t.tenant_id = $1 and t.id = r.plan_task_id
              join procedures pr on pr.tenant_id = $1 and pr.id = t.procedure_id
             where not exists (select 1 from work_reports y where y.tenant_id = $1 and y.plan_task_id = r.plan_task_id
                                                              and y.end_at < r.end_at)
             order by r.plan_task_id, r.end_at),
     rw as (select mid, ws, sum(ideal * (good_qty + scrap_qty))::float8 as ideal,
                   sum(case when start_at is null then 0
                            else greatest(0, extract(epoch from (end_at - start_at)) - ideal * (good_qty + scrap_qty)) end
                      )::float8 as slow,
                   sum(good_qty)::float8 as good, sum(good_qty + scrap_qty)::float8 as total,
                   sum(case when scrap_reason = 'setup' then scrap_qty else 0 end)::float8 as su_n,
                   sum(case when scrap_reason = 'setup' then 0 else scrap_qty end)::float8 as pr_n,
                   sum(case when scrap_reason = 'setup' then ideal * scrap_qty else 0 end)::float8 as su_s,
                   sum(case when scrap_reason = 'setup' then 0 else ideal * scrap_qty end)::float8 as pr_s
              from r group by mid, ws),
     sw as (select mid, ws, sum(sec)::float8 as sec from su group by mid, ws)
     select ${g.key}::text as key, ${g.name} as name,
            sum(extract(epoch from (w.we - w.ws)))::float8 as planned, coalesce(sum(dt.sec), 0)::float8 as down,
            coalesce(sum(sw.sec), 0)::float8 as setup, coalesce(sum(rw.ideal), 0)::float8 as ideal,
            coalesce(sum(rw.slow), 0)::float8 as slow, coalesce(sum(rw.good), 0)::float8 as good,
            coalesce(sum(rw.total), 0)::float8 as total, coalesce(sum(rw.su_n), 0)::float8 as su_n,
            coalesce(sum(rw.pr_n), 0)::float8 as pr_n, coalesce(sum(rw.su_s), 0)::float8 as su_s,
            coalesce(sum(rw.pr_s), 0)::float8 as pr_s
       from w left join dt on dt.mid = w.mid and dt.ws = w.ws
       left join rw on rw.mid = w.mid and rw.ws = w.ws
       left join sw on sw.mid = w.mid and sw.ws = w.ws
       left join workshops ws on ws.tenant_id = $1 and ws.id = w.wsid
      group by ${g.key} order by 2`,
    sql.values,
  );
  return r.rows.map((x) => ({
    key: String(x.key),
    name: String(x.name ?? ''),
    sums: {
      plannedSec: Number(x.planned),
      breakdownSec: Number(x.down),
      setupSec: Number(x.setup),
      idealSec: Number(x.ideal),
      slowSec: Number(x.slow),
      good: Number(x.good),
      total: Number(x.total),
      startupRejects: Number(x.su_n),
      productionRejects: Number(x.pr_n),
      startupSec: Number(x.su_s),
      productionSec: Number(x.pr_s),
    },
  }));
}

async function run(ctx: ReportContext): Promise<ReportResult> {
  const groups = await lossSums(ctx, ctx.q);
  const total = { ...ZERO };
  for (const g of groups) for (const k of Object.keys(total) as (keyof LossSums)[]) total[k] += g.sums[k];
  const rows: ReportRow[] = groups.map((g) => ({ key: g.key, name: g.name, ...lossFigures(g.sums) }));
  return { rows, total: lossFigures(total) };
}

const hours = (name: string, chart = false) => ({ name, kind: 'hours' as const, chart });

/** The OEE page's second tab: OEE per shift with the six big losses (shift, machine or workshop rows). */
export const oeeLossesReport = defineReport({
  key: 'oeeLosses',
  menu: 'reportform.oeechart',
  filters: ['period', 'workshopId', 'lineId', 'categoryId', 'equipmentId'],
  groups: ['shift', 'equipment', 'workshop'],
  chart: 'bar',
  columns: [
    { name: 'oee', kind: 'percent' },
    { name: 'availability', kind: 'percent' },
    { name: 'performance', kind: 'percent' },
    { name: 'quality', kind: 'percent' },
    hours('plannedHours'),
    hours('runningHours'),
    hours('breakdownHours', true),
    hours('setupHours', true),
    hours('smallStopHours', true),
    hours('slowCycleHours', true),
    hours('startupRejectHours', true),
    hours('productionRejectHours', true),
    { name: 'startupRejects', kind: 'number' },
    { name: 'productionRejects', kind: 'number' },
    { name: 'goodCount', kind: 'number' },
    { name: 'totalCount', kind: 'number' },
  ],
  run,
});
