import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';

/** Where a part lies in a warehouse: in no bin and batch, in exactly one (pre-filled), or in several (pick one). */
export type BinChoice =
  | { readonly kind: 'none' }
  | { readonly kind: 'one'; readonly binId: number | null; readonly batch: string | null }
  | { readonly kind: 'many' };

/** What a line names of where it takes from (either may be empty). */
export interface Place {
  readonly binId?: unknown;
  readonly batch?: unknown;
}

/** The bins and batches holding the part in the warehouse (in the bin and of the batch named, when named). */
export async function binChoice(
  tx: TenantTx,
  sparePartId: unknown,
  warehouseId: unknown,
  place: Place = {},
): Promise<BinChoice> {
  const r = await tx.query<{ bin_id: string | null; batch: string | null }>(
    `select bin_id, batch from spare_bin_stocks
      where tenant_id = $1 and spare_part_id = $2 and warehouse_id = $3 and quantity > 0
        and ($4::bigint is null or bin_id = $4) and ($5::text is null or coalesce(batch, '') = $5)
      order by quantity desc limit 2`,
    [tx.tenantId, sparePartId, warehouseId, place.binId || null, place.batch ? String(place.batch) : null],
  );
  if (!r.rows.length) return { kind: 'none' };
  if (r.rows.length > 1) return { kind: 'many' };
  const one = r.rows[0]!;
  return { kind: 'one', binId: one.bin_id === null ? null : Number(one.bin_id), batch: one.batch };
}

/**
 * The bin and batch a line missing one of them takes from. Posting takes from the place named exactly (no bin, no
 * batch included), so when nothing lies there the one place the part lies in (of what it names) is pre-filled;
 * `pick` names the field to choose when it lies in several.
 */
export async function placeOf(
  tx: TenantTx,
  sparePartId: unknown,
  warehouseId: unknown,
  place: Place,
): Promise<{ binId: unknown; batch: unknown; pick?: 'binId' | 'batch' }> {
  const named = { binId: place.binId || null, batch: place.batch || null };
  if (named.binId && named.batch) return named;
  const exact = await tx.query(
    `select 1 from spare_bin_stocks
      where tenant_id = $1 and spare_part_id = $2 and warehouse_id = $3 and quantity > 0
        and bin_id is not distinct from $4::bigint and coalesce(batch, '') = coalesce($5::text, '')`,
    [tx.tenantId, sparePartId, warehouseId, named.binId, named.batch],
  );
  if (exact.rows.length) return named;
  const choice = await binChoice(tx, sparePartId, warehouseId, named);
  if (choice.kind === 'many') return { ...named, pick: named.binId ? 'batch' : 'binId' };
  if (choice.kind === 'none') return named;
  return { binId: choice.binId, batch: named.batch ?? choice.batch };
}
