import type { TenantTx } from '../../../server/src/platform/tenancy/tenant-tx.js';

export interface ProductionSize {
  /** Stations, each on one of the first machines of the ledger. */
  stations: number;
  /** Work orders over the last year, four procedures each (one plan task per procedure). */
  orders: number;
  /** Work reports, spread over the orders' tasks and the year. */
  reports: number;
}

const KINDS = ['machining', 'moulding', 'assembly', 'inspection'] as const;
const BATCH = 250_000;
const code = (n: number) => `GWO-${String(n).padStart(7, '0')}`;

/**
 * The production master data of a generated tenant: 20 products, one procedure per station kind, stations on the
 * first machines (four kinds in turn, each in the machine's workshop).
 */
async function masterData(tx: TenantTx, stations: number): Promise<void> {
  await tx.query(
    `insert into production_materials(tenant_id, code, name, kind, unit)
     select $1, 'GP-' || lpad(g::text, 3, '0'), '产品' || g, 'product', 'piece' from generate_series(1, 20) g`,
    [tx.tenantId],
  );
  await tx.query(
    `insert into procedures(tenant_id, code, name, station_kind, standard_minutes, ideal_cycle_seconds, setup_minutes)
     select $1, 'GOP' || k.n * 10, '工序' || k.n, k.kind, 0.5, 20 + k.n * 5, 15
       from unnest($2::text[]) with ordinality as k(kind, n)`,
    [tx.tenantId, KINDS],
  );
  await tx.query(
    `insert into stations(tenant_id, code, name, kind, workshop_id, line_id, equipment_id)
     select $1, 'GST-' || lpad(e.n::text, 4, '0'), '工位' || e.n, ($3::text[])[1 + e.n % 4], e.workshop_id, e.line_id, e.id
       from (select row_number() over (order by id) as n, id, workshop_id, line_id from equipment
              where tenant_id = $1 and deleted_at is null and workshop_id is not null order by id limit $2) e`,
    [tx.tenantId, stations, KINDS],
  );
}

/**
 * A year of production: `orders` work orders due over the last 365 days (most done, a few in progress), four plan
 * tasks each on a station of its procedure's kind, and `reports` work reports over the tasks, each on its task's
 * machine, ending in the order's days. Set-based SQL, as the repair history is (repair.ts): the benchmarks read
 * these rows; the production tests cover how reporting writes them.
 */
export async function fillProduction(
  scoped: <T>(fn: (tx: TenantTx) => Promise<T>) => Promise<T>,
  size: ProductionSize,
  add: (table: string, rows: number) => void,
  analyze: (tables: string[]) => Promise<void>,
): Promise<void> {
  await scoped((tx) => masterData(tx, size.stations));
  add('stations', size.stations);
  for (let done = 0; done < size.orders; ) {
    const n = Math.min(BATCH / 4, size.orders - done);
    const from = done + 1;
    await scoped(async (tx) => {
      await tx.query(
        `with p as (select array_agg(id order by code) as ids from production_materials where tenant_id = $1)
         insert into work_orders(tenant_id, code, material_id, quantity, due_date, priority, state, good_qty,
                                 scrap_qty, released_at, started_at, finished_at)
         select $1, 'GWO-' || lpad(g::text, 7, '0'), p.ids[1 + g % 20], 100 + g % 400,
                (now() - (g % 365) * interval '1 day')::date, 1 + g % 9,
                case when g % 60 = 0 then 'inProgress' else 'done' end, 95 + g % 400, g % 7,
                now() - (g % 365 + 3) * interval '1 day', now() - (g % 365 + 2) * interval '1 day',
                case when g % 60 = 0 then null else now() - (g % 365) * interval '1 day' end
           from generate_series($2::bigint, $2::bigint + $3::bigint - 1) g, p`,
        [tx.tenantId, from, n],
      );
      await tx.query(
        `with st as (select kind, array_agg(id order by id) as ids, array_agg(equipment_id order by id) as eq
                       from stations where tenant_id = $1 group by kind),
         pr as (select id, station_kind, row_number() over (order by code) as seq from procedures where tenant_id = $1),
         sh as (select min(id) as id from shifts where tenant_id = $1)
         insert into plan_tasks(tenant_id, work_order_id, seq, procedure_id, station_id, equipment_id, shift_id, plan_date,
                                plan_start, plan_end, plan_qty, good_qty, scrap_qty, state)
         select $1, o.id, pr.seq, pr.id, st.ids[1 + (o.id + pr.seq) % cardinality(st.ids)],
                st.eq[1 + (o.id + pr.seq) % cardinality(st.ids)], sh.id, o.due_date - 1,
                (o.due_date - 1)::timestamptz + (8 + pr.seq) * interval '1 hour',
                (o.due_date - 1)::timestamptz + (9 + pr.seq) * interval '1 hour',
                o.quantity, o.good_qty, case when pr.seq = 4 then o.scrap_qty else 0 end,
                case when o.state = 'done' then 'done' else 'running' end
           from work_orders o cross join pr join st on st.kind = pr.station_kind cross join sh
          where o.tenant_id = $1 and o.code between $2 and $3`,
        [tx.tenantId, code(from), code(from + n - 1)],
      );
    });
    done += n;
    add('work_orders', n);
    add('plan_tasks', n * 4);
  }
  await analyze(['production_materials', 'procedures', 'stations', 'work_orders', 'plan_tasks']);
  const tasks = size.orders * 4;
  for (let done = 0; done < size.reports; ) {
    const n = Math.min(BATCH, size.reports - done);
    const from = done;
    await scoped((tx) =>
      tx.query(
        `with t as (select row_number() over (order by t.id) - 1 as n, t.id, t.work_order_id, t.procedure_id,
                           t.station_id, t.equipment_id, t.shift_id, t.plan_start, p.ideal_cycle_seconds
                      from plan_tasks t join procedures p on p.tenant_id = t.tenant_id and p.id = t.procedure_id
                     where t.tenant_id = $1)
         insert into work_reports(tenant_id, plan_task_id, work_order_id, procedure_id, station_id, equipment_id,
                                  shift_id, good_qty, scrap_qty, scrap_reason, ideal_cycle_seconds, start_at, end_at)
         select $1, t.id, t.work_order_id, t.procedure_id, t.station_id, t.equipment_id, t.shift_id,
                10 + g % 40, g % 5 / 4, case when g % 5 = 4 then (array['material','dimension','setup','surface'])[1 + g % 4] end,
                t.ideal_cycle_seconds, t.plan_start + (g / $4) * interval '20 minutes',
                t.plan_start + (g / $4) * interval '20 minutes' + interval '18 minutes'
           from generate_series($2::bigint, $2::bigint + $3::bigint - 1) g join t on t.n = g % $4`,
        [tx.tenantId, from, n, tasks],
      ),
    );
    done += n;
    add('work_reports', n);
  }
  await analyze(['work_reports']);
}
