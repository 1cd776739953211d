import { dayAfter, machineWhere, placeFiltered, Sql, wholeMonths } from '../../platform/reports/filters.js';
import {
  countedRows,
  defineReport,
  namedRows,
  pageLimit,
  periodCte,
  periodDays,
  type ReportContext,
  type ReportRow,
  ROW_COUNT,
} from '../../platform/reports/framework.js';

/*
 * Reports on the parts stock issued (spare_moves of kind out: posted issues, at their moving-average cost; an
 * issue's movement takes its quantity out, so the quantity issued is the movements' sum negated, and an issue
 * undone, a part taken off a repair order, gives it back):
 * what was consumed and what it cost, and the parts replaced on each machine (the parts recorded on finished
 * repair orders and done maintenance tasks). An issue counts on the day it was posted, in the tenant's time
 * zone; its machine is that of the repair order or maintenance task it served, recorded on the movement when it
 * was posted; an issue to a cost centre (or to a route's task) has no machine.
 */

/**
 * The issues of the period for a report by part (CTE iss: part, quantity, amount), of a person when the query names
 * one; the machines are read only to apply the place filters.
 */
function issuesCte(ctx: ReportContext, sql: Sql): string {
  const p = periodCte(ctx, sql);
  const person = ctx.q.userId ? `and mv.user_id = ${sql.p(ctx.q.userId)}` : '';
  const placed = placeFiltered(ctx.q);
  return `${p},
  iss as (select mv.spare_part_id, -mv.quantity as quantity, mv.amount
            from spare_moves mv cross join p
            ${placed ? `join equipment e on e.tenant_id = mv.tenant_id and e.id = mv.equipment_id and ${machineWhere(ctx.q, sql)}` : ''}
           where mv.tenant_id = $1 and mv.kind = 'out' and mv.moved_at >= p.t0 and mv.moved_at < p.t1 ${person})`;
}

/** The groups of machines served; by machine when the query asks for none of them. */
type MachineGroup = 'equipment' | 'category' | 'workshop';
const machineGroup = (g: string | undefined): MachineGroup => (g === 'category' || g === 'workshop' ? g : 'equipment');

/**
 * The parts issued over the period per group of machines served: CTE grp (key, orders, tasks, quantity, amount),
 * summed per machine (CTE jm: equipment_id, 0 for none), then per group. Over every person, from the kept days
 * (spare_job_days, migration 0053) in the order of their key (a machine's days one after another, no sort); a
 * person's, from the issues they posted. A machine's orders and tasks are the distinct ones it was issued parts for;
 * a group's are its machines' summed, so an order whose machine was changed between two issues counts under each.
 * The issues of no machine, of a deleted one, or of none the place filters keep go to the group none (key null).
 */
function machineGroupsCte(ctx: ReportContext, sql: Sql, group: MachineGroup): string {
  const jm = ctx.q.userId
    ? `${periodCte(ctx, sql)},
    jm as (select coalesce(mv.equipment_id, 0) as equipment_id, count(distinct mv.order_id) as orders,
                  count(distinct mv.check_task_id) as tasks, -sum(mv.quantity) as quantity, sum(mv.amount) as amount
             from spare_moves mv cross join p
            where mv.tenant_id = $1 and mv.kind = 'out' and mv.moved_at >= p.t0 and mv.moved_at < p.t1
              and mv.user_id = ${sql.p(ctx.q.userId)}
            group by 1)`
    : `jm as (select j.equipment_id, count(distinct nullif(j.order_id, 0)) as orders,
                       count(distinct nullif(j.check_task_id, 0)) as tasks, -sum(j.quantity) as quantity,
                       sum(j.amount) as amount
                  from spare_job_days j
                 where j.tenant_id = $1 and ${periodDays(ctx, sql, 'j')} and j.lines <> 0
                 group by j.equipment_id)`;
  const sums =
    'sum(jm.orders) as orders, sum(jm.tasks) as tasks, sum(jm.quantity) as quantity, sum(jm.amount) as amount';
  const placed = placeFiltered(ctx.q);
  if (group === 'equipment' && !placed) {
    // Every machine but the deleted ones, which a short list rules out cheaper than a join with every machine; the
    // rest in one row (a regrouping of every machine spilled to disk, 380 ms against 280 for the whole statement).
    const deleted = '(select id from equipment where tenant_id = $1 and deleted_at is not null)';
    return `${jm},
    grp as (select jm.equipment_id as key, jm.orders, jm.tasks, jm.quantity, jm.amount from jm
             where jm.equipment_id <> 0 and jm.equipment_id not in ${deleted}
            union all
            select null, ${sums} from jm where jm.equipment_id = 0 or jm.equipment_id in ${deleted} having count(*) > 0)`;
  }
  const key = group === 'equipment' ? 'e.id' : `e.${group}_id`;
  return `${jm},
    grp as (select ${key} as key, ${sums}
              from jm left join equipment e on e.tenant_id = $1 and e.id = nullif(jm.equipment_id, 0)
               and ${machineWhere(ctx.q, sql)}
             ${placed ? 'where e.id is not null' : ''} group by 1)`;
}

