import { describe, expect, it } from 'vitest';
import { declaredEntities } from './declared.js';
import { staticModel } from './model.js';
import { after, orderBy, Params, sortKey } from './query.js';
import { getEntity } from './registry.js';

describe('a default sort with idDir', () => {
  it('orders equal values by id the other way, in the list and in the keyset of an export', async () => {
    await declaredEntities();
    const model = staticModel(getEntity('role'));
    const s = sortKey(model, {});
    expect(orderBy(s)).toBe('t."is_admin" desc, t.id asc');
    const params = new Params(1);
    expect(after(s, { value: true, id: 5 }, params)).toBe('(t."is_admin" <= $3 and (t."is_admin" < $3 or t.id > $2))');
    // A requested sort keeps one direction for both.
    expect(orderBy(sortKey(model, { sort: 'name', order: 'asc' }))).toBe('t."name" asc, t.id asc');
  });
});
