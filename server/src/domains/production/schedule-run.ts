import type { Lang } from '../../platform/i18n/index.js';
import { readContext } from '../../platform/resources/read.js';
import { updateRow } from '../../platform/resources/write.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { fieldError } from './errors.js';
import { planTaskEntity } from './orders.js';
import { type SchedStation, type SchedTask, schedule, subtract } from './scheduler.js';
import { repairBlocks, stationWindows, zoneDay } from './station-windows.js';

export const MAX_DAYS = 31;

export interface ScheduleInput {
  /** The first day (YYYY-MM-DD, the tenant's zone); today when not given. */
  from?: string;
  days?: number;
}

export interface ScheduleResult {
  scheduled: number;
  unscheduled: number;
}

/**
 * Schedules every task of the released and started orders that no report has touched yet (waiting or scheduled)
 * over the days from `from`: stations work in their machine's equipment shifts of the day (or their own shift
 * without a machine), less the time a stopping repair holds the machine (to its planned finish, else the whole
 * horizon). A task being worked stays where it is.
 */
export async function runSchedule(tx: TenantTx, lang: Lang, input: ScheduleInput): Promise<ScheduleResult> {
  const days = input.days ?? 7;
  if (!Number.isInteger(days) || days < 1 || days > MAX_DAYS)
    throw fieldError('days', 'scheduleDays', { max: MAX_DAYS });
  if (input.from !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(input.from)) throw fieldError('from', 'scheduleFrom');
  const z = await zoneDay(tx, input.from ?? null, days);
  const from = z.t0;
  const horizonEnd = z.t1;

  const tasks = await tx.query<SchedTask & { minutes: string }>(
    `select t.id, t.work_order_id as "orderId", t.seq, o.due_date::text as "dueDate", o.priority, p.station_kind as kind,
            (coalesce(p.setup_minutes, 0) + p.standard_minutes * greatest(t.plan_qty - t.good_qty, 0))::float8 as minutes
       from plan_tasks t
       join work_orders o on o.tenant_id = t.tenant_id and o.id = t.work_order_id
       join procedures p on p.tenant_id = t.tenant_id and p.id = t.procedure_id
      where t.tenant_id = $1 and o.state in ('released', 'inProgress') and t.state in ('waiting', 'scheduled')
        and not exists (select 1 from work_reports r where r.tenant_id = t.tenant_id and r.plan_task_id = t.id)`,
    [tx.tenantId],
  );
  const byStation = await stationWindows(tx, z.tz, z.d0, days);
  const stations = await tx.query<{ id: number; kind: string; equipment_id: number | null }>(
    'select id, kind, equipment_id from stations where tenant_id = $1 and state = 1 and deleted_at is null order by id',
    [tx.tenantId],
  );
  const blocks = await repairBlocks(tx, horizonEnd);
  const sched: SchedStation[] = stations.rows.map((s) => ({
    id: Number(s.id),
    kind: s.kind,
    equipmentId: s.equipment_id === null ? null : Number(s.equipment_id),
    windows: subtract(
      byStation.get(Number(s.id)) ?? [],
      s.equipment_id ? (blocks.get(Number(s.equipment_id)) ?? []) : [],
    ),
  }));
  const plan = schedule(
    tasks.rows.map((t) => ({ ...t, id: Number(t.id), orderId: Number(t.orderId), minutes: Number(t.minutes) })),
    sched,
    from,
  );
  const ctx = await readContext(tx, planTaskEntity, lang);
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: z.tz, year: 'numeric', month: '2-digit', day: '2-digit' });
  for (const p of plan.placed)
    await updateRow(
      tx,
      ctx,
      p.taskId,
      {
        stationId: p.stationId,
        equipmentId: p.equipmentId,
        shiftId: p.shiftId,
        planStart: new Date(p.start).toISOString(),
        planEnd: new Date(p.end).toISOString(),
        planDate: day.format(p.start),
        state: 'scheduled',
      },
      { system: true },
    );
  for (const id of plan.unplaced)
    await updateRow(
      tx,
      ctx,
      id,
      {
        stationId: null,
        equipmentId: null,
        shiftId: null,
        planStart: null,
        planEnd: null,
        planDate: null,
        state: 'waiting',
      },
      { system: true },
    );
  return { scheduled: plan.placed.length, unscheduled: plan.unplaced.length };
}
