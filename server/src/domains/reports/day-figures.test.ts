import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Bucket, type ReportQuery, Sql, shift, tenantTimeZone, todayIn } from '../../platform/reports/filters.js';
import { runReport } from '../../platform/reports/framework.js';
import { secondTenant } from '../../platform/resources/testkit.js';
import { type TenantTx, withTenant } from '../../platform/tenancy/tenant-tx.js';
import { createTestApp, onPostgres, type TestApp } from '../../test/harness.js';
import { secondWaitsForFirst } from '../../test/race.js';
import { machineTimesSql } from './machine-times.js';
import { keptMachinesPer, PLACE_COLUMNS, type PlaceGroup, placeSumsSql, placeTimesSql } from './place-times.js';
import { mtReport } from './time-reports.js';

/*
 * repair_day_figures is kept by triggers on repair_orders (migration 0035). Whatever the writes — inserts, an
 * order moving through its states, a reassignment, a machine corrected, a bulk update, a delete, a change of the
 * tenant's zone — the kept rows must equal the figures made afresh from the orders. The figures' meaning (a stop
 * split at midnight, cancelled orders never counting) is proven on hand-computed data in reports.test.ts.
 */

let t: TestApp;
let tenantId: number;
const machines: number[] = [];
const people: number[] = [];
const reasons: number[] = [];

/** The figures as the trigger keeps them, and as they follow from the orders now; rows that are all zero drop out. */
const FIGURES = `failures, reported_min, labour_cost, parts_cost, external_cost, total_cost, repairs, repair_min, downtime_sec`;
const SUMS = FIGURES.split(', ')
  .map((c) => `sum(x.${c}) as ${c}`)
  .join(', ');
const NONZERO = FIGURES.split(', ')
  .map((c) => `${c} <> 0`)
  .join(' or ');

async function kept(tx: TenantTx) {
  const r = await tx.query(
    `select day::text, equipment_id::int, assignee_id::int, ${FIGURES.split(', ')
      .map((c) => `round(${c}, 4)::text as ${c}`)
      .join(', ')}
       from repair_day_figures where ${NONZERO} order by day, equipment_id, assignee_id`,
  );
  return r.rows;
}

async function fresh(tx: TenantTx) {
  const r = await tx.query(
    `with f as (select x.day, o.equipment_id, coalesce(o.assignee_id, 0) as assignee_id, ${SUMS}
                  from repair_orders o
                  cross join lateral eam_repair_contrib(o.state, o.stopped, o.reported_at, o.finished_at,
                    o.repair_minutes, o.labour_cost, o.parts_cost, o.external_cost, o.total_cost,
                    (select eam_report_zone(timezone) from companies where id = o.tenant_id)) x
                 group by 1, 2, 3)
     select day::text, equipment_id::int, assignee_id::int, ${FIGURES.split(', ')
       .map((c) => `round(${c}, 4)::text as ${c}`)
       .join(', ')}
       from f where ${NONZERO} order by day, equipment_id, assignee_id`,
  );
  return r.rows;
}

const inTenant = <T>(fn: (tx: TenantTx) => Promise<T>) => withTenant(t.db, tenantId, null, fn);

/** The stops not finished, kept beside the figures, and as the orders say now. */
const LIVE = {
  kept: `select order_id::int as id, equipment_id::int, assignee_id::int, reported_at from repair_live_stops order by 1`,
  fresh: `select id::int, equipment_id::int, coalesce(assignee_id, 0)::int as assignee_id, reported_at from repair_orders
           where stopped and state <> 'cancelled' and not (state in ('finished', 'checked') and finished_at is not null)
           order by 1`,
};

/**
 * The figures per day and place (repair_place_days, migration 0047) as kept, and as the kept day figures of the
 * machines not deleted add up in their places now.
 */
const PLACE = `workshop_id::int, line_id::int, category_id::int`;
const placeRows = (from: string) =>
  `select day::text, ${PLACE}, ${FIGURES.split(', ')
    .map((c) => `round(${c}, 4)::text as ${c}`)
    .join(', ')} from (${from}) p where ${NONZERO} order by day, workshop_id, line_id, category_id`;
