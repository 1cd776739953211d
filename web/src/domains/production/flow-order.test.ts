import { describe, expect, it } from 'vitest';
import { missingReasons, ordered } from './flow-order';

const step = (key: string, procedureId: number, x: number, y = 0, repeatReason = '') => ({
  key,
  procedureId,
  x,
  y,
  repeatReason,
});

describe('the routing drawn as a flow', () => {
  it('orders the steps as they stand, left to right', () => {
    expect(ordered([step('c', 3, 400), step('a', 1, 0), step('b', 2, 200)]).map((s) => s.key)).toEqual(['a', 'b', 'c']);
  });

  it('names the repeated steps without a reason', () => {
    const flow = ordered([step('a', 1, 0), step('b', 1, 200), step('c', 1, 400, 0, 'rework'), step('d', 2, 600)]);
    expect(missingReasons(flow)).toEqual(['b']);
  });
});
