import type { RunState } from './payload.js';

/** A small deterministic generator, so a demo factory's history is the same each time. */
export function random(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

/** The tags a simulated machine has (key, name, unit, type, role), the same for the demo and the simulator. */
export const SIM_TAGS = [
  { key: 'run', name: '运行状态', unit: null, dataType: 'enum', role: 'runState' },
  { key: 'current', name: '主电机电流', unit: 'A', dataType: 'number', role: 'measurement' },
  { key: 'temp', name: '主轴温度', unit: '°C', dataType: 'number', role: 'measurement' },
  { key: 'count', name: '总产量', unit: 'pcs', dataType: 'number', role: 'totalCount' },
  { key: 'good', name: '良品数', unit: 'pcs', dataType: 'number', role: 'goodCount' },
  { key: 'energy', name: '电能', unit: 'kWh', dataType: 'number', role: 'energy' },
  { key: 'hours', name: '运行小时', unit: 'h', dataType: 'number', role: 'runtimeHours' },
] as const;

const CODE: Record<RunState, number> = { stopped: 0, running: 1, idle: 2, fault: 3, offline: 0 };

/**
 * A machine as a gateway sees it: mostly running, idle now and then, a breakdown (fault) every day or two that
 * lasts up to an hour and a half, stopped at night; the motor current and the spindle temperature follow the
 * state, the counters and meters grow while it runs (a part every `cycle` seconds, 97% good).
 */
export class MachineSim {
  state: RunState = 'running';
  private until = 0;
  temp = 35;
  count = 0;
  good = 0;
  energy = 0;
  hours = 0;
  constructor(
    private readonly rnd: () => number,
    private readonly cycle = 30,
  ) {}

  private nextState(ts: number): void {
    const hour = new Date(ts).getUTCHours();
    const night = hour >= 18 && hour < 22; // 02:00–06:00 in China (UTC+8)
    const r = this.rnd();
    if (night) {
      this.state = 'stopped';
      this.until = ts + 30 * 60_000;
    } else if (r < 0.02) {
      this.state = 'fault';
      this.until = ts + (15 + this.rnd() * 75) * 60_000;
    } else if (r < 0.2) {
      this.state = 'idle';
      this.until = ts + (5 + this.rnd() * 25) * 60_000;
    } else {
      this.state = 'running';
      this.until = ts + (20 + this.rnd() * 100) * 60_000;
    }
  }

  /** The machine `seconds` later, at `ts`, and what its tags read then. */
  step(ts: number, seconds: number): Record<string, number> {
    if (ts >= this.until) this.nextState(ts);
    const running = this.state === 'running';
    const current = running ? 11 + this.rnd() * 3 : this.state === 'idle' ? 1.5 + this.rnd() * 0.5 : 0;
    const target = running ? 62 : this.state === 'fault' ? 48 : 30;
    this.temp += (target - this.temp) * Math.min(1, seconds / 900) + (this.rnd() - 0.5) * 0.4;
    if (running) {
      const made = Math.floor((seconds + this.rnd() * this.cycle) / this.cycle);
      this.count += made;
      this.good += Math.round(made * (this.rnd() < 0.97 ? 1 : 0));
      this.hours += seconds / 3600;
    }
    this.energy += (current * 0.38 * 1.732 * 0.85 * seconds) / 3600;
    return {
      run: CODE[this.state],
      current: Math.round(current * 100) / 100,
      temp: Math.round(this.temp * 10) / 10,
      count: this.count,
      good: this.good,
      energy: Math.round(this.energy * 100) / 100,
      hours: Math.round(this.hours * 100) / 100,
    };
  }
}
