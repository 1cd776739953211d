/**
 * npm run bench:das [-- --gateways 10 --devices 200 --rate 10 --seconds 30 --pg]
 *
 * Machine-data ingest through the real embedded MQTT broker of the built server: the simulator (npm run simulate)
 * makes the gateways and devices through the API and publishes with each gateway's credentials; the figures are
 * the points the server wrote per second (its /health machineData.written), what it dropped, its memory, and the
 * time of a downsampled history read (one tag, the whole run, 1,000 buckets) on what was written. `--pg` runs
 * on the PostgreSQL server of DATABASE_URL (a schema of its own) instead of the embedded database.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { BENCH_PASSWORD, freePort, login, repoRoot, startServer } from './server.js';

function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}
const GATEWAYS = flag('gateways', 10);
const DEVICES = flag('devices', 200);
const RATE = flag('rate', 10);
const SECONDS = flag('seconds', 30);
const PG = process.argv.includes('--pg');

type Health = { machineData: { written: number; dropped: number; buffered: number } };

async function main(): Promise<void> {
  const mqttPort = await freePort();
  process.env.MQTT_PORT = String(mqttPort);
  process.env.MQTT_HOST = '127.0.0.1';
  process.env.DEMO_HISTORY = '0';
  process.env.DAS_DEMO_LIVE = '0';
  process.env.DAS_GATEWAY_RATE = '1000000';
  const databaseUrl = process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
  const schema = `bench_das_${Date.now()}`;
  const server = await startServer(PG ? { databaseUrl, schema } : {});
  try {
    const health = async () => (await (await fetch(`${server.url}/health`)).json()) as Health;
    const sim = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(repoRoot, 'server', 'src', 'domains', 'das', 'simulate.ts'),
        ...['--gateways', String(GATEWAYS), '--devices', String(DEVICES), '--rate', String(RATE)],
        ...['--seconds', String(SECONDS), '--api', server.url, '--password', BENCH_PASSWORD],
        ...['--url', `mqtt://127.0.0.1:${mqttPort}`],
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const mark: { publishing: number | null; start: Health | null } = { publishing: null, start: null };
    sim.stdout.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      if (mark.publishing === null && text.includes('readings/s per device')) {
        mark.publishing = Date.now();
        void health().then((h) => {
          mark.start = h;
        });
      }
    });
    await new Promise((r) => sim.on('exit', r));
    await new Promise((r) => setTimeout(r, 1000));
    const end = await health();
    const secs = mark.publishing === null ? 0 : (Date.now() - mark.publishing - 1000) / 1000;
    const written = end.machineData.written - (mark.start?.machineData.written ?? 0);
    const token = await login(server.url, 'admin', BENCH_PASSWORD);
    const auth = { authorization: `Bearer ${token}` };
    const device = (await (
      await fetch(`${server.url}/api-das/device/page?code=SIM-M-1&limit=1`, { headers: auth })
    ).json()) as {
      data: { id: number }[];
    };
    const live = (await (
      await fetch(`${server.url}/api-das/device/live?id=${device.data[0]!.id}`, { headers: auth })
    ).json()) as {
      data: { tags: { id: number; key: string }[] };
    };
    const tag = live.data.tags.find((x) => x.key === 'temp')!.id;
    const from = new Date(Date.now() - (SECONDS + 60) * 1000).toISOString();
    const times: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t0 = performance.now();
      await fetch(`${server.url}/api-das/history/series?tagIds=${tag}&from=${from}&buckets=1000`, { headers: auth });
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    console.log(
      JSON.stringify(
        {
          database: PG ? 'postgres' : 'embedded',
          gateways: GATEWAYS,
          devices: DEVICES,
          offeredPointsPerSecond: DEVICES * RATE * 7,
          writtenPointsPerSecond: Math.round(written / Math.max(1, secs)),
          dropped: end.machineData.dropped,
          peakRssMb: server.peakRssMb(),
          downsampleMsP50: Math.round(times[10]!),
          downsampleMsP95: Math.round(times[18]!),
        },
        null,
        2,
      ),
    );
  } finally {
    await server.stop();
    if (PG) {
      const client = new pg.Client(databaseUrl);
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    }
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
