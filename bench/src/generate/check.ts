import type { Database } from '../../../server/src/db/index.js';
import {
  planEntity,
  planMachineEntity,
  projectEntity,
  schemeDetailEntity,
  schemeEntity,
} from '../../../server/src/domains/check/resources.js';
import { insertRecords } from '../../../server/src/platform/resources/import-insert.js';
import { readContext } from '../../../server/src/platform/resources/read.js';
import type { EntityDef } from '../../../server/src/platform/resources/types.js';
import { type TenantTx, withTenant } from '../../../server/src/platform/tenancy/tenant-tx.js';
import { pad } from './random.js';

export interface CheckSize {
  /** Active plans, one machine each (the machines are the tenant's first ones by id). */
  plans: number;
  /** Schemes per kind, and items in each. */
  schemesPerKind: number;
  itemsPerScheme: number;
}

/** Plans go in transactions of this many rows. */
const CHUNK = 10_000;
const ANSWERS = ['number', 'passfail', 'choice', 'text', 'passfail'] as const;

const insert = async (tx: TenantTx, def: EntityDef, bodies: Record<string, unknown>[]) =>
  insertRecords(tx, await readContext(tx, def, 'zh'), bodies);

/** The cycle of plan g: most daily, a quarter weekly, the rest monthly (a believable plant's mix). */
const cycleOf = (g: number) => (g % 20 < 12 ? 'day' : g % 20 < 17 ? 'week' : 'month');

/**
 * Patrol, spot-check and maintenance work for a generated tenant through the engine's batched insert: items and
 * schemes per kind, and `plans` plans switched on, each on one machine, started 30 to 57 days ago so fixed
 * plans fall on every day of the week and month. Switching on is a column write here: the bench measures
 * generation, the check tests cover the switch.
 */
export async function fillCheckPlans(
  db: Database,
  tenantId: number,
  adminId: number,
  size: CheckSize,
  today: Date,
): Promise<{ plans: number; items: number }> {
  const scoped = <T>(fn: (tx: TenantTx) => Promise<T>) => withTenant(db, tenantId, adminId, fn);
  const schemes = await scoped(async (tx) => {
    const out: { id: number; kind: number }[] = [];
    for (const kind of [1, 2, 3]) {
      const items = Array.from({ length: size.itemsPerScheme * 2 }, (_, i) => {
        const answerType = ANSWERS[i % ANSWERS.length]!;
        return {
          kind,
          code: `B${kind}-${pad(i + 1, 3)}`,
          name: `检查项 ${kind}-${i + 1}`,
          part: '整机',
          answerType,
          ...(answerType === 'number' ? { unit: '°C', lowerLimit: '0', upperLimit: '80' } : {}),
          ...(answerType === 'choice' ? { choices: '正常,一般,异常', abnormalChoices: '异常' } : {}),
          raiseRepair: i % 3 === 0,
        };
      });
      await insert(tx, projectEntity, items);
      const projectIds = (
        await tx.query<{ id: number }>('select id from check_projects where tenant_id = $1 and kind = $2 order by id', [
          tx.tenantId,
          kind,
        ])
      ).rows.map((r) => Number(r.id));
      await insert(
        tx,
        schemeEntity,
        Array.from({ length: size.schemesPerKind }, (_, s) => ({
          kind,
          code: `S${kind}-${pad(s + 1, 3)}`,
          name: `方案 ${kind}-${s + 1}`,
        })),
      );
      const ids = (
        await tx.query<{ id: number }>('select id from check_schemes where tenant_id = $1 and kind = $2 order by id', [
          tx.tenantId,
          kind,
        ])
      ).rows.map((r) => Number(r.id));
      const details = ids.flatMap((schemeId, s) =>
        Array.from({ length: size.itemsPerScheme }, (_, i) => ({
          schemeId,
          projectId: projectIds[(s + i) % projectIds.length],
          sort: i + 1,
        })),
      );
      await insert(tx, schemeDetailEntity, details);
      out.push(...ids.map((id) => ({ id, kind })));
    }
    return out;
  });

  const machines = await scoped(async (tx) =>
    (
      await tx.query<{ id: number }>('select id from equipment where tenant_id = $1 order by id limit $2', [
        tx.tenantId,
        size.plans,
      ])
    ).rows.map((r) => Number(r.id)),
  );
  if (machines.length < size.plans) throw new Error(`${size.plans} plans need as many machines`);
  const dayMs = 86_400_000;
  for (let done = 0; done < size.plans; ) {
    // A small first chunk, then statistics: a connection plans its foreign-key checks once, and planned on an
    // empty table they scan every plan for each machine row (minutes for 50,000 plans).
    const n = Math.min(done === 0 ? 1_000 : CHUNK, size.plans - done);
    await scoped(async (tx) => {
      const plans = Array.from({ length: n }, (_, i) => {
        const g = done + i;
        const scheme = schemes[g % schemes.length]!;
        return {
          kind: scheme.kind,
          code: `P${pad(g + 1, 6)}`,
          name: `计划 ${g + 1}`,
          schemeId: scheme.id,
          cycle: cycleOf(g),
          every: 1,
          mode: 'fixed',
          startDate: new Date(today.getTime() - (30 + (g % 28)) * dayMs).toISOString().slice(0, 10),
          dueTime: `${pad(7 + (g % 10), 2)}:00`,
          durationHours: 24,
          assigneeId: adminId,
        };
      });
      await insert(tx, planEntity, plans);
      const ids = (
        await tx.query<{ id: number }>(
          'select id from check_plans where tenant_id = $1 and code >= $2 and code <= $3 order by code',
          [tx.tenantId, plans[0]!.code, plans.at(-1)!.code],
        )
      ).rows.map((r) => Number(r.id));
      await insert(
        tx,
        planMachineEntity,
        ids.map((planId, i) => ({ planId, equipmentId: machines[done + i] })),
      );
      await tx.query(
        "update check_plans set state = 'on', enabled_at = now() where tenant_id = $1 and id = any($2::bigint[])",
        [tx.tenantId, ids],
      );
    });
    if (done === 0) for (const table of ['check_plans', 'check_plan_machines']) await db.exec(`analyze "${table}"`);
    done += n;
  }
  return { plans: size.plans, items: schemes.length * size.itemsPerScheme };
}

