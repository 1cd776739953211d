import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wholeMonths } from '../../platform/reports/filters.js';
import { secondTenant } from '../../platform/resources/testkit.js';
import { type TenantTx, withTenant } from '../../platform/tenancy/tenant-tx.js';
import { createTestApp, onPostgres, type TestApp } from '../../test/harness.js';
import { secondWaitsForFirst } from '../../test/race.js';

/*
 * spare_part_months is kept by triggers on spare_moves (migration 0049). Whatever the writes — issues and receipts
 * posted one by one or in one statement, a movement corrected (its time across a month's end, its quantity, its
 * kind), deleted, a change of the tenant's zone — the kept rows must equal the months made afresh from the
 * movements. The consumption by part that reads them must equal the movements summed over the period, whatever
 * the period's ends.
 */

type Row = Record<string, unknown>;
let t: TestApp;
let tenantId: number;
let token: string;
const parts: number[] = [];
const machines: number[] = [];
const orders: number[] = [];
const tasks: number[] = [];
const places: Record<string, number> = {};

const inTenant = <T>(fn: (tx: TenantTx) => Promise<T>) => withTenant(t.db, tenantId, null, fn);

const KEPT = `select month::text, spare_part_id::int as part, round(quantity, 2)::text as quantity,
                     round(amount, 2)::text as amount, lines
                from spare_part_months where lines <> 0 or quantity <> 0 or amount <> 0 order by 1, 2`;
const FRESH = `select date_trunc('month', mv.moved_at at time zone eam_report_zone(c.timezone))::date::text as month,
                      coalesce(mv.spare_part_id, 0)::int as part, round(sum(coalesce(mv.quantity, 0)), 2)::text as quantity,
                      round(sum(coalesce(mv.amount, 0)), 2)::text as amount, count(*)::int as lines
                 from spare_moves mv join companies c on c.id = mv.tenant_id
                where mv.kind = 'out' group by 1, 2 order by 1, 2`;

/** The same per month and place of the machine served (none for no machine or a deleted one), kept and fresh. */
const PLACES = `workshop_id::int, line_id::int, category_id::int`;
const PLACE_KEPT = `select month::text, ${PLACES}, round(quantity, 2)::text as quantity, round(amount, 2)::text as amount, lines
                      from spare_place_months where lines <> 0 or quantity <> 0 or amount <> 0 order by 1, 2, 3, 4`;
const PLACE_FRESH = `select date_trunc('month', mv.moved_at at time zone eam_report_zone(c.timezone))::date::text as month,
                            coalesce(e.workshop_id, 0)::int as workshop_id, coalesce(e.line_id, 0)::int as line_id,
                            coalesce(e.category_id, 0)::int as category_id,
                            round(sum(coalesce(mv.quantity, 0)), 2)::text as quantity,
                            round(sum(coalesce(mv.amount, 0)), 2)::text as amount, count(*)::int as lines
                       from spare_moves mv join companies c on c.id = mv.tenant_id
                       left join equipment e on e.id = mv.equipment_id and e.deleted_at is null
                      where mv.kind = 'out' group by 1, 2, 3, 4 order by 1, 2, 3, 4`;

/** The same per day, machine, repair order and check task served (spare_job_days, migration 0053). */
const JOBS = `equipment_id::int, order_id::int, check_task_id::int`;
const JOB_KEPT = `select day::text, ${JOBS}, round(quantity, 2)::text as quantity, round(amount, 2)::text as amount, lines
                    from spare_job_days where lines <> 0 or quantity <> 0 or amount <> 0 order by 1, 2, 3, 4`;
const JOB_FRESH = `select (mv.moved_at at time zone eam_report_zone(c.timezone))::date::text as day,
                          coalesce(mv.equipment_id, 0)::int as equipment_id, coalesce(mv.order_id, 0)::int as order_id,
                          coalesce(mv.check_task_id, 0)::int as check_task_id,
                          round(sum(coalesce(mv.quantity, 0)), 2)::text as quantity,
                          round(sum(coalesce(mv.amount, 0)), 2)::text as amount, count(*)::int as lines
                     from spare_moves mv join companies c on c.id = mv.tenant_id
                    where mv.kind = 'out' group by 1, 2, 3, 4 order by 1, 2, 3, 4`;

