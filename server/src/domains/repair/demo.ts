import type { Database } from '../../db/index.js';
import { readContext } from '../../platform/resources/read.js';
import type { WireRow } from '../../platform/resources/types.js';
import { createRow, updateRow } from '../../platform/resources/write.js';
import { type TenantTx, withTenant } from '../../platform/tenancy/tenant-tx.js';
import { runAction } from '../../platform/workflow/run.js';
import { demoFillers } from '../../seed/index.js';
import { reportRepair } from './report.js';
import { labourEntity, repairEntity, repairSettingEntity } from './resources.js';

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

/**
 * A year of repair history for the demo factory, made through the same service as people's work (report,
 * dispatch, take, start, finish, check; some cancelled, the newest still open), then dated back: the step
 * times, the order numbers of their day and the derived minutes follow the dates. The notifications of the
 * history are not kept.
 */
export async function fillRepairHistory(db: Database, tenantId: number, orders = 120, days = 365): Promise<void> {
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
  if (!machines.rows.length || !techs.rows.length || !reasons.rows.length) return;
  const now = Date.now();
  const perDay = new Map<string, number>();
  const times = Array.from({ length: orders }, () => now - Math.floor(rnd() * days * 1440) * 60_000).sort(
    (a, b) => a - b,
  );
  for (const [i, reportedAt] of times.entries()) {
    const machine = pick(machines.rows);
    const tech = Number(pick(techs.rows).user_id);
    const reason = reasons.rows.find((r) => r.category_id === machine.category_id) ?? pick(reasons.rows);
    const recent = i >= orders - 4;
    const cancelled = !recent && rnd() < 0.05;
    const stopped = rnd() < 0.4;
    const respond = 5 + Math.floor(rnd() * 60);
    const work = 20 + Math.floor(rnd() * 300);
    const as = <T>(userId: number, fn: (tx: TenantTx) => Promise<T>) => withTenant(db, tenantId, userId, fn);
    const step = (tx: TenantTx, id: unknown, name: string, body: WireRow = {}) =>
      runAction(tx, repairEntity, name, id, body, 'zh', { system: true });
    const order = await as(adminId, (tx) =>
      reportRepair(
        tx,
        { equipmentId: machine.id, phenomenon: pick(PHENOMENA), urgency: pick(URGENCY), stopped },
        'zh',
        adminId,
      ),
    );
    const stamps: WireRow = {};
    if (cancelled) await as(adminId, (tx) => step(tx, order.id, 'cancel', { comment: '重复报修' }));
    else if (!recent || i % 2 === 0) {
      await as(adminId, (tx) => step(tx, order.id, 'dispatch', { assigneeId: tech }));
      stamps.dispatchedAt = iso(reportedAt + minutes(2));
    }
    if (!cancelled && !recent) {
      await as(tech, async (tx) => {
        await step(tx, order.id, 'accept');
        await step(tx, order.id, 'start');
        await createRow(tx, await readContext(tx, labourEntity, 'zh'), {
          orderId: order.id,
          userId: tech,
          hours: (work / 60).toFixed(2),
        });
        await step(tx, order.id, 'finish', {
          faultReasonId: reason.id,
          problemCode: pick(PROBLEM),
          causeCode: pick(CAUSE),
          remedyCode: pick(REMEDY),
        });
      });
      await as(adminId, (tx) => step(tx, order.id, 'check'));
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
    const day = iso(reportedAt).slice(0, 10).replace(/-/g, '');
    const seq = (perDay.get(day) ?? 0) + 1;
    perDay.set(day, seq);
    await as(adminId, async (tx) => {
      const ctx = await readContext(tx, repairEntity, 'zh');
      await updateRow(
        tx,
        ctx,
        order.id,
        { code: `WX${day}-${String(seq).padStart(4, '0')}`, reportedAt: iso(reportedAt), ...stamps },
        { system: true },
      );
      await tx.query(
        `update record_steps set created_at = $3::timestamptz + (id - (select min(id) from record_steps
            where tenant_id = $1 and entity = 'maintaintask' and record_id = $2)) * interval '10 minutes'
          where tenant_id = $1 and entity = 'maintaintask' and record_id = $2`,
        [tenantId, order.id, iso(reportedAt)],
      );
      await tx.query("delete from messages where tenant_id = $1 and type_code = 'repair'", [tenantId]);
    });
  }
}

demoFillers.push((db, tenantId, opts) =>
  opts?.history === false ? Promise.resolve() : fillRepairHistory(db, tenantId),
);
