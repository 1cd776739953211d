/*
 * A simple finite schedule (no database): orders by due day, then priority (1 first), then age; each order's
 * procedures in their order, each on the station of the kind it needs that finishes it first, within that
 * station's shift windows, after the order's previous procedure and after what the station already holds.
 * A procedure longer than what is left of a shift goes on in the station's next window.
 */

export interface Window {
  start: number;
  end: number;
  shiftId?: number | null;
}

export interface SchedStation {
  id: number;
  kind: string;
  equipmentId: number | null;
  /** Working windows in time order (ms), the machine's repair time already taken out. */
  windows: Window[];
}

export interface SchedTask {
  id: number;
  orderId: number;
  seq: number;
  dueDate: string;
  priority: number;
  kind: string;
  minutes: number;
}

export interface Placement {
  taskId: number;
  stationId: number;
  equipmentId: number | null;
  shiftId: number | null;
  start: number;
  end: number;
}

export interface Schedule {
  placed: Placement[];
  /** Tasks no station of their kind can take within the horizon (and the later tasks of their orders). */
  unplaced: number[];
}

/** Windows less the blocked intervals (a machine under repair). */
export function subtract(windows: readonly Window[], blocked: readonly { start: number; end: number }[]): Window[] {
  let out = [...windows];
  for (const b of blocked) {
    out = out.flatMap((w) => {
      if (b.end <= w.start || b.start >= w.end) return [w];
      const parts: Window[] = [];
      if (b.start > w.start) parts.push({ ...w, end: b.start });
      if (b.end < w.end) parts.push({ ...w, start: b.end });
      return parts;
    });
  }
  return out.sort((a, b) => a.start - b.start);
}

/** Where `minutes` of work starting no earlier than `t0` fits in the windows: its start, end and first shift. */
export function fit(
  windows: readonly Window[],
  t0: number,
  minutes: number,
): { start: number; end: number; shiftId: number | null } | null {
  let left = Math.max(0, minutes) * 60_000;
  let start: number | null = null;
  let shiftId: number | null = null;
  for (const w of windows) {
    if (w.end <= t0) continue;
    const s = Math.max(w.start, t0);
    if (start === null) {
      start = s;
      shiftId = w.shiftId ?? null;
    }
    const room = w.end - s;
    if (room >= left) return { start, end: s + left, shiftId };
    left -= room;
  }
  return null;
}

export function schedule(tasks: readonly SchedTask[], stations: readonly SchedStation[], from: number): Schedule {
  const byOrder = new Map<number, SchedTask[]>();
  for (const t of tasks) byOrder.set(t.orderId, [...(byOrder.get(t.orderId) ?? []), t]);
  const orders = [...byOrder.values()].sort((a, b) => {
    const x = a[0]!;
    const y = b[0]!;
    return x.dueDate.localeCompare(y.dueDate) || x.priority - y.priority || x.orderId - y.orderId;
  });
  const free = new Map(stations.map((s) => [s.id, from]));
  const placed: Placement[] = [];
  const unplaced: number[] = [];
  for (const steps of orders) {
    steps.sort((a, b) => a.seq - b.seq);
    let ready = from;
    for (let i = 0; i < steps.length; i++) {
      const task = steps[i]!;
      let best: Placement | null = null;
      for (const st of stations) {
        if (st.kind !== task.kind) continue;
        const f = fit(st.windows, Math.max(ready, free.get(st.id)!), task.minutes);
        if (f && (!best || f.end < best.end))
          best = { taskId: task.id, stationId: st.id, equipmentId: st.equipmentId, ...f };
      }
      if (!best) {
        unplaced.push(...steps.slice(i).map((s) => s.id));
        break;
      }
      placed.push(best);
      free.set(best.stationId, best.end);
      ready = best.end;
    }
  }
  return { placed, unplaced };
}
