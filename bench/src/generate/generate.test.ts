import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/src/db/index.js';
import { openPglite } from '../../../server/src/db/pglite.js';
import { BIG_TENANT, type GenerateResult, generate, PLANS } from './index.js';

// The tiny scale on an in-memory embedded database: what the generator writes must be a consistent factory.
let db: Database;
let result: GenerateResult;

// Up to five minutes: the tiny scale takes about 50 s alone, several times that beside other suites on two cores.
beforeAll(async () => {
  db = await openPglite();
  result = await generate(db, { scale: 'tiny', password: 'Bench12345' });
}, 300_000);
afterAll(async () => db?.close());

const one = async <T extends object>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params)).rows[0]!;
const bigTenant = async () =>
  Number((await one<{ id: number }>('select id from companies where code = $1', [BIG_TENANT.code])).id);

describe('the data generator', () => {
  it("makes a year of production: four tasks per order, each report on its task and its station's machine", async () => {
    const tenant = await bigTenant();
    const p = PLANS.tiny.big!.production!;
    const c = await one<{
      orders: number;
      tasks: number;
      reports: number;
      stations: number;
      wrong: number;
      span: number;
    }>(
      `select (select count(*)::int from work_orders where tenant_id = $1 and code like 'GWO-%') as orders,
              (select count(*)::int from plan_tasks t join work_orders o on o.tenant_id = t.tenant_id
                  and o.id = t.work_order_id where t.tenant_id = $1 and o.code like 'GWO-%') as tasks,
              (select count(*)::int from work_reports r join work_orders o on o.tenant_id = r.tenant_id
                  and o.id = r.work_order_id where r.tenant_id = $1 and o.code like 'GWO-%') as reports,
              (select count(*)::int from stations where tenant_id = $1 and code like 'GST-%') as stations,
              (select count(*)::int from work_reports r join plan_tasks t on t.tenant_id = r.tenant_id and t.id = r.plan_task_id
                 join stations s on s.tenant_id = t.tenant_id and s.id = t.station_id
                where r.tenant_id = $1 and (r.work_order_id <> t.work_order_id or r.equipment_id <> s.equipment_id
                       or r.station_id <> t.station_id)) as wrong,
              (select (max(end_at)::date - min(end_at)::date)::int from work_reports where tenant_id = $1) as span`,
      [tenant],
    );
    expect(c).toMatchObject({
      orders: p.orders,
      tasks: p.orders * 4,
      reports: p.reports,
      stations: p.stations,
      wrong: 0,
    });
    expect(c.span).toBeGreaterThanOrEqual(360);
  });

  it('creates the planned tenants, equipment and people and counts its rows', async () => {
    const plan = PLANS.tiny;
    expect(result.tenants).toBe(1 + plan.small.count);
    expect(result.counts.equipment).toBe(plan.big!.equipment + plan.small.count * plan.small.size(1).equipment);
    const tenant = await bigTenant();
    const n = await one<{ e: number; u: number }>(
      `select (select count(*)::int from equipment where tenant_id = $1) as e,
              (select count(*)::int from users where tenant_id = $1) as u`,
      [tenant],
    );
    expect(n.e).toBe(plan.big!.equipment);
    expect(n.u).toBe(plan.big!.users + 1);
    expect(result.rows).toBeGreaterThan(n.e + n.u);
  });

  it('writes believable, consistent records: lines of their workshop, Chinese names, unique codes', async () => {
    const tenant = await bigTenant();
    const wrong = await one<{ n: number }>(
      `select count(*)::int as n from equipment e join lines l on l.tenant_id = e.tenant_id and l.id = e.line_id
        where e.tenant_id = $1 and l.workshopid <> e.workshop_id`,
      [tenant],
    );
    expect(wrong.n).toBe(0);
    const sample = await one<{ code: string; name: string; manufacturer: string; workshop: string }>(
      `select e.code, e.name, e.manufacturer, w.workshopname as workshop from equipment e
         join workshops w on w.tenant_id = e.tenant_id and w.id = e.workshop_id where e.tenant_id = $1 order by e.id limit 1`,
      [tenant],
    );
    expect(sample.code).toMatch(/^[A-Z]+-[A-Z-]+-\d{5}$/);
    expect(sample.name).toMatch(/[\u4e00-\u9fff]+ \d+#$/);
    expect(sample.workshop).toMatch(/车间|中心/);
    const person = await one<{ peoplename: string; username: string }>(
      "select peoplename, username from users where tenant_id = $1 and username like 'big\\_e%' order by id limit 1",
      [tenant],
    );
    expect(person.peoplename).toMatch(/^[\u4e00-\u9fff]{2,3}$/);
    const audit = await one<{ n: number }>(
      "select count(*)::int as n from audit_log where tenant_id = $1 and entity = 'equipment' and action = 'import'",
      [tenant],
    );
    expect(audit.n).toBe(PLANS.tiny.big!.equipment);
  });

  it('gives the big tenant a year of repair orders on its own machines, with consistent times and unique codes', async () => {
    const tenant = await bigTenant();
    const o = await one<{ n: number; codes: number; foreign: number; early: number; span: number; checked: number }>(
      `select count(*)::int as n, count(distinct o.code)::int as codes,
              count(*) filter (where e.tenant_id is null)::int as foreign,
              count(*) filter (where o.finished_at < o.started_at or o.started_at < o.reported_at)::int as early,
              extract(day from max(o.reported_at) - min(o.reported_at))::int as span,
              count(*) filter (where o.state = 'checked')::int as checked
         from repair_orders o left join equipment e on e.tenant_id = o.tenant_id and e.id = o.equipment_id
        where o.tenant_id = $1`,
      [tenant],
    );
    expect(o).toMatchObject({
      n: PLANS.tiny.big!.repairOrders,
      codes: PLANS.tiny.big!.repairOrders,
      foreign: 0,
      early: 0,
    });
    expect(o.span).toBeGreaterThanOrEqual(360);
    expect(o.checked).toBeGreaterThan(o.n / 2);
  });

  it('gives the big tenant a spare store whose stock, bins and balances agree with its year of movements', async () => {
    const tenant = await bigTenant();
    const m = await one<{ n: number; negative: number; docs: number; lines: number; orders: number; span: number }>(
      `select count(*)::int as n, count(*) filter (where balance < 0 or balance is null)::int as negative,
              count(distinct doc_id)::int as docs,
              (select count(*)::int from spare_doc_lines where tenant_id = $1) as lines,
              count(*) filter (where order_id is not null)::int as orders,
              extract(day from max(moved_at) - min(moved_at))::int as span
         from spare_moves where tenant_id = $1`,
      [tenant],
    );
    const spare = PLANS.tiny.big!.spare!;
    // The year's documents of four lines, plus an opening line per part and warehouse it moved.
    expect(m.n).toBeGreaterThanOrEqual(spare.moves);
    expect(m.n).toBe(m.lines);
    expect(m.negative).toBe(0);
    expect(m.orders).toBeGreaterThan(m.n / 3);
    expect(m.span).toBeGreaterThanOrEqual(360);
    const wrong = await one<{ stock: number; bins: number; last: number }>(
      `select
         (select count(*)::int from spare_stocks s where s.tenant_id = $1 and s.on_hand <>
            (select sum(quantity) from spare_moves m where m.tenant_id = $1 and m.spare_part_id = s.spare_part_id
                and m.warehouse_id = s.warehouse_id)) as stock,
         (select count(*)::int from spare_bin_stocks b where b.tenant_id = $1 and b.quantity <>
            (select sum(quantity) from spare_moves m where m.tenant_id = $1 and m.spare_part_id = b.spare_part_id
                and m.warehouse_id = b.warehouse_id and m.bin_id = b.bin_id)) as bins,
         (select count(*)::int from spare_stocks s where s.tenant_id = $1 and s.on_hand <>
            (select m.balance from spare_moves m where m.tenant_id = $1 and m.spare_part_id = s.spare_part_id
                and m.warehouse_id = s.warehouse_id order by m.moved_at desc, m.id desc limit 1)) as last`,
      [tenant],
    );
    expect(wrong).toEqual({ stock: 0, bins: 0, last: 0 });
    const below = await one<{ n: number }>(
      'select count(*)::int as n from spare_stocks where tenant_id = $1 and on_hand - reserved < min_qty',
      [tenant],
    );
    expect(below.n).toBeGreaterThan(0);
  });

  it('gives the big tenant a week of check tasks from its plans, mostly done, some late, missed or abnormal', async () => {
    const tenant = await bigTenant();
    const t = await one<{
      plans: number;
      tasks: number;
      done: number;
      open: number;
      late: number;
      abnormal: number;
      unanswered: number;
      miscounted: number;
      future: number;
    }>(
      `select (select count(*)::int from check_plans where tenant_id = $1 and state = 'on') as plans,
              count(*)::int as tasks, count(*) filter (where state = 'done')::int as done,
              count(*) filter (where state = 'pending')::int as open,
              count(*) filter (where late)::int as late,
              count(*) filter (where abnormal_count > 0)::int as abnormal,
              (select count(*)::int from check_task_details d join check_tasks x on x.tenant_id = d.tenant_id
                 and x.id = d.task_id where d.tenant_id = $1 and x.state = 'done' and d.answered_at is null) as unanswered,
              count(*) filter (where abnormal_count <> (select count(*) from check_task_details d
                 where d.tenant_id = $1 and d.task_id = t.id and d.abnormal))::int as miscounted,
              count(*) filter (where due_at >= date_trunc('day', now()) + interval '1 day')::int as future
         from check_tasks t where tenant_id = $1`,
      [tenant],
    );
    expect(t.plans).toBe(PLANS.tiny.big!.check!.plans);
    // Daily plans alone make a task a day for most of the week (scrapped machines get none).
    expect(t.tasks).toBeGreaterThan(t.plans * 3);
    expect(t.done).toBeGreaterThan(t.tasks * 0.7);
    expect(t.open).toBeGreaterThan(0);
    expect(t.late).toBeGreaterThan(0);
    expect(t.abnormal).toBeGreaterThan(0);
    expect(t.abnormal).toBeLessThan(t.done / 2);
    expect({ unanswered: t.unanswered, miscounted: t.miscounted, future: t.future }).toEqual({
      unanswered: 0,
      miscounted: 0,
      future: 0,
    });
  });

  it('does nothing the second time on the same database', async () => {
    const again = await generate(db, { scale: 'tiny', password: 'Bench12345' });
    expect(again.created).toBe(false);
    expect(again.rows).toBe(0);
  });
});