/**
 * How a generated week of tasks was worked: nine in ten of those past their deadline done (a tenth left
 * missed), finished 1 to 30 hours after due (late when past the deadline), every item answered; about one
 * reading in 60 outside its limits, one check in 50 failed and one choice in 40 abnormal, counted on the task.
 * Set-based SQL, as for repair history: the check tests cover answering.
 */
export async function workCheckHistory(tx: TenantTx, now: Date): Promise<number> {
  // Three statements: a row written by one part of a statement cannot be written again by another.
  const done = await tx.query(
    `update check_tasks t set state = 'done', started_at = t.due_at + (t.id % 7) * interval '10 minutes',
            finished_at = t.due_at + (1 + t.id % 30) * interval '1 hour',
            late = t.due_at + (1 + t.id % 30) * interval '1 hour' > t.deadline
      where t.tenant_id = $1 and t.state = 'pending' and t.deadline < $2 and t.id % 10 <> 0`,
    [tx.tenantId, now.toISOString()],
  );
  await tx.query(
    `update check_task_details d set answered_at = t.finished_at,
            answer_number = case when d.answer_type = 'number' then 20 + d.id % 62 end,
            answer = case d.answer_type
              when 'passfail' then case when d.id % 50 = 0 then 'fail' else 'pass' end
              when 'choice' then case when d.id % 40 = 0 then '异常' else '正常' end
              when 'number' then (20 + d.id % 62)::text
              else '正常' end,
            abnormal = case d.answer_type
              when 'number' then 20 + d.id % 62 > coalesce(d.upper_limit, 1e9)
              when 'passfail' then d.id % 50 = 0
              when 'choice' then d.id % 40 = 0
              else false end
       from check_tasks t
      where d.tenant_id = $1 and t.tenant_id = $1 and t.id = d.task_id and t.state = 'done'
        and d.answered_at is null`,
    [tx.tenantId],
  );
  await tx.query(
    `update check_tasks t set abnormal_count = a.n
       from (select task_id, count(*)::int as n from check_task_details
              where tenant_id = $1 and abnormal group by task_id) a
      where t.tenant_id = $1 and t.id = a.task_id`,
    [tx.tenantId],
  );
  return done.rowCount;
}
