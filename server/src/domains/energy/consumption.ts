import { Sql } from '../../platform/reports/filters.js';

/*
 * Consumption from meter readings, in SQL. A meter's consumption over an interval between two readings is the
 * difference of the readings times the meter's multiplier (CT ratio); a rollover reading adds what the register
 * counted up to its maximum (registerMax − last + value); a replacement counts what the removed meter counted up
 * to its last reading (oldFinalValue − last), and the next interval counts on from the new meter's first reading.
 * An interval's consumption belongs to its middle moment: hourly readings fall in the hour they close, a daily
 * reading at 08:00 in the day before, and the tariff period of that moment prices it. The period asked is read
 * with the reading before it and the one after it, so an interval crossing its ends is counted where its middle is.
 *
 * Places: a place's (or an energy type's) consumption is that of its meters whose parent meter is not one of its
 * meters too (of the same energy type): a sub-meter below a workshop's main meter is inside the main meter's figure
 * and is not counted twice (nor are its readings read).
 *
 * Days, months and whole periods are summed from the kept day figures (energy_meter_days, days.ts), which the same
 * statement over the readings fills; hours and shifts are worked out from the readings each time. Those grouped by
 * factory, workshop, line, energy type or tariff period, or summed over one such place, read the kept place figures
 * (energy_place_days, migration 0186: the meter days summed per place and day by triggers) instead.
 */

export const BUCKETS = ['hour', 'day', 'shift', 'month', 'all'] as const;
export type Bucket = (typeof BUCKETS)[number];
export const GROUPS = ['meter', 'organization', 'workshop', 'line', 'equipment', 'type', 'period', 'none'] as const;
export type GroupBy = (typeof GROUPS)[number];

export interface PlaceFilter {
  energyType?: string;
  meterId?: number;
  organizationId?: number;
  workshopId?: number;
  lineId?: number;
  equipmentId?: number;
}

export interface ConsumptionQuery extends PlaceFilter {
  /** First and last day (YYYY-MM-DD, the tenant's days), both included. */
  from: string;
  to: string;
  bucket: Bucket;
  groupBy: GroupBy;
  timeZone: string;
}

const GROUP_KEY: Record<GroupBy, string> = {
  meter: 'm.id::text',
  organization: 'm.organization_id::text',
  workshop: 'm.workshop_id::text',
  line: 'm.line_id::text',
  equipment: 'm.equipment_id::text',
  type: 'm.energy_type',
  // Every meter in one group: only meters without a parent among them count; the period is the tariff's.
  period: `''`,
  none: `''`,
};

const minutes = (e: string) =>
  `(case when ${e} = '24:00' then 1440 else split_part(${e}, ':', 1)::int * 60 + split_part(${e}, ':', 2)::int end)`;

/** What a recomputation of kept days leaves out: readings and tariffs about to be deleted. */
export interface Skip {
  readings?: readonly number[];
  tariffs?: readonly number[];
}

/**
 * The meters a filter keeps as CTE `m` (id, parent_id, energy_type, multiplier, register_max, key, counted): a meter
 * is counted when its parent is not among them with the same group key. `meterIds` (the kept days' recomputation)
 * narrows to those meters.
 */
