/**
 * npm run bench:production — the finite schedule (server/src/domains/production/scheduler.ts) of a day's 2,000 work
 * orders of four procedures each on 200 stations of four kinds, with two shifts a day over 7 days and a tenth of the
 * machines under repair for two days: the placement alone (no database), p50 and p95 of 20 runs after 3 warm-ups.
 * The figures go to docs/benchmarks-production.md beside the target (< 2 s for the day's schedule).
 */
import { performance } from 'node:perf_hooks';
import {
  type SchedStation,
  type SchedTask,
  schedule,
  subtract,
} from '../../server/src/domains/production/scheduler.js';

const KINDS = ['machining', 'moulding', 'assembly', 'inspection'];
const H = 3_600_000;
const from = Date.UTC(2030, 0, 1);

function stations(): SchedStation[] {
  return Array.from({ length: 200 }, (_, i) => {
    const windows = Array.from({ length: 7 }, (_, d) => [
      { start: from + d * 24 * H + 8 * H, end: from + d * 24 * H + 16 * H, shiftId: 1 },
      { start: from + d * 24 * H + 16 * H, end: from + d * 24 * H + 24 * H, shiftId: 2 },
    ]).flat();
    const repaired = i % 10 === 0 ? [{ start: from, end: from + 48 * H }] : [];
    return { id: i + 1, kind: KINDS[i % 4]!, equipmentId: i + 1, windows: subtract(windows, repaired) };
  });
}

function tasks(): SchedTask[] {
  const out: SchedTask[] = [];
  for (let o = 1; o <= 2000; o++)
    for (let s = 1; s <= 4; s++)
      out.push({
        id: o * 10 + s,
        orderId: o,
        seq: s,
        dueDate: `2030-01-0${1 + (o % 7)}`,
        priority: 1 + (o % 9),
        kind: KINDS[(o + s) % 4]!,
        minutes: 10 + ((o * s) % 50),
      });
  return out;
}

const st = stations();
const ts = tasks();
const times: number[] = [];
let placed = 0;
for (let i = 0; i < 23; i++) {
  const t0 = performance.now();
  const r = schedule(ts, st, from);
  const ms = performance.now() - t0;
  placed = r.placed.length;
  if (i >= 3) times.push(ms);
}
times.sort((a, b) => a - b);
const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!.toFixed(1);
console.log(`schedule of ${ts.length} tasks (2,000 orders) on ${st.length} stations: ${placed} placed`);
console.log(`p50 ${at(0.5)} ms, p95 ${at(0.95)} ms (target < 2,000 ms for the day's schedule)`);
