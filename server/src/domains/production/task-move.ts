import type { Lang } from '../../platform/i18n/index.js';
import { getRow, readContext } from '../../platform/resources/read.js';
import type { WireRow } from '../../platform/resources/types.js';
import { updateRow } from '../../platform/resources/write.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { fieldError } from './errors.js';
import { planTaskEntity } from './orders.js';
import { subtract, type Window } from './scheduler.js';
import { repairBlocks, stationWindows, zoneDay } from './station-windows.js';

/** How far past its start a moved task may run on in the station's next windows. */
const HORIZON_DAYS = 14;
const MIN = 60_000;

export interface MoveInput {
  id: number;
  stationId: number;
  /** The new start (ISO date-time). */
  start: string;
}

/**
 * Works `minutes` of a task from `start` through the windows (in time order): the end, or null when they do not
 * hold it. The start must lie inside a window.
 */
export function endThrough(
  windows: Window[],
  start: number,
  minutes: number,
): { end: number; shiftId: number | null } | null {
  const first = windows.find((w) => w.start <= start && start < w.end);
  if (!first) return null;
  let left = minutes * MIN;
  for (const w of windows) {
    if (w.end <= start) continue;
    const from = Math.max(w.start, start);
    if (w.end - from >= left) return { end: from + left, shiftId: first.shiftId ?? null };
    left -= w.end - from;
  }
  return null;
}

/**
 * A planner's drag on the schedule board: the task to another station and start. Refused with a message naming
 * the field when the task is being worked or its order no longer open, the station is not of the kind the
 * procedure needs, the start is outside the station's shifts, the machine is held by a repair then, the shifts
 * ahead cannot hold the task, or another task of the station is planned in that time. The station is locked
 * first, so two moves onto one station are checked one after the other.
 */
export async function moveTask(tx: TenantTx, lang: Lang, input: MoveInput): Promise<WireRow> {
  const start = Date.parse(input.start);
  if (!Number.isFinite(start)) throw fieldError('start', 'moveStart');
  const task = (
    await tx.query<{ state: string; order_state: string; code: string; minutes: number; kind: string }>(
      `select t.state, o.state as order_state, o.code, p.station_kind as kind,
              (coalesce(p.setup_minutes, 0) + p.standard_minutes * greatest(t.plan_qty - t.good_qty, 0))::float8 as minutes
         from plan_tasks t join work_orders o on o.tenant_id = t.tenant_id and o.id = t.work_order_id
         join procedures p on p.tenant_id = t.tenant_id and p.id = t.procedure_id
        where t.tenant_id = $1 and t.id = $2 for update of t`,
      [tx.tenantId, input.id],
    )
  ).rows[0];
  if (!task) throw fieldError('id', 'taskMissing');
  if (task.order_state !== 'released' && task.order_state !== 'inProgress')
    throw fieldError('id', 'moveOrderClosed', { code: task.code });
  const reported = await tx.query('select 1 from work_reports where tenant_id = $1 and plan_task_id = $2 limit 1', [
    tx.tenantId,
    input.id,
  ]);
  if (reported.rows.length || (task.state !== 'waiting' && task.state !== 'scheduled'))
    throw fieldError('id', 'moveStarted', { code: task.code });
  const station = (
    await tx.query<{ id: number; name: string; kind: string; equipment_id: number | null }>(
      `select id, name, kind, equipment_id from stations
        where tenant_id = $1 and id = $2 and state = 1 and deleted_at is null for update`,
      [tx.tenantId, input.stationId],
    )
  ).rows[0];
  if (!station) throw fieldError('stationId', 'moveStation');
  if (station.kind !== task.kind) throw fieldError('stationId', 'stationKind', { label: station.name });

  const z = await zoneDay(tx, null, 1);
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: z.tz, year: 'numeric', month: '2-digit', day: '2-digit' });
  // From the day before the start (a night shift begun then), over the days the task may run on.
  const d0 = day.format(start - 24 * 3_600_000);
  const windows = (await stationWindows(tx, z.tz, d0, HORIZON_DAYS + 1, station.id)).get(station.id) ?? [];
  const horizonEnd = start + HORIZON_DAYS * 24 * 3_600_000;
  const blocks = station.equipment_id
    ? ((await repairBlocks(tx, horizonEnd)).get(Number(station.equipment_id)) ?? [])
    : [];
  if (!windows.some((w) => w.start <= start && start < w.end))
    throw fieldError('start', 'moveOutsideShift', { label: station.name });
  if (blocks.some((b) => b.start <= start && start < b.end))
    throw fieldError('start', 'moveUnderRepair', { label: station.name });
  const fit = endThrough(subtract(windows, blocks), start, task.minutes);
  if (!fit) throw fieldError('start', 'moveNoRoom', { label: station.name });
  const clash = await tx.query<{ code: string }>(
    `select o.code from plan_tasks t join work_orders o on o.tenant_id = t.tenant_id and o.id = t.work_order_id
      where t.tenant_id = $1 and t.station_id = $2 and t.id <> $3 and t.plan_start < $5 and t.plan_end > $4
        and t.state <> 'done' order by t.plan_start limit 1`,
    [tx.tenantId, station.id, input.id, new Date(start).toISOString(), new Date(fit.end).toISOString()],
  );
  if (clash.rows[0]) throw fieldError('start', 'moveClash', { label: station.name, code: clash.rows[0].code });
  const ctx = await readContext(tx, planTaskEntity, lang);
  await updateRow(
    tx,
    ctx,
    input.id,
    {
      stationId: station.id,
      equipmentId: station.equipment_id,
      shiftId: fit.shiftId,
      planStart: new Date(start).toISOString(),
      planEnd: new Date(fit.end).toISOString(),
      planDate: day.format(start),
      state: 'scheduled',
    },
    { system: true },
  );
  return getRow(tx, ctx, input.id);
}

