import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../platform/http/envelope.js';
import { notDeleted, type Period, Sql, shift, tenantTimeZone, todayIn } from '../../platform/reports/filters.js';
import { planForReports } from '../../platform/tenancy/tenant-tx.js';
import { monthEnergy } from '../energy/panel.js';
import { openList, overdueSql } from '../repair/resources.js';
import { hours } from './machine-times.js';
import { performanceQuality, productionSums } from './oee-performance.js';
import { keptMachinesPer, placeTimesSql } from './place-times.js';

/** The home panel's window: the last 30 days, today included, compared with the 30 days before. */
export const PANEL_DAYS = 30;

/**
 * The home panel in one call: open and overdue repair orders, machines stopped now, MTBF/MTTR/availability and
 * repair time of the last 30 days against the 30 before, and the machines that failed most.
 */
export const homePanelRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/api-list/homepanel',
    {
      config: { permission: ['workboard:view', 'repair_admin:task:view'] },
      schema: {
        tags: ['reports'],
        summary: 'Home panel: open/overdue orders, stopped machines, MTBF, MTTR, availability, fault ranking (30 days)',
        response: { 200: { type: 'object', additionalProperties: true } },
      },
    },
    (req) =>
      req.tenant(async (tx) => {
        await planForReports(tx);
        const timeZone = await tenantTimeZone(tx);
        const today = todayIn(timeZone);
        const current: Period = { start: shift(today, -(PANEL_DAYS - 1)), end: today, timeZone };
        const previous = { start: shift(current.start, -PANEL_DAYS), end: shift(current.start, -1) };
        // The open orders from their own index (repair_orders_open_idx), today's through the index on reported_at.
        const counts = await tx.query<Record<string, number>>(
          `select o.open, o.overdue, o.stopped, t.n as "reportedToday"
             from (select count(*)::int as open,
                          count(*) filter (where ${overdueSql('r')})::int as overdue,
                          count(distinct equipment_id) filter (where stopped)::int as stopped
                     from repair_orders r where r.tenant_id = $1 and r.state in (${openList})) o,
                  (select count(*)::int as n from repair_orders
                    where tenant_id = $1 and state <> 'cancelled' and reported_at >= ($2::date::timestamp at time zone $3)) t`,
          [tx.tenantId, today, timeZone],
        );
        const sql = new Sql(tx.tenantId);
        // The totals per bucket (bk) from the place days, summed over every place (place-times.ts).
        const cte = placeTimesSql(
          {},
          [current, previous],
          timeZone,
          sql,
          'workshop',
          await keptMachinesPer(tx, {}, 'workshop'),
        );
        // The fault ranking from the day figures of the current period: the machines with the most failures, the
        // ties at the fifth place ordered by code.
        const figures = await tx.query<Record<string, unknown>>(
          `with ${cte},
           fm as (select f.equipment_id as id, sum(f.failures)::int as failures from repair_day_figures f
                   where f.tenant_id = $1 and f.day >= ${sql.p(current.start)}::date and f.day <= ${sql.p(current.end)}::date
                     and f.failures <> 0 ${notDeleted('f')}
                   group by 1),
           top as (select e.id as "equipmentId", e.code, e.name, fm.failures
                     from fm join equipment e on e.tenant_id = $1 and e.id = fm.id
                    where fm.failures >= (select min(failures) from (select failures from fm order by failures desc limit 5) x)
                    order by fm.failures desc, e.code limit 5)
           select k, failures::int as failures, repairs::int as repairs, ${hours('repair_min')} as "repairHours",
                  case when failures > 0 then round(running / 60.0 / failures, 2) end as mtbf,
                  case when repairs > 0 then round(repair_min / 60.0 / repairs, 2) end as mttr,
                  ${hours('running')} as "runningHours",
                  case when planned > 0 then round(running * 100.0 / planned, 2) end as availability,
                  case when k = 1 then (select coalesce(json_agg(top order by top.failures desc, top.code), '[]')
                                          from top) end as ranking
             from bk order by k`,
          sql.values,
        );
        const [now, before] = [
          figures.rows.find((r) => Number(r.k) === 1),
          figures.rows.find((r) => Number(r.k) === 2),
        ];
        const strip = (r: Record<string, unknown> | undefined) => {
          if (!r) return null;
          const { k: _k, ranking: _ranking, ...rest } = r;
          return rest;
        };
        // Performance and quality from the work reports of the same days (oee-performance.ts), null without any.
        const made = await productionSums(tx, {}, current, 'equipment');
        const pq = performanceQuality(made.total, now?.availability ?? null, now?.runningHours ?? null);
        return ok({
          ...counts.rows[0],
          period: { start: current.start, end: current.end, timeZone },
          current: strip(now),
          previous: { start: previous.start, end: previous.end, ...strip(before) },
          ranking: now?.ranking ?? [],
          oee: {
            availability: now?.availability ?? null,
            performance: pq.performance,
            quality: pq.quality,
            oee: pq.oee,
            // The machines with neither counters nor work reports in the 30 days: how many, the first few.
            withoutData: made.without,
          },
          energy: await monthEnergy(tx, today, timeZone),
        });
      }),
  );
};
