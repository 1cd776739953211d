import { AppError } from '../../platform/http/errors.js';
import { auditChange } from '../../platform/resources/audit.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { liveShiftIds } from './rules.js';

/** The longest date range one application may cover. */
export const MAX_APPLY_DAYS = 366;

export interface ApplyCycle {
  workgroupId: number;
  cycleId: number;
  startDate: string;
  endDate: string;
  /** Which day of the cycle the start date is (0-based); default 0. */
  firstDay?: number;
  remark?: string;
}

export interface ApplyResult {
  id: number;
  members: number;
  shiftsWritten: number;
  restDays: number;
}

const fieldError = (field: string, key: string, params: Record<string, unknown> = {}) =>
  new AppError('business', `workforce.errors.${key}`, params, field);

const DAY = 86_400_000;
const toDay = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
const isoOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The dates from start to end inclusive (YYYY-MM-DD). */
export function datesBetween(start: string, end: string): string[] {
  const out: string[] = [];
  for (let d = toDay(start); d <= toDay(end); d += DAY) out.push(isoOf(d));
  return out;
}

/**
 * Applies a shift cycle to every member of a work group from startDate to endDate, in the caller's
 * transaction: the members' shifts in the range are replaced (rest days leave a day free), and the
 * application is recorded as a work group shift row.
 */
export async function applyCycle(tx: TenantTx, input: ApplyCycle): Promise<ApplyResult> {
  const { workgroupId, cycleId, startDate, endDate } = input;
  const firstDay = input.firstDay ?? 0;
  if (Number.isNaN(toDay(startDate)) || isoOf(toDay(startDate)) !== startDate) throw fieldError('startDate', 'badDate');
  if (Number.isNaN(toDay(endDate)) || isoOf(toDay(endDate)) !== endDate) throw fieldError('endDate', 'badDate');
  if (endDate < startDate) throw fieldError('endDate', 'endBeforeStart');
  const days = datesBetween(startDate, endDate);
  if (days.length > MAX_APPLY_DAYS) throw fieldError('endDate', 'rangeTooLong', { limit: MAX_APPLY_DAYS });

  const group = await tx.query<{ id: number; state: number }>(
    'select id, state from work_groups where tenant_id = $1 and id = $2 and deleted_at is null',
    [tx.tenantId, workgroupId],
  );
  if (!group.rows[0]) throw fieldError('workgroupId', 'workgroupMissing');
  const cycle = await tx.query<{ days: unknown }>(
    'select days from shift_cycles where tenant_id = $1 and id = $2 and deleted_at is null',
    [tx.tenantId, cycleId],
  );
  if (!cycle.rows[0]) throw fieldError('cycleId', 'cycleMissing');
  const pattern = Array.isArray(cycle.rows[0].days) ? (cycle.rows[0].days as (number | null)[]) : [];
  if (pattern.length === 0) throw fieldError('cycleId', 'cycleEmpty');
  if (firstDay >= pattern.length) throw fieldError('firstDay', 'firstDayOutside', { limit: pattern.length });
  const shiftIds = [...new Set(pattern.filter((d): d is number => d !== null))];
  const live = await liveShiftIds(tx, shiftIds);
  if (shiftIds.some((id) => !live.has(id))) throw fieldError('cycleId', 'cycleShiftGone');

  const members = await tx.query<{ user_id: number }>(
    `select m.user_id from work_group_members m join users u on u.tenant_id = m.tenant_id and u.id = m.user_id
      where m.tenant_id = $1 and m.workgroup_id = $2 and not u.deleted order by m.user_id`,
    [tx.tenantId, workgroupId],
  );
  const userIds = members.rows.map((m) => Number(m.user_id));
  if (userIds.length === 0) throw fieldError('workgroupId', 'noMembers');

  await tx.query(
    `delete from member_shifts where tenant_id = $1 and user_id = any($2::bigint[]) and work_date between $3 and $4`,
    [tx.tenantId, userIds, startDate, endDate],
  );
  const planDates: string[] = [];
  const planShifts: number[] = [];
  days.forEach((date, i) => {
    const shift = pattern[(firstDay + i) % pattern.length];
    if (shift === null || shift === undefined) return;
    planDates.push(date);
    planShifts.push(shift);
  });
  if (planDates.length > 0)
    await tx.query(
      `insert into member_shifts (tenant_id, user_id, work_date, shift_id, workgroup_id, created_by, updated_by)
       select $1, u.id, d.work_date, d.shift_id, $4, $5, $5
         from unnest($2::bigint[]) as u(id)
         cross join unnest($3::date[], $6::bigint[]) as d(work_date, shift_id)`,
      [tx.tenantId, userIds, planDates, workgroupId, tx.userId, planShifts],
    );
  const shiftsWritten = planDates.length * userIds.length;
  const row = await tx.insert<{ id: number }>(
    'work_group_shifts',
    {
      workgroup_id: workgroupId,
      cycle_id: cycleId,
      start_date: startDate,
      end_date: endDate,
      first_day: firstDay,
      members: userIds.length,
      shifts_written: shiftsWritten,
      remark: input.remark ?? null,
      created_by: tx.userId,
      updated_by: tx.userId,
    },
    'id',
  );
  await auditChange(tx, 'workgroupshift', row.id, 'create', null, {
    id: row.id,
    workgroupId,
    cycleId,
    startDate,
    endDate,
    firstDay,
    members: userIds.length,
    shiftsWritten,
  });
  return { id: row.id, members: userIds.length, shiftsWritten, restDays: days.length - planDates.length };
}

