import { businessError, notFound } from '../../platform/http/errors.js';
import type { Lang } from '../../platform/i18n/index.js';
import { getRow, readContext } from '../../platform/resources/read.js';
import { removeRows } from '../../platform/resources/remove.js';
import type { WireRow } from '../../platform/resources/types.js';
import { createRow, updateRow } from '../../platform/resources/write.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { runAction } from '../../platform/workflow/run.js';
import { fieldError } from './errors.js';
import { orderEntity, planTaskEntity, workReportEntity } from './orders.js';
import { syncMaterials } from './stock.js';

/** What a person may send with a report; the order, procedure and ideal cycle come from the task. */
const SENT = [
  'planTaskId',
  'stationId',
  'equipmentId',
  'shiftId',
  'operatorId',
  'goodQty',
  'scrapQty',
  'scrapReason',
  'startAt',
  'endAt',
  'overReason',
  'clientKey',
  'remark',
] as const;

interface TaskRow {
  id: number;
  work_order_id: number;
  procedure_id: number;
  station_id: number | null;
  equipment_id: number | null;
  shift_id: number | null;
  seq: number;
  ideal: string;
}

/**
 * Records a work report (报工) on a plan task. The order is locked first, so reports of one order are counted one
 * after the other: two sent at once both count, each once, and the check against what the order may make sees the
 * other's quantity; a backflushing order draws its components under the same lock. A resent report (the same `clientKey`, a phone retrying) answers the first one and counts
 * nothing again. A released order starts with its first report; any other state refuses.
 */
export async function reportWork(tx: TenantTx, lang: Lang, body: WireRow): Promise<WireRow> {
  const task = (
    await tx.query<TaskRow>(
      `select t.id, t.work_order_id, t.procedure_id, t.station_id, t.equipment_id, t.shift_id, t.seq,
              p.ideal_cycle_seconds::text as ideal
         from plan_tasks t join procedures p on p.tenant_id = t.tenant_id and p.id = t.procedure_id
        where t.tenant_id = $1 and t.id = $2`,
      [tx.tenantId, Number.isSafeInteger(Number(body.planTaskId)) ? body.planTaskId : 0],
    )
  ).rows[0];
  if (!task) throw fieldError('planTaskId', 'taskMissing');
  const order = (
    await tx.query<{ state: string; quantity: string; code: string }>(
      'select state, quantity::text as quantity, code from work_orders where tenant_id = $1 and id = $2 for update',
      [tx.tenantId, task.work_order_id],
    )
  ).rows[0];
  if (!order) throw notFound();
  const ctx = await readContext(tx, workReportEntity, lang);
  if (typeof body.clientKey === 'string' && body.clientKey) {
    const seen = await tx.query<{ id: number }>(
      'select id from work_reports where tenant_id = $1 and client_key = $2',
      [tx.tenantId, body.clientKey],
    );
    if (seen.rows[0]) {
      return getRow(tx, ctx, seen.rows[0].id);
    }
  }
  if (order.state === 'planned') throw businessError('production.errors.notReleased', { code: order.code });
  if (order.state !== 'released' && order.state !== 'inProgress')
    throw businessError('production.errors.orderClosedForReports', { code: order.code });

  const sent: WireRow = {};
  for (const k of SENT) if (body[k] !== undefined) sent[k] = body[k];
  const values: WireRow = {
    stationId: task.station_id,
    equipmentId: task.equipment_id,
    shiftId: task.shift_id,
    operatorId: tx.userId,
    ...sent,
    workOrderId: task.work_order_id,
    procedureId: task.procedure_id,
    idealCycleSeconds: task.ideal,
  };
  // A report on a station names its machine unless it says otherwise.
  if (!values.equipmentId && Number.isSafeInteger(Number(values.stationId)) && values.stationId) {
    const st = await tx.query<{ equipment_id: number | null }>(
      'select equipment_id from stations where tenant_id = $1 and id = $2',
      [tx.tenantId, values.stationId],
    );
    values.equipmentId = st.rows[0]?.equipment_id ?? null;
  }
  const good = Number(values.goodQty);
  const scrap = Number(values.scrapQty ?? 0);
  if (Number.isFinite(good) && Number.isFinite(scrap) && good >= 0 && scrap >= 0) {
    if (good + scrap <= 0) throw fieldError('goodQty', 'nothingReported');
    if (scrap > 0 && !values.scrapReason) throw fieldError('scrapReason', 'scrapReasonRequired');
    const done = await tx.query<{ good: string }>(
      'select coalesce(sum(good_qty), 0)::text as good from work_reports where tenant_id = $1 and plan_task_id = $2',
      [tx.tenantId, task.id],
    );
    const left = Number(order.quantity) - Number(done.rows[0]!.good);
    const reason = typeof values.overReason === 'string' ? values.overReason.trim() : '';
    if (Math.round(good * 100) > Math.round(left * 100) && !reason)
      throw fieldError('goodQty', 'overReport', { left: Math.max(0, Math.round(left * 100) / 100), code: order.code });
  }
  if (values.startAt && values.endAt && Date.parse(String(values.endAt)) < Date.parse(String(values.startAt)))
    throw fieldError('endAt', 'endBeforeStart');

  if (order.state === 'released')
    await runAction(tx, orderEntity, 'start', task.work_order_id, {}, lang, { system: true });
  const report = await createRow(tx, ctx, values, { system: true });
  await recount(tx, lang, task);
  // A backflushing order draws what the units started need (stock.ts); not enough in stock refuses the report.
  await syncMaterials(tx, lang, task.work_order_id);
  return report;
}