const PLACES = {
  kept: placeRows('select * from repair_place_days'),
  fresh: placeRows(`select x.day, coalesce(e.workshop_id, 0) as workshop_id, coalesce(e.line_id, 0) as line_id,
                           coalesce(e.category_id, 0) as category_id, ${SUMS}
                      from repair_day_figures x join equipment e on e.id = x.equipment_id and e.deleted_at is null
                     group by 1, 2, 3, 4`),
};

async function expectPlacesIn(tx: TenantTx) {
  const placesKept = (await tx.query(PLACES.kept)).rows;
  expect(placesKept.length).toBeGreaterThan(0);
  expect(placesKept).toEqual((await tx.query(PLACES.fresh)).rows);
}

/**
 * The orders each person finished per day (repair_person_days, migration 0048) as kept, and as the orders of
 * machines not deleted (or of none) say now; the same for the reason days.
 */
const PERSON_SUMS = `done, response_min, responses, repair_min, repairs_timed`;
const PEOPLE = {
  kept: `select day::text, assignee_id::int, ${PERSON_SUMS} from repair_person_days
          where done <> 0 or response_min <> 0 or responses <> 0 or repair_min <> 0 or repairs_timed <> 0
          order by day, assignee_id`,
  fresh: `select (o.finished_at at time zone eam_report_zone(c.timezone))::date::text as day, o.assignee_id::int,
                 count(*)::int as done, coalesce(sum(o.response_minutes), 0)::bigint::text as response_min,
                 count(o.response_minutes)::int as responses, coalesce(sum(o.repair_minutes), 0)::bigint::text as repair_min,
                 count(o.repair_minutes)::int as repairs_timed
            from repair_orders o join companies c on c.id = o.tenant_id
            left join equipment e on e.id = o.equipment_id
           where o.state in ('finished', 'checked') and o.finished_at is not null and o.assignee_id is not null
             and e.deleted_at is null
           group by 1, 2 order by 1, 2`,
};

/** The orders reported per day and fault reason (repair_reason_days, migration 0048), kept and fresh. */
const REASONS = {
  kept: `select day::text, fault_reason_id::int, failures, downtime_min::text from repair_reason_days
          where failures <> 0 or downtime_min <> 0 order by day, fault_reason_id`,
  fresh: `select (o.reported_at at time zone eam_report_zone(c.timezone))::date::text as day,
                 coalesce(o.fault_reason_id, 0)::int as fault_reason_id, count(*)::int as failures,
                 sum(coalesce(o.downtime_minutes, 0))::text as downtime_min
            from repair_orders o join companies c on c.id = o.tenant_id
            left join equipment e on e.id = o.equipment_id
           where o.state <> 'cancelled' and o.reported_at is not null and e.deleted_at is null
           group by 1, 2 order by 1, 2`,
};

async function expectOrderDaysIn(tx: TenantTx) {
  const reasonsKept = (await tx.query(REASONS.kept)).rows;
  expect(reasonsKept.length).toBeGreaterThan(0);
  expect(reasonsKept).toEqual((await tx.query(REASONS.fresh)).rows);
  const peopleKept = (await tx.query(PEOPLE.kept)).rows.map((r) => ({
    ...r,
    response_min: String(r.response_min),
    repair_min: String(r.repair_min),
  }));
  expect(peopleKept.length).toBeGreaterThan(0);
  expect(peopleKept).toEqual((await tx.query(PEOPLE.fresh)).rows);
}

/**
 * The failures per machine and year (repair_machine_years, migration 0062) as kept, and as the day figures add up
 * per month now, as running totals over the year.
 */
const YEARS = {
  kept: `select equipment_id::int, year, failures from repair_machine_years
          where failures <> array_fill(0, array[12]) order by equipment_id, year`,
  fresh: `select equipment_id::int, year, failures from (
            select k.equipment_id, k.year, array(
                     select coalesce(sum(f.failures), 0)::int from generate_series(1, 12) as g(month)
                       left join repair_day_figures f on f.equipment_id = k.equipment_id
                        and extract(year from f.day) = k.year and extract(month from f.day) <= g.month
                      group by g.month order by g.month) as failures
              from (select distinct equipment_id, extract(year from day)::int as year from repair_day_figures) k) x
          where failures <> array_fill(0, array[12]) order by 1, 2`,
};

async function expectYearsIn(tx: TenantTx) {
  const yearsKept = (await tx.query(YEARS.kept)).rows;
  expect(yearsKept.length).toBeGreaterThan(0);
  expect(yearsKept).toEqual((await tx.query(YEARS.fresh)).rows);
}

