import { notFound } from '../../platform/http/errors.js';
import type { Lang } from '../../platform/i18n/index.js';
import { readContext } from '../../platform/resources/read.js';
import type { WireRow } from '../../platform/resources/types.js';
import { createRow, updateRow } from '../../platform/resources/write.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { recordStep } from '../../platform/workflow/steps.js';
import { fieldError } from './errors.js';
import { orderEntity } from './orders.js';

/** Hundredths, so 33.33 + 33.33 + 33.34 adds up to 100 exactly. */
const cents = (v: unknown) => Math.round(Number(v) * 100);

export const MAX_PARTS = 50;

/**
 * Splits a planned order into several (spec work-order split): the order keeps the first quantity, each further
 * quantity becomes a new planned order (code -1, -2 … after the original's, same product, due day, priority,
 * routing and BOM, `parentId` the original). The quantities must add up to the order's; all in the caller's
 * transaction with the order locked, so nothing is half split and two splits at once cannot both happen.
 */
export async function splitOrder(
  tx: TenantTx,
  lang: Lang,
  id: number,
  quantities: readonly unknown[],
): Promise<WireRow[]> {
  const lock = await tx.query<{ state: string; quantity: string }>(
    'select state, quantity::text as quantity from work_orders where tenant_id = $1 and id = $2 for update',
    [tx.tenantId, id],
  );
  const locked = lock.rows[0];
  if (!locked) throw notFound();
  if (locked.state !== 'planned') throw fieldError('id', 'splitNotPlanned');
  if (quantities.length < 2 || quantities.length > MAX_PARTS)
    throw fieldError('quantities', 'splitParts', { max: MAX_PARTS });
  if (
    quantities.some((q) => !Number.isFinite(Number(q)) || cents(q) <= 0 || Math.abs(cents(q) - Number(q) * 100) > 1e-6)
  )
    throw fieldError('quantities', 'splitPositive');
  const total = quantities.reduce<number>((s, q) => s + cents(q), 0);
  if (total !== cents(locked.quantity))
    throw fieldError('quantities', 'splitSum', { sum: (total / 100).toString(), quantity: Number(locked.quantity) });

  const ctx = await readContext(tx, orderEntity, lang);
  const first = await updateRow(tx, ctx, id, { quantity: Number(quantities[0]) }, { system: true });
  const codes = await tx.query<{ code: string }>('select code from work_orders where tenant_id = $1 and code like $2', [
    tx.tenantId,
    `${String(first.code).replace(/[\\%_]/g, '\\$&')}-%`,
  ]);
  const taken = new Set(codes.rows.map((r) => r.code));
  const parts: WireRow[] = [first];
  let n = 1;
  for (const q of quantities.slice(1)) {
    while (taken.has(`${first.code}-${n}`)) n++;
    const code = `${first.code}-${n++}`;
    parts.push(
      await createRow(
        tx,
        ctx,
        {
          code,
          materialId: first.materialId,
          quantity: Number(q),
          dueDate: first.dueDate,
          priority: first.priority,
          workshopId: first.workshopId,
          routingId: first.routingId,
          bomId: first.bomId,
          parentId: id,
          remark: first.remark,
        },
        { system: true },
      ),
    );
  }
  await recordStep(tx, orderEntity, id, 'split', 'planned', 'planned', null, {
    quantities: quantities.map(Number),
    codes: parts.map((p) => p.code),
  });
  return parts;
}
