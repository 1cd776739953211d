import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';

export interface PartStock {
  /** The moving-average cost (of the warehouse; over all warehouses, weighted by what they hold, without one). */
  avgCost: string | null;
  /** On hand less what approved documents hold. */
  available: string;
  /** The bins and batches holding the part in the warehouse (the choices of where to take it from). */
  bins: { value: number | null; batch: string | null; label: string; quantity: string }[];
}

/** What a repair order's part form shows of a part: the price it will be issued at, what is there, and where. */
export async function partStock(tx: TenantTx, sparePartId: number, warehouseId: number | null): Promise<PartStock> {
  const s = await tx.query<{ avg_cost: string | null; available: string | null }>(
    `select case when sum(on_hand) > 0 then round(sum(on_hand * avg_cost) / sum(on_hand), 4)
                 else round(max(avg_cost), 4) end as avg_cost,
            coalesce(sum(on_hand - reserved), 0)::numeric(14, 2) as available
       from spare_stocks where tenant_id = $1 and spare_part_id = $2 and ($3::bigint is null or warehouse_id = $3)`,
    [tx.tenantId, sparePartId, warehouseId],
  );
  const bins = warehouseId
    ? await tx.query<{
        bin_id: string | null;
        batch: string | null;
        code: string | null;
        name: string | null;
        quantity: string;
      }>(
        `select b.bin_id, b.batch, l.code, l.name, b.quantity from spare_bin_stocks b
           left join warehouse_lines l on l.tenant_id = b.tenant_id and l.id = b.bin_id
          where b.tenant_id = $1 and b.spare_part_id = $2 and b.warehouse_id = $3 and b.quantity > 0
          order by l.code nulls first, b.batch nulls first limit 200`,
        [tx.tenantId, sparePartId, warehouseId],
      )
    : { rows: [] };
  return {
    avgCost: s.rows[0]?.avg_cost ?? null,
    available: s.rows[0]?.available ?? '0.00',
    bins: bins.rows.map((b) => ({
      value: b.bin_id === null ? null : Number(b.bin_id),
      batch: b.batch,
      label: [b.code && `${b.code} ${b.name ?? ''}`.trim(), b.batch].filter(Boolean).join(' · '),
      quantity: b.quantity,
    })),
  };
}
