import { markInSteps, NOTICES_PER_STEP } from '../../platform/jobs/runner.js';
import { bumpVersionsAtEnd, tableVersions } from '../../platform/tenancy/table-versions.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { generateTasks } from './generate.js';
import { generateMesurTasks } from './metrology.js';
import { notifyOverdue } from './overdue.js';

/**
 * Plans whose tasks one transaction of the timed run makes. The embedded database serves requests only between
 * transactions (2,000 plans took 0.75 s there, large scale); PostgreSQL serves them meanwhile, and fewer steps
 * spend less on planning and finding each step's plans (50,000 plans in two lanes: the next day's run 2.4 s in
 * steps of 2,000, 1.9 s in steps of 5,000).
 */
export const PLANS_PER_STEP: Readonly<Record<'pglite' | 'postgres', number>> = { pglite: 500, postgres: 5_000 };

/**
 * Steps of a run that make tasks at once, each in its own transaction on a connection of its own (the runner's
 * rounds, everyTenant's width). PostgreSQL runs them on two cores; the embedded database has one connection.
 */
export const STEPS_AT_ONCE: Readonly<Record<'pglite' | 'postgres', number>> = { pglite: 1, postgres: 2 };

/** Days a run looks back for tasks not made (the server was down); the other runs of the hour look at today. */
export const CATCH_UP_DAYS = 7;
const CATCH_UP_EVERY_MS = 3600_000;

export interface CheckRunPlace {
  /** The last plan id done; null once every plan is done. */
  afterPlan?: number | null;
  /** Overdue tasks marked in this run. */
  marked?: number;
  /** Past days this run makes missing tasks for (default CATCH_UP_DAYS). */
  catchUpDays?: number;
  /** The run's moment, taken at its first step: a run going past midnight makes one day's tasks in every step. */
  now?: Date;
  /** What the fixed-calendar plans' tasks are made from at the run's start (fixedPlanInputs). */
  inputs?: string;
  /** Only floating plans this run: nothing the fixed plans' tasks are made from changed since a whole run. */
  floatingOnly?: boolean;
  /** The metrology tasks are made (once a run, after the check plans). */
  metrologyDone?: boolean;
  /** Steps going at once (checkRunWidth): more than one while plans are left. */
  together?: number;
  /** Steps going at once take their plans one after another. */
  turn?: Promise<unknown>;
}

/**
 * How many steps of a check run go at once (the runner's lanes, runSteps): `steps` while plans are left, else
 * one. The steps beside others only make tasks; metrology, overdue notices and what the run remembers come one
 * step at a time after every lane has ended, its transactions committed.
 */
export const checkRunWidth =
  (steps: number) =>
  (place: CheckRunPlace): number => {
    place.together = place.afterPlan !== null ? steps : 1;
    return place.together;
  };

/** Runs fn after the calls queued on place before it: the run's shared place changes one call at a time. */
function inTurn<T>(place: CheckRunPlace, fn: () => Promise<T>): Promise<T> {
  const out = (place.turn ?? Promise.resolve()).then(fn);
  place.turn = out.catch(() => undefined);
  return out;
}

/**
 * The tables whose rows decide which tasks of fixed-calendar plans are due (generate.ts OCCURRENCES): the plans,
 * their machines and routes, the machines' state, shifts and rosters. Tasks are not among them: a task is never
 * deleted nor moved to another plan, machine or time, so no change of one makes a fixed plan's task due. A
 * floating plan's next day counts from its tasks, so floating plans are looked at on every run.
 */
const FIXED_PLAN_INPUTS = [
  'check_plans',
  'check_plan_machines',
  'equipment',
  'check_lines',
  'check_line_stops',
  'shifts',
  'work_group_shifts',
  'member_shifts',
];

/**
 * The tenant's zone and day at `now`, and the table versions of FIXED_PLAN_INPUTS (bumped by every write; those
 * the step's transaction opened with).
 */
async function fixedPlanInputs(tx: TenantTx, now: Date): Promise<string> {
  const r = await tx.query<{ day: string }>(
    `select w.tz || '|' || ($2::timestamptz at time zone w.tz)::date as day
       from (select coalesce(nullif(timezone, ''), 'UTC') as tz from companies where id = $1) w`,
    [tx.tenantId, now.toISOString()],
  );
  const versions = await tableVersions(tx, FIXED_PLAN_INPUTS);
  return `${r.rows[0]?.day}|${versions.key(...FIXED_PLAN_INPUTS)}`;
}

