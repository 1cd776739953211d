import { describe, expect, it } from 'vitest';
import {
  animationClock,
  easeInOutQuad,
  MAX_STEP_ADVANCE,
  SCROLL_DURATION,
  SCROLL_STEP,
  scrollPositionAt,
  scrollSteps,
} from './scroll-to';

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

describe('the scroll to the top after a page change (spec 2.2)', () => {
  it('runs on the real time while its steps come on time or a little late', () => {
    const clock = animationClock(1000);
    expect(clock(1020)).toBe(20);
    expect(clock(1065)).toBe(65);
    // A step 735 ms late counts MAX_STEP_ADVANCE.
    expect(clock(1800)).toBe(65 + MAX_STEP_ADVANCE);
  });

  it('pauses through a long busy stretch instead of jumping to the top unseen', () => {
    const start = 3000;
    const clock = animationClock(0);
    // The new page's rows render for 1.5 s right after the click: the next step is then still on the way up.
    const afterStall = clock(1500);
    expect(afterStall).toBe(MAX_STEP_ADVANCE);
    const y = scrollPositionAt(afterStall, start, 0);
    expect(y).toBeGreaterThan(0);
    expect(y).toBeLessThan(start);
    // Then steps every 20 ms reach the top after the rest of the 800 ms.
    let now = 1500;
    let elapsed = afterStall;
    while (elapsed < SCROLL_DURATION) {
      now += 20;
      elapsed = clock(now);
    }
    expect(now - 1500).toBe(SCROLL_DURATION - MAX_STEP_ADVANCE);
    expect(scrollPositionAt(elapsed, start, 0)).toBe(0);
  });
});