/** The schedule board of a day: the active stations, their shift windows that day and the tasks planned in it. */
export async function scheduleBoard(tx: TenantTx, dayText: string | null) {
  const z = await zoneDay(tx, dayText, 1);
  const dayStart = (await tx.query<{ t: Date }>('select ($1::date::timestamp at time zone $2) as t', [z.d0, z.tz]))
    .rows[0]!.t;
  const t0 = new Date(dayStart).getTime();
  const t1 = z.t1;
  const stations = await tx.query(
    `select id, code, name, kind, equipment_id as "equipmentId" from stations
      where tenant_id = $1 and state = 1 and deleted_at is null order by code limit 500`,
    [tx.tenantId],
  );
  const windows = await stationWindows(tx, z.tz, z.d0, 1);
  const blocks = await repairBlocks(tx, t1);
  const tasks = await tx.query(
    `select t.id, t.station_id as "stationId", t.plan_start as "planStart", t.plan_end as "planEnd", t.state,
            o.code as "orderCode", p.name as "procedureName", p.station_kind as kind, t.plan_qty::text as "planQty"
       from plan_tasks t join work_orders o on o.tenant_id = t.tenant_id and o.id = t.work_order_id
       join procedures p on p.tenant_id = t.tenant_id and p.id = t.procedure_id
      where t.tenant_id = $1 and t.station_id is not null and t.plan_start < $3 and t.plan_end > $2
      order by t.plan_start limit 5000`,
    [tx.tenantId, new Date(t0).toISOString(), new Date(t1).toISOString()],
  );
  return {
    day: z.d0,
    start: new Date(t0).toISOString(),
    end: new Date(t1).toISOString(),
    stations: stations.rows.map((s) => ({
      ...s,
      windows: (windows.get(Number(s.id)) ?? []).map((w) => ({
        start: new Date(w.start).toISOString(),
        end: new Date(w.end).toISOString(),
      })),
      repairs: s.equipmentId
        ? (blocks.get(Number(s.equipmentId)) ?? [])
            .filter((b) => b.start < t1 && b.end > t0)
            .map((b) => ({ start: new Date(b.start).toISOString(), end: new Date(b.end).toISOString() }))
        : [],
    })),
    tasks: tasks.rows,
  };
}
