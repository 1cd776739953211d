import { businessError } from '../../platform/http/errors.js';
import type { EntityHooks, FieldIssue, WireRow } from '../../platform/resources/types.js';
import { childHooks } from '../repair/rules.js';
import { placeOf } from './bins.js';
import { issueOrderPart, returnOrderPart } from './order-parts.js';

const lineHooks = childHooks('repair_parts');

/** What an issued part row holds of its issue: changed only by removing the row and recording it again. */
const ISSUED = ['sparePartId', 'fromStock', 'warehouseId', 'binId', 'batch', 'quantity', 'unitPrice'] as const;
const same = (a: unknown, b: unknown) =>
  (a ?? null) === (b ?? null) || (a != null && b != null && String(a) !== '' && Number(a) === Number(b));
const fromStock = (row: WireRow) => row.fromStock !== false;

/**
 * Parts used on a repair order move the stock: a row from stock is issued from its warehouse when it is
 * recorded (its bin pre-filled when the part lies in one, else to be picked), removing it returns it; a row not
 * from stock moves nothing. The order's costs follow every change (childHooks).
 */
export const partHooks: EntityHooks = {
  async check(tx, row, existing) {
    if (existing?.docId) {
      if (ISSUED.some((f) => f in row && !same(row[f], existing[f]))) throw businessError('repair.errors.partIssued');
      return [];
    }
    if (!fromStock(row)) return [];
    const issues: FieldIssue[] = [];
    if (!row.warehouseId) issues.push({ field: 'warehouseId', key: 'required' });
    else {
      const { pick } = await placeOf(tx, row.sparePartId, row.warehouseId, row);
      if (pick) issues.push({ field: pick, key: 'required' });
    }
    return issues;
  },
  async afterWrite(tx, before, after, body) {
    if (fromStock(after) && !after.docId) await issueOrderPart(tx, after);
    else await lineHooks.afterWrite!(tx, before, after, body);
  },
  async beforeDelete(tx, rows) {
    await lineHooks.beforeDelete!(tx, rows);
    for (const r of rows) if (r.docId) await returnOrderPart(tx, r);
  },
};