async function expectKeptEqualsFresh() {
  const [a, b, liveKept, liveFresh] = await inTenant(async (tx) => {
    await expectPlacesIn(tx);
    await expectOrderDaysIn(tx);
    await expectYearsIn(tx);
    return [await kept(tx), await fresh(tx), (await tx.query(LIVE.kept)).rows, (await tx.query(LIVE.fresh)).rows];
  });
  expect(a.length).toBeGreaterThan(0);
  expect(a).toEqual(b);
  expect(liveKept).toEqual(liveFresh);
  return liveKept.length;
}

/** A small deterministic generator: the same run every time. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

beforeAll(async () => {
  t = await createTestApp();
  tenantId = (await secondTenant(t, 'dayfig')).tenantId;
  // A zone with daylight saving: a day there is not always 24 hours.
  await t.db.query(`update companies set timezone = 'America/New_York' where id = $1`, [tenantId]);
  await inTenant(async (tx) => {
    for (let i = 1; i <= 3; i++)
      machines.push(
        Number(
          (
            await tx.insert<{ id: number }>(
              'equipment',
              { code: `DF${i}`, name: `DF${i}`, commissioning_date: '2025-01-01' },
              'id',
            )
          ).id,
        ),
      );
    const category = Number(
      (await tx.insert<{ id: number }>('equipment_categories', { code: 'DFR', name: 'DFR' }, 'id')).id,
    );
    for (const code of ['R1', 'R2'])
      reasons.push(
        Number(
          (await tx.insert<{ id: number }>('fault_reasons', { category_id: category, code, name: code }, 'id')).id,
        ),
      );
    const users = await tx.query<{ id: number }>('select id from users order by id limit 1');
    people.push(Number(users.rows[0]!.id));
  });
});
afterAll(async () => t?.close());

describe('the repair figures kept per machine and day', () => {
  it('equal the figures made from the orders after inserts, moves, corrections, bulk updates and deletes', async () => {
    const next = random(7);
    const pick = <T>(xs: T[]) => xs[Math.floor(next() * xs.length)]!;
    // Around the end of daylight saving in New York (2026-11-01), so stops cross a 25-hour day.
    const at = () => new Date(Date.UTC(2026, 9, 29) + Math.floor(next() * 6 * 24 * 60) * 60_000);
    const ids: number[] = [];
    await inTenant(async (tx) => {
      for (let i = 0; i < 24; i++) {
        const reported = at();
        const row = await tx.insert<{ id: number }>(
          'repair_orders',
          {
            code: `DF-${i}`,
            equipment_id: pick(machines),
            phenomenon: 'noise',
            stopped: next() < 0.6,
            state: pick(['reported', 'repairing', 'finished', 'checked', 'cancelled']),
            reported_at: reported.toISOString(),
            finished_at: new Date(reported.getTime() + Math.floor(next() * 40 * 60) * 60_000).toISOString(),
            assignee_id: next() < 0.5 ? people[0] : null,
            repair_minutes: next() < 0.9 ? Math.floor(next() * 300) : null,
            response_minutes: next() < 0.8 ? Math.floor(next() * 120) : null,
            fault_reason_id: next() < 0.7 ? pick(reasons) : null,
            downtime_minutes: next() < 0.8 ? Math.floor(next() * 600) : null,
            labour_cost: (next() * 500).toFixed(2),
            total_cost: (next() * 900).toFixed(2),
          },
          'id',
        );
        ids.push(Number(row.id));
      }
    });
    expect(await expectKeptEqualsFresh()).toBeGreaterThan(0);

    await inTenant(async (tx) => {
      for (const id of ids.slice(0, 16)) {
        const change = pick([
          { state: 'finished', finished_at: at().toISOString() },
          { state: 'checked' },
          { state: 'cancelled' },
          { state: 'repairing' },
          { assignee_id: null },
          { assignee_id: people[0] },
          { equipment_id: pick(machines) },
          { reported_at: at().toISOString() },
          { stopped: next() < 0.5, repair_minutes: Math.floor(next() * 90) },
          // One figure-bearing column alone: each must be noticed by the trigger's test for a change.
          { stopped: next() < 0.5 },
          { finished_at: at().toISOString() },
          { labour_cost: (next() * 100).toFixed(2) },
          { response_minutes: Math.floor(next() * 60) },
          { fault_reason_id: next() < 0.5 ? pick(reasons) : null },
          { downtime_minutes: Math.floor(next() * 90) },
          { repair_minutes: null },
          { state: 'accepted' },
          { remedy: 'no figure changes' },
        ]);
        const sets = Object.keys(change).map((k, i) => `${k} = $${i + 2}`);
        await tx.query(`update repair_orders set ${sets.join(', ')} where id = $1`, [id, ...Object.values(change)]);
      }
    });
    await expectKeptEqualsFresh();

    // A finished order of the machine deleted below, whose response time alone is then corrected.
    await inTenant(async (tx) => {
      const id = (
        await tx.insert<{ id: number }>(
          'repair_orders',
          {
            code: 'DF-P',
            equipment_id: machines[1],
            phenomenon: 'noise',
            stopped: false,
            state: 'finished',
            reported_at: at().toISOString(),
            finished_at: at().toISOString(),
            assignee_id: people[0],
            response_minutes: 30,
            repair_minutes: 45,
            fault_reason_id: reasons[0],
            downtime_minutes: 50,
          },
          'id',
        )
      ).id;
      await tx.query('update repair_orders set response_minutes = 35 where id = $1', [id]);
      await tx.query('update repair_orders set fault_reason_id = $2 where id = $1', [id, reasons[1]]);
      await tx.query('update repair_orders set downtime_minutes = 55 where id = $1', [id]);
      await expectOrderDaysIn(tx);
    });

    // Machines moved to other places (one statement moving two), deleted and restored: their figures follow them.
    await inTenant(async (tx) => {
      const place = async (table: string, row: Record<string, unknown>) =>
        Number((await tx.insert<{ id: number }>(table, row, 'id')).id);
      const w = await place('workshops', { workshopcode: 'DFW', workshopname: 'DFW' });
      const c = await place('equipment_categories', { code: 'DFC', name: 'DFC' });
      await tx.query('update equipment set workshop_id = $2 where id = $1', [machines[0], w]);
      await expectPlacesIn(tx);
      await tx.query('update equipment set category_id = $2 where id = any($1::bigint[])', [machines.slice(1), c]);
      await tx.query('update equipment set deleted_at = now() where id = $1', [machines[1]]);
      await expectPlacesIn(tx);
      await expectOrderDaysIn(tx);
      await tx.query('update equipment set deleted_at = null, workshop_id = $2 where id = $1', [machines[1], w]);
      await tx.query("update equipment set status = 'repairing' where id = $1", [machines[2]]);
    });
    await expectKeptEqualsFresh();

    // One statement moving many orders at once, then deletes.
    await inTenant(async (tx) => {
      await tx.query(
        `update repair_orders set state = 'finished', finished_at = reported_at + interval '30 hours'
          where state in ('reported', 'repairing')`,
      );
      await tx.query('update repair_orders set total_cost = coalesce(total_cost, 0) + 10');
      await tx.query('delete from repair_orders where id = any($1::bigint[])', [ids.slice(18)]);
    });
    await expectKeptEqualsFresh();
  });

  it('follow a machine moved while its orders are written, whichever commits first (PostgreSQL)', async () => {
    if (!onPostgres) return; // the embedded database runs one transaction at a time
    const w = Number(
      (
        await inTenant((tx) =>
          tx.insert<{ id: number }>('workshops', { workshopcode: 'RACE', workshopname: 'RACE' }, 'id'),
        )
      ).id,
    );
    const order = (tx: TenantTx, code: string) =>
      tx.insert('repair_orders', {
        code,
        equipment_id: machines[2],
        phenomenon: 'race',
        stopped: true,
        state: 'finished',
        reported_at: '2026-10-30T08:00:00Z',
        finished_at: '2026-10-30T12:00:00Z',
      });
    const move = (tx: TenantTx, to: number | null) =>
      tx.query('update equipment set workshop_id = $2 where id = $1', [machines[2], to]);
    // The order first: the move waits for it, then carries its figures.
    await secondWaitsForFirst(
      inTenant,
      (tx) => order(tx, 'RACE-1'),
      (tx) => move(tx, w),
    );
    await expectKeptEqualsFresh();
    // The move first: the order's figures wait for it and go to the new place.
    await secondWaitsForFirst(
      inTenant,
      (tx) => move(tx, null),
      (tx) => order(tx, 'RACE-2'),
    );
    await expectKeptEqualsFresh();
  });

  it('are cut again in the new zone when the tenant changes its time zone', async () => {
    const before = await inTenant(kept);
    await t.db.query(`update companies set timezone = 'Asia/Tokyo' where id = $1`, [tenantId]);
    await expectKeptEqualsFresh();
    expect(await inTenant(kept)).not.toEqual(before);
  });

  it('go with their tenant when the company is deleted', async () => {
    const gone = (await secondTenant(t, 'dayfig2')).tenantId;
    await withTenant(t.db, gone, null, async (tx) => {
      const m = await tx.insert<{ id: number }>('equipment', { code: 'G1', name: 'G1' }, 'id');
      await tx.insert('repair_orders', { code: 'G-1', equipment_id: m.id, phenomenon: 'x', reported_at: new Date() });
    });
    const count = async (table: string) =>
      Number(
        (await t.db.query<{ n: number }>(`select count(*) as n from ${table} where tenant_id = $1`, [gone])).rows[0]!.n,
      );
    expect(await count('repair_day_figures')).toBe(1);
    expect(await count('repair_machine_years')).toBe(1);
    await t.db.query('delete from companies where id = $1', [gone]);
    expect(await count('repair_day_figures')).toBe(0);
    expect(await count('repair_machine_years')).toBe(0);
  });
});

/**
 * The bucket totals (bk) of the trends sum the machines' time per bucket without a row per machine and bucket (the
 * machines without shifts share the calendar; downtime is cut where a machine has some). They must equal the sums of
 * the per-machine rows (mt), on data with shifts, overlapping stops, open stops and a stop ending later today.
 */
