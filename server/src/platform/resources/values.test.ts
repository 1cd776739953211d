import { describe, expect, it } from 'vitest';
import { makeModel } from './model.js';
import type { EntityDef } from './types.js';
import { coerceValue, type ValueContext } from './values.js';

const def: EntityDef = {
  name: 'probe',
  table: 'probes',
  ns: 'resources',
  prefix: '/x',
  nameField: 'name',
  permissions: { view: 'v', add: 'a', edit: 'e', delete: 'd', import: 'i', export: 'x' },
  fields: [
    { name: 'name', type: 'string', maxLength: 5 },
    { name: 'qty', type: 'integer', min: 1, max: 10 },
    { name: 'count', type: 'integer' },
    { name: 'price', type: 'decimal', scale: 2 },
    { name: 'hours', type: 'decimal', precision: 8, scale: 2, min: 0, max: 1000 },
    { name: 'day', type: 'date' },
    { name: 'flag', type: 'boolean' },
    { name: 'state', type: 'enum', options: [0, 1] },
    { name: 'status', type: 'dict', dict: 'eqstatus' },
    { name: 'photos', type: 'image' },
  ],
};
const model = makeModel(def);
const ctx: ValueContext = {
  lang: 'zh',
  dicts: new Map([['eqstatus', { codes: new Map([['running', '运行']]), names: new Map([['运行', 'running']]) }]]),
};
const c = (field: string, raw: unknown, lenient = false) =>
  coerceValue(model.byName.get(field)!, raw, { ...ctx, lenient });

describe('field values', () => {
  it('turn empty input into null and check text length', () => {
    expect(c('name', '  ')).toEqual({ ok: true, value: null });
    expect(c('name', ' abc ')).toEqual({ ok: true, value: 'abc' });
    expect(c('name', 'abcdef')).toMatchObject({ ok: false, key: 'maxLength' });
  });

  it('check whole numbers, ranges and decimal places; decimals stay text', () => {
    expect(c('qty', '3')).toEqual({ ok: true, value: 3 });
    expect(c('qty', '3.5')).toMatchObject({ ok: false, key: 'integer' });
    expect(c('qty', 11)).toMatchObject({ ok: false, key: 'range', params: { min: 1, max: 10 } });
    expect(c('qty', 0)).toMatchObject({ ok: false, key: 'range', params: { min: 1, max: 10 } });
    expect(c('price', 12.5)).toEqual({ ok: true, value: '12.5' });
    expect(c('price', '1,234.50')).toEqual({ ok: true, value: '1234.50' });
    expect(c('price', '1.234')).toMatchObject({ ok: false, key: 'scale' });
  });

  it('keep whole numbers within the integer column and decimals within their precision', () => {
    expect(c('count', '2147483647')).toEqual({ ok: true, value: 2147483647 });
    const column = { ok: false, key: 'range', params: { min: -2147483648, max: 2147483647 } };
    expect(c('count', '2147483648')).toMatchObject(column);
    expect(c('count', -2147483649)).toMatchObject(column);
    expect(c('count', '99999999999999999999999')).toMatchObject(column);
    expect(c('count', 1e20)).toMatchObject(column);
    expect(c('price', '999999999999.99')).toEqual({ ok: true, value: '999999999999.99' });
    const digits = { ok: false, key: 'range', params: { min: '-999999999999.99', max: '999999999999.99' } };
    expect(c('price', '9999999999999')).toMatchObject(digits);
    expect(c('price', -1e20)).toMatchObject(digits);
  });

  it('answer a number beyond the declared range and one beyond the column alike, naming both bounds', () => {
    const hours = { ok: false, key: 'range', params: { min: 0, max: 1000 } };
    expect(c('hours', 1001)).toMatchObject(hours);
    expect(c('hours', 99_999_999_999)).toMatchObject(hours);
    expect(c('hours', '-1')).toMatchObject(hours);
    expect(c('hours', '1000.00')).toEqual({ ok: true, value: '1000.00' });
    expect(c('hours', 'abc')).toMatchObject({ ok: false, key: 'number' });
  });

  it('accept real calendar dates only, from text or spreadsheet dates', () => {
    expect(c('day', '2024/2/9')).toEqual({ ok: true, value: '2024-02-09' });
    expect(c('day', new Date(Date.UTC(2024, 1, 29)))).toEqual({ ok: true, value: '2024-02-29' });
    expect(c('day', '2023-02-29')).toMatchObject({ ok: false, key: 'date' });
  });

  it('read yes and no in the three languages', () => {
    expect(c('flag', '是')).toEqual({ ok: true, value: true });
    expect(c('flag', 'No')).toEqual({ ok: true, value: false });
    expect(c('flag', 'maybe')).toMatchObject({ ok: false, key: 'boolean' });
  });

  it('take options and dictionary entries by value, and on import by their names too', () => {
    expect(c('state', '1')).toEqual({ ok: true, value: 1 });
    expect(c('state', 2)).toMatchObject({ ok: false, key: 'enum' });
    expect(c('status', 'running')).toEqual({ ok: true, value: 'running' });
    expect(c('status', '运行')).toMatchObject({ ok: false, key: 'dict' });
    expect(c('status', '运行', true)).toEqual({ ok: true, value: 'running' });
  });

  it('hold uploaded files as { id, name, url } and keep old texts as they are', () => {
    expect(c('photos', [{ id: '7', name: 'a.png', url: 'https://elsewhere' }])).toEqual({
      ok: true,
      value: [{ id: 7, name: 'a.png', url: '/api-file/files/7' }],
    });
    expect(c('photos', '[{"id":8}]')).toEqual({ ok: true, value: [{ id: 8, name: '', url: '/api-file/files/8' }] });
    expect(c('photos', 'old/a.png')).toEqual({ ok: true, value: ['old/a.png'] });
    expect(c('photos', [{ id: 'x' }])).toMatchObject({ ok: false, key: 'file', params: { value: 'x' } });
    expect(c('photos', [{ id: -1 }])).toMatchObject({ ok: false, key: 'file' });
    expect(c('photos', [])).toEqual({ ok: true, value: null });
  });
});
