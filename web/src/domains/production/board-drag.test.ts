import { describe, expect, it } from 'vitest';
import { BoardDrag, type HitTest, type PointerLike, startAt } from './board-drag';

/*
 * The schedule board's drag (board-drag.ts) driven by pointer events as a phone's browser fires them for a finger
 * (pointerType touch: pointerdown, pointermove…, pointerup or pointercancel; no HTML5 drag events). Two station
 * tracks lie one above the other, both with their left edge 100 px from the screen's.
 */

const t0 = Date.parse('2026-12-07T00:00:00.000Z');
const scale = { t0, px: 1, snap: 15 };
const hit: HitTest = (_x, y) =>
  y >= 40 && y < 80 ? { stationId: 1, left: 100 } : y >= 80 && y < 120 ? { stationId: 2, left: 100 } : null;
const finger = (clientX: number, clientY: number, more: Partial<PointerLike> = {}): PointerLike => ({
  pointerId: 7,
  clientX,
  clientY,
  isPrimary: true,
  button: 0,
  ...more,
});
const at = (minutes: number) => new Date(t0 + minutes * 60_000).toISOString();

describe('moving a board task with a finger', () => {
  it('moves the task to the station and time where the bar is let go, snapped to 15 minutes', () => {
    const drag = new BoardDrag(hit);
    // The bar starts at 08:00 (left edge 100 + 480 px) and is taken 10 px into it.
    drag.down(finger(590, 60), 42, 580);
    expect(drag.move(finger(592, 61))).toBeNull();
    expect(drag.move(finger(700, 90))).toEqual({ taskId: 42, dx: 110, dy: 30 });
    expect(drag.dragging).toBe(42);
    // Its left edge ends at 703 - 10 - 100 = 593 minutes into the day: 09:53, snapped to 10:00.
    expect(drag.up(finger(703, 95), scale)).toEqual({ id: 42, stationId: 2, start: at(600) });
    expect(drag.dragging).toBeNull();
  });

  it('moves nothing for a tap, a cancelled gesture or a release outside every track', () => {
    const drag = new BoardDrag(hit);
    drag.down(finger(590, 60), 42, 580);
    drag.move(finger(593, 62));
    expect(drag.up(finger(593, 62), scale)).toBeNull();

    drag.down(finger(590, 60), 42, 580);
    drag.move(finger(650, 60));
    drag.cancel(finger(650, 60));
    expect(drag.up(finger(650, 60), scale)).toBeNull();

    drag.down(finger(590, 60), 42, 580);
    drag.move(finger(650, 200));
    expect(drag.up(finger(650, 200), scale)).toBeNull();
  });

  it('follows the finger that took the bar only: a second finger or the mouse button beside it moves nothing', () => {
    const drag = new BoardDrag(hit);
    drag.down(finger(300, 100, { pointerId: 9, isPrimary: false }), 5, 290);
    expect(drag.dragging).toBeNull();
    drag.down(finger(300, 100, { button: 2 }), 5, 290);
    expect(drag.move(finger(400, 100))).toBeNull();

    drag.down(finger(300, 100), 5, 290);
    expect(drag.move(finger(400, 100, { pointerId: 8 }))).toBeNull();
    expect(drag.up(finger(400, 100, { pointerId: 8 }), scale)).toBeNull();
    drag.move(finger(220, 50));
    // Dragged before the board's first minute: it starts at the first.
    expect(drag.up(finger(95, 50), scale)).toEqual({ id: 5, stationId: 1, start: at(0) });
  });

  it('snaps to the nearest step', () => {
    expect(startAt(487, scale)).toBe(at(480));
    expect(startAt(488, scale)).toBe(at(495));
    expect(startAt(-30, scale)).toBe(at(0));
  });
});