describe('the bucket totals', () => {
  async function bothWays(buckets: Bucket[]) {
    return inTenant(async (tx) => {
      const zone = await tenantTimeZone(tx);
      const figures = (x: (c: string) => string) =>
        ['planned', 'downtime', 'running', 'failures', 'repairs', 'repair_min']
          .map((c) => `round(${x(c)}, 3)::text as ${c}`)
          .join(', ');
      const few = new Sql(tx.tenantId);
      const totals = await tx.query(
        `with ${machineTimesSql({}, buckets, zone, few, { totals: true })}
         select k, ${figures((c) => c)} from bk order by k`,
        few.values,
      );
      const every = new Sql(tx.tenantId);
      const perMachine = await tx.query(
        `with ${machineTimesSql({}, buckets, zone, every, { perBucket: true })}
         select k, ${figures((c) => `sum(${c})`)} from mt group by k order by k`,
        every.values,
      );
      return { totals: totals.rows, perMachine: perMachine.rows };
    });
  }

  it('equal the per-machine figures summed, with shifts, overlapping stops, open stops and a stop ending later today', async () => {
    const zone = 'America/New_York';
    await t.db.query('update companies set timezone = $2 where id = $1', [tenantId, zone]);
    const today = todayIn(zone);
    await inTenant(async (tx) => {
      // In service long before, except BT-E (commissioned three days ago) and BT-F (no date, created now): their
      // planned time starts then.
      const machine = async (code: string, commissioned: string | null = '2025-01-01') =>
        Number(
          (await tx.insert<{ id: number }>('equipment', { code, name: code, commissioning_date: commissioned }, 'id'))
            .id,
        );
      const [ma, mb, mc, md, me, mf] = [
        await machine('BT-A'),
        await machine('BT-B'),
        await machine('BT-C'),
        await machine('BT-D'),
        await machine('BT-E', shift(today, -3)),
        await machine('BT-F', null),
      ];
      const shiftId = Number(
        (
          await tx.insert<{ id: number }>(
            'shifts',
            { code: 'BT', name: 'BT', start_time: '08:00', end_time: '16:00' },
            'id',
          )
        ).id,
      );
      for (const m of [ma, mf])
        await tx.insert('equipment_shifts', {
          equipment_id: m,
          shift_id: shiftId,
          start_date: '2026-01-01',
          end_date: '2027-12-31',
        });
      // A stop from day d at time a to day e at time b, local; e null: still open (repairing).
      const stop = (code: string, m: number, d: number, a: string, e: number | null, b: string | null) =>
        tx.query(
          `insert into repair_orders (tenant_id, code, equipment_id, phenomenon, stopped, state, reported_at, finished_at)
           values ($1, $2, $3, 'x', true, $4, (($5::date + $6::int) + $7::time) at time zone $10,
                   case when $8::int is null then null else (($5::date + $8::int) + $9::time) at time zone $10 end)`,
          [tenantId, code, m, e === null ? 'repairing' : 'finished', today, d, a, e, b, zone],
        );
      await stop('BT-1', ma!, -2, '01:00', -2, '21:00'); // 20 h down on an 8 h shift
      await stop('BT-2', mb!, -3, '00:30', -3, '23:30'); // two stops of 23 h on one day: 46 h in 24
      await stop('BT-3', mb!, -3, '00:30', -3, '23:30');
      await stop('BT-4', mc!, -1, '02:00', -1, '22:00'); // 20 h finished beside a stop open since 01:00
      await stop('BT-5', mc!, -1, '01:00', null, null);
      await stop('BT-7', me!, -2, '10:00', -2, '12:00'); // an ordinary stop, summed whole
      await stop('BT-8', me!, -4, '10:00', -4, '12:00'); // before BT-E was commissioned: nothing planned to cut
      // Finished an hour from now: today's downtime passes the part of today lived so far.
      await tx.query(
        `insert into repair_orders (tenant_id, code, equipment_id, phenomenon, stopped, state, reported_at, finished_at)
         values ($1, 'BT-6', $2, 'x', true, 'finished', $3::date::timestamp at time zone $4, now() + interval '1 hour')`,
        [tenantId, md, today, zone],
      );
    });
    const days: Bucket[] = [];
    for (let d = shift(today, -5); d <= today; d = shift(d, 1)) days.push({ start: d, end: d });
    const recent = await bothWays(days);
    expect(recent.totals.length).toBe(6);
    expectClose(recent.totals, recent.perMachine);
    // The cut is real: the sums whole would be more downtime than the running time leaves.
    const before = recent.totals.find((r) => r.k === 3)!;
    expect(Number(before.downtime)).toBeGreaterThan(Number(before.planned) - Number(before.running));
    const weeks = await bothWays([
      { start: shift(today, -13), end: shift(today, -7) },
      { start: shift(today, -6), end: today },
    ]);
    expectClose(weeks.totals, weeks.perMachine);
    // The random orders of the first test, around a 25-hour day.
    const past: Bucket[] = [];
    for (let d = '2026-10-27'; d <= '2026-11-06'; d = shift(d, 1)) past.push({ start: d, end: d });
    const random = await bothWays(past);
    expectClose(random.totals, random.perMachine);
  });
});