function metersCte(q: PlaceFilter, sql: Sql, groupBy: GroupBy, meterIds?: readonly number[]): string {
  // The conditions as templates on an alias: the meter's, and its parent's (whether the parent is kept too).
  const where: ((a: string) => string)[] = [(a) => `${a}.deleted_at is null`];
  const eq = (col: string, v: unknown) => {
    const p = sql.p(v);
    where.push((a) => `${a}.${col} = ${p}`);
  };
  if (q.energyType) eq('energy_type', q.energyType);
  if (q.meterId) eq('id', q.meterId);
  if (meterIds) {
    const p = sql.p([...meterIds]);
    where.push((a) => `${a}.id = any(${p}::bigint[])`);
  }
  for (const [k, col] of [
    ['organizationId', 'organization_id'],
    ['workshopId', 'workshop_id'],
    ['lineId', 'line_id'],
    ['equipmentId', 'equipment_id'],
  ] as const) {
    if (q[k]) eq(col, q[k]);
  }
  const on = (a: string) => where.map((w) => w(a)).join(' and ');
  const key = (a: string) => GROUP_KEY[groupBy].replace(/\bm\./g, `${a}.`);
  // The parent by its key (one index lookup a meter), not by scanning the kept meters once per meter.
  return `m0 as (select m.id, m.parent_id, m.energy_type, m.multiplier, m.register_max, ${key('m')} as key,
                (pm.id is not null and pm.energy_type = m.energy_type and ${on('pm')}) as parent_kept,
                ${key('pm')} as parent_key
           from energy_meters m left join energy_meters pm on pm.tenant_id = $1 and pm.id = m.parent_id
          where m.tenant_id = $1 and ${on('m')}),
  m as (select m0.id, m0.parent_id, m0.energy_type, m0.multiplier, m0.register_max, m0.key,
               (not coalesce(m0.parent_kept, false) or m0.parent_key is distinct from m0.key) as counted
          from m0)`;
}

/**
 * The consumption of the meters a filter keeps over a period as CTE `d` (meter_id, counted, at: the interval's
 * middle moment in the tenant's wall-clock time, q: consumption, price, period), the meters as CTE `m`, read from
 * the readings themselves. The reports read the kept days (days.ts) for days, months and whole periods; this
 * serves hours and shifts, and the kept days' own recomputation (meterIds, skip).
 */
export function consumptionCte(
  q: ConsumptionQuery,
  sql: Sql,
  groupBy: GroupBy = q.groupBy,
  opts: { meterIds?: readonly number[]; skip?: Skip } = {},
): string {
  const tz = sql.p(q.timeZone);
  const from = sql.p(q.from);
  const to = sql.p(q.to);
  const cols = 'y.meter_id, y.read_at, y.value, y.kind, y.old_final_value';
  const skipReadings = opts.skip?.readings?.length
    ? ` and y.id <> all(${sql.p([...opts.skip.readings])}::bigint[])`
    : '';
  const skipTariffs = opts.skip?.tariffs?.length ? ` and tf.id <> all(${sql.p([...opts.skip.tariffs])}::bigint[])` : '';
  return `b as (select (${from}::date::timestamp at time zone ${tz}::text) as t0,
                       ((${to}::date + 1)::timestamp at time zone ${tz}::text) as t1),
  ${metersCte(q, sql, groupBy, opts.meterIds)},
  r as (select ${cols} from energy_readings y cross join b
         where y.tenant_id = $1 and y.meter_id in (select id from m where counted) and y.read_at >= b.t0 and y.read_at < b.t1${skipReadings}
        union all
        select e.* from m cross join b cross join lateral (
          select ${cols} from energy_readings y where m.counted and y.tenant_id = $1 and y.meter_id = m.id and y.read_at < b.t0${skipReadings}
           order by y.read_at desc limit 1) e
        union all
        select e.* from m cross join b cross join lateral (
          select ${cols} from energy_readings y where m.counted and y.tenant_id = $1 and y.meter_id = m.id and y.read_at >= b.t1${skipReadings}
           order by y.read_at limit 1) e),
  s as (select r.*, lag(r.value) over w as pv, lag(r.read_at) over w as pt
          from r window w as (partition by r.meter_id order by r.read_at)),
  d0 as (select s.meter_id, m.counted, m.energy_type, m.key, s.pt + (s.read_at - s.pt) / 2 as mid,
                (case s.kind when 'normal' then s.value - s.pv
                             when 'rollover' then m.register_max - s.pv + s.value
                             else coalesce(s.old_final_value - s.pv, 0) end) * m.multiplier as q
           from s join m on m.id = s.meter_id cross join b
          where s.pv is not null and s.pt + (s.read_at - s.pt) / 2 >= b.t0 and s.pt + (s.read_at - s.pt) / 2 < b.t1),
  d1 as materialized (select l.*, l.at::date as day, extract(hour from l.at)::int * 60 + extract(minute from l.at)::int as mv
            from (select d0.*, (d0.mid at time zone ${tz}::text) as at from d0) l),
  tp as materialized (select tf.energy_type, tf.valid_from, coalesce(tf.valid_to, 'infinity'::date) as valid_to,
                pe->>'kind' as period, (pe->>'price')::numeric as price,
                ${minutes(`pe->>'start'`)} as s, ${minutes(`pe->>'end'`)} as e
           from energy_tariffs tf cross join jsonb_array_elements(tf.periods) pe
          where tf.tenant_id = $1 and tf.energy_type in (select distinct energy_type from m)${skipTariffs}),
  d as (select d1.meter_id, d1.counted, d1.key, d1.q, d1.at, tp.price, tp.period
          from d1 left join tp on tp.energy_type = d1.energy_type
           and d1.day >= tp.valid_from and d1.day <= tp.valid_to
           and (case when tp.s < tp.e then d1.mv >= tp.s and d1.mv < tp.e else d1.mv >= tp.s or d1.mv < tp.e end))`;
}

