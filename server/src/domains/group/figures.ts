import type { Queryable } from '../../db/index.js';
import { forbidden } from '../../platform/http/errors.js';
import { periodOf, todayIn, zoneOrUtc } from '../../platform/reports/filters.js';
import { OPEN_STATES } from '../repair/resources.js';

/*
 * A group's figures (spec 7.3 addSysAssoce: "a group company sees its members' figures"): one row per company of
 * the group led by the caller's company (companies.group_id = the lead's id; the lead points at itself), and the
 * totals over the group. Every figure keeps the definition of the page that shows it for one company:
 *   equipment       machines not deleted and not scrapped (the ledger's machines in service; check/generate.ts);
 *   reported        repair orders reported in the period, cancelled ones and those of deleted machines excepted
 *                   (the reports' failures, reports/machine-times.ts);
 *   open            repair orders in an open state now (the home panel's open orders);
 *   repairs         repair orders finished or checked in the period (the reports' repairs), and of those:
 *   downtimeHours   their recorded downtime (downtime_minutes, reported → finished of a stopping fault), in hours;
 *   mttr            their repair minutes ÷ repairs, in hours (the reports' MTTR; none without a repair);
 *   checksDue       check tasks of every kind due in the period (check/stats.ts): onTime done by their deadline,
 *                   missed closed or still open past it, onTimeRate = onTime ÷ due in percent (none when none due);
 *   stockValue      Σ on hand × moving-average cost over the spare stock now (the stock list's stockValue).
 * Each company's period is the same days in its own time zone, so its row equals its own reports for those days.
 * Totals are the same formulas over the group's sums (MTTR = all repair minutes ÷ all repairs), not averages.
 */

export interface GroupPeriod {
  start: string;
  end: string;
  timeZone: string;
}

export interface GroupCompany {
  id: number;
  name: string;
  code: string;
  timezone: string | null;
  state: number;
}

/** The period of a query; without one, this month up to today in the lead company's time zone. */
export function groupPeriod(q: { start?: string; end?: string }, timeZone: string, now = new Date()): GroupPeriod {
  if (q.start || q.end) return periodOf(q, timeZone, now);
  const today = todayIn(timeZone, now);
  return { start: `${today.slice(0, 8)}01`, end: today, timeZone };
}

/**
 * The companies of the group the tenant leads, the lead first. The ids come from companies.group_id only: a
 * company that leads no group (a member, or a company in no group) is refused with a translated 403.
 */
export async function groupCompanies(db: Queryable, tenantId: number): Promise<GroupCompany[]> {
  const r = await db.query<GroupCompany>(
    `select c.id, c.name, c.code, c.timezone, c.state
       from companies c where c.group_id = $1 and not c.is_platform
      order by c.id <> $1, c.name, c.id`,
    [tenantId],
  );
  const rows = r.rows.map((c) => ({ ...c, id: Number(c.id), state: Number(c.state) }));
  if (rows[0]?.id !== tenantId) throw forbidden('group.errors.notLead');
  return rows;
}

const FIGURES = `sum(equipment)::int as equipment, sum(reported)::int as reported, sum(open)::int as open,
  sum(repairs)::int as repairs, round(sum(downtime_min) / 60.0, 2) as "downtimeHours",
  case when sum(repairs) > 0 then round(sum(repair_min) / 60.0 / sum(repairs), 2) end as mttr,
  sum(due)::int as "checksDue", sum(on_time)::int as "checksOnTime", sum(missed)::int as "checksMissed",
  case when sum(due) > 0 then round(sum(on_time) * 100.0 / sum(due), 2) end as "onTimeRate",
  sum(stock)::numeric(16, 2) as "stockValue"`;

export type Figures = Record<string, number | string | null>;

/** The figures of the companies over the period (dates read in each company's own zone), with the totals. */
export async function groupFigures(
  db: Queryable,
  companies: GroupCompany[],
  period: { start: string; end: string },
): Promise<{ rows: Map<number, Figures>; total: Figures }> {
  const ids = companies.map((c) => c.id);
  const zones = companies.map((c) => zoneOrUtc(c.timezone));
  const r = await db.query<Figures & { id: number | null }>(
    `with grp as (select x.id, x.tz from unnest($1::bigint[], $2::text[]) as x(id, tz)),
     p as (select id, ($3::date::timestamp at time zone tz) as t0, (($4::date + 1)::timestamp at time zone tz) as t1
             from grp),
     eq as (select e.tenant_id as id, count(*) as n from equipment e
             where e.tenant_id = any($1::bigint[]) and e.deleted_at is null and e.status is distinct from 'scrapped'
             group by e.tenant_id),
     rep as (select o.tenant_id as id, count(*) as n
               from repair_orders o join p on p.id = o.tenant_id
               join equipment e on e.tenant_id = o.tenant_id and e.id = o.equipment_id and e.deleted_at is null
              where o.tenant_id = any($1::bigint[]) and o.state <> 'cancelled'
                and o.reported_at >= p.t0 and o.reported_at < p.t1
              group by o.tenant_id),
     opn as (select o.tenant_id as id, count(*) as n from repair_orders o
              where o.tenant_id = any($1::bigint[]) and o.state = any($5::text[]) group by o.tenant_id),
     fin as (select o.tenant_id as id, count(*) as n, coalesce(sum(o.repair_minutes), 0) as repair_min,
                    coalesce(sum(o.downtime_minutes), 0) as downtime_min
               from repair_orders o join p on p.id = o.tenant_id
               join equipment e on e.tenant_id = o.tenant_id and e.id = o.equipment_id and e.deleted_at is null
              where o.tenant_id = any($1::bigint[]) and o.state in ('finished', 'checked')
                and o.finished_at >= p.t0 and o.finished_at < p.t1
              group by o.tenant_id),
     chk as (select t.tenant_id as id, count(*) as due,
                    count(*) filter (where t.state = 'done' and not coalesce(t.late, false)) as on_time,
                    count(*) filter (where t.state = 'closed' or (t.state in ('pending', 'doing') and t.deadline < now()))
                      as missed
               from check_tasks t join p on p.id = t.tenant_id
              where t.tenant_id = any($1::bigint[]) and t.due_at >= p.t0 and t.due_at < p.t1
              group by t.tenant_id),
     stk as (select s.tenant_id as id, sum(round(coalesce(s.on_hand, 0) * coalesce(s.avg_cost, 0), 2)) as value
               from spare_stocks s where s.tenant_id = any($1::bigint[]) group by s.tenant_id),
     fig as (select g.id, coalesce(eq.n, 0) as equipment, coalesce(rep.n, 0) as reported, coalesce(opn.n, 0) as open,
                    coalesce(fin.n, 0) as repairs, coalesce(fin.repair_min, 0) as repair_min,
                    coalesce(fin.downtime_min, 0) as downtime_min, coalesce(chk.due, 0) as due,
                    coalesce(chk.on_time, 0) as on_time, coalesce(chk.missed, 0) as missed, coalesce(stk.value, 0) as stock
               from grp g left join eq on eq.id = g.id left join rep on rep.id = g.id left join opn on opn.id = g.id
               left join fin on fin.id = g.id left join chk on chk.id = g.id left join stk on stk.id = g.id)
     select case when grouping(id) = 1 then null else id::int end as id, ${FIGURES}
       from fig group by grouping sets ((id), ())`,
    [ids, zones, period.start, period.end, [...OPEN_STATES]],
  );
  const rows = new Map<number, Figures>();
  let total: Figures = {};
  for (const { id, ...figures } of r.rows) {
    if (id === null) total = figures;
    else rows.set(Number(id), figures);
  }
  return { rows, total };
}
