import { describe, expect, it } from 'vitest';
import { boundNumbers, hugeNumberPath, LIMIT_MAX, MAX_ID, nulPath, PAGE_MAX } from './input-guard.js';
import { nestsDeeperThan } from './json-body.js';

describe('numbers in route schemas', () => {
  it('get bounds where they declare none: ids within safe integers, page and limit their maxima', () => {
    const schema = {
      type: 'object',
      properties: {
        id: { type: 'integer' },
        page: { type: 'integer', minimum: 1 },
        limit: { type: 'integer', minimum: 1 },
        sex: { type: ['integer', 'null'] },
        ids: { type: 'array', items: { type: 'integer' } },
        amount: { anyOf: [{ type: 'number' }, { type: 'string' }] },
        name: { type: 'string' },
      },
    };
    boundNumbers(schema);
    const p = schema.properties as Record<string, Record<string, unknown>>;
    expect(p.id).toEqual({ type: 'integer', minimum: -MAX_ID, maximum: MAX_ID });
    expect(p.page).toEqual({ type: 'integer', minimum: 1, maximum: PAGE_MAX });
    expect(p.limit).toEqual({ type: 'integer', minimum: 1, maximum: LIMIT_MAX });
    expect(p.sex).toMatchObject({ maximum: MAX_ID });
    expect(p.ids!.items).toMatchObject({ maximum: MAX_ID });
    expect((p.amount!.anyOf as object[])[0]).toMatchObject({ maximum: MAX_ID });
    expect(p.name).toEqual({ type: 'string' });
  });

  it('keep the bounds a schema declares itself', () => {
    const schema = {
      properties: { limit: { type: 'integer', minimum: 1, maximum: 5000 }, n: { exclusiveMaximum: 9, type: 'number' } },
    };
    boundNumbers(schema);
    expect(schema.properties.limit.maximum).toBe(5000);
    expect(schema.properties.n).not.toHaveProperty('maximum');
  });
});

describe('a NUL character', () => {
  const nul = `a${String.fromCharCode(0)}b`;

  it('is found in values and keys, named by the first field in order', () => {
    expect(nulPath({ username: nul, password: nul })).toBe('username');
    expect(nulPath({ list: [{ name: 'x' }, { name: nul }] })).toBe('list.1.name');
    expect(nulPath({ custom: { [nul]: 1 } })).toBe('custom.ab');
    expect(nulPath(nul)).toBe('');
  });

  it('is not found in clean input, however deep', () => {
    expect(nulPath({ a: ['x', 1, null, { b: true }] })).toBeNull();
    expect(nulPath(undefined)).toBeNull();
    let deep: unknown = 'x';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(nulPath(deep)).toBeNull();
  });
});

describe('a number no column holds', () => {
  it('is found beyond 2^53-1 or infinite, however deep, named by its path', () => {
    expect(hugeNumberPath({ a: 1, lines: [{ quantity: 1e20 }] })).toEqual({ path: 'lines.0.quantity', n: 1e20 });
    expect(hugeNumberPath({ page: Number.POSITIVE_INFINITY })).toEqual({ path: 'page', n: Number.POSITIVE_INFINITY });
    expect(hugeNumberPath({ id: -(MAX_ID + 2) })).toMatchObject({ path: 'id' });
    expect(hugeNumberPath(Number.NaN)).toMatchObject({ path: '' });
  });

  it('is not found in numbers within 2^53-1 nor in text', () => {
    expect(hugeNumberPath({ id: MAX_ID, low: -MAX_ID, code: '99999999999999999999', list: [1.5, null] })).toBeNull();
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(hugeNumberPath(deep)).toBeNull();
  });
});

describe('the nesting of a JSON body', () => {
  it('counts arrays and objects, not brackets inside text', () => {
    expect(nestsDeeperThan('{"a":[{"b":[1]}]}', 4)).toBe(false);
    expect(nestsDeeperThan('{"a":[{"b":[1]}]}', 3)).toBe(true);
    expect(nestsDeeperThan(`{"text":"${'['.repeat(100)}\\"{{{"}`, 1)).toBe(false);
    expect(nestsDeeperThan('['.repeat(5000) + ']'.repeat(5000), 32)).toBe(true);
  });
});
