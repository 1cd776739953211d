/**
 * npm run bench:embedded -- --data-dir DIR: the embedded database under load while the timed jobs run, as a
 * user's server runs it (issue 10, items 21 and 22). DIR is a folder filled by `npm run generate -- --scale
 * large --data-dir DIR` (it is used as it is, not copied: the jobs write to it). Starts the built server on it,
 * times the start to the first 200 of /health, exports every equipment row (the server's peak memory), then loads
 * the big tenant's equipment page at 50 connections for --seconds (default 80: the check run of every minute
 * falls inside it) while /health is asked every 100 ms.
 * Writes docs/benchmarks-embedded.md. Flags: --user (default big_admin), --password (default admin123, what
 * the generator gives its administrators), --connections 50, --quick (10 s, writes nothing).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { exportEquipment } from './files.js';
import { commandLine } from './flags.js';
import { machineLine } from './machine.js';
import { login, repoRoot, serverNodeOptions, startServer } from './server.js';

const { flag, has, command } = commandLine();
const quick = has('quick');
const dataDir = flag('data-dir', '');
const seconds = Number(flag('seconds', quick ? '10' : '80'));
const connections = Number(flag('connections', '50'));
const PAGE = '/api-manage/equipment/page?page=1&limit=20';
const LIMITS = { ratio: 3, startMs: 3000, healthMs: 1000, exportPeakMb: 300 };

async function probeHealth(url: string, running: () => boolean): Promise<number[]> {
  const answers: number[] = [];
  while (running()) {
    const began = Date.now();
    await fetch(`${url}/health`).catch(() => undefined);
    answers.push(Date.now() - began);
    await new Promise((r) => setTimeout(r, 100));
  }
  return answers;
}

async function main(): Promise<void> {
  if (!dataDir || !fs.existsSync(dataDir))
    throw new Error('--data-dir must name a folder made by: npm run generate -- --scale large --data-dir DIR');
  const loadBefore = os.loadavg()[0]!;
  const server = await startServer({ dataDir: path.resolve(dataDir) });
  try {
    const token = await login(server.url, flag('user', 'big_admin'), flag('password', 'admin123'));
    // Item 22: the export of every equipment row, before the load, so the peak is the file work's.
    const exported = await exportEquipment(server, token);
    let loading = true;
    const health = probeHealth(server.url, () => loading);
    const slow: string[] = [];
    const began = Date.now();
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        { url: `${server.url}${PAGE}`, connections, duration: seconds, headers: { authorization: `Bearer ${token}` } },
        (err, res) => (err ? reject(err) : resolve(res)),
      );
      instance.on('response', (_client, _status, _bytes, ms) => {
        if (ms > 1500) slow.push(`${Math.round(ms)} ms at ${((Date.now() - began) / 1000).toFixed(1)} s`);
      });
    });
    loading = false;
    const answers = await health;
    const l = result.latency;
    const ratio = l.p50 ? l.p99 / l.p50 : 0;
    const longestHealth = Math.max(0, ...answers);
    const n = (x: number) => Math.round(x).toLocaleString('en-US');
    const text = [
      `${machineLine(loadBefore)} Date: ${new Date().toISOString()}. Command: \`${command('bench:embedded')}\`, on a folder made by \`npm run generate -- --scale large\`. The server runs as \`npm start\` runs it: \`${['node', ...serverNodeOptions(), 'server/dist/main.js'].join(' ')}\`.`,
      '',
      '| target | figure | limit | met |',
      '|---|---:|---:|---|',
      `| equipment page p99 ÷ p50 at ${connections} connections, jobs running | ${ratio.toFixed(2)} | ≤ ${LIMITS.ratio} | ${ratio <= LIMITS.ratio ? 'yes' : 'no'} |`,
      `| cold start on the generated data | ${n(server.startMs)} ms | < ${n(LIMITS.startMs)} ms | ${server.startMs < LIMITS.startMs ? 'yes' : 'no'} |`,
      `| longest /health answer during the load | ${n(longestHealth)} ms | < ${n(LIMITS.healthMs)} ms | ${longestHealth < LIMITS.healthMs ? 'yes' : 'no'} |`,
      `| server peak RSS, export of ${n(exported.rows)} equipment rows (${exported.seconds.toFixed(1)} s; ${n(exported.rssBeforeMb)} MB before) | ${n(exported.peakRssMb)} MB | < ${n(LIMITS.exportPeakMb)} MB | ${exported.peakRssMb < LIMITS.exportPeakMb ? 'yes' : 'no'} |`,
      '',
      `| requests | req/s | p50 ms | p90 ms | p99 ms | max ms | timeouts | errors | non-2xx |`,
      '|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
      `| ${n(result.requests.total)} | ${n(result.requests.average)} | ${l.p50} | ${l.p90} | ${l.p99} | ${n(l.max)} | ${result.timeouts} | ${result.errors} | ${result.non2xx} |`,
      '',
      `Requests over 1.5 s (${slow.length}): ${slow.length ? slow.join(', ') : 'none'}.`,
      '',
    ].join('\n');
    console.log(text);
    if (!quick) {
      const doc = path.join(repoRoot, 'docs', 'benchmarks-embedded.md');
      fs.writeFileSync(
        doc,
        `# Benchmark: the embedded database under load while the timed jobs run\n\nProduced by \`npm run bench:embedded\` (bench/src/embedded-load.ts). The embedded database (PGlite) runs inside the server process on one connection; the timed jobs (check generation every minute, overdue notices) work in steps of a transaction each and, on this database, wait after each step as long as it took (JobRunner's stepPause). Targets (issue 10, items 21 and 22): p99 within 3× p50 at 50 connections; a cold start under 3 s; the export of the big tenant's 100,000 equipment rows under 300 MB of server memory (its resident peak: the embedded database lives in the process).\n\n${text}`,
      );
      console.log(`written ${path.relative(repoRoot, doc)}`);
    }
  } finally {
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
