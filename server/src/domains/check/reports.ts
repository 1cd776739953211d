import { machineWhere, Sql } from '../../platform/reports/filters.js';
import {
  countedRows,
  defineReport,
  namedRows,
  pageLimit,
  periodCte,
  type ReportContext,
  type ReportRow,
  ROW_COUNT,
} from '../../platform/reports/framework.js';

/*
 * Reports on maintenance tasks (check tasks of kind 3): due in the period (tenant time zone), done on time,
 * done late, missed (closed, or still open past the deadline) and still open; how long the work took.
 */

const MAINTENANCE = 3;

/** The maintenance tasks due in the period on the machines the filters keep: CTE tk. */
function tasksCte(ctx: ReportContext, sql: Sql): string {
  const p = periodCte(ctx, sql);
  const machines = machineWhere(ctx.q, sql);
  const person = ctx.q.userId ? `and k.assignee_id = ${sql.p(ctx.q.userId)}` : '';
  return `${p},
  tk as (select k.*, e.code as equipment_code, e.name as equipment_name, e.category_id, e.workshop_id as machine_workshop
           from check_tasks k cross join p
           join equipment e on e.tenant_id = k.tenant_id and e.id = k.equipment_id and ${machines}
          where k.tenant_id = $1 and k.kind = ${MAINTENANCE} and k.due_at >= p.t0 and k.due_at < p.t1 ${person})`;
}

const TASK_GROUPS = {
  equipment: { key: 'tk.equipment_id', name: `tk.equipment_code || ' ' || tk.equipment_name`, join: '' },
  category: {
    key: 'tk.category_id',
    name: 'c.name',
    join: 'left join equipment_categories c on c.tenant_id = $1 and c.id = tk.category_id',
  },
  workshop: {
    key: 'tk.machine_workshop',
    name: 'w.workshopname',
    join: 'left join workshops w on w.tenant_id = $1 and w.id = tk.machine_workshop',
  },
  person: {
    key: 'tk.assignee_id',
    name: 'u.peoplename',
    join: 'left join users u on u.tenant_id = $1 and u.id = tk.assignee_id',
  },
} as const;
type TaskGroup = keyof typeof TASK_GROUPS;
const taskGroup = (g: string | undefined, allowed: readonly TaskGroup[]): TaskGroup =>
  allowed.includes(g as TaskGroup) ? (g as TaskGroup) : allowed[0]!;

const FILTERS = ['period', 'workshopId', 'lineId', 'categoryId', 'equipmentId', 'userId'] as const;

/** equipmentBYChart: maintenance due, done on time, late, missed and open, and the on-time rate. */
export const maintenanceDoneReport = defineReport({
  key: 'equipmentBYChart',
  menu: 'reportform.equipmentBYChart',
  filters: [...FILTERS],
  groups: ['equipment', 'category', 'workshop', 'person'],
  chart: 'bar',
  columns: [
    { name: 'due', kind: 'int' },
    { name: 'onTime', kind: 'int', chart: true },
    { name: 'late', kind: 'int', chart: true },
    { name: 'missed', kind: 'int', chart: true },
    { name: 'open', kind: 'int' },
    { name: 'onTimeRate', kind: 'percent' },
  ],
  async run(ctx) {
    const sql = new Sql(ctx.tx.tenantId);
    const g = TASK_GROUPS[taskGroup(ctx.q.groupBy, ['equipment', 'category', 'workshop', 'person'])];
    const r = await ctx.tx.query<ReportRow>(
      `with ${tasksCte(ctx, sql)},
       grp as (select ${g.key} as key, ${g.name} as name, count(*)::int as due,
                 count(*) filter (where tk.state = 'done' and not coalesce(tk.late, false))::int as "onTime",
                 count(*) filter (where tk.state = 'done' and coalesce(tk.late, false))::int as late,
                 count(*) filter (where tk.state = 'closed' or (tk.state in ('pending', 'doing') and tk.deadline < now()))::int as missed,
                 count(*) filter (where tk.state in ('pending', 'doing') and (tk.deadline is null or tk.deadline >= now()))::int as open
                 from tk ${g.join} group by ${g.key}, ${g.name})
       select *, round(100.0 * "onTime" / nullif(due - open, 0), 1) as "onTimeRate", ${ROW_COUNT}
         from grp order by due desc, name nulls last, key ${pageLimit(ctx, sql)}`,
      sql.values,
    );
    const { rows, rowCount } = countedRows(r.rows);
    return { rows: namedRows(ctx, rows), rowCount };
  },
});

/** maintenanceTable: maintenance done and how long it took (started → finished), per machine, place or person. */
export const maintenanceDurationReport = defineReport({
  key: 'maintenanceTable',
  menu: 'reportform.maintenanceTable',
  filters: [...FILTERS],
  groups: ['equipment', 'category', 'workshop', 'person'],
  chart: 'bar',
  columns: [
    { name: 'doneTasks', kind: 'int' },
    { name: 'avgMinutes', kind: 'minutes' },
    { name: 'maxMinutes', kind: 'minutes' },
    { name: 'totalHours', kind: 'hours', chart: true },
  ],
  async run(ctx) {
    const sql = new Sql(ctx.tx.tenantId);
    const g = TASK_GROUPS[taskGroup(ctx.q.groupBy, ['equipment', 'category', 'workshop', 'person'])];
    const minutes = `extract(epoch from (tk.finished_at - coalesce(tk.started_at, tk.finished_at))) / 60`;
    const r = await ctx.tx.query<ReportRow>(
      `with ${tasksCte(ctx, sql)}
       select ${g.key} as key, ${g.name} as name, count(*)::int as "doneTasks",
              round(avg(${minutes}))::int as "avgMinutes", round(max(${minutes}))::int as "maxMinutes",
              round(sum(${minutes}) / 60.0, 2) as "totalHours", ${ROW_COUNT}
         from tk ${g.join} where tk.state = 'done' and tk.finished_at is not null
        group by ${g.key}, ${g.name} order by "totalHours" desc nulls last, name nulls last, key ${pageLimit(ctx, sql)}`,
      sql.values,
    );
    const { rows, rowCount } = countedRows(r.rows);
    return { rows: namedRows(ctx, rows), rowCount };
  },
});