async function expectKeptEqualsFresh() {
  const [kept, fresh, placeKept, placeFresh, jobKept, jobFresh] = await inTenant(async (tx) => [
    (await tx.query(KEPT)).rows,
    (await tx.query(FRESH)).rows,
    (await tx.query(PLACE_KEPT)).rows,
    (await tx.query(PLACE_FRESH)).rows,
    (await tx.query(JOB_KEPT)).rows,
    (await tx.query(JOB_FRESH)).rows,
  ]);
  expect(kept.length).toBeGreaterThan(0);
  expect(kept).toEqual(fresh);
  expect(placeKept.length).toBeGreaterThan(1);
  expect(placeKept).toEqual(placeFresh);
  expect(jobKept.length).toBeGreaterThan(1);
  expect(jobKept).toEqual(jobFresh);
  return kept;
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
  const tenant = await secondTenant(t, 'partmon');
  tenantId = tenant.tenantId;
  token = tenant.token;
  // A zone with daylight saving, so that a month's first instant is not at midnight UTC.
  await t.db.query(`update companies set timezone = 'America/New_York' where id = $1`, [tenantId]);
  await inTenant(async (tx) => {
    for (const [code, category] of [
      ['PM1', 'Bearings'],
      ['PM2', 'Bearings'],
      ['PM3', 'Electrical'],
    ])
      parts.push(Number((await tx.insert<{ id: number }>('spare_parts', { code, name: code, category }, 'id')).id));
    const add = async (table: string, row: Record<string, unknown>) =>
      Number((await tx.insert<{ id: number }>(table, row, 'id')).id);
    places.w1 = await add('workshops', { workshopcode: 'SW1', workshopname: 'SW1' });
    places.w2 = await add('workshops', { workshopcode: 'SW2', workshopname: 'SW2' });
    places.l1 = await add('lines', { linecode: 'SL1', linename: 'SL1', workshopid: places.w1 });
    places.c1 = await add('equipment_categories', { code: 'SC1', name: 'SC1' });
    places.c2 = await add('equipment_categories', { code: 'SC2', name: 'SC2' });
    for (const [code, w, l, c] of [
      ['SM1', places.w1, places.l1, places.c1],
      ['SM2', places.w1, null, places.c2],
      ['SM3', places.w2, null, places.c1],
      ['SM4', null, null, null],
    ] as const)
      machines.push(await add('equipment', { code, name: code, workshop_id: w, line_id: l, category_id: c }));
    for (const m of machines.slice(0, 3)) {
      orders.push(await add('repair_orders', { equipment_id: m, phenomenon: 'worn' }));
      tasks.push(await add('check_tasks', { equipment_id: m, due_at: '2026-02-01T00:00:00Z' }));
    }
    orders.push(await add('repair_orders', { equipment_id: machines[0], phenomenon: 'noise' }));
  });
});
afterAll(async () => t?.close());

