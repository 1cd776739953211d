import { insertRecords } from '../../platform/resources/import-insert.js';
import { readContext } from '../../platform/resources/read.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { lineEntity, workshopEntity } from './resources.js';

/** The demo factory's plant: two workshops and their lines (codes are what the equipment demo refers to). */
export const demoPlant = [
  {
    workshopcode: 'WS01',
    workshopname: '机加工车间',
    lines: [
      { linecode: 'L0101', linename: '车削线' },
      { linecode: 'L0102', linename: '铣削线' },
      { linecode: 'L0103', linename: '磨削装配线' },
      { linecode: 'L0104', linename: '公用动力站' },
    ],
  },
  {
    workshopcode: 'WS02',
    workshopname: '注塑冲压车间',
    lines: [
      { linecode: 'L0201', linename: '注塑一线' },
      { linecode: 'L0202', linename: '注塑二线' },
      { linecode: 'L0203', linename: '冲压线' },
    ],
  },
];

/** Ids by code of a tenant's rows (the demo refers to what it created by code). */
export async function idsByCode(tx: TenantTx, table: string, column: string): Promise<Map<string, number>> {
  const r = await tx.query<{ id: number; code: string }>(
    `select id, "${column}" as code from "${table}" where tenant_id = $1`,
    [tx.tenantId],
  );
  return new Map(r.rows.map((x) => [x.code, x.id]));
}

/** Creates the demo workshops and lines in batches; returns line and workshop ids by code. */
export async function fillPlantDemo(tx: TenantTx): Promise<Map<string, { id: number; workshopId: number }>> {
  const org = await tx.query<{ id: number }>(
    'select id from organizations where tenant_id = $1 and parent_id is null order by id limit 1',
    [tx.tenantId],
  );
  await insertRecords(
    tx,
    await readContext(tx, workshopEntity, 'zh'),
    demoPlant.map((w, i) => ({
      workshopcode: w.workshopcode,
      workshopname: w.workshopname,
      organizationid: org.rows[0]?.id ?? null,
      ismul: 1,
      sort: i + 1,
    })),
  );
  const shops = await idsByCode(tx, workshopEntity.table, 'workshopcode');
  await insertRecords(
    tx,
    await readContext(tx, lineEntity, 'zh'),
    demoPlant.flatMap((w) => w.lines.map((l, j) => ({ ...l, workshopid: shops.get(w.workshopcode), sort: j + 1 }))),
  );
  const lines = await idsByCode(tx, lineEntity.table, 'linecode');
  const out = new Map<string, { id: number; workshopId: number }>();
  for (const w of demoPlant) {
    const workshopId = shops.get(w.workshopcode)!;
    out.set(w.workshopcode, { id: workshopId, workshopId });
    for (const l of w.lines) out.set(l.linecode, { id: lines.get(l.linecode)!, workshopId });
  }
  return out;
}
