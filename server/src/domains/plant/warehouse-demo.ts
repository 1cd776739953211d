import type { Database } from '../../db/index.js';
import { insertRecords } from '../../platform/resources/import-insert.js';
import { readContext } from '../../platform/resources/read.js';
import { type TenantTx, withTenant } from '../../platform/tenancy/tenant-tx.js';
import { idsByCode } from './demo.js';
import { warehouseEntity, warehouseLineEntity } from './warehouses.js';

/** Shelf locations of the spare-parts store: code, name. */
const SPARE_LOCATIONS: [string, string][] = [
  ['A-01-01', 'A区1排1层 轴承'],
  ['A-01-02', 'A区1排2层 密封件'],
  ['A-02-01', 'A区2排1层 皮带与链条'],
  ['B-01-01', 'B区1排1层 液压阀'],
  ['B-01-02', 'B区1排2层 气动元件'],
  ['C-01-01', 'C区1排1层 电气元件'],
];

async function fill(tx: TenantTx): Promise<void> {
  const org = await tx.query<{ id: number }>(
    'select id from organizations where tenant_id = $1 and parent_id is null order by id limit 1',
    [tx.tenantId],
  );
  await insertRecords(tx, await readContext(tx, warehouseEntity, 'zh'), [
    {
      code: 'WH01',
      name: '备件仓库',
      type: 'spare',
      organizationId: org.rows[0]?.id ?? null,
      keeperId: tx.userId,
      address: '厂区北侧3号库房',
      remark: '设备维修备品备件',
    },
  ]);
  const warehouses = await idsByCode(tx, warehouseEntity.table, 'code');
  await insertRecords(
    tx,
    await readContext(tx, warehouseLineEntity, 'zh'),
    SPARE_LOCATIONS.map(([code, name]) => ({ warehouseId: warehouses.get('WH01'), code, name })),
  );
}

/** First start: the demo factory gets its spare-parts warehouse with shelf locations. */
export async function fillWarehouseDemo(db: Database, tenantId: number): Promise<void> {
  const admin = await db.query<{ id: number }>('select id from users where tenant_id = $1 order by id limit 1', [
    tenantId,
  ]);
  await withTenant(db, tenantId, admin.rows[0]?.id ?? null, fill);
}
