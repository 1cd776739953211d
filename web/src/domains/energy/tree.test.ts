import { describe, expect, it } from 'vitest';
import type { RollupRow } from './api';
import { meterTree } from './tree';

const row = (id: number, parentId: number | null, code: string): RollupRow => ({
  id,
  parentId,
  code,
  name: code,
  energyType: 'electricity',
  unit: 'kWh',
  quantity: '0',
  cost: null,
  subMeters: 0,
  childrenQuantity: '0',
  unmetered: null,
});

describe('meter tree', () => {
  it('puts sub-meters under their parent, and a meter whose parent is not listed at the top', () => {
    const { roots, flat } = meterTree([row(1, null, 'A'), row(2, 1, 'A1'), row(3, 2, 'A11'), row(4, 99, 'B')]);
    expect(roots.map((r) => r.code)).toEqual(['A', 'B']);
    expect(flat.map((r) => [r.code, r.depth])).toEqual([
      ['A', 0],
      ['A1', 1],
      ['A11', 2],
      ['B', 0],
    ]);
  });
});
