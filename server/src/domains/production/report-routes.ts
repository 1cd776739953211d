import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../platform/http/envelope.js';
import { MAX_ID } from '../../platform/http/input-guard.js';
import { t } from '../../platform/i18n/index.js';
import { envelope } from '../../platform/resources/openapi.js';
import { planForReports, type TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { fieldError } from './errors.js';
import { P } from './permissions.js';

/** The longest period of a production report. */
export const MAX_REPORT_DAYS = 400;

interface Q {
  from: string;
  to: string;
  workshopId?: number;
  stationId?: number;
}

const query = {
  type: 'object',
  required: ['from', 'to'],
  properties: {
    from: { type: 'string', format: 'date' },
    to: { type: 'string', format: 'date' },
    workshopId: { type: 'integer', minimum: 1, maximum: MAX_ID },
    stationId: { type: 'integer', minimum: 1, maximum: MAX_ID },
  },
} as const;

function checkPeriod(q: Q) {
  const days = (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000;
  if (!(days >= 0)) throw fieldError('to', 'periodReversed');
  if (days > MAX_REPORT_DAYS) throw fieldError('to', 'periodTooLong', { max: MAX_REPORT_DAYS });
}

/** The period as p(tz, t0, t1) in the tenant's zone: [first day 00:00, the day after the last). */
const PERIOD = `p as (select z.tz, ($2::date::timestamp at time zone z.tz) as t0, (($3::date + 1)::timestamp at time zone z.tz) as t1
    from (select coalesce(nullif(c.timezone, ''), 'UTC') as tz from companies c where c.id = $1) z)`;

/** Reports of the period, of a workshop or station when asked ($4, $5). */
const REPORTS = `r as (select r.* from work_reports r, p
   where r.tenant_id = $1 and r.end_at >= p.t0 and r.end_at < p.t1
     and ($5::bigint is null or r.station_id = $5)
     and ($4::bigint is null or exists (select 1 from work_orders o where o.tenant_id = $1 and o.id = r.work_order_id
                                          and o.workshop_id = $4)))`;

const params = (tx: TenantTx, q: Q) => [tx.tenantId, q.from, q.to, q.workshopId ?? null, q.stationId ?? null];

/**
 * Plan against actual per day and shift: the output planned on the last procedure of each order (its tasks' planned
 * quantities on their planned day and shift) and the good quantity reported on it (on the report's day and shift).
 */
export async function planVsActual(tx: TenantTx, q: Q) {
  checkPeriod(q);
  await planForReports(tx);
  const r = await tx.query(
    `with ${PERIOD}, ${REPORTS},
     last as (select t.* from plan_tasks t where t.tenant_id = $1 and not exists (
                select 1 from plan_tasks n where n.tenant_id = $1 and n.work_order_id = t.work_order_id and n.seq > t.seq)),
     planned as (select l.plan_date as day, l.shift_id, sum(l.plan_qty) as qty from last l, p
                  where l.plan_date between $2::date and $3::date and ($5::bigint is null or l.station_id = $5)
                    and ($4::bigint is null or exists (select 1 from work_orders o where o.tenant_id = $1
                                                         and o.id = l.work_order_id and o.workshop_id = $4))
                  group by 1, 2),
     actual as (select (r.end_at at time zone p.tz)::date as day, r.shift_id, sum(r.good_qty) as good, sum(r.scrap_qty) as scrap
                  from r join last l on l.id = r.plan_task_id, p group by 1, 2)
     select coalesce(a.day, pl.day)::text as day, coalesce(a.shift_id, pl.shift_id) as "shiftId", s.name as "shiftName",
            coalesce(pl.qty, 0)::text as planned, coalesce(a.good, 0)::text as actual, coalesce(a.scrap, 0)::text as scrap,
            case when pl.qty > 0 then round(coalesce(a.good, 0) * 100.0 / pl.qty, 1)::text end as attainment
       from planned pl full join actual a on a.day = pl.day and a.shift_id is not distinct from pl.shift_id
       left join shifts s on s.tenant_id = $1 and s.id = coalesce(a.shift_id, pl.shift_id)
      order by 1, s.start_time nulls last`,
    params(tx, q),
  );
  return r.rows;
}

/** Scrap by reason over the period, the reason named in the reader's language. */
export async function scrapByReason(tx: TenantTx, q: Q, lang: string) {
  checkPeriod(q);
  await planForReports(tx);
  const r = await tx.query<{ reason: string | null; name: string | null; scrap: string; reports: number }>(
    `with ${PERIOD}, ${REPORTS},
     reasons as (select i.code, coalesce(nullif(i.names->>$6, ''), i.name) as name from items i
                   join items d on d.tenant_id = i.tenant_id and d.id = i.parent_id and d.parent_id is null
                  where i.tenant_id = $1 and d.code = 'scrapreason')
     select r.scrap_reason as reason, x.name, sum(r.scrap_qty)::text as scrap, count(*)::int as reports
       from r left join reasons x on x.code = r.scrap_reason
      where r.scrap_qty > 0 group by 1, 2 order by sum(r.scrap_qty) desc, 1`,
    [...params(tx, q), lang],
  );
  return r.rows;
}

/** Output per station: good and scrapped quantities, reports and the hours reported worked. */
export async function stationOutput(tx: TenantTx, q: Q) {
  checkPeriod(q);
  await planForReports(tx);
  const r = await tx.query(
    `with ${PERIOD}, ${REPORTS}
     select s.id as "stationId", s.code, s.name, sum(r.good_qty)::text as good, sum(r.scrap_qty)::text as scrap,
            count(*)::int as reports,
            round(sum(extract(epoch from (r.end_at - r.start_at))) filter (where r.start_at is not null) / 3600.0, 2)::text
              as hours,
            round(sum(r.good_qty) * 100.0 / nullif(sum(r.good_qty + r.scrap_qty), 0), 2)::text as yield
       from r join stations s on s.tenant_id = $1 and s.id = r.station_id
      group by s.id, s.code, s.name order by sum(r.good_qty) desc, s.code limit 500`,
    params(tx, q),
  );
  return r.rows;
}

/** Lead time of the orders finished in the period: release to finish, in hours, with the days late. */
export async function leadTimes(tx: TenantTx, q: Q) {
  checkPeriod(q);
  await planForReports(tx);
  const r = await tx.query(
    `with ${PERIOD}
     select o.id, o.code, m.name as "materialName", o.quantity::text as quantity, o.good_qty::text as "goodQty",
            o.due_date::text as "dueDate", o.finished_at as "finishedAt",
            round(extract(epoch from (o.finished_at - o.released_at)) / 3600.0, 1)::text as "leadHours",
            greatest(0, (o.finished_at at time zone p.tz)::date - o.due_date) as "daysLate"
       from work_orders o join production_materials m on m.tenant_id = o.tenant_id and m.id = o.material_id, p
      where o.tenant_id = $1 and o.finished_at >= p.t0 and o.finished_at < p.t1
        and ($4::bigint is null or o.workshop_id = $4)
        and ($5::bigint is null or exists (select 1 from plan_tasks t where t.tenant_id = $1 and t.work_order_id = o.id
                                             and t.station_id = $5))
      order by o.finished_at desc limit 500`,
    params(tx, q),
  );
  return r.rows;
}

const rows = envelope({ type: 'array', items: { type: 'object', additionalProperties: true } });

/** GET /api-proreport/report/<name>?from&to[&workshopId][&stationId]. */
export const productionReports: FastifyPluginAsync = async (app) => {
  const reports = {
    planVsActual: (tx: TenantTx, q: Q) => planVsActual(tx, q),
    scrapByReason: (tx: TenantTx, q: Q, lang: string) => scrapByReason(tx, q, lang),
    stationOutput: (tx: TenantTx, q: Q) => stationOutput(tx, q),
    leadTime: (tx: TenantTx, q: Q) => leadTimes(tx, q),
  };
  for (const [name, run] of Object.entries(reports))
    app.get<{ Querystring: Q }>(
      `/api-proreport/report/${name}`,
      {
        config: { permission: [P.reportsView] },
        schema: {
          tags: ['production'],
          summary: `production report: ${name}`,
          querystring: query,
          response: { 200: rows },
        },
      },
      (req) =>
        req.tenant(async (tx) => ok(await run(tx, req.query, req.lang), t(req.lang, 'production.messages.report'))),
    );
};
