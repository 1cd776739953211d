import {
  type Bucket,
  bucketSpan,
  bucketsSql,
  dayAfter,
  machineWhere,
  notDeleted,
  placeFiltered,
  type ReportQuery,
  Sql,
  scopeKey,
  shift,
  wholeMonths,
} from '../../platform/reports/filters.js';
import { tableVersions } from '../../platform/tenancy/table-versions.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { connected, stateDowntimeCtes } from './state-times.js';

/*
 * The time figures of every machine in every bucket of a period, in SQL (docs/reports.md has the formulas):
 *   planned   = the minutes of the machine's shifts (设备排班) on the bucket's days up to today; a machine with
 *               no shift at all counts the whole calendar (24 h a day) up to now; neither before the machine began
 *               (its commissioning day in the tenant's zone, else its creation: lt, the machines begun late);
 *   downtime  = the minutes of its stopping orders (reported → finished, or now while open) inside the bucket;
 *   running   = planned − downtime, never below 0;
 *   failures  = its orders reported in the bucket (cancelled ones excepted);
 *   repairs   = its orders finished (finished or checked) in the bucket, repair_min their repair minutes.
 */

/** Whole minutes of a shift; an end not after the start crosses midnight (equal: 24 h). */
export const SHIFT_MINUTES = `coalesce(s.work_minutes, (extract(epoch from (s.end_time::time - s.start_time::time)) / 60)::int
  + case when s.end_time::time > s.start_time::time then 0 else 1440 end)`;

/** When a machine's planned time begins: the start of its commissioning day in the tenant's zone, else its creation. */
const startedAt = (e: string, tz: string) =>
  `coalesce(${e}.commissioning_date::timestamp at time zone ${tz}, ${e}.created_at)`;

/**
 * The machines (alias e) that began after a period's first day began, with when (st) and on which day (sd) their
 * planned time begins: a few new ones, found through equipment_started_idx (migration 0063) among 100,000.
 */
export const lateMachines = (e: string, firstDay: string, tz: string) =>
  `${startedAt(e, tz)} as st, coalesce(${e}.commissioning_date, (${e}.created_at at time zone ${tz})::date) as sd
     from equipment ${e}
    where (${e}.commissioning_date > ${firstDay}::date
           or (${e}.commissioning_date is null and ${e}.created_at > (${firstDay}::date::timestamp at time zone ${tz})))`;

/**
 * CTEs b (buckets), m (the machines the filters keep), lt (those of them begun after the period began), fd (their kept day figures in the period), live and lv
 * (their stops not finished, and those stops' seconds per bucket), fk (fd and lv per bucket and machine), dt, fl,
 * rp (downtime, failures, repairs per bucket and machine) and what the report reads: mt (one row per bucket and
 * machine), bk (the sums per bucket) or mtp (one row per machine over all buckets). Only those are written:
 * PostgreSQL materializes a CTE that is named twice, even by a CTE nobody reads, where one named once is planned inside its reader. The
 * person filter narrows the orders (to the assignee); it does not change a machine's planned time. Buckets follow
 * one another without a gap or overlap and are whole days of the tenant's zone, the days repair_day_figures is kept
 * in.
 *
 * Written for a year of a million orders on 100,000 machines: the orders' figures are read per machine and day
 * from repair_day_figures (kept by triggers, migration 0035), a stop still open is walked over the buckets it spans.
 */
