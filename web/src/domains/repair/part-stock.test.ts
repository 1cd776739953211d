import { describe, expect, it } from 'vitest';
import { type PartStock, placeKey, placeOfKey, prefill } from './part-stock';

const stock = (bins: PartStock['bins'], avgCost: string | null = '18.5000'): PartStock => ({
  avgCost,
  available: '10.00',
  bins,
});
const bin = (value: number | null, batch: string | null = null) => ({ value, batch, label: '', quantity: '1.00' });

describe("a repair order's part form", () => {
  it("pre-fills the unit price from the part's average cost, unless the user typed one", () => {
    expect(prefill(stock([]), {}, false).unitPrice).toBe('18.5000');
    expect(prefill(stock([]), { unitPrice: '3' }, true).unitPrice).toBeUndefined();
    expect(prefill(stock([], null), {}, false).unitPrice).toBeUndefined();
  });

  it('pre-fills the place when the part lies in one; keeps a chosen place that still holds it; else clears it', () => {
    expect(prefill(stock([bin(7, 'L1')]), {}, false).place).toBe('7|L1');
    expect(prefill(stock([bin(7), bin(8)]), { place: '8|' }, false)).not.toHaveProperty('place');
    expect(prefill(stock([bin(7), bin(8)]), { place: '9|' }, false)).toEqual({
      unitPrice: '18.5000',
      place: undefined,
    });
    expect(placeOfKey(placeKey(7, 'L1'))).toEqual({ binId: 7, batch: 'L1' });
    expect(placeOfKey(placeKey(null, null))).toEqual({ binId: null, batch: null });
  });
});
