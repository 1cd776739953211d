import { AppError, businessError, notFound } from '../../platform/http/errors.js';
import type { Lang } from '../../platform/i18n/index.js';
import { assertPermitted, codesOf } from '../../platform/resources/permit.js';
import { findRow, getRow, readContext } from '../../platform/resources/read.js';
import type { FieldIssue, WireRow } from '../../platform/resources/types.js';
import { updateRow } from '../../platform/resources/write.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { runAction } from '../../platform/workflow/run.js';
import type { StepContext } from '../../platform/workflow/types.js';
import { type Findings, findingsText, SOURCE_OF_KIND } from '../repair/check-findings.js';
import { reportRepair } from '../repair/report.js';
import { judge } from './judge.js';
import { taskDetailEntity, taskEntity } from './resources.js';

/**
 * Maintenance (kind 3) of a machine whose category has qualified people is done by them only: a tenant
 * without qualifications for a category is not restricted. A route's task needs it for every machine on it.
 * A qualification that names a certificate (domains/qualification) holds while the certificate is valid.
 */
export async function assertQualified(tx: TenantTx, task: WireRow, userId: unknown): Promise<void> {
  if (Number(task.kind) !== 3 || !userId) return;
  const r = await tx.query<{ qualified: boolean }>(
    `select bool_or(q.user_id = $3 and (c.id is null or (c.state = 'valid' and coalesce(c.valid_until >= current_date, true))))
              as qualified
       from equipment e join maintain_qualifications q on q.tenant_id = e.tenant_id and q.category_id = e.category_id
        and (q.valid_until is null or q.valid_until >= current_date)
       left join maintain_certificates c on c.tenant_id = q.tenant_id and c.id = q.certificate_id
      where e.tenant_id = $1
        and (e.id = $2 or e.id in (select d.equipment_id from check_task_details d
                                    where $2::bigint is null and d.tenant_id = $1 and d.task_id = $4))
      group by e.category_id`,
    [tx.tenantId, task.equipmentId ?? null, userId, task.id],
  );
  if (r.rows.some((c) => !c.qualified)) throw businessError('check.errors.notQualified');
}

/** Only the assignee (or anyone, while nobody is) works on a task, and only a qualified one maintains. */
export async function guardExecutor(s: StepContext): Promise<FieldIssue[]> {
  if (s.row.assigneeId && Number(s.row.assigneeId) !== Number(s.tx.userId))
    throw businessError('check.errors.notAssignee', { name: s.row.assigneeName ?? '' });
  await assertQualified(s.tx, s.row, s.tx.userId);
  return [];
}

export async function guardNewAssignee(s: StepContext): Promise<FieldIssue[]> {
  await assertQualified(s.tx, s.row, s.input.assigneeId);
  return [];
}

/** Every item needs its answer before the task is done. */
export async function guardAnswered(s: StepContext): Promise<FieldIssue[]> {
  const r = await s.tx.query<{ name: string }>(
    `select name from check_task_details where tenant_id = $1 and task_id = $2 and answered_at is null
      order by sort, id limit 1`,
    [s.tx.tenantId, s.row.id],
  );
  if (r.rows[0]) throw businessError('check.errors.unanswered', { name: r.rows[0].name });
  return [];
}

export async function finishValues(s: StepContext): Promise<WireRow> {
  const now = new Date();
  const r = await s.tx.query<{ n: string }>(
    'select count(*) as n from check_task_details where tenant_id = $1 and task_id = $2 and abnormal',
    [s.tx.tenantId, s.row.id],
  );
  return {
    finishedAt: now.toISOString(),
    late: !!s.row.deadline && now > new Date(String(s.row.deadline)),
    abnormalCount: Number(r.rows[0]!.n),
  };
}

interface AbnormalItem {
  id: number;
  equipment_id: number | null;
  name: string;
  answer_type: string;
  answer: string | null;
  unit: string | null;
  raise_repair: boolean;
}

/**
 * One repair order for the machine listing the items, raised through the repair domain's own report. The order
 * keeps the findings as facts (task, items, answers): its phenomenon is written from them in each reader's
 * language; the text stored beside is the raiser's, for searches and readers of the bare column.
 */
async function raiseOrder(
  tx: TenantTx,
  lang: Lang,
  task: WireRow,
  equipmentId: unknown,
  items: AbnormalItem[],
): Promise<WireRow> {
  const findings: Findings = {
    taskCode: String(task.code),
    kind: Number(task.kind),
    items: items.map((i) => ({ name: i.name, answerType: i.answer_type, answer: i.answer, unit: i.unit })),
  };
  return reportRepair(
    tx,
    {
      equipmentId,
      source: SOURCE_OF_KIND[findings.kind] ?? 'check',
      urgency: 'normal',
      phenomenon: findingsText(findings, lang),
    },
    lang,
    tx.userId,
    null,
    { findings },
  );
}