/**
 * The timed check run: the first run for a tenant in this process and then one an hour look CATCH_UP_DAYS back,
 * the others today only. Looking a week back found nothing to do on almost every run and cost a big tenant
 * (50,000 plans) most of its run each minute. A run looks at floating plans only when nothing the fixed plans'
 * tasks are made from changed (same day, zone and table versions) since a whole run of this process that looked
 * as far back: that run made every task they have until the end of the day.
 */
export function checkRun(
  plans: number,
  every = CATCH_UP_EVERY_MS,
  now = () => Date.now(),
): (tx: TenantTx, place: CheckRunPlace) => Promise<boolean> {
  const caughtUp = new Map<number, number>();
  const whole = new Map<number, { inputs: string; catchUpDays: number }>();
  return async (tx, place) => {
    const beside = (place.together ?? 1) > 1;
    const mine = await inTurn(place, async () => {
      if (place.catchUpDays === undefined) {
        const last = caughtUp.get(tx.tenantId);
        place.catchUpDays = last === undefined || now() - last >= every ? CATCH_UP_DAYS : 0;
      }
      if (place.inputs === undefined) {
        place.now ??= new Date();
        place.inputs = await fixedPlanInputs(tx, place.now);
        const last = whole.get(tx.tenantId);
        place.floatingOnly = last?.inputs === place.inputs && last.catchUpDays >= place.catchUpDays;
      }
      return beside && place.afterPlan !== null ? takePlans(tx, place, plans) : null;
    });
    if (beside) {
      // A step beside others makes its plans' tasks only; with none left its lane ends, and the run goes on
      // one step at a time once every lane has.
      if (!mine?.length) return false;
      await bumpVersionsAtEnd(tx, () =>
        generateTasks(tx, {
          planIds: mine,
          catchUpDays: place.catchUpDays ?? CATCH_UP_DAYS,
          now: place.now,
          besideOtherSteps: true,
        }),
      );
      return true;
    }
    const more = await checkRunStep(tx, place, { plans, overdue: NOTICES_PER_STEP });
    const { inputs = '', catchUpDays = CATCH_UP_DAYS } = place;
    if (place.afterPlan === null && !place.floatingOnly) whole.set(tx.tenantId, { inputs, catchUpDays });
    if (place.afterPlan === null && catchUpDays > 0) caughtUp.set(tx.tenantId, now());
    return more;
  };
}

/** The next plans of the run that are on (floating ones only when so), past place.afterPlan, which moves on. */
async function takePlans(tx: TenantTx, place: CheckRunPlace, plans: number): Promise<number[]> {
  const ids = await tx.query<{ id: number }>(
    `select id from check_plans where tenant_id = $1 and deleted_at is null and state = 'on' and id > $2
        -- Meter plans too: their meters move without any input of the fixed plans changing (meter-plans.ts).
        and ($4::boolean is not true or mode = 'floating' or due_by <> 'calendar')
      order by id limit $3`,
    [tx.tenantId, place.afterPlan ?? 0, plans, place.floatingOnly ?? false],
  );
  const planIds = ids.rows.map((r) => Number(r.id));
  place.now ??= new Date();
  place.afterPlan = planIds.length === plans ? planIds[planIds.length - 1]! : null;
  return planIds;
}

/**
 * One step of the timed check run (`check.generate`, a minute apart) for a tenant: the tasks of the next
 * sizes.plans plans that are on, then the metrology tasks, then overdue notices in small batches. Returns
 * true while work is left (the runner calls it again in a new transaction, see everyTenant).
 */
export async function checkRunStep(
  tx: TenantTx,
  place: CheckRunPlace,
  sizes = { plans: PLANS_PER_STEP.pglite, overdue: NOTICES_PER_STEP },
): Promise<boolean> {
  if (place.afterPlan !== null) {
    const planIds = await takePlans(tx, place, sizes.plans);
    if (planIds.length)
      await generateTasks(tx, { planIds, catchUpDays: place.catchUpDays ?? CATCH_UP_DAYS, now: place.now });
    if (place.afterPlan !== null) return true;
  }
  if (!place.metrologyDone) {
    // In the step that took the last plans, or in the next one when that step went beside others.
    place.metrologyDone = true;
    await generateMesurTasks(tx);
    return true;
  }
  return markInSteps(place, (n) => notifyOverdue(tx, n), sizes.overdue);
}
