import type { Database } from '../../db/index.js';
import { getRow, readContext } from '../../platform/resources/read.js';
import { createRow } from '../../platform/resources/write.js';
import { type TenantTx, withTenant } from '../../platform/tenancy/tenant-tx.js';
import { repairEntity } from '../repair/resources.js';
import { adjustPoints, awardFor } from './ledger.js';
import { integralModelEntity, integralRuleEntity, integralSetEntity } from './resources.js';

/** event, urgency, timing, points, note */
const RULES: [string, string | null, string, number, string][] = [
  ['repairClosed', 'urgent', 'onTime', 15, '紧急维修按时完成'],
  ['repairClosed', 'high', 'onTime', 10, '高优先级维修按时完成'],
  ['repairClosed', 'normal', 'onTime', 5, '一般维修按时完成'],
  ['repairClosed', null, 'late', -5, '维修超时'],
  ['checkOnTime', null, 'onTime', 2, '点检保养按时完成'],
  ['abnormalityFound', null, 'any', 3, '每发现一项异常'],
  ['sparePartReturned', null, 'any', 2, '维修余料退库'],
];

/**
 * The demo factory's points: one model, a set for each work group from the start of the year, the points its
 * signed-off repair orders of the period earned by those rules (with history), and two adjustments by hand.
 */
async function fill(tx: TenantTx): Promise<void> {
  const model = await createRow(tx, await readContext(tx, integralModelEntity, 'zh'), {
    code: 'JF01',
    name: '维修保养积分',
    remark: '按工单紧急程度与时效计分',
  });
  const rules = await readContext(tx, integralRuleEntity, 'zh');
  for (const [event, urgency, timing, points, remark] of RULES)
    await createRow(tx, rules, { modelId: model.id, event, urgency, timing, points, remark });
  const year = new Date().getUTCFullYear();
  const groups = await tx.query<{ id: string; name: string }>(
    'select id, name from work_groups where tenant_id = $1 and deleted_at is null order by code',
    [tx.tenantId],
  );
  const sets = await readContext(tx, integralSetEntity, 'zh');
  for (const g of groups.rows)
    await createRow(tx, sets, {
      name: `${g.name} ${year} 年积分`,
      modelId: model.id,
      workgroupId: Number(g.id),
      startDate: `${year}-01-01`,
      endDate: `${year}-12-31`,
    });
  const orders = await tx.query<{ id: string }>(
    `select id from repair_orders where tenant_id = $1 and state = 'checked' and checked_at >= $2::date
      order by checked_at limit 2000`,
    [tx.tenantId, `${year}-01-01`],
  );
  const repairs = await readContext(tx, repairEntity, 'zh');
  for (const o of orders.rows) await awardFor(tx, repairEntity, await getRow(tx, repairs, Number(o.id)), 'zh');
  const people = await tx.query<{ user_id: string }>(
    'select user_id from work_group_members where tenant_id = $1 order by id limit 2',
    [tx.tenantId],
  );
  const [first, second] = people.rows.map((p) => Number(p.user_id));
  if (first) await adjustPoints(tx, { userId: first, points: 20, comment: '本月安全之星' }, 'zh');
  if (second) await adjustPoints(tx, { userId: second, points: -5, comment: '工具未归位' }, 'zh');
}

export async function fillIntegralDemo(db: Database, tenantId: number): Promise<void> {
  const admin = await db.query<{ id: number }>('select id from users where tenant_id = $1 order by id limit 1', [
    tenantId,
  ]);
  await withTenant(db, tenantId, admin.rows[0]?.id ?? null, fill);
}
