import { readContext } from '../../platform/resources/read.js';
import type { WireRow } from '../../platform/resources/types.js';
import { createRow } from '../../platform/resources/write.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { placeOf } from './bins.js';
import { nextDocCode } from './documents.js';
import { postDoc } from './posting.js';
import { docEntity, lineEntity } from './resources.js';

/** A posted document of one line, made by the system for a repair order's part row (no approval: it is done). */
async function postedDoc(tx: TenantTx, type: 'issue' | 'receipt', part: WireRow, line: WireRow): Promise<WireRow> {
  const now = new Date().toISOString();
  const doc = await createRow(
    tx,
    await readContext(tx, docEntity, 'zh'),
    {
      code: await nextDocCode(tx, type),
      type,
      reason: type === 'issue' ? 'order' : 'jobReturn',
      warehouseId: part.warehouseId,
      orderId: part.orderId,
      state: 'posted',
      totalQuantity: part.quantity,
      submitterId: tx.userId,
      submittedAt: now,
      approverId: tx.userId,
      approvedAt: now,
      posterId: tx.userId,
      postedAt: now,
    },
    { system: true },
  );
  await createRow(
    tx,
    await readContext(tx, lineEntity, 'zh'),
    { docId: doc.id, sparePartId: part.sparePartId, quantity: part.quantity, ...line },
    { system: true },
  );
  return doc;
}

/**
 * Issues a part recorded on a repair order from its warehouse, at once: from its bin and batch, or from the one
 * the part lies in. Refused (nothing written) when not enough is available there.
 */
export async function issueOrderPart(tx: TenantTx, part: WireRow): Promise<void> {
  const { binId, batch } = await placeOf(tx, part.sparePartId, part.warehouseId, part);
  const doc = await postedDoc(tx, 'issue', part, { binId, batch });
  await postDoc(tx, 'zh', doc, { direct: true, partRowId: part.id });
}

/** Returns a removed part row's issue to where it came from, at the cost it was issued at. */
export async function returnOrderPart(tx: TenantTx, part: WireRow): Promise<void> {
  const doc = await postedDoc(tx, 'receipt', part, {
    unitCost: part.unitPrice ?? 0,
    binId: part.binId ?? null,
    batch: part.batch ?? null,
  });
  await postDoc(tx, 'zh', doc, { direct: true, undoIssue: true });
}
