import os from 'node:os';

/**
 * Milliseconds one core takes over a fixed loop of 300 million steps. The same loop is in every bench document,
 * so that figures measured on different machines (the sessions' machines differ by up to 3×) can be set side by
 * side.
 */
export function coreLoopMs(): number {
  const started = performance.now();
  let sum = 0;
  for (let i = 0; i < 300_000_000; i++) sum += i % 7;
  if (sum < 0) throw new Error('unreachable');
  return Math.round(performance.now() - started);
}

/** The machine a bench document's figures come from, with its speed (coreLoopMs). */
export function machineLine(loadBefore: number, withOs = false): string {
  const cpu = os.cpus();
  const system = withOs ? `${os.type()} ${os.release()}, ` : '';
  return `Machine: ${cpu.length} × ${cpu[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, ${system}Node ${process.version}, load average before the run ${loadBefore.toFixed(1)}; one core runs the bench's fixed loop (300 million steps, bench/src/machine.ts) in ${coreLoopMs()} ms, a figure to compare machines by.`;
}
