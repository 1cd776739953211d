import type { Database } from '../../server/src/db/index.js';
import { repairEntity } from '../../server/src/domains/repair/resources.js';
import { pageRows, readContext } from '../../server/src/platform/resources/read.js';
import { type TenantTx, withTenant } from '../../server/src/platform/tenancy/tenant-tx.js';
import type { EngineScenario, Targets } from './equipment-scenarios.js';
import type { Scenario } from './scenarios.js';

const PAGE = 20;

/** The repair orders list over a year of history: the first page, and a workshop's finished orders. */
export function repairScenarios(t: Targets): EngineScenario[] {
  const ctx = (tx: TenantTx) => readContext(tx, repairEntity, 'zh');
  const page = (name: string, query: string, input: Record<string, unknown>): EngineScenario => ({
    name,
    path: `/api-manage/maintaintask/page?page=1&limit=${PAGE}${query}`,
    auth: true,
    engine: async (tx) => pageRows(tx, await ctx(tx), input, 1, PAGE),
  });
  return [
    page('repair order page', '', {}),
    page('repair order page: workshop + state filter', `&workshopId=${t.workshopId}&state=checked`, {
      workshopId: t.workshopId,
      state: 'checked',
    }),
  ];
}

/**
 * Orders dispatched to the administrator, waiting to be taken: the accept load takes each once (a second
 * accept of one order would be refused, not measured). Reported a second apart, as orders are: 100,000 at one
 * instant would make the order list sort them all to find its first page. Returns their ids.
 */
export async function dispatchedOrders(db: Database, t: Targets, count: number): Promise<number[]> {
  return withTenant(db, t.tenantId, t.adminId, async (tx) => {
    const r = await tx.query<{ id: number }>(
      `insert into repair_orders(tenant_id, code, equipment_id, workshop_id, phenomenon, urgency, state, reporter_id,
         reported_at, assignee_id, dispatched_at, dispatcher_id)
       select $1, $6 || lpad(g::text, 7, '0'), $2, $3, '压力不足', 'normal', 'dispatched', $4,
              now() - g * interval '1 second', $4, now(), $4
         from generate_series(1, $5::int) g
       returning id`,
      [t.tenantId, t.equipmentId, t.workshopId, t.adminId, count, `WXB${Date.now().toString(36)}-`],
    );
    return r.rows.map((x) => Number(x.id));
  });
}

/** Taking a dispatched order (the workflow's accept: row lock, guard, stamp, step, message) at load. */
export function acceptScenario(ids: number[]): Scenario {
  let next = 0;
  const take = () => ({ id: ids[next++ % ids.length] });
  return {
    name: 'repair order accept (workflow action)',
    method: 'POST',
    path: '/api-manage/maintaintask/accept',
    auth: true,
    bodies: take,
  };
}

/** Reports over the year of orders, aggregated in SQL: MTBF/MTTR per workshop and the fault ranking per machine. */
export function reportScenarios(): Scenario[] {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const year = `start=${day(-365)}&end=${day(0)}`;
  return [
    { name: 'report MTBF/MTTR by workshop, one year', path: `/api-list/report/mtchart?${year}`, auth: true },
    {
      name: 'report fault ranking by machine, one year',
      path: `/api-list/report/faultReasonChart?${year}&groupBy=equipment`,
      auth: true,
    },
  ];
}
