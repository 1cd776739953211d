import { describe, expect, it } from 'vitest';
import { cardLayout } from './card-title';
import type { EntityMeta } from './types';

const meta = (nameField: string, codeField: string | undefined, fields: [string, boolean][]) =>
  ({
    nameField,
    codeField,
    fields: fields.map(([name, required]) => ({ name, required, list: true })),
  }) as unknown as EntityMeta;

describe("a row card's title", () => {
  it('is the name and code of an entity that has them', () => {
    const m = meta('name', 'code', [
      ['code', true],
      ['name', true],
      ['model', false],
    ]);
    expect(cardLayout(m, {})).toEqual({ title: ['name', 'code'], fields: ['model'] });
  });

  it('is the first required field when the name may be empty and there is no code (a stock row: its part)', () => {
    const m = meta('remark', undefined, [
      ['sparePartId', true],
      ['warehouseId', true],
      ['onHand', false],
      ['remark', false],
    ]);
    expect(cardLayout(m, {})).toEqual({ title: ['sparePartId', 'remark'], fields: ['warehouseId', 'onHand'] });
    // Fixed by the page (a nested list): the next required one.
    expect(cardLayout(m, { sparePartId: 1 }).title).toEqual(['warehouseId', 'remark']);
  });
});