/**
 * The place figures (place-times.ts) read the place days and only the machines that may pass their planned time;
 * they must equal the per-machine figures (machineTimesSql's mtp and bk) summed per place, on the data above:
 * shifts, overlapping stops, open stops, a stop ending later today, machines moved and deleted.
 */
/**
 * Figures equal up to float rounding: an open stop's seconds run to the transaction's now, with microseconds, so a
 * sum per place and the same sum per machine then per place may round apart in the third decimal.
 */
function expectClose(actual: unknown, expected: unknown, path = 'figures'): void {
  if (Array.isArray(expected)) {
    expect(actual, path).toBeInstanceOf(Array);
    expect((actual as unknown[]).length, path).toBe(expected.length);
    for (const [i, e] of expected.entries()) expectClose((actual as unknown[])[i], e, `${path}[${i}]`);
  } else if (expected && typeof expected === 'object') {
    expect(Object.keys(actual as object).sort(), path).toEqual(Object.keys(expected).sort());
    for (const [k, e] of Object.entries(expected))
      expectClose((actual as Record<string, unknown>)[k], e, `${path}.${k}`);
  } else if (typeof expected === 'string' && /^-?\d+(\.\d+)?$/.test(expected)) {
    expect(Math.abs(Number(actual) - Number(expected)), `${path}: ${actual} against ${expected}`).toBeLessThanOrEqual(
      0.0015,
    );
  } else expect(actual, path).toEqual(expected);
}

