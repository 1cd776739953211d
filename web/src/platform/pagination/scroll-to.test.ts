import { describe, expect, it } from 'vitest';
import { easeInOutQuad, SCROLL_DURATION, SCROLL_STEP, scrollPositionAt, scrollSteps } from './scroll-to';

describe('scroll to top (spec 2.2, 9)', () => {
  it('takes 800 ms in steps of 20 ms', () => {
    expect(SCROLL_DURATION).toBe(800);
    expect(SCROLL_STEP).toBe(20);
    expect(scrollSteps(1000, 0)).toHaveLength(800 / 20);
  });

  it('ends exactly at the target and moves monotonically', () => {
    const steps = scrollSteps(1000, 0);
    expect(steps.at(-1)).toBe(0);
    for (let i = 1; i < steps.length; i++) expect(steps[i]).toBeLessThanOrEqual(steps[i - 1]);
  });

  it('eases in and out: slow at both ends, fastest in the middle', () => {
    const steps = [1000, ...scrollSteps(1000, 0)];
    const deltas = steps.slice(1).map((v, i) => steps[i] - v);
    const mid = deltas[Math.floor(deltas.length / 2)];
    expect(deltas[0]).toBeLessThan(mid);
    expect(deltas.at(-1)!).toBeLessThan(mid);
    expect(easeInOutQuad(400, 1000, -1000, 800)).toBeCloseTo(500);
  });

  it('places each step by the time elapsed and ends on the target at 800 ms', () => {
    expect(scrollPositionAt(0, 1000, 0)).toBe(1000);
    expect(scrollPositionAt(400, 1000, 0)).toBeCloseTo(500);
    expect(scrollPositionAt(800, 1000, 0)).toBe(0);
    expect(scrollPositionAt(1300, 1000, 0)).toBe(0);
  });
});
