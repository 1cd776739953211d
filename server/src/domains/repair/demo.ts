import type { Database } from '../../db/index.js';
import { getRow, readContext } from '../../platform/resources/read.js';
import type { WireRow } from '../../platform/resources/types.js';
import { createRow, updateRow } from '../../platform/resources/write.js';
import { TenantTx, withTenant } from '../../platform/tenancy/tenant-tx.js';
import { runAction } from '../../platform/workflow/run.js';
import { keepAsExperience } from './experience.js';
import { reportRepair } from './report.js';
import { labourEntity, repairEntity, repairSettingEntity } from './resources.js';
import { nextCode } from './rules.js';

const PHENOMENA = [
  '主轴异响',
  '液压站油温过高报警',
  '伺服驱动器报警 AL.16',
  '气缸动作缓慢',
  '冷却泵不出水',
  '导轨润滑不足报警',
  '夹具定位销磨损',
  '急停按钮失灵',
  '皮带打滑',
  '焊枪送丝不畅',
];
const REMEDY = ['replace', 'adjust', 'clean', 'weld', 'reset'];
const PROBLEM = ['wear', 'leak', 'noise', 'overheat', 'nopower', 'alarm'];
const CAUSE = ['aging', 'misuse', 'lubrication', 'design', 'external'];
const URGENCY = ['urgent', 'high', 'normal', 'normal', 'normal'];

/** A small deterministic generator, so every demo factory has the same history. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

const minutes = (m: number) => m * 60_000;
const iso = (t: number) => new Date(t).toISOString();

/** The same transaction acting for another user (the audit, the assignee checks and permissions follow it). */
async function actingAs(tx: TenantTx, userId: number): Promise<TenantTx> {
  await tx.query("select set_config('app.user_id', $1, true)", [String(userId)]);
  return new TenantTx(tx.tx, tx.tenantId, userId, tx.memo);
}

export interface RepairHistoryOptions {
  orders?: number;
  days?: number;
  /** Continue after the orders the tenant already has (a seed cut short): each order is one transaction. */
  resume?: boolean;
}

/** Every how many checked orders one is kept in the experience base. */
const KEEP_EVERY = 5;

/**
 * A year of repair history for the demo factory, made through the same service as people's work (report,
 * dispatch, take, start, finish, check; some cancelled, the newest still open; every fifth checked order kept in
 * the experience base), then dated back: the step times, the order numbers of their day and the derived minutes
 * follow the dates. The notifications of the history are not kept. Each order is one transaction.
 */