describe('the parts issued per month and part', () => {
  it('equal the months made from the movements after inserts, corrections, bulk updates and deletes', async () => {
    const r = random(49);
    const start = Date.parse('2025-12-20T00:00:00Z');
    const span = Date.parse('2026-04-10T00:00:00Z') - start;
    const move = () => ({
      kind: r() < 0.8 ? 'out' : 'in',
      spare_part_id: r() < 0.1 ? null : parts[Math.floor(r() * parts.length)],
      quantity: (1 + Math.floor(r() * 50) / 10).toFixed(2),
      amount: (r() * 300).toFixed(2),
      moved_at: new Date(start + Math.floor(r() * span)).toISOString(),
      equipment_id: r() < 0.2 ? null : machines[Math.floor(r() * machines.length)],
      // A repair order or a check task served, or neither (a cost centre).
      order_id: r() < 0.5 ? orders[Math.floor(r() * orders.length)] : null,
      check_task_id: r() < 0.3 ? tasks[Math.floor(r() * tasks.length)] : null,
    });
    await inTenant(async (tx) => {
      for (let i = 0; i < 40; i++) await tx.insert('spare_moves', move());
      // The first instant of February in New York, and the last one of January.
      await tx.insert('spare_moves', { ...move(), kind: 'out', moved_at: '2026-02-01T05:00:00Z' });
      await tx.insert('spare_moves', { ...move(), kind: 'out', moved_at: '2026-02-01T04:59:59Z' });
      // Several movements in one statement.
      const batch = Array.from({ length: 20 }, move);
      await tx.query(
        `insert into spare_moves (tenant_id, kind, spare_part_id, quantity, amount, moved_at, equipment_id, order_id,
                                  check_task_id)
         select $1, x.kind, x.spare_part_id, x.quantity, x.amount, x.moved_at, x.equipment_id, x.order_id, x.check_task_id
           from jsonb_to_recordset($2::jsonb) as x(kind text, spare_part_id bigint, quantity numeric, amount numeric,
                                                  moved_at timestamptz, equipment_id bigint, order_id bigint,
                                                  check_task_id bigint)`,
        [tenantId, JSON.stringify(batch)],
      );
    });
    await expectKeptEqualsFresh();

    await inTenant(async (tx) => {
      const ids = (await tx.query<{ id: number }>('select id from spare_moves order by id')).rows.map((x) =>
        Number(x.id),
      );
      // A movement moved across a month's end, one corrected, one taken back as a receipt and one made an issue.
      await tx.query(`update spare_moves set moved_at = moved_at + interval '20 days' where id = $1`, [ids[0]]);
      await tx.query(`update spare_moves set quantity = quantity + 3, amount = amount * 2 where id = $1`, [ids[1]]);
      await tx.query(`update spare_moves set kind = 'in' where id = $1`, [ids[2]]);
      await tx.query(`update spare_moves set kind = 'out' where id = $1`, [ids[3]]);
      // Another part for several at once, and a change that touches no figure (the batch).
      await tx.query('update spare_moves set spare_part_id = $1 where id = any($2::bigint[])', [
        parts[2],
        ids.slice(4, 12),
      ]);
      await tx.query(`update spare_moves set batch = 'B' where id = any($1::bigint[])`, [ids.slice(0, 30)]);
      await tx.query('delete from spare_moves where id = any($1::bigint[])', [ids.slice(12, 18)]);
      // An issue put on another machine, others on another order or task.
      await tx.query('update spare_moves set equipment_id = $1 where id = any($2::bigint[])', [
        machines[2],
        ids.slice(18, 22),
      ]);
      await tx.query('update spare_moves set order_id = $1 where id = any($2::bigint[])', [
        orders[3],
        ids.slice(22, 26),
      ]);
      await tx.query('update spare_moves set check_task_id = $1, order_id = null where id = $2', [tasks[1], ids[26]]);
    });
    await expectKeptEqualsFresh();

    // Machines move: two to another workshop and line in one statement, one to another category; one is deleted,
    // then another deleted and restored; a deleted machine moved counts nowhere still.
    await inTenant(async (tx) => {
      await tx.query('update equipment set workshop_id = $2, line_id = null where id = any($1::bigint[])', [
        [machines[0], machines[1]],
        places.w2,
      ]);
      await tx.query('update equipment set category_id = $2 where id = $1', [machines[2], places.c2]);
      await tx.query('update equipment set deleted_at = now() where id = $1', [machines[3]]);
    });
    await expectKeptEqualsFresh();
    await inTenant(async (tx) => {
      await tx.query('update equipment set deleted_at = now() where id = $1', [machines[2]]);
      await tx.query('update equipment set workshop_id = $2 where id = $1', [machines[3], places.w1]);
    });
    await expectKeptEqualsFresh();
    await inTenant((tx) => tx.query('update equipment set deleted_at = null where id = $1', [machines[2]]));
    await expectKeptEqualsFresh();
  });

  it('follow a machine moved while its issues are posted, whichever commits first (PostgreSQL)', async () => {
    if (!onPostgres) return; // the embedded database runs one transaction at a time
    const issue = (tx: TenantTx) =>
      tx.insert('spare_moves', {
        kind: 'out',
        spare_part_id: parts[0],
        quantity: 1,
        amount: '9.00',
        moved_at: '2026-03-05T12:00:00Z',
        equipment_id: machines[1],
      });
    const move = (tx: TenantTx, to: number | null) =>
      tx.query('update equipment set workshop_id = $2 where id = $1', [machines[1], to]);
    // The issue first: the move waits for it, then carries it along.
    await secondWaitsForFirst(inTenant, issue, (tx) => move(tx, places.w1!));
    await expectKeptEqualsFresh();
    // The move first: the issue waits for it and counts in the new place.
    await secondWaitsForFirst(inTenant, (tx) => move(tx, null), issue);
    await expectKeptEqualsFresh();
  });

  it('are cut again in the new zone when the tenant changes its time zone', async () => {
    const before = await inTenant(async (tx) => (await tx.query(KEPT)).rows);
    await t.db.query(`update companies set timezone = 'Asia/Tokyo' where id = $1`, [tenantId]);
    // The movements at the ends of a New York month land in another month in Tokyo.
    expect(await expectKeptEqualsFresh()).not.toEqual(before);
  });

  it('go with their tenant when the company is deleted', async () => {
    const gone = (await secondTenant(t, 'partmon2')).tenantId;
    await withTenant(t.db, gone, null, async (tx) => {
      const p = await tx.insert<{ id: number }>('spare_parts', { code: 'G1', name: 'G1' }, 'id');
      await tx.insert('spare_moves', {
        kind: 'out',
        spare_part_id: p.id,
        quantity: 1,
        amount: 2,
        moved_at: new Date(),
      });
    });
    const count = async () =>
      Number(
        (await t.db.query<{ n: number }>('select count(*) as n from spare_part_months where tenant_id = $1', [gone]))
          .rows[0]!.n,
      );
    expect(await count()).toBe(1);
    await t.db.query('delete from companies where id = $1', [gone]);
    expect(await count()).toBe(0);
  });
});

