import { t } from '../../platform/i18n/index.js';
import { keptMachines, machineWhere, notDeleted, placeFiltered, Sql } from '../../platform/reports/filters.js';
import {
  countedRows,
  defineReport,
  namedRows,
  ordersDrill,
  pageLimit,
  periodCte,
  periodDays,
  type ReportContext,
  type ReportRow,
  ROW_COUNT,
  summedInKeyOrder,
} from '../../platform/reports/framework.js';
import { planForReports, sideBySide, sideBySidePossible, type TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { failuresPerMachine, GROUPS, groupOf, hours, machineTimesSql, middleMachineId } from './machine-times.js';
import { keptMachinesPer, placeSumsSql, placeTimesFit, placeTimesSql } from './place-times.js';

/*
 * Reports on the repair orders: workshop analysis (failures, downtime, cost), fault reasons (Pareto) and
 * personnel quality. Orders count in the period they were reported in (personnel: finished in); cancelled
 * orders never count.
 */

const named = (ctx: ReportContext, rows: ReportRow[], field: string | null) =>
  namedRows(ctx, rows, (r) => ordersDrill(ctx.period, field, r.key));

export const workshopReport = defineReport({
  key: 'workshopChart',
  menu: 'reportform.workshopChart',
  filters: ['period', 'workshopId', 'lineId', 'categoryId', 'equipmentId', 'userId'],
  groups: ['workshop', 'line', 'category'],
  chart: 'bar',
  columns: [
    { name: 'failures', kind: 'int', chart: true },
    { name: 'downtimeHours', kind: 'hours', chart: true },
    { name: 'repairHours', kind: 'hours' },
    { name: 'labourCost', kind: 'money' },
    { name: 'partsCost', kind: 'money' },
    { name: 'externalCost', kind: 'money' },
    { name: 'totalCost', kind: 'money', chart: true },
  ],
  async run(ctx) {
    const { tx, q, period } = ctx;
    const group = groupOf(q.groupBy, 'workshop');
    const g = GROUPS[group];
    const sql = new Sql(tx.tenantId);
    if (placeTimesFit(q, group)) {
      // By place, from the place days (place-times.ts).
      const counts = await keptMachinesPer(tx, q, group);
      const cte = placeSumsSql(q, { start: period.start, end: period.end }, period.timeZone, sql, group, counts);
      const r = await tx.query<ReportRow>(
        `with ${cte}
         select nullif(gs.g, 0) as key, ${g.name} as name, gs.failures::int as failures,
                ${hours('gs.downtime')} as "downtimeHours", ${hours('gs.reported_min')} as "repairHours",
                gs.labour_cost::numeric(14, 2) as "labourCost", gs.parts_cost::numeric(14, 2) as "partsCost",
                gs.external_cost::numeric(14, 2) as "externalCost", gs.total_cost::numeric(14, 2) as "totalCost"
           from gs ${g.join.replace(g.key, 'nullif(gs.g, 0)')}
          order by failures desc, "totalCost" desc, name nulls last`,
        sql.values,
      );
      return { rows: named(ctx, r.rows, g.drill) };
    }
    // One bucket, the period: fk is each machine's figures over it, its downtime not cut at planned time here.
    const cte = machineTimesSql(q, [{ start: period.start, end: period.end }], period.timeZone, sql, { costs: true });
    const r = await tx.query<ReportRow>(
      `with ${cte}
       select ${g.key} as key, ${g.name} as name, coalesce(sum(fk.failures), 0)::int as failures,
              ${hours('coalesce(sum(fk.downtime), 0)')} as "downtimeHours",
              ${hours('coalesce(sum(fk.reported_min), 0)')} as "repairHours",
              coalesce(sum(fk.labour_cost), 0)::numeric(14, 2) as "labourCost",
              coalesce(sum(fk.parts_cost), 0)::numeric(14, 2) as "partsCost",
              coalesce(sum(fk.external_cost), 0)::numeric(14, 2) as "externalCost",
              coalesce(sum(fk.total_cost), 0)::numeric(14, 2) as "totalCost"
         from m left join fk on fk.id = m.id ${g.join}
        group by ${g.key}, ${g.name} order by failures desc, "totalCost" desc, name nulls last`,
      sql.values,
    );
    return { rows: named(ctx, r.rows, g.drill) };
  },
});

export const faultReasonReport = defineReport({
  key: 'faultReasonChart',
  menu: 'reportform.faultReasonChart',
  filters: ['period', 'workshopId', 'lineId', 'categoryId', 'equipmentId', 'userId'],
  groups: ['reason', 'equipment'],
  chart: 'pareto',
  columns: [
    { name: 'failures', kind: 'int', chart: true },
    { name: 'share', kind: 'percent' },
    { name: 'cumulative', kind: 'percent', chart: true },
    { name: 'downtimeHours', kind: 'hours' },
  ],
  async run(ctx) {
    const { tx, q } = ctx;
    const byMachine = q.groupBy === 'equipment';
    if (byMachine && ctx.limit) return machineRanking(ctx, ctx.limit);
    const sql = new Sql(tx.tenantId);
    const p = periodCte(ctx, sql);
    // The orders are counted before their machine or reason is named (a name per row, not per order).
    const machines = keptMachines(q, sql, 'o');
    const person = q.userId ? `and o.assignee_id = ${sql.p(q.userId)}` : '';
    // By reason over every machine and person, from the days' counts per reason (migration 0048).
    const perDay = !byMachine && !placeFiltered(q) && !q.userId;
    const counted = perDay
      ? `select nullif(d.fault_reason_id, 0) as key, sum(d.failures)::int as failures, sum(d.downtime_min) as downtime
           from repair_reason_days d
          where d.tenant_id = $1 and ${periodDays(ctx, sql, 'd')}
          group by d.fault_reason_id having sum(d.failures) <> 0`
      : `select ${byMachine ? 'o.equipment_id' : 'o.fault_reason_id'} as key, count(*)::int as failures,
                sum(coalesce(o.downtime_minutes, 0)) as downtime
           from repair_orders o join p on o.reported_at >= p.t0 and o.reported_at < p.t1 ${machines.join}
          where o.tenant_id = $1 and o.state <> 'cancelled' ${machines.where} ${person}
          group by 1`;
    const r = await tx.query<ReportRow>(
      `with ${p},
       c as (${counted}),
       g as (select c.key, ${byMachine ? `n.code || ' ' || n.name` : 'n.name'} as name, c.failures,
                    ${hours('c.downtime')} as "downtimeHours"
               from c ${
                 byMachine
                   ? 'join equipment n on n.tenant_id = $1 and n.id = c.key'
                   : 'left join fault_reasons n on n.tenant_id = $1 and n.id = c.key'
               })
       select key, name, failures, "downtimeHours",
              round(failures * 100.0 / sum(failures) over (), 2) as share,
              round(sum(failures) over (order by failures desc, name nulls last, key rows unbounded preceding) * 100.0
                    / sum(failures) over (), 2) as cumulative, ${ROW_COUNT}
         from g order by failures desc, name nulls last, key ${pageLimit(ctx, sql)}`,
      sql.values,
    );
    const { rows, rowCount } = countedRows(r.rows);
    return { rows: named(ctx, rows, byMachine ? 'equipmentId' : 'faultReasonId'), rowCount };
  },
});

/**
 * A page of the fault ranking by machine: the failures per machine from the kept years and days (failuresPerMachine,
 * summed in machine order on PostgreSQL), the shares over every machine,
 * and the downtime of the page's machines only, from their orders through their index. Counting a year of a
 * million orders per machine took 770 ms on the large tenant.
 */
async function machineRanking(ctx: ReportContext, limit: number) {
  const { tx, q } = ctx;
  const sql = new Sql(tx.tenantId);
  const p = periodCte(ctx, sql);
  const person = (a: string) => (q.userId ? `and ${a}.assignee_id = ${sql.p(q.userId)}` : '');
  const fl = failuresPerMachine(q, ctx.period, sql);
  const r = await summedInKeyOrder(ctx, () =>
    tx.query<ReportRow>(
      `with ${p},
     ${fl.ctes},
     g as (select e.id as key, e.code || ' ' || e.name as name, (${fl.failures})::int as failures
             from equipment e ${fl.join('e', true)}
            where ${machineWhere(q, sql)} and ${fl.failures} <> 0),
     top as materialized (select key, name, failures, sum(failures) over () as total, ${ROW_COUNT} from g
                           order by failures desc, name nulls last, key limit ${sql.p(limit)}),
     dt as (select o.equipment_id as key, sum(coalesce(o.downtime_minutes, 0)) as downtime
              from repair_orders o join p on o.reported_at >= p.t0 and o.reported_at < p.t1
             where o.tenant_id = $1 and o.equipment_id in (select key from top) and o.state <> 'cancelled' ${person('o')}
             group by o.equipment_id)
     select top.key, top.name, top.failures, ${hours('coalesce(dt.downtime, 0)')} as "downtimeHours",
            round(top.failures * 100.0 / top.total, 2) as share,
            round(sum(top.failures) over (order by top.failures desc, top.name nulls last, top.key rows unbounded preceding)
                  * 100.0 / top.total, 2) as cumulative, top.row_count
       from top left join dt on dt.key = top.key
      order by top.failures desc, top.name nulls last, top.key`,
      sql.values,
    ),
  );
  const { rows, rowCount } = countedRows(r.rows);
  return { rows: named(ctx, rows, 'equipmentId'), rowCount };
}

/** Personnel's orders finished in the period, each read: needed when a place or machine narrows them. */
const ordersOneByOne = (orders: { join: string; where: string }, person: string) => `
       o as (select o.assignee_id, o.response_minutes, o.repair_minutes, rw.record_id is not null as reworked
               from repair_orders o join p on o.finished_at >= p.t0 and o.finished_at < p.t1 ${orders.join}
               left join rw on rw.record_id = o.id
              where o.tenant_id = $1 and o.state in ('finished', 'checked') and o.assignee_id is not null
                ${orders.where} ${person}),
       r as (select o.assignee_id as key, count(*)::int as done,
                    round(avg(o.response_minutes), 1) as "responseMinutes",
                    ${hours('avg(o.repair_minutes)')} as "repairHours",
                    count(*) filter (where o.reworked)::int as rework,
                    round(count(*) filter (where o.reworked) * 100.0 / count(*), 2) as "reworkRate"
               from o group by o.assignee_id)`;

/**
 * Personnel's orders of every machine from the days each person finished them (repair_person_days, migration
 * 0048), and the few sent back at acceptance read one by one.
 */
const ordersPerDay = (ctx: ReportContext, sql: Sql, whose: (a: string) => string) => `
       dn as (select d.assignee_id, sum(d.done)::int as done, sum(d.response_min) as response_min,
                     sum(d.responses) as responses, sum(d.repair_min) as repair_min, sum(d.repairs_timed) as timed
                from repair_person_days d
               where d.tenant_id = $1 and ${periodDays(ctx, sql, 'd')} ${whose('d')}
               group by d.assignee_id having sum(d.done) <> 0),
       rk as (select o.assignee_id, count(*)::int as n
                from rw join repair_orders o on o.tenant_id = $1 and o.id = rw.record_id
                join p on o.finished_at >= p.t0 and o.finished_at < p.t1
               where o.state in ('finished', 'checked') and o.assignee_id is not null ${notDeleted('o')} ${whose('o')}
               group by o.assignee_id),
       r as (select dn.assignee_id as key, dn.done,
                    round(dn.response_min::numeric / nullif(dn.responses, 0), 1) as "responseMinutes",
                    ${hours('dn.repair_min::numeric / nullif(dn.timed, 0)')} as "repairHours",
                    coalesce(rk.n, 0) as rework, round(coalesce(rk.n, 0) * 100.0 / dn.done, 2) as "reworkRate"
               from dn left join rk on rk.assignee_id = dn.assignee_id)`;

export const personnelReport = defineReport({
  key: 'personnel',
  menu: 'reportform.workshopChart',
  filters: ['period', 'workshopId', 'lineId', 'categoryId', 'equipmentId', 'userId'],
  groups: ['person'],
  chart: 'bar',
  columns: [
    { name: 'done', kind: 'int', chart: true },
    { name: 'responseMinutes', kind: 'minutes' },
    { name: 'repairHours', kind: 'hours' },
    { name: 'rework', kind: 'int', chart: true },
    { name: 'reworkRate', kind: 'percent' },
    { name: 'checksDone', kind: 'int', chart: true },
    { name: 'checksOnTimeRate', kind: 'percent' },
    { name: 'points', kind: 'int' },
  ],
  async run(ctx) {
    const { tx, q } = ctx;
    const sql = new Sql(tx.tenantId);
    const p = periodCte(ctx, sql);
    const orders = keptMachines(q, sql, 'o');
    const checks = keptMachines(q, sql, 'c');
    const user = q.userId ? sql.p(q.userId) : null;
    const whose = (a: string) => (user ? `and ${a}.assignee_id = ${user}` : '');
    const r = await tx.query<ReportRow>(
      `with ${p},
       -- The orders sent back at acceptance: few, read once through their partial index (migration 0036).
       rw as (select distinct s.record_id from record_steps s
               where s.tenant_id = $1 and s.entity = 'maintaintask' and s.action = 'reject'),
       ${placeFiltered(q) ? ordersOneByOne(orders, whose('o')) : ordersPerDay(ctx, sql, whose)},
       -- Checks of every kind (patrol, spot check, maintenance) done in the period, and how many by their deadline.
       c as (select c.assignee_id as key, count(*)::int as checks, count(*) filter (where not c.late)::int as on_time
               from check_tasks c join p on c.finished_at >= p.t0 and c.finished_at < p.t1 ${checks.join}
              where c.tenant_id = $1 and c.state = 'done' and c.assignee_id is not null ${checks.where} ${whose('c')}
              group by c.assignee_id),
       -- Points written to the ledger in the period (domains/integral): a person's, whatever machine they were for.
       pt as (select l.user_id as key, sum(l.points)::int as points
                from integral_ledger l join p on l.occurred_at >= p.t0 and l.occurred_at < p.t1
               where l.tenant_id = $1 ${user ? `and l.user_id = ${user}` : ''}
               group by l.user_id),
       w as (select coalesce(r.key, c.key) as key, r.done, r."responseMinutes", r."repairHours", r.rework, r."reworkRate",
                    c.checks, c.on_time
               from r full join c on c.key = r.key)
       select coalesce(w.key, pt.key) as key, u.peoplename as name, coalesce(w.done, 0) as done,
              w."responseMinutes", w."repairHours", coalesce(w.rework, 0) as rework, w."reworkRate",
              coalesce(w.checks, 0) as "checksDone", round(w.on_time * 100.0 / nullif(w.checks, 0), 2) as "checksOnTimeRate",
              coalesce(pt.points, 0) as points
         from w ${placeFiltered(q) ? 'left' : 'full'} join pt on pt.key = w.key
         left join users u on u.tenant_id = $1 and u.id = coalesce(w.key, pt.key)
        order by done desc, "checksDone" desc, name`,
      sql.values,
    );
    return {
      rows: named(ctx, r.rows, 'assigneeId').map((row) => ({
        ...row,
        drill: row.drill && {
          assigneeId: row.drill.assigneeId!,
          finishedAtFrom: row.drill.reportedAtFrom!,
          finishedAtTo: row.drill.reportedAtTo!,
        },
      })),
    };
  },
});

/** A status's machines and their planned and running minutes (numeric, as text). */
interface StatusSums {
  status: string;
  machines: number;
  planned: string | null;
  running: string | null;
}

export const equipmentReport = defineReport({
  key: 'equipmentChart',
  menu: 'reportform.equipmentChart',
  filters: ['period', 'workshopId', 'lineId', 'categoryId'],
  groups: ['status', 'category', 'workshop'],
  chart: 'pie',
  columns: [
    { name: 'machines', kind: 'int', chart: true },
    { name: 'share', kind: 'percent' },
    { name: 'runningNow', kind: 'int' },
    { name: 'utilisation', kind: 'percent' },
  ],
  async run(ctx) {
    const { tx, q, period, lang } = ctx;
    const sql = new Sql(tx.tenantId);
    const everyone = { ...q, userId: undefined };
    if ((q.groupBy === 'category' || q.groupBy === 'workshop') && placeTimesFit(everyone, q.groupBy)) {
      // By place, from the place days and the machines counted per place (place-times.ts).
      const g = GROUPS[q.groupBy];
      const counts = await keptMachinesPer(tx, everyone, q.groupBy);
      const cte = placeTimesSql(
        everyone,
        [{ start: period.start, end: period.end }],
        period.timeZone,
        sql,
        q.groupBy,
        counts,
      );
      const running = sql.p([...counts.values()].map((c) => c.running));
      const r = await tx.query<ReportRow>(
        `with ${cte},
         rn as (select g, n from unnest(${sql.p([...counts.keys()])}::bigint[], ${running}::int[]) as x(g, n))
         select nullif(gn.g, 0) as key, ${g.name} as name, gn.n as machines,
                round(gn.n * 100.0 / sum(gn.n) over (), 2) as share, rn.n as "runningNow",
                case when gr.planned > 0 then round(gr.running * 100.0 / gr.planned, 2) end as utilisation
           from gn join rn on rn.g = gn.g left join gr on gr.g = gn.g ${g.join.replace(g.key, 'nullif(gn.g, 0)')}
          order by machines desc, name nulls last`,
        sql.values,
      );
      return {
        rows: r.rows.map((row) => ({
          ...row,
          name: row.name ?? t(lang, 'reports.none'),
          drill: ordersDrill(period, g.drill, row.key),
        })),
      };
    }
    const whole = [{ start: period.start, end: period.end }];
    if (q.groupBy !== 'category' && q.groupBy !== 'workshop') {
      // By status (the machines' status now): the sums per status, no row per machine returned. On PostgreSQL the
      // two halves of the machines (by id) side by side, their sums added up below: on the large tenant 370 ms
      // whole, 205 ms a half.
      const statusSums = async (x: TenantTx, half?: { below: number } | { from: number }) => {
        const part = new Sql(x.tenantId);
        const cte = machineTimesSql(everyone, whole, period.timeZone, part, { byStatus: true, half });
        return (await x.query<StatusSums>(`with ${cte} select status, machines, planned, running from st`, part.values))
          .rows;
      };
      const middle = sideBySidePossible(tx) ? await middleMachineId(tx, everyone) : null;
      const parts = middle
        ? (
            await sideBySide(
              tx,
              (x) => statusSums(x, { below: middle }),
              (x) => statusSums(x, { from: middle }),
              planForReports,
            )
          ).flat()
        : await statusSums(tx);
      const r = await tx.query<ReportRow>(
        `with st as (select status, sum(machines)::int as machines, sum(planned) as planned, sum(running) as running
                       from unnest(${sql.p(parts.map((p) => p.status))}::text[], ${sql.p(parts.map((p) => p.machines))}::int[],
                                   ${sql.p(parts.map((p) => p.planned))}::numeric[], ${sql.p(parts.map((p) => p.running))}::numeric[])
                            as x(status, machines, planned, running)
                      group by status)
         select st.status as key, coalesce(i.names ->> ${sql.p(lang)}, i.name, st.status) as name, st.machines,
                round(st.machines * 100.0 / sum(st.machines) over (), 2) as share,
                case when st.status = 'running' then st.machines else 0 end as "runningNow",
                case when st.planned > 0 then round(st.running * 100.0 / st.planned, 2) end as utilisation
           from st
           left join items ip on ip.tenant_id = $1 and ip.parent_id is null and ip.code = 'eqstatus'
           left join items i on i.tenant_id = $1 and i.parent_id = ip.id and i.code = st.status
          order by machines desc, name nulls last`,
        sql.values,
      );
      return { rows: r.rows.map((row) => ({ ...row, name: row.name ?? t(lang, 'reports.none'), drill: null })) };
    }
    // By place when one machine is asked for: that machine's figures.
    const group = GROUPS[q.groupBy];
    const cte = machineTimesSql(everyone, whole, period.timeZone, sql, { perBucket: true, timeOnly: true });
    const r = await tx.query<ReportRow>(
      `with ${cte}
       select ${group.key} as key, ${group.name} as name, count(*)::int as machines,
              round(count(*) * 100.0 / sum(count(*)) over (), 2) as share,
              count(*) filter (where m.status = 'running')::int as "runningNow",
              case when sum(mt.planned) > 0 then round(sum(mt.running) * 100.0 / sum(mt.planned), 2) end as utilisation
         from mt join m on m.id = mt.id ${group.join}
        group by ${group.key}, ${group.name} order by machines desc, name nulls last`,
      sql.values,
    );
    return {
      rows: r.rows.map((row) => ({
        ...row,
        name: row.name ?? t(lang, 'reports.none'),
        drill: ordersDrill(period, group.drill, row.key),
      })),
    };
  },
});
