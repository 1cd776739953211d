import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secondTenant } from '../../platform/resources/testkit.js';
import { type TenantTx, withTenant } from '../../platform/tenancy/tenant-tx.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

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

async function expectKeptEqualsFresh() {
  const [a, b, liveKept, liveFresh] = await inTenant(async (tx) => [
    await kept(tx),
    await fresh(tx),
    (await tx.query(LIVE.kept)).rows,
    (await tx.query(LIVE.fresh)).rows,
  ]);
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
        Number((await tx.insert<{ id: number }>('equipment', { code: `DF${i}`, name: `DF${i}` }, 'id')).id),
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
            repair_minutes: Math.floor(next() * 300),
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
          { state: 'accepted' },
          { remedy: 'no figure changes' },
        ]);
        const sets = Object.keys(change).map((k, i) => `${k} = $${i + 2}`);
        await tx.query(`update repair_orders set ${sets.join(', ')} where id = $1`, [id, ...Object.values(change)]);
      }
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
    const count = async () =>
      Number(
        (await t.db.query<{ n: number }>('select count(*) as n from repair_day_figures where tenant_id = $1', [gone]))
          .rows[0]!.n,
      );
    expect(await count()).toBe(1);
    await t.db.query('delete from companies where id = $1', [gone]);
    expect(await count()).toBe(0);
  });
});