describe('the consumption by part from the kept months', () => {
  it('splits a period into its whole months and the days at its ends', () => {
    expect(wholeMonths('2026-01-01', '2026-03-31')).toEqual({ first: '2026-01-01', after: '2026-04-01' });
    expect(wholeMonths('2025-12-20', '2026-03-10')).toEqual({ first: '2026-01-01', after: '2026-03-01' });
    expect(wholeMonths('2025-11-28', '2026-11-28')).toEqual({ first: '2025-12-01', after: '2026-11-01' });
    expect(wholeMonths('2026-12-01', '2026-12-31')).toEqual({ first: '2026-12-01', after: '2027-01-01' });
    expect(wholeMonths('2026-02-03', '2026-02-20')).toBeNull();
    expect(wholeMonths('2026-01-31', '2026-02-01')).toBeNull();
  });

  it('equals the issues of the period summed per part and per part category, whatever the period', async () => {
    const periods = [
      ['2026-01-01', '2026-03-31'],
      ['2025-12-20', '2026-03-10'],
      ['2026-02-03', '2026-02-20'],
      ['2026-01-31', '2026-02-01'],
      ['2025-12-01', '2026-01-31'],
      ['2026-03-01', '2026-04-30'],
    ];
    let compared = 0;
    for (const [start, end] of periods) {
      const expected = await inTenant(
        async (tx) =>
          (
            await tx.query<Row>(
              `with z as (select eam_report_zone(timezone) as zone from companies where id = $1)
               select sp.id as part, sp.category, round(-sum(mv.quantity), 2)::text as quantity,
                      round(sum(mv.amount), 2)::text as amount
                 from spare_moves mv cross join z left join spare_parts sp on sp.id = mv.spare_part_id
                where mv.kind = 'out' and mv.moved_at >= ($2::date::timestamp at time zone z.zone)
                  and mv.moved_at < (($3::date + 1)::timestamp at time zone z.zone)
                group by 1, 2`,
              [tenantId, start, end],
            )
          ).rows,
      );
      const call = async (groupBy: string) => {
        const r = (await (
          await t.call('GET', `/api-list/report/spareChart?start=${start}&end=${end}&groupBy=${groupBy}`, token)
        ).json()) as { rtnCode: number; data: { rows: Row[]; total: Row } };
        expect(r.rtnCode).toBe(200);
        return r.data;
      };
      const byPart = await call('part');
      const rows = (x: Row[]) =>
        x
          .map((row) => [row.key ?? null, row.quantity, row.amount])
          .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
      expect(rows(byPart.rows), `${start}..${end}`).toEqual(
        rows(
          expected.map((e) => ({
            key: e.part === null ? null : Number(e.part),
            quantity: e.quantity,
            amount: e.amount,
          })),
        ),
      );
      const total = expected.reduce((s, e) => s + Math.round(Number(e.amount) * 100), 0);
      expect(byPart.total.amount).toBe((total / 100).toFixed(2));
      const byCategory = await call('partCategory');
      const categories = new Map<unknown, number>();
      for (const e of expected)
        categories.set(
          e.category ?? null,
          (categories.get(e.category ?? null) ?? 0) + Math.round(Number(e.amount) * 100),
        );
      expect(
        byCategory.rows
          .map((row) => [row.key ?? null, row.amount])
          .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
      ).toEqual(
        [...categories]
          .map(([k, v]) => [k, (v / 100).toFixed(2)])
          .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
      );
      compared += expected.length;
    }
    expect(compared).toBeGreaterThan(10);
  });

  it('equals the issues of the period summed per workshop and category of their machines, with place filters', async () => {
    const periods = [
      ['2026-01-01', '2026-03-31'],
      ['2025-12-20', '2026-03-10'],
      ['2026-02-03', '2026-02-20'],
    ];
    const filters: Record<string, number>[] = [
      {},
      { workshopId: places.w2! },
      { categoryId: places.c1! },
      { lineId: places.l1! },
    ];
    let compared = 0;
    for (const [start, end] of periods)
      for (const filter of filters)
        for (const [group, column] of [
          ['workshop', 'workshop_id'],
          ['category', 'category_id'],
        ] as const) {
          const narrowed = Object.entries(filter).map(([k, v]) => `and e.${k.replace('Id', '_id')} = ${Number(v)}`);
          const expected = await inTenant(
            async (tx) =>
              (
                await tx.query<Row>(
                  `with z as (select eam_report_zone(timezone) as zone from companies where id = $1)
                   select e.${column}::int as key, round(-sum(mv.quantity), 2)::text as quantity,
                          round(sum(mv.amount), 2)::text as amount
                     from spare_moves mv cross join z
                     left join equipment e on e.id = mv.equipment_id and e.deleted_at is null ${narrowed.join(' ')}
                    where mv.kind = 'out' and mv.moved_at >= ($2::date::timestamp at time zone z.zone)
                      and mv.moved_at < (($3::date + 1)::timestamp at time zone z.zone)
                      ${narrowed.length ? 'and e.id is not null' : ''}
                    group by 1`,
                  [tenantId, start, end],
                )
              ).rows,
          );
          const query = Object.entries(filter)
            .map(([k, v]) => `&${k}=${v}`)
            .join('');
          const r = (await (
            await t.call('GET', `/api-list/report/spareChart?start=${start}&end=${end}&groupBy=${group}${query}`, token)
          ).json()) as { rtnCode: number; data: { rows: Row[] } };
          expect(r.rtnCode).toBe(200);
          const rows = (x: Row[]) =>
            x
              .map((row) => [
                row.key === null || row.key === undefined ? null : Number(row.key),
                row.quantity,
                row.amount,
              ])
              .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
          expect(rows(r.data.rows), `${group} ${start}..${end} ${query}`).toEqual(rows(expected));
          compared += expected.length;
        }
    expect(compared).toBeGreaterThan(20);
  });
});