/** The levels of the kept place figures (energy_place_days, migration 0186): the whole tenant and its places. */
export type PlaceLevel = 'none' | 'organization' | 'workshop' | 'line';
const PLACE_FILTERS = [
  ['organizationId', 'organization'],
  ['workshopId', 'workshop'],
  ['lineId', 'line'],
] as const;

/**
 * The kept place figures that give a query's rows (a level, and the one place of it the filter names), or null
 * when only the meter days can. A place counts its meters whose parent meter (of the same type) is not in the same
 * place, the counting of a report grouped by that place: a grouping by factory, workshop or line reads its own
 * level (one place of it when filtered by it), one by type, tariff period or nothing the level of its place filter
 * (the whole tenant without one). By meter or machine, filtered by a meter or a machine, by a place other than the
 * grouping's, or by two places at once (a parent in the same line but another factory would count otherwise): the
 * meter days.
 */
export function placeLevel(q: PlaceFilter, groupBy: GroupBy): { level: PlaceLevel; placeId: number | null } | null {
  if (q.meterId || q.equipmentId) return null;
  const given = PLACE_FILTERS.filter(([k]) => q[k]);
  if (given.length > 1) return null;
  const filter = given[0];
  const placeId = filter ? Number(q[filter[0]]) : null;
  switch (groupBy) {
    case 'organization':
    case 'workshop':
    case 'line':
      return !filter || filter[1] === groupBy ? { level: groupBy, placeId } : null;
    case 'type':
    case 'period':
    case 'none':
      return { level: filter ? filter[1] : 'none', placeId };
    default:
      return null;
  }
}

/** The figures of a kept day that may be null (no cost, no interval in a tariff period). */
const NULLABLE = [
  'cost',
  'unpriced',
  'sharp_q',
  'sharp_c',
  'peak_q',
  'peak_c',
  'flat_q',
  'flat_c',
  'valley_q',
  'valley_c',
] as const;

/** Whether a report may read the kept place figures (the tests set them against the meter days with false). */
export interface KeptOptions {
  placeDays?: boolean;
}

/**
 * The kept days of the meters a filter keeps over a period as CTE `k` (day, key, quantity, cost, unpriced and the
 * quantity and cost of each tariff period): the place figures where they give the query's rows (placeLevel), else
 * the meter days (energy_meter_days, days.ts) of the counted meters, with meter_id.
 */