/** A group's name (column name) for a page of grp's keys (alias pg). */
const MACHINE_GROUP_NAMES: Record<MachineGroup, { name: string; join: string }> = {
  equipment: { name: `n.code || ' ' || n.name`, join: 'left join equipment n on n.tenant_id = $1 and n.id = pg.key' },
  category: { name: 'n.name', join: 'left join equipment_categories n on n.tenant_id = $1 and n.id = pg.key' },
  workshop: { name: 'n.workshopname', join: 'left join workshops n on n.tenant_id = $1 and n.id = pg.key' },
};

/**
 * A page of grp ranked by amount (CTE pg), with the count and sums of every row taken before its limit: a page of
 * 500 of the 60,000 machines a year's issues served is named, not every machine.
 */
const machinePage = (ctx: ReportContext, sql: Sql) =>
  `pg as (select grp.*, ${sumsOfAll('grp.quantity', 'grp.amount')}
            from grp order by grp.amount desc nulls last, grp.key nulls last ${pageLimit(ctx, sql)})`;

/**
 * The issues of the period (CTE iss) for a report over every person, summed per part, or per place when `place`:
 * the kept months for the whole months of the period (spare_part_months, migration 0049; spare_place_months,
 * 0051), the movements for the days at its ends. The place filters narrow both as they narrow the machines.
 */
function keptMonthsCte(ctx: ReportContext, sql: Sql, place: boolean): string {
  const { q, period } = ctx;
  const months = wholeMonths(period.start, period.end);
  const at = (day: string) => `(${sql.p(day)}::date::timestamp at time zone ${sql.p(period.timeZone)}::text)`;
  const cols = place ? 'workshop_id, category_id' : 'spare_part_id';
  const moves = (from: string, to: string) =>
    place
      ? `select e.workshop_id, e.category_id, -mv.quantity as quantity, mv.amount, 1 as lines from spare_moves mv
          left join equipment e on e.tenant_id = mv.tenant_id and e.id = mv.equipment_id and ${machineWhere(q, sql)}
          where mv.tenant_id = $1 and mv.kind = 'out' and mv.moved_at >= ${at(from)} and mv.moved_at < ${at(to)}
            ${placeFiltered(q) ? 'and e.id is not null' : ''}`
      : `select mv.spare_part_id, -mv.quantity as quantity, mv.amount, 1 as lines from spare_moves mv
          where mv.tenant_id = $1 and mv.kind = 'out' and mv.moved_at >= ${at(from)} and mv.moved_at < ${at(to)}`;
  const kept = (first: string, after: string) => {
    const range = `pm.tenant_id = $1 and pm.month >= ${sql.p(first)}::date and pm.month < ${sql.p(after)}::date`;
    if (!place)
      return `select nullif(pm.spare_part_id, 0) as spare_part_id, -pm.quantity as quantity, pm.amount, pm.lines
                from spare_part_months pm where ${range}`;
    const narrowed = (['workshopId', 'lineId', 'categoryId'] as const)
      .filter((f) => q[f])
      .map((f) => `and pm.${f.replace('Id', '_id')} = ${sql.p(q[f])}`)
      .join(' ');
    return `select nullif(pm.workshop_id, 0) as workshop_id, nullif(pm.category_id, 0) as category_id, -pm.quantity as quantity,
                   pm.amount, pm.lines from spare_place_months pm where ${range} ${narrowed}`;
  };
  const after = dayAfter(period.end);
  const parts = months
    ? [
        kept(months.first, months.after),
        ...(period.start < months.first ? [moves(period.start, months.first)] : []),
        ...(months.after < after ? [moves(months.after, after)] : []),
      ]
    : [moves(period.start, after)];
  return `iss as (select ${cols}, sum(quantity) as quantity, sum(amount) as amount, sum(lines) as lines
                    from (${parts.join(' union all ')}) x group by ${cols} having sum(lines) > 0)`;
}

