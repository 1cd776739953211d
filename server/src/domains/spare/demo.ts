import type { Database } from '../../db/index.js';
import { insertRecords } from '../../platform/resources/import-insert.js';
import { readContext } from '../../platform/resources/read.js';
import { updateRow } from '../../platform/resources/write.js';
import { type TenantTx, withTenant } from '../../platform/tenancy/tenant-tx.js';
import { runAction } from '../../platform/workflow/run.js';
import { sparePartEntity } from '../equipment/parts-resources.js';
import { saveDoc } from './documents.js';
import { docEntity, moveEntity, stockEntity } from './resources.js';

/** Common maintenance parts: code, name, specification, unit, category, price. */
const PARTS: [string, string, string, string, string, string][] = [
  ['SP-BRG-6205', '深沟球轴承', '6205-2RS', '个', '轴承', '18.50'],
  ['SP-BRG-6308', '深沟球轴承', '6308-ZZ', '个', '轴承', '46.00'],
  ['SP-SEAL-40', '骨架油封', 'TC 40×62×8', '个', '密封件', '6.80'],
  ['SP-BELT-A1200', '三角带', 'A-1200', '条', '皮带与链条', '22.00'],
  ['SP-VLV-4WE6', '电磁换向阀', '4WE6E-6X/EG24N9K4', '个', '液压阀', '680.00'],
  ['SP-CYL-32', '标准气缸', 'SC32×100', '个', '气动元件', '165.00'],
  ['SP-CTR-D25', '交流接触器', 'LC1-D25M7C', '个', '电气元件', '135.00'],
  ['SP-FUSE-10', '熔断器芯', 'RT18-32 10A', '个', '电气元件', '2.50'],
];

/** The demo catalogue of spare parts, when the factory has none yet. */
async function fillCatalogue(tx: TenantTx): Promise<void> {
  const has = await tx.query('select 1 from spare_parts where tenant_id = $1 limit 1', [tx.tenantId]);
  if (has.rows.length) return;
  await insertRecords(
    tx,
    await readContext(tx, sparePartEntity, 'zh'),
    PARTS.map(([code, name, specification, unit, category, price]) => ({
      code,
      name,
      specification,
      unit,
      category,
      price,
      safetyStock: '5.00',
    })),
  );
}

const step = (tx: TenantTx, id: unknown, name: string) =>
  runAction(tx, docEntity, name, id, {}, 'zh', { system: true });

/** Submit, approve and post a saved draft (the demo has no approver waiting). */
async function postAll(tx: TenantTx, id: unknown): Promise<void> {
  for (const name of ['submit', 'approve', 'post']) await step(tx, id, name);
}

/**
 * The demo store: an opening purchase of every catalogue part into the spare warehouse (bins in turn), levels
 * for them, and a few issues; with history on, a year of monthly receipts and issues, dated back.
 */
export async function fillSpareDemo(db: Database, tenantId: number, history: boolean): Promise<void> {
  const admin = await db.query<{ id: number }>('select id from users where tenant_id = $1 order by id limit 1', [
    tenantId,
  ]);
  const adminId = Number(admin.rows[0]?.id);
  if (!adminId) return;
  await withTenant(db, tenantId, adminId, async (tx) => {
    const wh = await tx.query<{ id: number }>(
      "select id from warehouses where tenant_id = $1 and type = 'spare' and deleted_at is null order by id limit 1",
      [tenantId],
    );
    const warehouseId = wh.rows[0]?.id;
    if (!warehouseId) return;
    const bins = (
      await tx.query<{ id: number }>(
        'select id from warehouse_lines where tenant_id = $1 and warehouse_id = $2 and deleted_at is null order by code',
        [tenantId, warehouseId],
      )
    ).rows.map((r) => r.id);
    await fillCatalogue(tx);
    const parts = (
      await tx.query<{ id: number; price: string | null }>(
        'select id, price from spare_parts where tenant_id = $1 and deleted_at is null order by code limit 12',
        [tenantId],
      )
    ).rows;
    if (!parts.length) return;
    const binOf = (i: number) => (bins.length ? bins[i % bins.length] : null);
    const costOf = (p: { price: string | null }) => p.price ?? '10.00';
    // A year of history is a purchase and an issue each quarter (kept small: every demo factory makes it).
    const months = history ? [12, 9, 6, 3] : [1];
    for (const m of months) {
      const receipt = await saveDoc(tx, 'zh', {
        type: 'receipt',
        reason: 'purchase',
        warehouseId,
        remark: '采购入库',
        lines: parts.map((p, i) => ({ sparePartId: p.id, quantity: 20, unitCost: costOf(p), binId: binOf(i) })),
      });
      await postAll(tx, receipt.id);
      const issue = await saveDoc(tx, 'zh', {
        type: 'issue',
        reason: 'costCentre',
        costCentre: 'CC-100',
        warehouseId,
        remark: '维修领用',
        lines: parts.slice(0, 4).map((p, i) => ({ sparePartId: p.id, quantity: 3 + (m % 4), binId: binOf(i) })),
      });
      await postAll(tx, issue.id);
      if (history) {
        const at = new Date(Date.now() - m * 30 * 86_400_000).toISOString();
        const docs = await readContext(tx, docEntity, 'zh');
        const moves = await readContext(tx, moveEntity, 'zh');
        for (const id of [receipt.id, issue.id]) {
          await updateRow(
            tx,
            docs,
            id,
            { docDate: at, submittedAt: at, approvedAt: at, postedAt: at },
            { system: true },
          );
          const ids = await tx.query<{ id: number }>(
            'select id from spare_moves where tenant_id = $1 and doc_id = $2',
            [tenantId, id],
          );
          for (const r of ids.rows) await updateRow(tx, moves, r.id, { movedAt: at }, { system: true });
        }
      }
    }
    const levels = await readContext(tx, stockEntity, 'zh');
    const rows = await tx.query<{ id: number }>('select id from spare_stocks where tenant_id = $1 order by id', [
      tenantId,
    ]);
    for (const [i, r] of rows.rows.entries()) {
      // Every fourth part is kept short, so the stock list and the reorder list have something to show.
      const min = i % 4 === 0 ? 250 : 5;
      await updateRow(tx, levels, r.id, { minQty: min, maxQty: min * 2 });
    }
    await tx.query("delete from messages where tenant_id = $1 and type_code in ('sparedoc', 'sparestock')", [tenantId]);
  });
}
