/*
 * Moving a bar of the schedule board with pointer events: a mouse, a pen or a finger (touch browsers fire no
 * HTML5 drag-and-drop events). A press on a movable bar takes it; once the pointer has gone a few pixels it is a
 * drag (less is a tap, which moves nothing); the bar follows the pointer; letting go over a station's track moves
 * the task there, its start where the bar's left edge is, snapped to the board's step. A cancelled pointer (the
 * browser took the gesture over) or letting go outside every track moves nothing.
 */

/** How far (px) the pointer must go before a press becomes a drag. */
export const DRAG_THRESHOLD = 6;
const MIN = 60_000;

/** The part of a pointer event the drag reads (a DOM PointerEvent or React's has it). */
export interface PointerLike {
  pointerId: number;
  clientX: number;
  clientY: number;
  isPrimary?: boolean;
  button?: number;
}

/** A station's track under a point: which station and where its left edge is on the screen. */
export type HitTest = (clientX: number, clientY: number) => { stationId: number; left: number } | null;

export interface BoardScale {
  /** The board's first minute (ms since 1970). */
  t0: number;
  /** Pixels per minute. */
  px: number;
  /** Minutes a drop snaps to. */
  snap: number;
}

export interface Move {
  id: number;
  stationId: number;
  start: string;
}

interface Held {
  taskId: number;
  pointerId: number;
  /** Where on the bar it was taken (px from its left edge). */
  offset: number;
  x: number;
  y: number;
  dragging: boolean;
}

/** The start a bar dropped with its left edge at `barLeft` px from its track's left edge gets. */
export function startAt(barLeft: number, scale: BoardScale): string {
  const minutes = Math.round(barLeft / scale.px / scale.snap) * scale.snap;
  return new Date(scale.t0 + Math.max(0, minutes) * MIN).toISOString();
}

export class BoardDrag {
  private held: Held | null = null;

  constructor(private readonly hit: HitTest) {}

  /** A press on a bar: `barLeft` is the bar's left edge on the screen. Only the primary button or finger takes it. */
  down(e: PointerLike, taskId: number, barLeft: number): void {
    if (this.held || e.isPrimary === false || (e.button !== undefined && e.button !== 0)) return;
    this.held = {
      taskId,
      pointerId: e.pointerId,
      offset: e.clientX - barLeft,
      x: e.clientX,
      y: e.clientY,
      dragging: false,
    };
  }

  /** The pointer moved: how far the held bar has gone (null when nothing is dragged yet). */
  move(e: PointerLike): { taskId: number; dx: number; dy: number } | null {
    const h = this.held;
    if (!h || e.pointerId !== h.pointerId) return null;
    const dx = e.clientX - h.x;
    const dy = e.clientY - h.y;
    if (!h.dragging && Math.hypot(dx, dy) < DRAG_THRESHOLD) return null;
    h.dragging = true;
    return { taskId: h.taskId, dx, dy };
  }

  /** Let go: the move to ask the server for, or null (a tap, another pointer, outside every track). */
  up(e: PointerLike, scale: BoardScale): Move | null {
    const h = this.held;
    if (!h || e.pointerId !== h.pointerId) return null;
    this.held = null;
    if (!h.dragging) return null;
    const track = this.hit(e.clientX, e.clientY);
    if (!track) return null;
    return { id: h.taskId, stationId: track.stationId, start: startAt(e.clientX - track.left - h.offset, scale) };
  }

  /** The browser took the gesture over (pointercancel) or the board went away. */
  cancel(e?: PointerLike): void {
    if (!e || e.pointerId === this.held?.pointerId) this.held = null;
  }

  get dragging(): number | null {
    return this.held?.dragging ? this.held.taskId : null;
  }
}