describe('the place figures', () => {
  const FIG = ['planned', 'downtime', 'running', 'failures', 'repairs', 'repair_min'];
  const figures = (x: (c: string) => string) => FIG.map((c) => `round(${x(c)}, 3)::text as ${c}`).join(', ');

  async function bothWays(q: ReportQuery, group: PlaceGroup, buckets: Bucket[]) {
    return inTenant(async (tx) => {
      const zone = await tenantTimeZone(tx);
      const place = new Sql(tx.tenantId);
      const cte = placeTimesSql(q, buckets, zone, place, group, await keptMachinesPer(tx, q, group));
      const byPlace = {
        rows: (await tx.query(`with ${cte} select g::int, ${figures((c) => c)} from gr order by g`, place.values)).rows,
        trend: (await tx.query(`with ${cte} select k, ${figures((c) => c)} from bk order by k`, place.values)).rows,
      };
      const every = new Sql(tx.tenantId);
      const all = machineTimesSql(q, buckets, zone, every, { totals: true, period: true });
      const col = PLACE_COLUMNS[group];
      const byMachine = {
        rows: (
          await tx.query(
            `with ${all} select coalesce(m.${col}, 0)::int as g, ${figures((c) => `sum(mtp.${c})`)}
               from mtp join m on m.id = mtp.id group by 1 order by 1`,
            every.values,
          )
        ).rows,
        trend: (await tx.query(`with ${all} select k, ${figures((c) => c)} from bk order by k`, every.values)).rows,
      };
      return { byPlace, byMachine };
    });
  }

  it('equal the per-machine figures summed per workshop, line and category, with and without a place filter', async () => {
    const zone = await inTenant(tenantTimeZone);
    const today = todayIn(zone);
    const ids = await inTenant(async (tx) => {
      const add = async (table: string, row: Record<string, unknown>) =>
        Number((await tx.insert<{ id: number }>(table, row, 'id')).id);
      const w1 = await add('workshops', { workshopcode: 'PF1', workshopname: 'PF1' });
      const w2 = await add('workshops', { workshopcode: 'PF2', workshopname: 'PF2' });
      const l1 = await add('lines', { linecode: 'PL1', linename: 'PL1', workshopid: w1 });
      const c1 = await add('equipment_categories', { code: 'PC1', name: 'PC1' });
      const m = async (code: string) =>
        Number((await tx.query<{ id: number }>('select id from equipment where code = $1', [code])).rows[0]!.id);
      // BT-A (shifts) and BT-B (overlapping stops) in line 1 of workshop 1, BT-C (open stop) in workshop 1 and
      // category 1, BT-D (a stop ending later today) in workshop 2, BT-E and the first test's machines elsewhere.
      await tx.query('update equipment set workshop_id = $2, line_id = $3 where id = any($1::bigint[])', [
        [await m('BT-A'), await m('BT-B')],
        w1,
        l1,
      ]);
      await tx.query('update equipment set workshop_id = $2, category_id = $3 where id = $1', [
        await m('BT-C'),
        w1,
        c1,
      ]);
      await tx.query('update equipment set workshop_id = $2 where id = $1', [await m('BT-D'), w2]);
      await tx.query('update equipment set category_id = $2 where id = $1', [await m('BT-E'), c1]);
      return { w1, c1 };
    });
    const days: Bucket[] = [];
    for (let d = shift(today, -5); d <= today; d = shift(d, 1)) days.push({ start: d, end: d });
    const past: Bucket[] = [];
    for (let d = '2026-10-27'; d <= '2026-11-06'; d = shift(d, 1)) past.push({ start: d, end: d });
    const weeks = [
      { start: shift(today, -13), end: shift(today, -7) },
      { start: shift(today, -6), end: today },
    ];
    let compared = 0;
    for (const group of ['workshop', 'line', 'category'] as const)
      for (const q of [{}, { workshopId: ids.w1 }, { categoryId: ids.c1 }])
        for (const buckets of [days, past, weeks]) {
          const { byPlace, byMachine } = await bothWays(q, group, buckets);
          expect(byPlace.rows.length).toBeGreaterThan(0);
          expectClose(byPlace, byMachine);
          compared++;
        }
    expect(compared).toBe(27);
    // The workshop analysis's sums (placeSumsSql) against each machine's figures (fk) summed per place.
    const COST = ['failures', 'downtime', 'reported_min', 'labour_cost', 'parts_cost', 'external_cost', 'total_cost'];
    const costs = (x: (c: string) => string) => COST.map((c) => `round(${x(c)}, 3)::text as ${c}`).join(', ');
    for (const group of ['workshop', 'line', 'category'] as const)
      for (const q of [{}, { workshopId: ids.w1 }])
        for (const period of [
          { start: shift(today, -5), end: today },
          { start: '2026-10-27', end: '2026-11-06' },
        ]) {
          const { byPlace, byMachine } = await inTenant(async (tx) => {
            const place = new Sql(tx.tenantId);
            const cte = placeSumsSql(q, period, zone, place, group, await keptMachinesPer(tx, q, group));
            const every = new Sql(tx.tenantId);
            const all = machineTimesSql(q, [period], zone, every, { costs: true });
            const col = PLACE_COLUMNS[group];
            return {
              byPlace: (
                await tx.query(`with ${cte} select g::int, ${costs((c) => c)} from gs order by g`, place.values)
              ).rows,
              byMachine: (
                await tx.query(
                  `with ${all} select coalesce(m.${col}, 0)::int as g, ${costs((c) => `coalesce(sum(fk.${c}), 0)`)}
                     from m left join fk on fk.id = m.id group by 1 order by 1`,
                  every.values,
                )
              ).rows,
            };
          });
          expect(byPlace.length).toBeGreaterThan(0);
          expectClose(byPlace, byMachine);
        }
    // The cut is real: on some day of workshop 1 the whole downtime is more than planned time less running time.
    const { byPlace } = await bothWays({ workshopId: ids.w1 }, 'workshop', days);
    expect(byPlace.trend.some((r) => Number(r.downtime) > Number(r.planned) - Number(r.running) + 1)).toBe(true);
  });
});

