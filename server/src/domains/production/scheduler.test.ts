import { describe, expect, it } from 'vitest';
import { fit, type SchedStation, type SchedTask, schedule, subtract } from './scheduler.js';

const H = 3_600_000;
const day = (d: number, h: number) => Date.UTC(2030, 0, d, h);
/** A station working 08:00–16:00 on days 1 to 3. */
const station = (id: number, kind: string, equipmentId: number | null = null): SchedStation => ({
  id,
  kind,
  equipmentId,
  windows: [1, 2, 3].map((d) => ({ start: day(d, 8), end: day(d, 16), shiftId: 1 })),
});
const task = (id: number, orderId: number, seq: number, kind: string, minutes: number, due: string, priority = 5) =>
  ({ id, orderId, seq, kind, minutes, dueDate: due, priority }) satisfies SchedTask;

describe('the finite schedule', () => {
  it('goes on in the next shift when a procedure is longer than what is left of this one', () => {
    expect(fit(station(1, 'm').windows, day(1, 14), 180)).toEqual({ start: day(1, 14), end: day(2, 9), shiftId: 1 });
    expect(fit(station(1, 'm').windows, day(3, 8), 9 * 60)).toBeNull();
  });

  it('takes the earlier due day first, then the higher priority, and keeps each order in its procedure order', () => {
    const tasks = [
      task(1, 10, 1, 'm', 120, '2030-01-09'),
      task(2, 20, 1, 'm', 60, '2030-01-05', 5),
      task(3, 30, 1, 'm', 60, '2030-01-05', 1),
      task(4, 30, 2, 'a', 30, '2030-01-05', 1),
    ];
    const { placed, unplaced } = schedule(tasks, [station(1, 'm'), station(2, 'a')], day(1, 8));
    const at = Object.fromEntries(placed.map((p) => [p.taskId, p]));
    expect(unplaced).toEqual([]);
    expect([at[3]!.start, at[2]!.start, at[1]!.start]).toEqual([day(1, 8), day(1, 9), day(1, 10)]);
    // The assembly waits for the machining of its order.
    expect(at[4]).toMatchObject({ stationId: 2, start: day(1, 9), end: day(1, 9) + 0.5 * H });
  });

  it('puts work on another station while a machine is under repair', () => {
    const repaired = station(1, 'm', 100);
    repaired.windows = subtract(repaired.windows, [{ start: day(1, 0), end: day(2, 12) }]);
    expect(repaired.windows[0]).toEqual({ start: day(2, 12), end: day(2, 16), shiftId: 1 });
    const other = station(2, 'm', 200);
    other.windows = other.windows.slice(1); // it works from day 2 only
    const { placed } = schedule([task(1, 1, 1, 'm', 60, '2030-01-02')], [repaired, other], day(1, 8));
    expect(placed[0]).toMatchObject({ stationId: 2, equipmentId: 200, start: day(2, 8) });
  });

  it('leaves an order unplaced from the procedure no station of its kind can take', () => {
    const { placed, unplaced } = schedule(
      [
        task(1, 1, 1, 'm', 60, '2030-01-02'),
        task(2, 1, 2, 'x', 60, '2030-01-02'),
        task(3, 1, 3, 'm', 10, '2030-01-02'),
      ],
      [station(1, 'm')],
      day(1, 8),
    );
    expect(placed.map((p) => p.taskId)).toEqual([1]);
    expect(unplaced).toEqual([2, 3]);
  });
});
