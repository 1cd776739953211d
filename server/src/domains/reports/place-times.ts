import {
  type Bucket,
  bucketSpan,
  bucketsSql,
  machineWhere,
  notDeleted,
  placeFiltered,
  type ReportQuery,
  Sql,
  scopeKey,
} from '../../platform/reports/filters.js';
import { tableVersions } from '../../platform/tenancy/table-versions.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { CALENDAR, calendarFrom, lateMachines, OVERLAP_SEC, SHIFT_MINUTES } from './machine-times.js';
import { connected, stateDowntimeCtes } from './state-times.js';

/** The places a report can group by without reading each machine: the columns of repair_place_days. */
export const PLACE_COLUMNS = { workshop: 'workshop_id', line: 'line_id', category: 'category_id' } as const;
export type PlaceGroup = keyof typeof PLACE_COLUMNS;

/**
 * Whether a report's figures can come from repair_place_days (migration 0047): grouped by a place, over every
 * person (the place days do not keep the assignee) and every machine of the places the filters keep.
 */
export const placeTimesFit = (q: ReportQuery, group: string): group is PlaceGroup =>
  group in PLACE_COLUMNS && !q.equipmentId && !q.userId && !q.machineScope;

/** The machines the filters keep in one place (0 for none): how many, and how many are running now. */
export interface PlaceCount {
  n: number;
  running: number;
}

/** The machines the filters keep in each place of a column, counted once per version of the machines' table. */
export async function keptMachinesPer(
  tx: TenantTx,
  q: ReportQuery,
  group: PlaceGroup,
): Promise<Map<number, PlaceCount>> {
  const version = (await tableVersions(tx, ['equipment'])).key('equipment');
  const filters = [q.workshopId, q.lineId, q.categoryId, scopeKey(q)].map((v) => v ?? '').join(',');
  const counts = await tx.memo.remember(
    version && `keptPer|${tx.tenantId}|${version}|${group}|${filters}`,
    async () => {
      const sql = new Sql(tx.tenantId);
      const col = PLACE_COLUMNS[group];
      const r = await tx.query<{ g: number; n: number; running: number }>(
        `select coalesce(e.${col}, 0) as g, count(*)::int as n, (count(*) filter (where e.status = 'running'))::int as running
         from equipment e where ${machineWhere(q, sql)} group by 1`,
        sql.values,
      );
      return r.rows.map((x) => [Number(x.g), { n: Number(x.n), running: Number(x.running) }] as [number, PlaceCount]);
    },
  );
  return new Map(counts);
}

/** What both statements start from: the buckets, the kept machines per place, the open stops' seconds per bucket. */
function preamble(
  q: ReportQuery,
  buckets: Bucket[],
  timeZone: string,
  sql: Sql,
  group: PlaceGroup,
  counts: Map<number, PlaceCount>,
) {
  const b = bucketsSql(buckets, timeZone, sql);
  const tz = sql.p(timeZone);
  const span = bucketSpan(buckets);
  const first = sql.p(span.first);
  const last = sql.p(span.last);
  const to = `((${last}::date + 1)::timestamp at time zone ${tz})`;
  const machines = machineWhere(q, sql);
  const col = PLACE_COLUMNS[group];
  const places = [
    q.workshopId ? `and p.workshop_id = ${sql.p(q.workshopId)}` : '',
    q.lineId ? `and p.line_id = ${sql.p(q.lineId)}` : '',
    q.categoryId ? `and p.category_id = ${sql.p(q.categoryId)}` : '',
  ].join(' ');
  const bucketOf = (day: string) => `(select ks from bt)[width_bucket(${day}, (select d from bt))]`;
  const inPeriod = (f: string) => `${f}.tenant_id = $1 and ${f}.day >= ${first}::date and ${f}.day <= ${last}::date`;
  const ctes = `b as (${b}),
  bt as (select array_append(array_agg(t0 order by t0), max(t1)) as t, array_append(array_agg(d0 order by d0), max(d1) + 1) as d,
                array_agg(k order by t0) as ks, count(*)::int as n from b),
  gn as (select g, n from unnest(${sql.p([...counts.keys()])}::bigint[], ${sql.p([...counts.values()].map((c) => c.n))}::int[]) as x(g, n)),
  -- The machines begun after the period began (machine-times.ts): planned time counts from their start.
  lt as materialized (select e.id, coalesce(e.${col}, 0) as g, ${lateMachines('e', first, tz)} and ${machines}),
  sh as (select es.equipment_id, greatest(es.start_date, lt.sd) as start_date, es.end_date, ${SHIFT_MINUTES} as minutes
           from equipment_shifts es join shifts s on s.tenant_id = es.tenant_id and s.id = es.shift_id and s.deleted_at is null
           join equipment e on e.tenant_id = $1 and e.id = es.equipment_id and ${machines}
           left join lt on lt.id = es.equipment_id
          where es.tenant_id = $1),
  shb as (select b.k, sh.equipment_id as id,
            sum(sh.minutes * greatest(0, least(sh.end_date, b.dc) - greatest(sh.start_date, b.d0) + 1))::numeric as planned
            from b join sh on sh.start_date <= b.dc and sh.end_date >= b.d0 group by b.k, sh.equipment_id),
  hs as (select distinct equipment_id as id from sh),
  live as (select l.equipment_id, l.reported_at from repair_live_stops l ${
    placeFiltered(q) ? `join equipment e on e.tenant_id = $1 and e.id = l.equipment_id and ${machines}` : ''
  }
            where l.tenant_id = $1 and l.reported_at < ${to} ${placeFiltered(q) ? '' : notDeleted('l')}),
  lv as (select b.k, o.equipment_id as id, greatest(0, extract(epoch from (b.tc - greatest(b.t0, o.reported_at))))::float8 as sec
           from live o
          cross join lateral generate_series(greatest(1, width_bucket(o.reported_at, (select t from bt))), (select n from bt)) as g(j)
           join b on b.k = (select ks from bt)[g.j])`;
  const from = `(${first}::date::timestamp at time zone ${tz})`;
  return { ctes, tz, machines, col, places, bucketOf, inPeriod, from, to };
}