/**
 * A page of machines (the reports' screens ask for their first rows): the machines ranked by failures alone, the
 * page's figures read through their keys, the total and trend from the place figures. It must show the same rows,
 * total and trend as working out every machine (what the export does), on the data above.
 */
describe('a page of machines', () => {
  const near = (a: Record<string, unknown>, b: Record<string, unknown>, path: string) => {
    expect(Object.keys(a).sort(), path).toEqual(Object.keys(b).sort());
    for (const [k, v] of Object.entries(b))
      if (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v))
        expect(Math.abs(Number(a[k]) - Number(v)), `${path}.${k}: ${a[k]} against ${v}`).toBeLessThanOrEqual(0.011);
      else expect(a[k], `${path}.${k}`).toEqual(v);
  };

  it('equals every machine worked out, its first rows, total and trend', async () => {
    const zone = await inTenant(tenantTimeZone);
    const today = todayIn(zone);
    const workshop = await inTenant(async (tx) =>
      Number((await tx.query<{ id: number }>(`select id from workshops where workshopcode = 'PF1'`)).rows[0]!.id),
    );
    let compared = 0;
    let failed = 0;
    for (const q of [{}, { workshopId: workshop }])
      for (const period of [
        { start: shift(today, -13), end: today },
        { start: '2026-10-27', end: '2026-11-06' },
        // A whole month (the machines' years) and days before it (the day figures).
        { start: '2026-10-20', end: '2026-11-30' },
        // Whole months of two years, and days after them.
        { start: '2025-12-01', end: '2026-11-03' },
      ])
        await inTenant(async (tx) => {
          const ctx = {
            tx,
            q: { ...q, groupBy: 'equipment' },
            period: { ...period, timeZone: zone },
            lang: 'en' as const,
          };
          const every = await runReport(mtReport, ctx);
          const page = await runReport(mtReport, { ...ctx, limit: 2 });
          expect(every.rows.length).toBeGreaterThan(2);
          expect(page.rowCount).toBe(every.rows.length);
          expect(page.rows).toEqual(every.rows.slice(0, 2));
          failed += page.rows.filter((r) => Number(r.failures) > 0).length;
          near(page.total!, every.total!, 'total');
          expect(page.trend!.length).toBe(every.trend!.length);
          for (const [i, p] of page.trend!.entries()) near(p, every.trend![i]!, `trend[${i}]`);
          compared++;
        });
    expect(compared).toBe(8);
    // The ranking is put to the test: machines that failed come first.
    expect(failed).toBeGreaterThan(0);
  });
});