export function machineTimesSql(
  q: ReportQuery,
  buckets: Bucket[],
  timeZone: string,
  sql: Sql,
  /**
   * mt, bk, mtp as above; costs: fk also sums the repair minutes and costs of the orders reported (by day
   * reported); timeOnly: mt has the time figures only (no failures or repairs), which spares summing the figures
   * per machine.
   */
  reads: {
    perBucket?: boolean;
    totals?: boolean;
    period?: boolean;
    costs?: boolean;
    timeOnly?: boolean;
    /** The number of machines the filters keep, when the caller has it (keptMachineCount); else counted here. */
    machineCount?: number;
    /** Only these machines (a page of them), read through their keys. */
    ids?: readonly number[];
    /**
     * st: the machines per status now, with their planned and running minutes (one bucket only); m then holds
     * the id and status alone, and no row per machine is joined back to it (a third of the time on 100,000).
     */
    byStatus?: boolean;
    /** Only the machines of id below `below` or from `from` on: one of two halves read side by side (sideBySide). */
    half?: { below: number } | { from: number };
  } = {
    perBucket: true,
  },
): string {
  const b = bucketsSql(buckets, timeZone, sql);
  // The period's bounds as values the planner sees (bt's are known only when the statement runs): it then reads
  // a short period's figures through their index and a year's in one pass over the table.
  const tz = sql.p(timeZone);
  // The buckets follow one another without a gap (a trend): a day's bucket is where
  // the search over the first days puts it, with no join with b to test that the day is not past the bucket's end.
  const { first, last } = bucketSpan(buckets);
  const to = `((${sql.p(last)}::date + 1)::timestamp at time zone ${tz})`;
  const only = reads.ids ? sql.p(reads.ids) : null;
  const part = reads.half;
  const half = (column: string) =>
    !part ? '' : 'below' in part ? ` and ${column} < ${sql.p(part.below)}` : ` and ${column} >= ${sql.p(part.from)}`;
  const machines = `${machineWhere(q, sql)}${only ? ` and e.id = any(${only}::bigint[])` : ''}${half('e.id')}`;
  const person = (o: string) => (q.userId ? `and ${o}.assignee_id = ${sql.p(q.userId)}` : '');
  const position = (at: string) => `width_bucket(${at}, (select t from bt))`;
  // A page of machines is read through their keys below, not joined.
  const placed = placeFiltered(q) && !only;
  const ofPage = (a: string) => `and ${a}.equipment_id = any(${only}::bigint[])`;
  // fk (the figures per bucket and machine) when a machine's row is read; the totals alone sum the days directly.
  const perMachine = Boolean((reads.perBucket && !reads.timeOnly) || reads.period || reads.costs);
  if (reads.byStatus && (buckets.length !== 1 || perMachine || reads.perBucket || reads.totals))
    throw new Error('machineTimesSql: byStatus reads one bucket and nothing else');
  // One bucket: every day is in it, with no search per day figure (a tenth of a year's read over 100,000 machines).
  const bucketOfDay = buckets.length === 1 ? '1' : '(select ks from bt)[width_bucket(f.day, (select d from bt))]';
  // Connected machines take their downtime from their run states (state-times.ts), except under a person filter (a
  // state is nobody's) and in the order figures (costs: the workshop analysis counts the orders' own downtime).
  const states = !q.userId && !reads.costs;
  const downSec = states ? `case when ${connected('f.equipment_id')} then 0 else f.downtime_sec end` : 'f.downtime_sec';
  const columns = reads.byStatus
    ? 'e.id, e.status'
    : 'e.id, e.code, e.name, e.category_id, e.workshop_id, e.line_id, e.status';
  return `b as (${b}),
  bt as (select array_append(array_agg(t0 order by t0), max(t1)) as t, array_append(array_agg(d0 order by d0), max(d1) + 1) as d,
                array_agg(k order by t0) as ks, count(*)::int as n from b),
  m as (select ${columns} from equipment e where ${machines}),
  lt as materialized (select e.id, ${lateMachines('e', sql.p(first), tz)} and ${machines}),
  -- A shift counts from the day the machine began (greatest passes over the null of a machine not begun late).
  sh as (select es.equipment_id, greatest(es.start_date, lt.sd) as start_date, es.end_date, ${SHIFT_MINUTES} as minutes
           from equipment_shifts es join shifts s on s.tenant_id = es.tenant_id and s.id = es.shift_id and s.deleted_at is null
           left join lt on lt.id = es.equipment_id
          where es.tenant_id = $1 and es.equipment_id in (select id from m)),
  shb as (select b.k, sh.equipment_id as id,
            sum(sh.minutes * greatest(0, least(sh.end_date, b.dc) - greatest(sh.start_date, b.d0) + 1))::numeric as planned
            from b join sh on sh.start_date <= b.dc and sh.end_date >= b.d0 group by b.k, sh.equipment_id),
  hs as (select distinct equipment_id as id from sh),
  pl as (select b.k, m.id, ${PLANNED} as planned
           from b cross join m left join hs on hs.id = m.id left join shb on shb.k = b.k and shb.id = m.id
           left join lt on lt.id = m.id),${
             states
               ? `\n  ${stateDowntimeCtes(machines, `(${sql.p(first)}::date::timestamp at time zone ${tz})`, to, tz)},`
               : ''
           }
  -- The kept day figures (repair_day_figures) of the period, each with its bucket: a day finds it by a binary
  -- search over the buckets' first days. Without a place or machine filter the machines are all but the deleted
  -- ones, which a short list rules out cheaper than a join with every machine.
  fd as (select ${bucketOfDay} as k, f.equipment_id as id,
                f.failures, f.repairs, f.repair_min, ${downSec} as downtime_sec${
                  reads.costs ? ', f.reported_min, f.labour_cost, f.parts_cost, f.external_cost, f.total_cost' : ''
                }
           from repair_day_figures f
           ${placed ? 'join m on m.id = f.equipment_id' : ''}
          where f.tenant_id = $1 and f.day >= ${sql.p(first)}::date and f.day <= ${sql.p(last)}::date ${person('f')}
            ${q.equipmentId ? `and f.equipment_id = ${sql.p(q.equipmentId)}` : ''}${half('f.equipment_id')}
            ${only ? ofPage('f') : placed ? '' : notDeleted('f')}),
  -- The stops not finished (repair_live_stops, kept beside the figures): their downtime runs up to now, so it is
  -- not kept but walked here over the buckets each stop spans.
  live as (select l.equipment_id, l.reported_at from repair_live_stops l ${placed ? 'join m on m.id = l.equipment_id' : ''}
            where l.tenant_id = $1 and l.reported_at < ${to} ${person('l')}${half('l.equipment_id')}
              ${only ? ofPage('l') : placed ? '' : notDeleted('l')}${states ? ` and not ${connected('l.equipment_id')}` : ''}),
  lv as (select b.k, o.equipment_id as id, greatest(0, extract(epoch from (b.tc - greatest(b.t0, o.reported_at))))::float8 as sec
           from live o
          cross join lateral generate_series(greatest(1, ${position('o.reported_at')}), (select n from bt)) as g(j)
           join b on b.k = (select ks from bt)[g.j]),${
             perMachine
               ? `
  -- The figures per bucket and machine, the open stops' downtime with them in the same pass: dt is then the rows
  -- of fk with downtime, not a second grouping of its 400,000 rows (a year over 100,000 machines). Seconds are
  -- summed as float8 (whole seconds stay exact below 2^53): a numeric sum took twice as long.
  fk as (select k, id, sum(failures) as failures, sum(repairs) as repairs, sum(repair_min) as repair_min,
                (sum(downtime_sec) / 60)::numeric as downtime${
                  reads.costs
                    ? `, sum(reported_min) as reported_min, sum(labour_cost) as labour_cost,
                sum(parts_cost) as parts_cost, sum(external_cost) as external_cost, sum(total_cost) as total_cost`
                    : ''
                }
           from (select k, id, failures, repairs, repair_min, downtime_sec::float8 as downtime_sec${
             reads.costs ? ', reported_min, labour_cost, parts_cost, external_cost, total_cost' : ''
           } from fd
                 union all
                 select k, id, 0, 0, 0, sec${reads.costs ? ', 0, 0, 0, 0, 0' : ''} from lv${
                   states ? '\n                 union all\n                 select k, id, 0, 0, 0, sec from sdt' : ''
                 }) x
          group by k, id),
  dt as (select k, id, downtime from fk where downtime <> 0)`
               : `
  dt as (select k, id, (sum(sec) / 60)::numeric as downtime from (
           select k, id, downtime_sec::float8 as sec from fd where downtime_sec <> 0
           union all
           select k, id, sec from lv${states ? '\n           union all\n           select k, id, sec from sdt' : ''}) x
          group by k, id)`
           }${
             perMachine
               ? `,
  fl as (select k, id, failures from fk where failures <> 0),
  rp as (select k, id, repairs, repair_min from fk where repairs <> 0 or repair_min <> 0)`
               : ''
           }${
             reads.perBucket
               ? `,
  mt as (select pl.k, pl.id, pl.planned, coalesce(dt.downtime, 0) as downtime,
           greatest(pl.planned - coalesce(dt.downtime, 0), 0) as running, ${
             perMachine
               ? `coalesce(fl.failures, 0) as failures, coalesce(rp.repairs, 0) as repairs, coalesce(rp.repair_min, 0) as repair_min
           from pl left join dt on dt.k = pl.k and dt.id = pl.id left join fl on fl.k = pl.k and fl.id = pl.id
           left join rp on rp.k = pl.k and rp.id = pl.id)`
               : `0 as failures, 0 as repairs, 0 as repair_min
           from pl left join dt on dt.k = pl.k and dt.id = pl.id)`
           }`
               : ''
           }${
             reads.totals
               ? `,
  bfr as (select k, sum(failures) as failures, sum(repairs) as repairs, sum(repair_min) as repair_min
            from ${perMachine ? 'fk' : 'fd'} group by k),
  cal as materialized (select ${
    reads.machineCount === undefined
      ? `(select count(*) from equipment e where ${machines})`
      : `${sql.p(reads.machineCount)}::bigint`
  } - (select count(*) from hs) as n),
  ${BUCKET_TOTALS}`
               : ''
           }${reads.period ? `,\n  ${PERIOD_MACHINES}` : ''}${reads.byStatus ? `,\n  ${STATUS_TOTALS}` : ''}`;
}

/**
 * The failures per machine over a period, for the one person and the one machine when the query names them: the
 * CTEs (a machine that did not fail has no row in them), how a statement joins them to its machines (alias e; only
 * to those that failed, where that is cheaper, with failedOnly) and the failures of a machine after that join. The
 * rankings of every machine sort by them. Over every person, the whole months come from the machines' years (fy:
 * repair_machine_years, migration 0062, a row per machine and year) and the days at the period's ends from the day
 * figures (fd); for one person, every day from the day figures. On PostgreSQL inside summedInKeyOrder each is read
 * in machine order and merged with the machines along their key.
 */
export interface MachineFailures {
  ctes: string;
  join(e: string, failedOnly?: boolean): string;
  failures: string;
}

export function failuresPerMachine(q: ReportQuery, period: Bucket, sql: Sql): MachineFailures {
  const days = (ranges: string[]) =>
    `fd as (select f.equipment_id as id, sum(f.failures) as failures from repair_day_figures f
             where f.tenant_id = $1 and f.failures <> 0 and (${ranges.join(' or ')})
               ${q.userId ? `and f.assignee_id = ${sql.p(q.userId)}` : ''}
               ${q.equipmentId ? `and f.equipment_id = ${sql.p(q.equipmentId)}` : ''}
             group by f.equipment_id)`;
  const range = (from: string, to: string) => `(f.day >= ${sql.p(from)}::date and f.day < ${sql.p(to)}::date)`;
  const months = q.userId ? null : wholeMonths(period.start, period.end);
  if (!months)
    return {
      ctes: days([range(period.start, dayAfter(period.end))]),
      // Only the machines that failed (failedOnly): an inner join, so that one person's few days find their machines
      // by key instead of 100,000 machines being read for them.
      join: (e, failedOnly) => `${failedOnly ? '' : 'left '}join fd on fd.id = ${e}.id`,
      failures: 'coalesce(fd.failures, 0)',
    };
  const ends = [
    ...(period.start < months.first ? [range(period.start, months.first)] : []),
    ...(months.after <= period.end ? [range(months.after, dayAfter(period.end))] : []),
  ];
  // failures[k] counts months 1 to k of its year: months a to b are failures[b] - failures[a - 1].
  const year = (day: string) => Number(day.slice(0, 4));
  const month = (day: string) => Number(day.slice(5, 7));
  const lastMonth = shift(months.after, -1);
  const years: string[] = [];
  for (let y = year(months.first); y <= year(lastMonth); y++) {
    const a = y === year(months.first) ? month(months.first) : 1;
    const b = y === year(lastMonth) ? month(lastMonth) : 12;
    years.push(
      `when ${sql.p(y)}::int then y.failures[${sql.p(b)}::int] - coalesce(y.failures[${sql.p(a - 1)}::int], 0)`,
    );
  }
  const first = sql.p(year(months.first));
  const last = sql.p(year(lastMonth));
  const fy = `fy as (select y.equipment_id as id, sum(case y.year ${years.join(' ')} end) as failures
             from repair_machine_years y
            where y.tenant_id = $1 and y.year >= ${first}::int and y.year <= ${last}::int
              ${q.equipmentId ? `and y.equipment_id = ${sql.p(q.equipmentId)}` : ''}
            group by y.equipment_id)`;
  return {
    ctes: ends.length ? `${fy},\n  ${days(ends)}` : fy,
    join: (e) => `left join fy on fy.id = ${e}.id${ends.length ? ` left join fd on fd.id = ${e}.id` : ''}`,
    failures: `coalesce(fy.failures, 0)${ends.length ? ' + coalesce(fd.failures, 0)' : ''}`,
  };
}

/** The key of a value about the machines the query's filters keep, under the machines' version (none: not kept). */
async function keptMachinesKey(tx: TenantTx, q: ReportQuery, what: string): Promise<string | null> {
  const version = (await tableVersions(tx, ['equipment'])).key('equipment');
  const filters = [q.workshopId, q.lineId, q.categoryId, q.equipmentId, scopeKey(q)].map((v) => v ?? '').join(',');
  return version && `${what}|${tx.tenantId}|${version}|${filters}`;
}

/**
 * The number of machines the query's filters keep, kept while the machines are unchanged (their table's version):
 * counting 100,000 machines through an index takes about 30 ms of every call that sums the calendar of those
 * without shifts.
 */
export async function keptMachineCount(tx: TenantTx, q: ReportQuery): Promise<number> {
  return tx.memo.remember(await keptMachinesKey(tx, q, 'keptMachines'), async () => {
    const sql = new Sql(tx.tenantId);
    const r = await tx.query<{ n: number }>(
      `select count(*)::int as n from equipment e where ${machineWhere(q, sql)}`,
      sql.values,
    );
    return Number(r.rows[0]!.n);
  });
}

/**
 * The id that parts the machines the query's filters keep in two halves of about as many (the first at or after the
 * middle), kept while the machines are unchanged; null when there are fewer than two.
 */
export async function middleMachineId(tx: TenantTx, q: ReportQuery): Promise<number | null> {
  const n = await keptMachineCount(tx, q);
  if (n < 2) return null;
  return tx.memo.remember(await keptMachinesKey(tx, q, 'middleMachine'), async () => {
    const sql = new Sql(tx.tenantId);
    const r = await tx.query<{ id: number }>(
      `select e.id from equipment e where ${machineWhere(q, sql)} order by e.id offset ${sql.p(Math.floor(n / 2))} limit 1`,
      sql.values,
    );
    return r.rows[0] ? Number(r.rows[0].id) : null;
  });
}

/** More seconds down in one day than the shortest day has (23 h, a daylight-saving change), with margin. */
export const OVERLAP_SEC = 22 * 3600;

export const CALENDAR = 'greatest(0, extract(epoch from (b.tc - b.t0)) / 60)::numeric';

/** The calendar minutes of bucket b from a machine's start on (st; null: the whole calendar, greatest skips it). */
export const calendarFrom = (st: string) =>
  `greatest(0, extract(epoch from (b.tc - greatest(b.t0, ${st}))) / 60)::numeric`;

/**
 * CTE mtp: mt's figures per machine over all the buckets together, from the same passes over the orders. When the
 * buckets are the trend's (they cover the period without a gap) this is the period's row per machine, so a
 * report gets its rows, total and trend from one statement. Running time is cut at 0 over the whole span. fkm sums
 * fk per machine in one grouping (not one each for downtime, failures and repairs).
 */
/**
 * A machine's planned minutes in bucket b: its shifts' (shb), or the whole calendar when it has no shift at all, from
 * its start on when it began late (lt joined by id).
 */
const PLANNED = `case when hs.id is not null then coalesce(shb.planned, 0) else ${calendarFrom('lt.st')} end`;

/** Per status now (one bucket): each machine's running time is its planned time less its downtime, at least 0. */
const STATUS_TOTALS = `st as (select m.status, count(*)::int as machines, sum(p.planned) as planned,
                sum(greatest(p.planned - coalesce(dt.downtime, 0), 0)) as running
           from m cross join b
           left join hs on hs.id = m.id left join shb on shb.id = m.id and shb.k = b.k
           left join dt on dt.id = m.id and dt.k = b.k left join lt on lt.id = m.id
          cross join lateral (select ${PLANNED} as planned) p
          group by m.status)`;

const PERIOD_MACHINES = `shm as (select id, sum(planned) as planned from shb group by id),
  fkm as (select id, sum(downtime) as downtime, sum(failures) as failures, sum(repairs) as repairs,
                 sum(repair_min) as repair_min from fk group by id),
  mpl as (select m.id, case when hs.id is not null then coalesce(shm.planned, 0)
                            when lt.id is null then (select sum(${CALENDAR}) from b)
                            else (select sum(${calendarFrom('lt.st')}) from b) end as planned
            from m left join hs on hs.id = m.id left join shm on shm.id = m.id left join lt on lt.id = m.id),
  mtp as (select mpl.id, mpl.planned, coalesce(fkm.downtime, 0) as downtime,
            greatest(mpl.planned - coalesce(fkm.downtime, 0), 0) as running, coalesce(fkm.failures, 0) as failures,
            coalesce(fkm.repairs, 0) as repairs, coalesce(fkm.repair_min, 0) as repair_min
            from mpl left join fkm on fkm.id = mpl.id)`;

/**
 * CTE bk: the sums of mt per bucket (planned, downtime, running, failures, repairs, repair_min) without a row per
 * machine and bucket: the machines without shifts count the calendar all alike, and a machine's downtime is cut at
 * its planned time only where it has downtime. The trends read this; 12 months of 100,000 machines would otherwise
 * be 1.2 million rows. cal (the machines without shifts: all the kept machines less those
 * with shifts) counts the machines through an index instead of reading m, so m is not built when nothing else reads
 * it; it is materialized because bk's columns are copied into each figure that reads them, and each copy counted
 * the 100,000 machines again. bfr sums the failures and repairs per bucket in one pass.
 */
const BUCKET_TOTALS = `ltb as (select b.k, sum(${CALENDAR} - ${calendarFrom('lt.st')}) as before
            from lt cross join b where lt.id not in (select id from hs) group by b.k),
  bpl as (select b.k, (select n from cal) * ${CALENDAR} - coalesce((select before from ltb where ltb.k = b.k), 0)
            + coalesce((select sum(shb.planned) from shb where shb.k = b.k), 0) as planned from b),
  bdt as (select dt.k, sum(dt.downtime) as downtime,
            sum(least(dt.downtime, case when hs.id is not null then coalesce(shb.planned, 0) else ${calendarFrom('lt.st')} end)) as cut
            from dt join b on b.k = dt.k left join hs on hs.id = dt.id left join shb on shb.k = dt.k and shb.id = dt.id
            left join lt on lt.id = dt.id
           group by dt.k),
  bk as (select bpl.k, bpl.planned, coalesce(bdt.downtime, 0) as downtime, bpl.planned - coalesce(bdt.cut, 0) as running,
           coalesce(bfr.failures, 0) as failures, coalesce(bfr.repairs, 0) as repairs, coalesce(bfr.repair_min, 0) as repair_min
           from bpl left join bdt on bdt.k = bpl.k left join bfr on bfr.k = bpl.k)`;

/** The group a report row stands for: one machine, a category or a workshop (the key may be null: "none"). */
export const GROUPS = {
  equipment: { key: 'm.id', name: `m.code || ' ' || m.name`, join: '', drill: 'equipmentId' },
  category: {
    key: 'm.category_id',
    name: 'c.name',
    join: 'left join equipment_categories c on c.tenant_id = $1 and c.id = m.category_id',
    drill: 'categoryId',
  },
  line: {
    key: 'm.line_id',
    name: 'l.linename',
    join: 'left join lines l on l.tenant_id = $1 and l.id = m.line_id',
    drill: 'lineId',
  },
  workshop: {
    key: 'm.workshop_id',
    name: 'w.workshopname',
    join: 'left join workshops w on w.tenant_id = $1 and w.id = m.workshop_id',
    drill: 'workshopId',
  },
} as const;
export type GroupName = keyof typeof GROUPS;
export const groupOf = (g: string | undefined, fallback: GroupName = 'equipment'): GroupName =>
  g && g in GROUPS ? (g as GroupName) : fallback;

/** Hours with two decimals from a minutes expression. */
export const hours = (minutes: string) => `round((${minutes}) / 60.0, 2)`;