/**
 * The time figures per bucket (bk: the trend's totals) and per place over the whole period (gr: g, planned,
 * downtime, running, failures, repairs, repair_min), equal to machineTimesSql's mt and mtp summed, without a row
 * per machine: failures, repairs and downtime are the place days' sums (plus the open stops). A machine's downtime
 * is cut at its planned time only where it may pass it, and only those machines are read one by one: with shifts,
 * with a stop still open, with a day of more than 22 hours down (overlapping stops) or a day not yet over. Any other
 * machine's downtime is at most its calendar, which is its planned time. Planned time is the kept machines without
 * shifts per place (counts, from keptMachinesPer) times the calendar, plus the shifts of the others.
 */
export function placeTimesSql(
  q: ReportQuery,
  buckets: Bucket[],
  timeZone: string,
  sql: Sql,
  group: PlaceGroup,
  counts: Map<number, PlaceCount>,
): string {
  const { ctes, tz, machines, col, places, bucketOf, inPeriod, from, to } = preamble(
    q,
    buckets,
    timeZone,
    sql,
    group,
    counts,
  );
  return `${ctes},
  -- The connected machines' downtime from their run states (state-times.ts): they are read one by one, their
  -- orders' downtime is taken out of the place days and their states' put in.
  ${stateDowntimeCtes(machines, from, to, tz)},
  -- The machines read one by one (see above), with their place.
  -- As arrays, so that the machines and their days are read through their keys (= any), a few thousand of them:
  -- the planner, guessing the candidates from lv's estimate, scanned every machine and a year of days.
  cid as (select array(
            select f.equipment_id from repair_day_figures f where ${inPeriod('f')} and f.downtime_sec > ${OVERLAP_SEC}
            union select f.equipment_id from repair_day_figures f
             where ${inPeriod('f')} and f.day >= (now() at time zone ${tz})::date and f.downtime_sec <> 0
            union select id from hs
            union select id from lt
            union select id from lv
            union select id from cn) as ids),
  cm as (select e.id, coalesce(e.${col}, 0) as g from equipment e where ${machines} and e.id = any((select ids from cid)::bigint[])),
  cdt as (select k, id, (sum(sec) / 60)::numeric as downtime from (
            select ${bucketOf('f.day')} as k, f.equipment_id as id, f.downtime_sec::float8 as sec
              from repair_day_figures f
             where f.equipment_id = any(array(select id from cm)) and ${inPeriod('f')} and f.downtime_sec <> 0
               and not ${connected('f.equipment_id')}
            union all select k, id, sec from lv where not ${connected('id')}
            union all select k, id, sec from sdt) x
          group by k, id),
  cpl as (select cdt.k, cdt.id, cm.g, cdt.downtime,
            case when hs.id is not null then coalesce(shb.planned, 0) else ${calendarFrom('lt.st')} end as planned
            from cdt join cm on cm.id = cdt.id join b on b.k = cdt.k
            left join hs on hs.id = cdt.id left join shb on shb.k = cdt.k and shb.id = cdt.id left join lt on lt.id = cdt.id),
  cg as (select k, g, sum(downtime) as downtime, sum(least(downtime, planned)) as cut from cpl group by k, g),
  cp as (select cm.g, sum(x.downtime) as downtime, sum(least(x.downtime, x.planned)) as cut
           from (select cpl.id, sum(cpl.downtime) as downtime,
                        case when hs.id is not null then coalesce((select sum(shb.planned) from shb where shb.id = cpl.id), 0)
                             else (select sum(${calendarFrom('lt.st')}) from b) end as planned
                   from cpl left join hs on hs.id = cpl.id left join lt on lt.id = cpl.id group by cpl.id, hs.id, lt.st) x
           join cm on cm.id = x.id group by cm.g),
  -- The place days of the period per bucket and place, and the open stops' seconds with them.
  pd as (select k, g, sum(failures) as failures, sum(repairs) as repairs, sum(repair_min) as repair_min,
                sum(sec) as sec from (
           select ${bucketOf('p.day')} as k, p.${col} as g, p.failures, p.repairs, p.repair_min, p.downtime_sec::float8 as sec
             from repair_place_days p where ${inPeriod('p')} ${places}
           union all select lv.k, cm.g, 0, 0, 0, lv.sec from lv join cm on cm.id = lv.id where not ${connected('lv.id')}
           union all select ${bucketOf('f.day')}, cm.g, 0, 0, 0, -f.downtime_sec::float8
             from repair_day_figures f join cm on cm.id = f.equipment_id
            where f.equipment_id = any((select ids from cna)::bigint[]) and ${inPeriod('f')} and f.downtime_sec <> 0
           union all select sdt.k, cm.g, 0, 0, 0, sdt.sec from sdt join cm on cm.id = sdt.id) x
          group by k, g),
  hsg as (select cm.g, count(*) as n from hs join cm on cm.id = hs.id group by cm.g),
  shg as (select shb.k, cm.g, sum(shb.planned) as planned from shb join cm on cm.id = shb.id group by shb.k, cm.g),
  -- The calendar before their start of the machines without shifts begun late, per bucket and place.
  ltg as (select b.k, lt.g, sum(${CALENDAR} - ${calendarFrom('lt.st')}) as before
            from lt cross join b where lt.id not in (select id from hs) group by b.k, lt.g),
  kg as (select b.k, gn.g, (gn.n - coalesce(hsg.n, 0)) * ${CALENDAR} - coalesce(ltg.before, 0) + coalesce(shg.planned, 0) as planned,
                (coalesce(pd.sec, 0) / 60)::numeric as downtime, coalesce(pd.failures, 0) as failures,
                coalesce(pd.repairs, 0) as repairs, coalesce(pd.repair_min, 0) as repair_min,
                coalesce(cg.downtime, 0) as cdown, coalesce(cg.cut, 0) as ccut
           from b cross join gn left join hsg on hsg.g = gn.g left join shg on shg.k = b.k and shg.g = gn.g
           left join ltg on ltg.k = b.k and ltg.g = gn.g
           left join pd on pd.k = b.k and pd.g = gn.g left join cg on cg.k = b.k and cg.g = gn.g),
  bk as (select k, sum(planned) as planned, sum(downtime) as downtime, sum(planned) - sum(downtime - cdown + ccut) as running,
                sum(failures) as failures, sum(repairs) as repairs, sum(repair_min) as repair_min
           from kg group by k),
  gr as (select s.g, s.planned, s.downtime, s.planned - (s.downtime - coalesce(cp.downtime, 0) + coalesce(cp.cut, 0)) as running,
                s.failures, s.repairs, s.repair_min
           from (select g, sum(planned) as planned, sum(downtime) as downtime, sum(failures) as failures,
                        sum(repairs) as repairs, sum(repair_min) as repair_min from kg group by g) s
           left join cp on cp.g = s.g)`;
}

