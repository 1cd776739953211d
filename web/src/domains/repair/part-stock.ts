import { type Envelope, http } from '../../platform/http/client';

/** A part's stock as its order form reads it (GET maintaintask/part/stock). */
export interface PartStock {
  avgCost: string | null;
  available: string;
  bins: { value: number | null; batch: string | null; label: string; quantity: string }[];
}

export const fetchPartStock = async (sparePartId: number, warehouseId?: number | null) =>
  (
    await http.get<Envelope<PartStock>>('/api-manage/maintaintask/part/stock', {
      sparePartId,
      ...(warehouseId ? { warehouseId } : {}),
    })
  ).data;

/** A place (bin and batch) as one choice of a select. */
export const placeKey = (bin: number | null | undefined, batch: string | null | undefined) =>
  `${bin ?? ''}|${batch ?? ''}`;

export function placeOfKey(key: string | undefined): { binId: number | null; batch: string | null } {
  const [bin = '', batch = ''] = (key ?? '').split('|');
  return { binId: bin ? Number(bin) : null, batch: batch || null };
}

/**
 * What the form fills when the part or warehouse changes: the unit price from the average cost unless the user
 * typed one, and the place when the part lies in exactly one.
 */
export function prefill(
  stock: PartStock,
  current: { unitPrice?: unknown; place?: string },
  typedPrice: boolean,
): { unitPrice?: string; place?: string } {
  const out: { unitPrice?: string; place?: string } = {};
  if (!typedPrice && stock.avgCost !== null) out.unitPrice = stock.avgCost;
  const only = stock.bins.length === 1 ? stock.bins[0]! : null;
  const known = stock.bins.some((b) => placeKey(b.value, b.batch) === current.place);
  if (!known) out.place = only ? placeKey(only.value, only.batch) : undefined;
  return out;
}
