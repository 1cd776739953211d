import { invalid } from '../../platform/http/errors.js';
import type { Lang } from '../../platform/i18n/index.js';
import { readContext } from '../../platform/resources/read.js';
import type { EntityDef, WireRow } from '../../platform/resources/types.js';
import { createRow } from '../../platform/resources/write.js';
import { planForReports, type TenantTx } from '../../platform/tenancy/tenant-tx.js';
import type { StepContext } from '../../platform/workflow/types.js';
import { integralLedgerEntity, type PointEvent } from './resources.js';

interface Earned {
  event: PointEvent;
  userId: number;
  /** How many times the rule's points count (the abnormalities a check found). */
  times: number;
  urgency: string | null;
  onTime: boolean;
}

const time = (v: unknown) => (typeof v === 'string' || v instanceof Date ? new Date(v).getTime() : Number.NaN);
const person = (v: unknown): number | null => (Number.isSafeInteger(Number(v)) && Number(v) > 0 ? Number(v) : null);

/** What a step earns, by the document and the state it reaches. */
function earned(entity: string, after: WireRow, acting: number | null): Earned[] {
  const out: Earned[] = [];
  if (entity === 'maintaintask' && after.state === 'checked') {
    const who = person(after.assigneeId);
    const due = time(after.planFinish ?? after.dueAt);
    const onTime = Number.isNaN(due) || time(after.finishedAt) <= due;
    if (who) out.push({ event: 'repairClosed', userId: who, times: 1, urgency: String(after.urgency ?? ''), onTime });
  }
  if (entity === 'checktask' && after.state === 'done') {
    const who = person(after.assigneeId) ?? acting;
    const due = time(after.deadline);
    const onTime = Number.isNaN(due) || time(after.finishedAt ?? new Date().toISOString()) <= due;
    if (who) {
      out.push({ event: 'checkOnTime', userId: who, times: 1, urgency: null, onTime });
      const found = Number(after.abnormalCount ?? 0);
      if (found > 0) out.push({ event: 'abnormalityFound', userId: who, times: found, urgency: null, onTime });
    }
  }
  if (entity === 'sparedoc' && after.state === 'posted' && after.reason === 'jobReturn') {
    const who = person(after.submitterId) ?? acting;
    if (who) out.push({ event: 'sparePartReturned', userId: who, times: 1, urgency: null, onTime: true });
  }
  return out;
}

/**
 * The workflow listener: a step that completes work writes its points to the ledger, by the rules of the model
 * that the person's work group has a set of on that day. One entry per rule, record and person.
 */
export async function awardPoints(step: StepContext, after: WireRow): Promise<void> {
  await awardFor(step.tx, step.ctx.model.def, after, step.lang);
}

/** The points a document's record has earned in its state, written once per rule, record and person. */
export async function awardFor(tx: TenantTx, def: EntityDef, after: WireRow, lang: Lang): Promise<void> {
  const earnings = earned(def.name, after, tx.userId);
  if (earnings.length === 0) return;
  let ctx: Awaited<ReturnType<typeof readContext>> | null = null;
  for (const e of earnings) {
    const rules = await tx.query<{ rule_id: string; points: number; set_id: string; workgroup_id: string }>(
      `select distinct on (r.id) r.id as rule_id, r.points, s.id as set_id, s.workgroup_id
         from work_group_members m
         join integral_sets s on s.tenant_id = m.tenant_id and s.workgroup_id = m.workgroup_id and s.state = 1
          and (now() at time zone coalesce((select timezone from companies where id = $1), 'UTC'))::date
              between s.start_date and s.end_date
         join integral_models md on md.tenant_id = s.tenant_id and md.id = s.model_id and md.state = 1
         join integral_rules r on r.tenant_id = md.tenant_id and r.model_id = md.id and r.event = $3
          and (r.urgency is null or r.urgency = $4)
          and (r.timing = 'any' or r.timing = $5)
        where m.tenant_id = $1 and m.user_id = $2
        order by r.id, s.id`,
      [tx.tenantId, e.userId, e.event, e.urgency, e.onTime ? 'onTime' : 'late'],
    );
    for (const r of rules.rows) {
      const taken = await tx.query(
        `select 1 from integral_ledger where tenant_id = $1 and rule_id = $2 and entity = $3 and record_id = $4
            and user_id = $5`,
        [tx.tenantId, r.rule_id, def.name, after.id, e.userId],
      );
      if (taken.rows.length) continue;
      ctx ??= await readContext(tx, integralLedgerEntity, lang);
      await createRow(
        tx,
        ctx,
        {
          occurredAt: new Date().toISOString(),
          userId: e.userId,
          workgroupId: Number(r.workgroup_id),
          points: r.points * e.times,
          reason: e.event,
          entity: def.name,
          recordId: Number(after.id),
          recordNo: String(after[def.codeField ?? def.nameField] ?? after.id).slice(0, 64),
          setId: Number(r.set_id),
          ruleId: Number(r.rule_id),
        },
        { system: true },
      );
    }
  }
}

