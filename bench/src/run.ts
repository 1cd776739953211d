/**
 * npm run bench: the HTTP scenarios on the embedded database and, when reachable, on PostgreSQL, side by
 * side, each with the bare route of the same server as its limit; cold start; web bundle sizes.
 * Writes docs/benchmarks.md. Flags: --quick (short smoke run), --seconds N, --connections 1,10,50.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import pg from 'pg';
import { type Figures, load, scenarios } from './scenarios.js';
import { login, type RunningServer, repoRoot, startServer } from './server.js';

const args = process.argv.slice(2);
const flag = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1]! : fallback;
};
const quick = args.includes('--quick');
const seconds = Number(flag('seconds', quick ? '1' : '10'));
const connections = flag('connections', quick ? '1' : '1,10,50')
  .split(',')
  .map(Number);
const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';

interface Row {
  db: string;
  scenario: string;
  connections: number;
  f: Figures;
  ratio: number | null;
  rssMb: number;
}

async function pgReachable(): Promise<boolean> {
  const c = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

async function runOn(db: string, server: RunningServer): Promise<Row[]> {
  const token = await login(server.url);
  const rows: Row[] = [];
  for (const c of connections) {
    const limit = await load(server.url, scenarios[0]!, c, seconds);
    for (const s of scenarios) {
      const f = s === scenarios[0] ? limit : await load(server.url, s, c, seconds, token);
      rows.push({
        db,
        scenario: s.name,
        connections: c,
        f,
        ratio: limit.rps ? f.rps / limit.rps : null,
        rssMb: server.peakRssMb(),
      });
    }
  }
  return rows;
}

function gzipSizes(): { file: string; kb: number }[] {
  const dir = path.join(repoRoot, 'web', 'dist', 'assets');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.js'))
    .map((f) => ({ file: f, kb: Math.round(zlib.gzipSync(fs.readFileSync(path.join(dir, f))).length / 102.4) / 10 }))
    .sort((a, b) => b.kb - a.kb);
}

async function main(): Promise<void> {
  const rows: Row[] = [];
  const starts: { db: string; first: number; cold: number }[] = [];

  const embedded = await startServer({});
  rows.push(...(await runOn('PGlite', embedded)));
  await embedded.stop();
  const again = await startServer({ dataDir: embedded.dataDir });
  starts.push({ db: 'PGlite', first: embedded.startMs, cold: again.startMs });
  await again.stop();

  if (await pgReachable()) {
    const schema = `bench_${Date.now()}`;
    const server = await startServer({ databaseUrl: pgUrl, schema });
    rows.push(...(await runOn('PostgreSQL', server)));
    await server.stop();
    const cold = await startServer({ databaseUrl: pgUrl, schema });
    starts.push({ db: 'PostgreSQL', first: server.startMs, cold: cold.startMs });
    await cold.stop();
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    await c.query(`drop schema if exists "${schema}" cascade`);
    await c.end();
  }

  const table = [
    '| database | scenario | conns | req/s | p50 ms | p99 ms | errors | non-2xx | ÷ bare route | server peak RSS MB |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.db} | ${r.scenario} | ${r.connections} | ${r.f.rps} | ${r.f.p50} | ${r.f.p99} | ${r.f.errors} | ${r.f.non2xx} | ${r.ratio === null ? '-' : r.ratio.toFixed(2)} | ${r.rssMb} |`,
    ),
  ].join('\n');
  const startTable = [
    '| database | first start (migrate + seed) ms | cold start on existing data ms |',
    '|---|---:|---:|',
    ...starts.map((s) => `| ${s.db} | ${s.first} | ${s.cold} |`),
  ].join('\n');
  const sizes = gzipSizes();
  const sizeTable = [
    '| web chunk | gzip KB |',
    '|---|---:|',
    ...sizes.slice(0, 12).map((s) => `| ${s.file} | ${s.kb} |`),
  ].join('\n');
  const header = `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}. Date: ${new Date().toISOString()}. Command: npm run bench -- ${args.join(' ')} (${seconds} s per load).`;
  const report = `${header}\n\n## HTTP scenarios\n\n${table}\n\n## Start\n\n${startTable}\n\n## Web bundle\n\n${sizeTable}\n`;
  console.log(report);
  if (!quick) {
    const doc = path.join(repoRoot, 'docs', 'benchmarks.md');
    fs.mkdirSync(path.dirname(doc), { recursive: true });
    fs.writeFileSync(
      doc,
      `# Benchmark results\n\nProduced by \`npm run bench\` (bench/src/run.ts). Ratios divide an endpoint's throughput by the bare route of the same server in the same run, so they survive a noisy machine.\n\n${report}`,
    );
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