export async function fillRepairHistory(
  db: Database,
  tenantId: number,
  { orders = 120, days = 365, resume = false }: RepairHistoryOptions = {},
): Promise<void> {
  const rnd = random(20_261_122);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const admin = await db.query<{ id: number }>('select id from users where tenant_id = $1 order by id limit 1', [
    tenantId,
  ]);
  const adminId = Number(admin.rows[0]!.id);
  await withTenant(db, tenantId, adminId, async (tx) => {
    const has = await tx.query('select 1 from repair_settings where tenant_id = $1', [tenantId]);
    if (!has.rows.length)
      await createRow(tx, await readContext(tx, repairSettingEntity, 'zh'), { hourlyRate: '80.00' });
  });
  const machines = await db.query<{ id: number; category_id: number | null }>(
    'select id, category_id from equipment where tenant_id = $1 and deleted_at is null order by id limit 60',
    [tenantId],
  );
  const techs = await db.query<{ user_id: number }>(
    'select distinct user_id from work_group_members where tenant_id = $1 order by user_id',
    [tenantId],
  );
  const reasons = await db.query<{ id: number; category_id: number }>(
    'select id, category_id from fault_reasons where tenant_id = $1 and deleted_at is null',
    [tenantId],
  );
  if (!machines.rows.length || !techs.rows.length || !reasons.rows.length)
    throw new Error(`the demo repair history needs machines, technicians and fault reasons (tenant ${tenantId})`);
  const made = resume
    ? Number(
        (await db.query<{ n: number }>('select count(*)::int as n from repair_orders where tenant_id = $1', [tenantId]))
          .rows[0]!.n,
      )
    : 0;
  const now = Date.now();
  const times = Array.from({ length: orders }, () => now - Math.floor(rnd() * days * 1440) * 60_000).sort(
    (a, b) => a - b,
  );
  let kept = 0;
  for (const [i, reportedAt] of times.entries()) {
    const machine = pick(machines.rows);
    const tech = Number(pick(techs.rows).user_id);
    const reason = reasons.rows.find((r) => r.category_id === machine.category_id) ?? pick(reasons.rows);
    const recent = i >= orders - 4;
    const cancelled = !recent && rnd() < 0.05;
    const stopped = rnd() < 0.4;
    const respond = 5 + Math.floor(rnd() * 60);
    const work = 20 + Math.floor(rnd() * 300);
    const phenomenon = pick(PHENOMENA);
    const urgency = pick(URGENCY);
    const codes = { problemCode: pick(PROBLEM), causeCode: pick(CAUSE), remedyCode: pick(REMEDY) };
    const keep = !cancelled && !recent && kept++ % KEEP_EVERY === 0;
    if (i < made) continue;
    await withTenant(db, tenantId, adminId, async (tx) => {
      const step = (as: TenantTx, id: unknown, name: string, body: WireRow = {}) =>
        runAction(as, repairEntity, name, id, body, 'zh', { system: true });
      const order = await reportRepair(tx, { equipmentId: machine.id, phenomenon, urgency, stopped }, 'zh', adminId);
      const stamps: WireRow = {};
      if (cancelled) await step(tx, order.id, 'cancel', { comment: '重复报修' });
      else if (!recent || i % 2 === 0) {
        await step(tx, order.id, 'dispatch', { assigneeId: tech });
        stamps.dispatchedAt = iso(reportedAt + minutes(2));
      }
      if (!cancelled && !recent) {
        const as = await actingAs(tx, tech);
        await step(as, order.id, 'accept');
        await step(as, order.id, 'start');
        await createRow(as, await readContext(as, labourEntity, 'zh'), {
          orderId: order.id,
          userId: tech,
          hours: (work / 60).toFixed(2),
        });
        await step(as, order.id, 'finish', { faultReasonId: reason.id, ...codes });
        await step(await actingAs(tx, adminId), order.id, 'check');
        Object.assign(stamps, {
          acceptedAt: iso(reportedAt + minutes(respond)),
          startedAt: iso(reportedAt + minutes(respond + 5)),
          finishedAt: iso(reportedAt + minutes(respond + 5 + work)),
          checkedAt: iso(reportedAt + minutes(respond + 5 + work + 30)),
          responseMinutes: respond,
          repairMinutes: work,
          downtimeMinutes: stopped ? respond + 5 + work : 0,
        });
      }
      const ctx = await readContext(tx, repairEntity, 'zh');
      await updateRow(
        tx,
        ctx,
        order.id,
        {
          // The day's next number among the orders already dated to it (this run's, or a run cut short).
          code: await nextCode(tx, new Date(reportedAt)),
          reportedAt: iso(reportedAt),
          ...stamps,
        },
        { system: true },
      );
      await tx.query(
        `update record_steps set created_at = $3::timestamptz + (id - (select min(id) from record_steps
            where tenant_id = $1 and entity = 'maintaintask' and record_id = $2)) * interval '10 minutes'
          where tenant_id = $1 and entity = 'maintaintask' and record_id = $2`,
        [tenantId, order.id, iso(reportedAt)],
      );
      if (keep) await keepAsExperience(tx, await getRow(tx, ctx, order.id), 'zh');
      await tx.query("delete from messages where tenant_id = $1 and type_code = 'repair'", [tenantId]);
    });
  }
}