const PART_GROUPS = {
  part: {
    key: 'sp.id',
    name: `sp.code || ' ' || sp.name`,
    join: 'left join spare_parts sp on sp.tenant_id = $1 and sp.id = iss.spare_part_id',
  },
  partCategory: {
    key: 'sp.category',
    name: 'sp.category',
    join: 'left join spare_parts sp on sp.tenant_id = $1 and sp.id = iss.spare_part_id',
  },
} as const;

const FILTERS = ['period', 'workshopId', 'lineId', 'categoryId', 'equipmentId', 'userId'] as const;

/** The sums of all rows, taken before a page's limit (grouped by machine, 60,000 rows on the large tenant). */
const sumsOfAll = (quantity: string, amount: string) =>
  `${ROW_COUNT}, sum(${quantity}) over () as all_quantity, sum(${amount}) over () as all_amount`;
function paged(result: ReportRow[]) {
  const first = result[0];
  const { rows, rowCount } = countedRows(result);
  return { rows: rows.map(({ all_quantity: _q, all_amount: _a, ...row }) => row as ReportRow), rowCount, first };
}

/** spareChart: parts issued and their cost by part, part category, machine, category or workshop. */
export const spareChartReport = defineReport({
  key: 'spareChart',
  menu: 'reportform.spareChart',
  filters: [...FILTERS],
  groups: ['part', 'partCategory', 'equipment', 'category', 'workshop'],
  chart: 'bar',
  columns: [
    { name: 'quantity', kind: 'number', chart: true },
    { name: 'amount', kind: 'money', chart: true },
    { name: 'share', kind: 'percent' },
  ],
  async run(ctx) {
    const sql = new Sql(ctx.tx.tenantId);
    const group = ctx.q.groupBy;
    if (group !== 'equipment' && group !== 'category' && group !== 'workshop') {
      // By part (the default) or part category over every person and machine: the kept months and the days at the
      // period's ends; else the issues.
      const g = PART_GROUPS[group === 'partCategory' ? 'partCategory' : 'part'];
      const kept = !ctx.q.userId && !placeFiltered(ctx.q);
      const r = await ctx.tx.query<ReportRow>(
        `with ${kept ? keptMonthsCte(ctx, sql, false) : issuesCte(ctx, sql)},
         grp as (select ${g.key} as key, ${g.name} as name, sum(iss.quantity) as quantity, sum(iss.amount) as amount
                   from iss ${g.join} group by ${g.key}, ${g.name})
         select key, name, quantity::numeric(14, 2) as quantity, amount::numeric(16, 2) as amount,
                round(100.0 * amount / nullif(sum(amount) over (), 0), 1) as share, ${sumsOfAll('quantity', 'amount')}
           from grp order by amount desc nulls last, name nulls last ${pageLimit(ctx, sql)}`,
        sql.values,
      );
      return totalled(ctx, r.rows);
    }
    const machines = machineGroup(group);
    // By workshop or category over every person and no single machine: the kept place months and the days at the
    // period's ends; else per machine served (machineGroupsCte).
    const placeMonths = machines !== 'equipment' && !ctx.q.userId && !ctx.q.equipmentId && !ctx.q.machineScope;
    const grp = placeMonths
      ? `${keptMonthsCte(ctx, sql, true)},
         grp as (select iss.${machines}_id as key, sum(iss.quantity) as quantity, sum(iss.amount) as amount
                   from iss group by 1)`
      : machineGroupsCte(ctx, sql, machines);
    const names = MACHINE_GROUP_NAMES[machines];
    const r = await ctx.tx.query<ReportRow>(
      `with ${grp}, ${machinePage(ctx, sql)}
       select pg.key, ${names.name} as name, pg.quantity::numeric(14, 2) as quantity,
              pg.amount::numeric(16, 2) as amount, round(100.0 * pg.amount / nullif(pg.all_amount, 0), 1) as share,
              pg.row_count, pg.all_quantity, pg.all_amount
         from pg ${names.join} order by pg.amount desc nulls last, pg.key nulls last`,
      sql.values,
    );
    return totalled(ctx, r.rows);
  },
});

