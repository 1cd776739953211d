import { describe, expect, it } from 'vitest';
import { headerKey, plainCell, safeCell } from './cells.js';

describe('spreadsheet cells', () => {
  it('neutralise text a spreadsheet would run as a formula', () => {
    for (const s of ['=1+2', '+SUM(A1)', '-2+3', '@cmd', '\tx', '\rx']) expect(safeCell(s)).toBe(`'${s}`);
    expect(safeCell('普通文本')).toBe('普通文本');
    expect(safeCell(-12.5)).toBe(-12.5);
    expect(safeCell(null)).toBeNull();
    expect(safeCell({ a: '=x' })).toBe('{"a":"=x"}');
  });

  it('read rich text, formula results and links as plain values', () => {
    expect(plainCell({ richText: [{ text: 'a' }, { text: 'b' }] })).toBe('ab');
    expect(plainCell({ formula: 'A1+1', result: 3 } as never)).toBe(3);
    expect(plainCell({ text: 'link', hyperlink: 'http://x' })).toBe('link');
  });

  it('match headers without the required marker or spaces', () => {
    expect(headerKey(' 编号* ')).toBe('编号');
    expect(headerKey('Serial number')).toBe('serialnumber');
  });
});