export interface MonthMember {
  userId: number;
  userName: string;
  role: string;
  /** date -> the member's shift that day */
  shifts: Record<string, { id: number; shiftId: number; shiftName: string; colour: string | null }>;
}

/** The month grid of a work group: its members and each one's shifts in the month (YYYY-MM). */
export async function memberMonth(
  tx: TenantTx,
  workgroupId: number,
  month: string,
): Promise<{ days: string[]; members: MonthMember[] }> {
  const first = `${month}-01`;
  const start = toDay(first);
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month) || Number.isNaN(start)) throw fieldError('month', 'badMonth');
  const next = new Date(start);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const days = datesBetween(first, isoOf(next.getTime() - DAY));
  const members = await tx.query<{ user_id: number; peoplename: string; role: string }>(
    `select m.user_id, u.peoplename, m.role from work_group_members m
       join users u on u.tenant_id = m.tenant_id and u.id = m.user_id
      where m.tenant_id = $1 and m.workgroup_id = $2 and not u.deleted
      order by case m.role when 'leader' then 0 else 1 end, u.peoplename, m.user_id`,
    [tx.tenantId, workgroupId],
  );
  const out: MonthMember[] = members.rows.map((m) => ({
    userId: Number(m.user_id),
    userName: m.peoplename,
    role: m.role,
    shifts: {},
  }));
  const byUser = new Map(out.map((m) => [m.userId, m]));
  if (out.length > 0) {
    const shifts = await tx.query<{
      id: number;
      user_id: number;
      day: string;
      shift_id: number;
      name: string;
      colour: string | null;
    }>(
      `select ms.id, ms.user_id, to_char(ms.work_date, 'YYYY-MM-DD') as day, ms.shift_id, s.name, s.colour
         from member_shifts ms join shifts s on s.tenant_id = ms.tenant_id and s.id = ms.shift_id
        where ms.tenant_id = $1 and ms.user_id = any($2::bigint[]) and ms.work_date between $3 and $4`,
      [tx.tenantId, [...byUser.keys()], days[0], days[days.length - 1]],
    );
    for (const s of shifts.rows)
      byUser.get(Number(s.user_id))!.shifts[s.day] = {
        id: Number(s.id),
        shiftId: Number(s.shift_id),
        shiftName: s.name,
        colour: s.colour,
      };
  }
  return { days, members: out };
}