/** A page of rows with the sums of all rows (sumsOfAll) as the report's total. */
function totalled(ctx: ReportContext, result: ReportRow[]) {
  const { rows, rowCount, first } = paged(result);
  return {
    rows: namedRows(ctx, rows),
    rowCount,
    total: {
      quantity: Number(first?.all_quantity ?? 0).toFixed(2),
      amount: Number(first?.all_amount ?? 0).toFixed(2),
    },
  };
}

/**
 * sparecostList: the parts cost of each machine (or category, workshop): repair orders and maintenance tasks
 * served, quantity, cost, and the cost per order or task.
 */
export const spareCostReport = defineReport({
  key: 'sparecostList',
  menu: 'reportform.sparecostList',
  filters: [...FILTERS],
  groups: ['equipment', 'category', 'workshop'],
  chart: 'bar',
  columns: [
    { name: 'orders', kind: 'int' },
    { name: 'tasks', kind: 'int' },
    { name: 'quantity', kind: 'number' },
    { name: 'amount', kind: 'money', chart: true },
    { name: 'perOrder', kind: 'money' },
  ],
  async run(ctx) {
    const sql = new Sql(ctx.tx.tenantId);
    const group = machineGroup(ctx.q.groupBy);
    const names = MACHINE_GROUP_NAMES[group];
    const r = await ctx.tx.query<ReportRow>(
      `with ${machineGroupsCte(ctx, sql, group)}, ${machinePage(ctx, sql)}
       select pg.key, ${names.name} as name, pg.orders::int as orders, pg.tasks::int as tasks,
              pg.quantity::numeric(14, 2) as quantity, pg.amount::numeric(16, 2) as amount,
              round(pg.amount / nullif(pg.orders + pg.tasks, 0), 2) as "perOrder", pg.row_count
         from pg ${names.join} order by pg.amount desc nulls last, pg.key nulls last`,
      sql.values,
    );
    const { rows, rowCount } = paged(r.rows);
    return { rows: namedRows(ctx, rows), rowCount };
  },
});

/**
 * replace: the parts replaced on each machine — per machine and part, the finished repair orders and done
 * maintenance tasks that used it, the quantity and the last time, from the parts recorded on them.
 */
export const replaceReport = defineReport({
  key: 'replace',
  menu: 'reportform.replace',
  filters: [...FILTERS],
  groups: ['equipment'],
  chart: 'bar',
  columns: [
    { name: 'replacements', kind: 'int', chart: true },
    { name: 'quantity', kind: 'number' },
    { name: 'lastReplaced', kind: 'text' },
  ],
  async run(ctx) {
    const sql = new Sql(ctx.tx.tenantId);
    const p = periodCte(ctx, sql);
    const machines = machineWhere(ctx.q, sql);
    const person = (alias: string) => (ctx.q.userId ? `and ${alias}.assignee_id = ${sql.p(ctx.q.userId)}` : '');
    const tz = sql.p(ctx.period.timeZone);
    const r = await ctx.tx.query<ReportRow>(
      `with ${p},
       used as (
         select 'o' || o.id as job, o.equipment_id, rp.spare_part_id, rp.quantity, o.finished_at
           from repair_parts rp cross join p
           join repair_orders o on o.tenant_id = rp.tenant_id and o.id = rp.order_id
             and o.state in ('finished', 'checked') and o.finished_at >= p.t0 and o.finished_at < p.t1 ${person('o')}
          where rp.tenant_id = $1
         union all
         select 't' || ct.id, ct.equipment_id, tp.spare_part_id, tp.quantity, ct.finished_at
           from check_task_parts tp cross join p
           join check_tasks ct on ct.tenant_id = tp.tenant_id and ct.id = tp.task_id
             and ct.state = 'done' and ct.finished_at >= p.t0 and ct.finished_at < p.t1 ${person('ct')}
          where tp.tenant_id = $1)
       select e.id || '-' || sp.id as key, e.code || ' ' || e.name || ' · ' || sp.name as name,
              count(distinct u.job)::int as replacements, sum(u.quantity)::numeric(14, 2) as quantity,
              to_char(max(u.finished_at) at time zone ${tz}, 'YYYY-MM-DD') as "lastReplaced"
         from used u
         join equipment e on e.tenant_id = $1 and e.id = u.equipment_id and ${machines}
         join spare_parts sp on sp.tenant_id = $1 and sp.id = u.spare_part_id
        group by e.id, e.code, e.name, sp.id, sp.name order by replacements desc, name`,
      sql.values,
    );
    return { rows: namedRows(ctx, r.rows) };
  },
});