/** The task's and the order's totals from their reports (the order's good output is that of its last step). */
async function recount(tx: TenantTx, lang: Lang, task: TaskRow): Promise<void> {
  const sums = await tx.query<{ good: string; scrap: string; last: boolean; order_scrap: string }>(
    `select coalesce(sum(r.good_qty), 0)::text as good, coalesce(sum(r.scrap_qty), 0)::text as scrap,
            not exists(select 1 from plan_tasks n where n.tenant_id = $1 and n.work_order_id = $3 and n.seq > $4) as last,
            (select coalesce(sum(scrap_qty), 0) from work_reports where tenant_id = $1 and work_order_id = $3)::text
              as order_scrap
       from work_reports r where r.tenant_id = $1 and r.plan_task_id = $2`,
    [tx.tenantId, task.id, task.work_order_id, task.seq],
  );
  const s = sums.rows[0]!;
  const taskCtx = await readContext(tx, planTaskEntity, lang);
  await updateRow(tx, taskCtx, task.id, { goodQty: s.good, scrapQty: s.scrap, state: 'running' }, { system: true });
  const orderCtx = await readContext(tx, orderEntity, lang);
  await updateRow(
    tx,
    orderCtx,
    task.work_order_id,
    s.last ? { goodQty: s.good, scrapQty: s.order_scrap } : { scrapQty: s.order_scrap },
    { system: true },
  );
}

/** An order's progress per step: planned, good and scrapped quantities of each of its tasks. */
export async function orderProgress(tx: TenantTx, id: number) {
  const r = await tx.query(
    `select t.id, t.seq, p.code as "procedureCode", p.name as "procedureName", s.name as "stationName",
            t.plan_qty::text as "planQty", t.good_qty::text as "goodQty", t.scrap_qty::text as "scrapQty",
            round(t.good_qty * 100.0 / nullif(t.plan_qty, 0), 1)::text as progress, t.state
       from plan_tasks t
       join procedures p on p.tenant_id = t.tenant_id and p.id = t.procedure_id
       left join stations s on s.tenant_id = t.tenant_id and s.id = t.station_id
      where t.tenant_id = $1 and t.work_order_id = $2 order by t.seq`,
    [tx.tenantId, id],
  );
  return r.rows;
}

/**
 * Deletes reports made in error (a team leader's correction) and counts their tasks and orders again, the orders
 * locked as a report does; an order finished, closed or cancelled keeps its reports.
 */
export async function deleteReports(tx: TenantTx, lang: Lang, ids: readonly number[]): Promise<number> {
  const rows = await tx.query<{ id: number; plan_task_id: number; work_order_id: number }>(
    'select id, plan_task_id, work_order_id from work_reports where tenant_id = $1 and id = any($2::bigint[])',
    [tx.tenantId, ids],
  );
  if (rows.rows.length !== new Set(ids).size) throw notFound();
  const orders = [...new Set(rows.rows.map((r) => Number(r.work_order_id)))].sort((a, b) => a - b);
  const locked = await tx.query<{ state: string; code: string }>(
    'select state, code from work_orders where tenant_id = $1 and id = any($2::bigint[]) order by id for update',
    [tx.tenantId, orders],
  );
  const closed = locked.rows.find((o) => o.state !== 'released' && o.state !== 'inProgress');
  if (closed) throw businessError('production.errors.orderClosedForReports', { code: closed.code });
  const n = await removeRows(tx, await readContext(tx, workReportEntity, lang), [...ids]);
  const tasks = await tx.query<TaskRow>(
    `select t.id, t.work_order_id, t.procedure_id, t.station_id, t.equipment_id, t.shift_id, t.seq, '0' as ideal
       from plan_tasks t where t.tenant_id = $1 and t.id = any($2::bigint[])`,
    [tx.tenantId, [...new Set(rows.rows.map((r) => Number(r.plan_task_id)))]],
  );
  for (const task of tasks.rows) await recount(tx, lang, task);
  for (const o of orders) await syncMaterials(tx, lang, o);
  return n;
}