/**
 * Abnormal items of a finished task: those that raise repairs make one order per machine (a route's task covers
 * several); the rest go to the danger pool.
 */
export async function afterFinish(s: StepContext, task: WireRow): Promise<void> {
  const r = await s.tx.query<AbnormalItem>(
    `select id, coalesce(equipment_id, $3) as equipment_id, name, answer_type, answer, unit, raise_repair
       from check_task_details
      where tenant_id = $1 and task_id = $2 and abnormal order by sort, id`,
    [s.tx.tenantId, task.id, task.equipmentId ?? null],
  );
  if (!r.rows.length) return;
  const ctx = await readContext(s.tx, taskDetailEntity, s.lang);
  const byMachine = new Map<string, AbnormalItem[]>();
  for (const i of r.rows.filter((x) => x.raise_repair)) {
    const key = String(i.equipment_id);
    byMachine.set(key, [...(byMachine.get(key) ?? []), i]);
  }
  const orderOf = new Map<string, unknown>();
  for (const [key, items] of byMachine)
    orderOf.set(key, (await raiseOrder(s.tx, s.lang, task, items[0]!.equipment_id, items)).id);
  for (const item of r.rows) {
    const values = item.raise_repair
      ? { repairOrderId: orderOf.get(String(item.equipment_id)), dangerState: 'repaired' }
      : { dangerState: 'open' };
    await updateRow(s.tx, ctx, item.id, values, { system: true });
  }
}

/** A lead raises a repair order for an item of the danger pool. */
export async function raiseFromDanger(s: StepContext, item: WireRow): Promise<void> {
  const task = await getRow(s.tx, await readContext(s.tx, taskEntity, s.lang), item.taskId);
  const order = await raiseOrder(s.tx, s.lang, task, item.equipmentId ?? task.equipmentId, [
    {
      id: Number(item.id),
      equipment_id: null,
      name: String(item.name),
      answer_type: String(item.answerType),
      answer: (item.answer as string) ?? null,
      unit: (item.unit as string) ?? null,
      raise_repair: true,
    },
  ]);
  await updateRow(s.tx, s.ctx, item.id, { repairOrderId: order.id }, { system: true });
}

/**
 * Records one item's answer, judged at once (abnormal shown red). The first answer starts a pending task
 * (as its workflow's start step); a task no longer open refuses.
 */
export async function answerItem(tx: TenantTx, body: WireRow, lang: Lang): Promise<WireRow> {
  const ctx = await readContext(tx, taskDetailEntity, lang);
  const item = await findRow(tx, ctx, body.id);
  if (!item) throw notFound();
  await assertPermitted(tx, taskDetailEntity, codesOf(taskDetailEntity, ['edit']), item);
  const taskCtx = await readContext(tx, taskEntity, lang);
  const lock = await tx.query<{ state: string; assignee_id: number | null }>(
    'select state, assignee_id from check_tasks where tenant_id = $1 and id = $2 for update',
    [tx.tenantId, item.taskId],
  );
  const state = lock.rows[0]?.state;
  const assignee = lock.rows[0]?.assignee_id;
  if (assignee && Number(assignee) !== Number(tx.userId)) throw businessError('check.errors.notAssignee', { name: '' });
  if (state === 'pending') await runAction(tx, taskEntity, 'start', item.taskId, {}, lang, { ctx: taskCtx });
  else if (state !== 'doing') throw businessError('check.errors.taskClosed');
  const photos = Array.isArray(body.photos) ? body.photos : [];
  const answer = body.answer === undefined || body.answer === null ? null : String(body.answer);
  const note = typeof body.note === 'string' && body.note.trim() ? body.note.trim() : null;
  if (answer && answer.length > 500) throw new AppError('business', 'check.errors.answerTooLong', {}, 'answer');
  if (note && note.length > 500) throw new AppError('business', 'check.errors.answerTooLong', {}, 'note');
  const j = judge(
    {
      answerType: String(item.answerType),
      lowerLimit: item.lowerLimit,
      upperLimit: item.upperLimit,
      choices: item.choices,
      abnormalChoices: item.abnormalChoices,
      photoRequired: item.photoRequired,
    },
    { answer, photos: photos.length },
  );
  if ('error' in j) throw new AppError('business', `check.errors.${j.error}`, j.params ?? {}, 'answer');
  return updateRow(
    tx,
    ctx,
    item.id,
    {
      answer: j.answer,
      answerNumber: j.answerNumber,
      abnormal: j.abnormal,
      note,
      photos,
      answeredAt: new Date().toISOString(),
    },
    { system: true },
  );
}
