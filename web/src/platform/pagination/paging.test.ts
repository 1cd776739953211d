import { describe, expect, it } from 'vitest';
import { pageCount, pagerItems, parseJump } from './paging';

describe('typed page jump (spec 5)', () => {
  it('parses the input to an integer', () => {
    expect(parseJump('3', 10)).toBe(3);
    expect(parseJump(' 4 ', 10)).toBe(4);
    expect(parseJump('5.7', 10)).toBe(5);
    expect(parseJump('6abc', 10)).toBe(6);
  });

  it('turns a non-number into 1', () => {
    expect(parseJump('abc', 10)).toBe(1);
    expect(parseJump('', 10)).toBe(1);
    expect(parseJump(undefined, 10)).toBe(1);
  });

  it('turns a value above the last page into the last page', () => {
    expect(parseJump('99', 7)).toBe(7);
  });

  it('turns a value below 1 into 1', () => {
    expect(parseJump('0', 7)).toBe(1);
    expect(parseJump('-3', 7)).toBe(1);
  });
});

describe('page count and numbered buttons', () => {
  it('counts pages and never gives less than one', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(41, 20)).toBe(3);
    expect(pageCount(40, 20)).toBe(2);
  });

  it('shows every page when they fit in the pager count of 5', () => {
    expect(pagerItems(1, 4)).toEqual([1, 2, 3, 4]);
    expect(pagerItems(1, 1)).toEqual([1]);
  });

  it('folds pages into ellipses around the current page', () => {
    expect(pagerItems(1, 10)).toEqual([1, 2, 3, 4, 'nextMore', 10]);
    expect(pagerItems(5, 10)).toEqual([1, 'prevMore', 4, 5, 6, 'nextMore', 10]);
    expect(pagerItems(10, 10)).toEqual([1, 'prevMore', 7, 8, 9, 10]);
  });
});