export interface Adjustment {
  userId: number;
  points: number;
  comment: string;
}

/** A manual adjustment: its reason is required; the person's work group (the first) goes with it. */
export async function adjustPoints(tx: TenantTx, body: Adjustment, lang: Lang) {
  const comment = body.comment?.trim() ?? '';
  if (!comment) throw invalid('comment', 'integral.errors.reasonRequired');
  if (!body.points) throw invalid('points', 'integral.errors.zero');
  const user = await tx.query<{ id: string }>('select id from users where tenant_id = $1 and id = $2 and not deleted', [
    tx.tenantId,
    body.userId,
  ]);
  if (!user.rows[0]) throw invalid('userId', 'integral.errors.unknownPerson');
  const group = await tx.query<{ workgroup_id: string }>(
    'select workgroup_id from work_group_members where tenant_id = $1 and user_id = $2 order by id limit 1',
    [tx.tenantId, body.userId],
  );
  const ctx = await readContext(tx, integralLedgerEntity, lang);
  return createRow(
    tx,
    ctx,
    {
      occurredAt: new Date().toISOString(),
      userId: body.userId,
      workgroupId: group.rows[0] ? Number(group.rows[0].workgroup_id) : null,
      points: body.points,
      reason: 'manual',
      comment,
    },
    { system: true },
  );
}

export interface RankingQuery {
  month?: string;
  by?: 'person' | 'group';
  workgroupId?: number;
}

/** The month's points per person or per work group, ranked (ties share a rank), summed in SQL. */
export async function monthlyRanking(tx: TenantTx, q: RankingQuery) {
  const month = q.month ?? '';
  const m = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month);
  const tz = await tx.query<{ month: string }>(
    `select to_char(now() at time zone coalesce((select timezone from companies where id = $1), 'UTC'), 'YYYY-MM') as month`,
    [tx.tenantId],
  );
  if (month && !m) throw invalid('month', 'integral.errors.badMonth');
  const which = m ? month : tz.rows[0]!.month;
  await planForReports(tx);
  const byGroup = q.by === 'group';
  const r = await tx.query<{ key: string | null; name: string | null; points: string; entries: string; rank: string }>(
    `with zone as (select coalesce((select timezone from companies where id = $1), 'UTC') as tz),
     span as (select ($2 || '-01')::date::timestamp at time zone (select tz from zone) as t0,
                     (($2 || '-01')::date + interval '1 month')::timestamp at time zone (select tz from zone) as t1),
     sums as (
       select ${byGroup ? 'l.workgroup_id' : 'l.user_id'} as key, sum(l.points) as points, count(*) as entries
         from integral_ledger l, span
        where l.tenant_id = $1 and l.occurred_at >= span.t0 and l.occurred_at < span.t1
          and ($3::bigint is null or l.workgroup_id = $3)
        group by 1)
     select s.key, ${byGroup ? 'g.name' : 'u.peoplename'} as name, s.points, s.entries,
            rank() over (order by s.points desc) as rank
       from sums s
       ${
         byGroup
           ? 'left join work_groups g on g.tenant_id = $1 and g.id = s.key'
           : 'left join users u on u.tenant_id = $1 and u.id = s.key'
       }
      order by s.points desc, name nulls last
      limit 200`,
    [tx.tenantId, which, q.workgroupId ?? null],
  );
  return {
    month: which,
    by: byGroup ? 'group' : 'person',
    rows: r.rows.map((x) => ({
      id: x.key == null ? null : Number(x.key),
      name: x.name,
      points: Number(x.points),
      entries: Number(x.entries),
      rank: Number(x.rank),
    })),
  };
}
