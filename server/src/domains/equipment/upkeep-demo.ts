import type { Database } from '../../db/index.js';
import { insertRecords } from '../../platform/resources/import-insert.js';
import { readContext } from '../../platform/resources/read.js';
import { type TenantTx, withTenant } from '../../platform/tenancy/tenant-tx.js';
import { maintenanceResourceEntity, partMaintenanceEntity } from './upkeep-resources.js';

/** part, content, cycle in days, days since last done (some past their cycle, so the overdue rows show). */
const PARTS: [string, string, number, number][] = [
  ['主轴轴承', '加注润滑脂', 30, 41],
  ['导轨', '清洁并涂防锈油', 7, 3],
  ['液压油', '检测油质，必要时更换', 90, 95],
  ['冷却液过滤器', '更换滤芯', 60, 12],
  ['皮带', '检查张紧度与磨损', 30, 20],
];

/** code, name, kind, quantity, days until calibration due (negative: overdue), location */
const RESOURCES: [string, string, string, number, number | null, string][] = [
  ['TL-001', '扭力扳手 20-100N·m', 'instrument', 2, 45, '维修工具间A柜'],
  ['TL-002', '数显游标卡尺 0-150mm', 'instrument', 4, -10, '维修工具间A柜'],
  ['TL-003', '百分表及磁力表座', 'instrument', 2, 120, '维修工具间B柜'],
  ['TL-010', '内六角扳手组', 'tool', 6, null, '维修工具间B柜'],
  ['TL-011', '液压千斤顶 5t', 'tool', 1, null, '设备维修区'],
  ['CS-001', '锂基润滑脂 0.8kg', 'consumable', 24, null, '备件库2号货架'],
];

const isoDay = (offset: number): string => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function fill(tx: TenantTx): Promise<void> {
  const machines = await tx.query<{ id: number }>(
    `select id from equipment where tenant_id = $1 and deleted_at is null order by code limit 4`,
    [tx.tenantId],
  );
  await insertRecords(
    tx,
    await readContext(tx, partMaintenanceEntity, 'zh'),
    machines.rows.flatMap((m, i) =>
      PARTS.slice(i % 2, (i % 2) + 4).map(([partName, content, cycleDays, since]) => ({
        equipmentId: m.id,
        partName,
        content,
        cycleDays,
        lastDate: isoDay(-since - i),
      })),
    ),
  );
  await insertRecords(
    tx,
    await readContext(tx, maintenanceResourceEntity, 'zh'),
    RESOURCES.map(([code, name, kind, quantity, due, location]) => ({
      code,
      name,
      kind,
      quantity,
      location,
      calibrationDue: due === null ? null : isoDay(due),
    })),
  );
}

/** First start: a parts maintenance table for a few machines (some overdue) and the maintenance tool room. */
export async function fillUpkeepDemo(db: Database, tenantId: number): Promise<void> {
  const admin = await db.query<{ id: number }>('select id from users where tenant_id = $1 order by id limit 1', [
    tenantId,
  ]);
  await withTenant(db, tenantId, admin.rows[0]?.id ?? null, fill);
}