describe('the parts cost per machine, category and workshop from the kept days', () => {
  // A machine's orders and tasks are the distinct ones it was issued parts for; a group's, its machines' summed: the
  // orders here are put on any machine, so an order counts under each machine it drew parts for.
  it('equals the issues of the period with the orders and tasks served, whatever the period and place filters', async () => {
    // An order whose only issue was taken back: its kept day stays with zeros, and the order must not count.
    const zeros = await inTenant(async (tx) => {
      const order = await tx.insert<{ id: number }>(
        'repair_orders',
        { equipment_id: machines[1], phenomenon: 'leak' },
        'id',
      );
      const issue = await tx.insert<{ id: number }>(
        'spare_moves',
        { kind: 'out', spare_part_id: parts[0], quantity: 1, amount: '5.00', moved_at: '2026-02-01T03:00:00Z' },
        'id',
      );
      await tx.query('update spare_moves set equipment_id = $1, order_id = $2 where id = $3', [
        machines[1],
        order.id,
        issue.id,
      ]);
      await tx.query('delete from spare_moves where id = $1', [issue.id]);
      return (await tx.query('select 1 from spare_job_days where order_id = $1 and lines = 0', [order.id])).rows;
    });
    expect(zeros).toHaveLength(1);
    // Half the issues posted by one person: a person's figures come from their issues, not the kept days.
    const person = await inTenant(async (tx) => {
      const u = Number((await tx.query<{ id: number }>('select id from users order by id limit 1')).rows[0]!.id);
      await tx.query('update spare_moves set user_id = $1 where id % 2 = 0', [u]);
      return u;
    });
    const periods = [
      ['2026-01-01', '2026-03-31'],
      ['2025-12-20', '2026-03-10'],
      ['2026-02-01', '2026-02-01'],
    ];
    const filters: Record<string, number>[] = [
      {},
      { workshopId: places.w2! },
      { categoryId: places.c1! },
      { equipmentId: machines[0]! },
      { userId: person },
      { userId: person, workshopId: places.w1! },
    ];
    let compared = 0;
    for (const [start, end] of periods)
      for (const filter of filters)
        for (const [group, column] of [
          ['equipment', 'id'],
          ['category', 'category_id'],
          ['workshop', 'workshop_id'],
        ] as const) {
          const narrowed = Object.entries(filter)
            .filter(([k]) => k !== 'userId')
            .map(([k, v]) => `and e.${k === 'equipmentId' ? 'id' : k.replace('Id', '_id')} = ${Number(v)}`);
          const whose = filter.userId ? `and mv.user_id = ${Number(filter.userId)}` : '';
          const expected = await inTenant(
            async (tx) =>
              (
                await tx.query<Row>(
                  `with z as (select eam_report_zone(timezone) as zone from companies where id = $1),
                   pm as (select mv.equipment_id, count(distinct mv.order_id) as orders,
                                 count(distinct mv.check_task_id) as tasks, -sum(mv.quantity) as quantity,
                                 sum(mv.amount) as amount
                            from spare_moves mv cross join z
                           where mv.kind = 'out' and mv.moved_at >= ($2::date::timestamp at time zone z.zone)
                             and mv.moved_at < (($3::date + 1)::timestamp at time zone z.zone) ${whose}
                           group by mv.equipment_id)
                   select e.${column}::int as key, sum(pm.orders)::int as orders, sum(pm.tasks)::int as tasks,
                          round(sum(pm.quantity), 2)::text as quantity, round(sum(pm.amount), 2)::text as amount
                     from pm left join equipment e on e.id = pm.equipment_id and e.deleted_at is null ${narrowed.join(' ')}
                    ${narrowed.length ? 'where e.id is not null' : ''}
                    group by 1`,
                  [tenantId, start, end],
                )
              ).rows,
          );
          const query = Object.entries(filter)
            .map(([k, v]) => `&${k}=${v}`)
            .join('');
          const call = async (report: string) => {
            const r = (await (
              await t.call(
                'GET',
                `/api-list/report/${report}?start=${start}&end=${end}&groupBy=${group}${query}`,
                token,
              )
            ).json()) as { rtnCode: number; data: { rows: Row[] } };
            expect(r.rtnCode).toBe(200);
            return r.data.rows;
          };
          const keyOf = (row: Row) => (row.key === null || row.key === undefined ? null : Number(row.key));
          const sorted = (x: unknown[][]) => x.sort((a, b) => String(a[0]).localeCompare(String(b[0])));
          const label = `${group} ${start}..${end} ${query}`;
          expect(
            sorted((await call('sparecostList')).map((r) => [keyOf(r), r.orders, r.tasks, r.quantity, r.amount])),
            label,
          ).toEqual(sorted(expected.map((e) => [e.key, e.orders, e.tasks, e.quantity, e.amount])));
          expect(sorted((await call('spareChart')).map((r) => [keyOf(r), r.quantity, r.amount])), label).toEqual(
            sorted(expected.map((e) => [e.key, e.quantity, e.amount])),
          );
          compared += expected.filter((e) => Number(e.orders) > 0).length;
        }
    expect(compared).toBeGreaterThan(20);
  });
});