function keptDaysCte(q: Omit<ConsumptionQuery, 'bucket'>, sql: Sql, groupBy: GroupBy, opts: KeptOptions = {}): string {
  const plan = opts.placeDays === false ? null : placeLevel(q, groupBy);
  if (plan) {
    const where = [
      'x.tenant_id = $1',
      `x.level = ${sql.p(plan.level)}`,
      `x.day >= ${sql.p(q.from)}::date`,
      `x.day <= ${sql.p(q.to)}::date`,
    ];
    if (plan.placeId !== null) where.push(`x.place_id = ${sql.p(plan.placeId)}::bigint`);
    if (q.energyType) where.push(`x.energy_type = ${sql.p(q.energyType)}`);
    const key =
      groupBy === 'type'
        ? 'x.energy_type'
        : groupBy === 'none' || groupBy === 'period'
          ? `''`
          : 'nullif(x.place_id, 0)::text';
    // A sum is null where no meter day of the place gave it a value (its count is 0), as over the meter days.
    const cols = NULLABLE.map((c) => `case when x.${c}_n > 0 then x.${c} end as ${c}`).join(', ');
    return `k as (select x.day, ${key} as key, x.quantity, ${cols} from energy_place_days x where ${where.join(' and ')})`;
  }
  return `${metersCte(q, sql, groupBy)},
  k as (select x.*, m.key from energy_meter_days x join m on m.id = x.meter_id and m.counted
         where x.tenant_id = $1 and x.day >= ${sql.p(q.from)}::date and x.day <= ${sql.p(q.to)}::date)`;
}

/** The bucket of a consumption row (alias d) as text, and the join it needs. */
function bucketSql(bucket: Bucket): { key: string; join: string } {
  switch (bucket) {
    case 'hour':
      return { key: `to_char(d.at, 'YYYY-MM-DD HH24:00')`, join: '' };
    case 'day':
      return { key: `to_char(d.at, 'YYYY-MM-DD')`, join: '' };
    case 'month':
      return { key: `to_char(d.at, 'YYYY-MM')`, join: '' };
    case 'all':
      return { key: 'null::text', join: '' };
    case 'shift':
      // The shift whose hours hold the moment; a night shift's hours after midnight belong to the day it began.
      return {
        key: `to_char(case when sh.start_time > sh.end_time and to_char(d.at, 'HH24:MI') < sh.end_time
                           then d.at - interval '1 day' else d.at end, 'YYYY-MM-DD') || ' ' || coalesce(sh.name, '-')`,
        join: `left join lateral (select x.name, x.start_time, x.end_time from shifts x
                 where x.tenant_id = $1 and x.deleted_at is null and x.state = 1
                   and (case when x.start_time < x.end_time
                             then to_char(d.at, 'HH24:MI') >= x.start_time and to_char(d.at, 'HH24:MI') < x.end_time
                             else to_char(d.at, 'HH24:MI') >= x.start_time or to_char(d.at, 'HH24:MI') < x.end_time end)
                 order by x.start_time limit 1) sh on true`,
      };
  }
}

export interface ConsumptionRow {
  bucket: string | null;
  key: string | null;
  quantity: string;
  cost: string | null;
  /** The consumption no tariff priced (no tariff of the type valid then). */
  unpriced: string;
}

/** Consumption and cost per bucket and group from the readings themselves (hours, shifts; tests compare). */
export function rawConsumptionSql(q: ConsumptionQuery, tenantId: number): { text: string; values: unknown[] } {
  const sql = new Sql(tenantId);
  const cte = consumptionCte(q, sql);
  const b = bucketSql(q.bucket);
  const key = q.groupBy === 'period' ? 'd.period' : 'd.key';
  const text = `with ${cte}
    select ${b.key} as bucket, ${key} as key, round(sum(d.q), 4)::text as quantity,
           round(sum(d.q * d.price), 2)::text as cost,
           round(coalesce(sum(d.q) filter (where d.price is null), 0), 4)::text as unpriced
      from d ${b.join}
     where d.counted
     group by 1, 2
     order by 1 nulls first, sum(d.q) desc nulls last
     limit 20000`;
  return { text, values: sql.values };
}

/** The bucket of a kept day (alias k) as text. */
const DAY_BUCKETS: Partial<Record<Bucket, string>> = {
  day: `to_char(k.day, 'YYYY-MM-DD')`,
  month: `to_char(k.day, 'YYYY-MM')`,
  all: 'null::text',
};