/**
 * The repair figures per place over the period (gs: g, failures, downtime, reported_min and the costs), for the
 * workshop analysis: the place days' sums and the open stops' seconds, downtime not cut (as in that report).
 */
export function placeSumsSql(
  q: ReportQuery,
  period: Bucket,
  timeZone: string,
  sql: Sql,
  group: PlaceGroup,
  counts: Map<number, PlaceCount>,
): string {
  const { ctes, col, places, inPeriod } = preamble(q, [period], timeZone, sql, group, counts);
  return `${ctes},
  lvg as (select coalesce(e.${col}, 0) as g, sum(lv.sec) as sec from lv
            join equipment e on e.tenant_id = $1 and e.id = lv.id group by 1),
  ps as (select p.${col} as g, sum(p.failures) as failures, sum(p.reported_min) as reported_min,
                sum(p.labour_cost) as labour_cost, sum(p.parts_cost) as parts_cost, sum(p.external_cost) as external_cost,
                sum(p.total_cost) as total_cost, sum(p.downtime_sec)::float8 as sec
           from repair_place_days p where ${inPeriod('p')} ${places} group by 1),
  gs as (select gn.g, coalesce(ps.failures, 0) as failures, coalesce(ps.reported_min, 0) as reported_min,
                coalesce(ps.labour_cost, 0) as labour_cost, coalesce(ps.parts_cost, 0) as parts_cost,
                coalesce(ps.external_cost, 0) as external_cost, coalesce(ps.total_cost, 0) as total_cost,
                ((coalesce(ps.sec, 0) + coalesce(lvg.sec, 0)) / 60)::numeric as downtime
           from gn left join ps on ps.g = gn.g left join lvg on lvg.g = gn.g)`;
}
