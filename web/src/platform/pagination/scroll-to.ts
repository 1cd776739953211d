/** Scroll-to-top animation (spec 2.2, 9): 800 ms, ease-in-out steps every 20 ms. */
export const SCROLL_DURATION = 800;
export const SCROLL_STEP = 20;

/** Quadratic ease-in-out: t elapsed, b start, c change, d duration. */
export function easeInOutQuad(t: number, b: number, c: number, d: number): number {
  let x = t / (d / 2);
  if (x < 1) return (c / 2) * x * x + b;
  x--;
  return (-c / 2) * (x * (x - 2) - 1) + b;
}

/** Positions of each 20 ms step from `start` to `to`; the last one is exactly `to`. */
export function scrollSteps(start: number, to: number, duration = SCROLL_DURATION, step = SCROLL_STEP): number[] {
  const out: number[] = [];
  for (let t = step; t < duration; t += step) out.push(easeInOutQuad(t, start, to - start, duration));
  out.push(to);
  return out;
}

let running: ReturnType<typeof setTimeout> | undefined;

/** Position at `elapsed` ms of the animation; exactly `to` once the duration is over. */
export function scrollPositionAt(elapsed: number, start: number, to: number, duration = SCROLL_DURATION): number {
  return elapsed >= duration ? to : easeInOutQuad(Math.max(0, elapsed), start, to - start, duration);
}

/**
 * The most the animation moves on between two of its steps. A page busy for longer (the new page's rows rendering
 * in one long task on a loaded machine) pauses the scroll there instead of jumping it to its end unseen.
 */
export const MAX_STEP_ADVANCE = 200;

/**
 * The animation's own time: the real time between steps, each gap counted up to `maxAdvance`. On a free page it
 * is the elapsed time, so late timers do not stretch the 800 ms; a long stall only delays it.
 */
export function animationClock(startedAt: number, maxAdvance = MAX_STEP_ADVANCE): (now: number) => number {
  let clock = 0;
  let last = startedAt;
  return (now) => {
    clock += Math.min(Math.max(0, now - last), maxAdvance);
    last = now;
    return clock;
  };
}

/** Animates the window's scroll position to `to` in steps every 20 ms, placed by the animation's clock. */
export function scrollWindowTo(to = 0, duration = SCROLL_DURATION, done?: () => void): void {
  if (typeof window === 'undefined') return;
  if (running) clearTimeout(running);
  const start = document.scrollingElement?.scrollTop ?? window.scrollY;
  const clock = animationClock(performance.now());
  const tick = () => {
    const elapsed = clock(performance.now());
    window.scrollTo(0, scrollPositionAt(elapsed, start, to, duration));
    if (elapsed < duration) running = setTimeout(tick, SCROLL_STEP);
    else {
      running = undefined;
      done?.();
    }
  };
  running = setTimeout(tick, SCROLL_STEP);
}