/**
 * Consumption and cost per bucket and group, in time order then by quantity: days, months and whole periods from
 * the kept days (a year of 2,000 meters is 730,000 of them, not 70 million readings), hours and shifts from the
 * readings.
 */
export function consumptionSql(
  q: ConsumptionQuery,
  tenantId: number,
  opts: KeptOptions = {},
): { text: string; values: unknown[] } {
  const bucket = DAY_BUCKETS[q.bucket];
  if (!bucket) return rawConsumptionSql(q, tenantId);
  const bucketDay =
    q.bucket === 'day' ? 'k.day' : q.bucket === 'month' ? `date_trunc('month', k.day)::date` : 'null::date';
  const sql = new Sql(tenantId);
  const cte = keptDaysCte(q, sql, q.groupBy, opts);
  // Grouped by tariff period: each day's quantity and cost of each period, and what no tariff priced (key null).
  const rows =
    q.groupBy === 'period'
      ? `(select k.day, p.key, p.q, p.c, case when p.key is null then p.q end as u from k
            cross join lateral (values ('sharp', k.sharp_q, k.sharp_c), ('peak', k.peak_q, k.peak_c),
                                       ('flat', k.flat_q, k.flat_c), ('valley', k.valley_q, k.valley_c),
                                       (null, k.unpriced, null)) p(key, q, c)
           where p.q is not null) k`
      : '(select k.day, k.key, k.quantity as q, k.cost as c, k.unpriced as u from k) k';
  // Summed per bucket's first day (a date, cheap to group and sort; one a bucket) and key; the bucket's text is made
  // of the sums.
  const text = `with ${cte},
    g as (select ${bucketDay} as day, k.key, sum(k.q) as q, sum(k.c) as c, sum(k.u) as u from ${rows} group by 1, 2)
    select ${bucket.replace(/k\.day/g, 'g.day')} as bucket, g.key, round(g.q, 4)::text as quantity,
           round(g.c, 2)::text as cost, round(coalesce(g.u, 0), 4)::text as unpriced
      from g
     order by g.day nulls first, g.q desc nulls last
     limit 20000`;
  return { text, values: sql.values };
}

/**
 * Each meter's own consumption over a period with what its sub-meters used: the difference is what the
 * sub-meters do not measure (other users, losses).
 */
export function rollupSql(q: ConsumptionQuery, tenantId: number): { text: string; values: unknown[] } {
  const sql = new Sql(tenantId);
  const cte = keptDaysCte({ ...q, groupBy: 'meter' }, sql, 'meter');
  const text = `with ${cte},
    own as (select k.meter_id, sum(k.quantity) as q, sum(k.cost) as cost from k group by 1)
    select m.id, m.parent_id as "parentId", mm.code, mm.name, mm.energy_type as "energyType", mm.unit,
           round(coalesce(own.q, 0), 4)::text as quantity, round(own.cost, 2)::text as cost,
           (select count(*)::int from m c where c.parent_id = m.id) as "subMeters",
           (select round(coalesce(sum(o.q), 0), 4)::text from m c left join own o on o.meter_id = c.id
             where c.parent_id = m.id) as "childrenQuantity"
      from m join energy_meters mm on mm.tenant_id = $1 and mm.id = m.id
      left join own on own.meter_id = m.id
     order by mm.code limit 5000`;
  return { text, values: sql.values };
}

/** The total consumption of the meters a filter keeps over a period (counted once per place), from the kept days. */
export function totalSql(
  q: Omit<ConsumptionQuery, 'bucket' | 'groupBy'>,
  tenantId: number,
  opts: KeptOptions = {},
): { text: string; values: unknown[] } {
  const sql = new Sql(tenantId);
  const cte = keptDaysCte({ ...q, groupBy: 'none' }, sql, 'none', opts);
  return {
    text: `with ${cte} select round(coalesce(sum(k.quantity), 0), 4)::text as quantity, round(sum(k.cost), 2)::text as cost
             from k`,
    values: sql.values,
  };
}
