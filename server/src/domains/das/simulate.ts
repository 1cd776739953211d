/**
 * npm run simulate -- --gateways N --devices M --rate R [--url mqtt://host:port] [--api http://localhost:8080]
 *                     [--user admin] [--password …] [--seconds S]
 *
 * Publishes realistic machine data (states with breakdowns, counters, temperatures, energy) as N gateways with M
 * devices between them, R readings a second per device, each with the gateway's own credentials. It signs in to
 * the server's API as the given user, makes (or reuses) the gateways SIM-GW-<n> and devices SIM-M-<n> on machines
 * of the ledger (adding machines SIM-EQ-<n> when there are too few), and takes a new secret for each gateway.
 */
import mqtt from 'mqtt';
import { upTopic } from './ingest.js';
import { MachineSim, random, SIM_TAGS } from './machine-sim.js';

type Row = Record<string, unknown>;

function args(argv: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a.startsWith('--')) out[a.slice(2)] = argv[i + 1] && !argv[i + 1]!.startsWith('--') ? argv[++i]! : 'true';
  }
  return out;
}

const opt = args(process.argv.slice(2));
const GATEWAYS = Math.max(1, Number(opt.gateways ?? 2));
const DEVICES = Math.max(1, Number(opt.devices ?? 10));
const RATE = Math.max(0.01, Number(opt.rate ?? 1));
const API = (opt.api ?? `http://localhost:${process.env.PORT ?? 8080}`).replace(/\/$/, '');
const URL_ = opt.url ?? `mqtt://127.0.0.1:${process.env.MQTT_PORT ?? 1883}`;
const SECONDS = opt.seconds ? Number(opt.seconds) : Number.POSITIVE_INFINITY;

let token = '';
async function call<T = Row>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${API}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { rtnCode?: number; msg?: string; data?: T; access_token?: string };
  if (!res.ok || (json.rtnCode !== undefined && json.rtnCode !== 200))
    throw new Error(`${path}: ${json.msg ?? res.status}`);
  return (json.data ?? json) as T;
}

async function all(path: string): Promise<Row[]> {
  return call<Row[]>('GET', `${path}${path.includes('?') ? '&' : '?'}page=1&limit=1000`);
}

async function main(): Promise<void> {
  const login = await call<{ access_token: string }>('POST', '/sys/login', {
    username: opt.user ?? 'admin',
    password: opt.password ?? process.env.SEED_ADMIN_PASSWORD ?? 'admin123',
  });
  token = login.access_token;
  const gateways: { id: number; clientId: string; secret: string; devices: string[] }[] = [];
  const existing = await all('/api-das/gateway/page?code=SIM-GW-');
  for (let g = 1; g <= GATEWAYS; g++) {
    const code = `SIM-GW-${g}`;
    const found = existing.find((x) => x.code === code);
    const made = found
      ? { ...found, ...(await call<Row>('POST', '/api-das/gateway/rotate', { id: found.id })) }
      : await call<Row>('POST', '/api-das/gateway/save', { code, name: `Simulated gateway ${g}` });
    gateways.push({ id: Number(made.id), clientId: String(made.clientId), secret: String(made.secret), devices: [] });
  }
  const devices = await all('/api-das/device/page?code=SIM-M-');
  const taken = new Set((await all('/api-das/device/page')).map((d) => Number(d.equipmentId)));
  const machines = (await all('/api-manage/equipment/page')).filter((m) => !taken.has(Number(m.id)));
  for (let d = 1; d <= DEVICES; d++) {
    const code = `SIM-M-${d}`;
    const gateway = gateways[(d - 1) % gateways.length]!;
    const found = devices.find((x) => x.code === code);
    if (found) {
      if (Number(found.gatewayId) !== gateway.id)
        await call('POST', '/api-das/device/update', { id: found.id, gatewayId: gateway.id });
    } else {
      const machine =
        machines.shift() ??
        (await call<Row>('POST', '/api-manage/equipment/save', {
          code: `SIM-EQ-${d}`,
          name: `Simulated machine ${d}`,
        }));
      const device = await call<Row>('POST', '/api-das/device/save', {
        code,
        name: `Simulated ${d}`,
        gatewayId: gateway.id,
        equipmentId: machine.id,
      });
      for (const tag of SIM_TAGS) await call('POST', '/api-das/device/tag/save', { ...tag, deviceId: device.id });
    }
    gateway.devices.push(code);
  }
  console.log(`${GATEWAYS} gateways, ${DEVICES} devices, ${RATE} readings/s per device → ${URL_}`);

  let sent = 0;
  let failed = 0;
  const stops: (() => void)[] = [];
  for (const g of gateways) {
    const client = mqtt.connect(URL_, {
      clientId: g.clientId,
      username: g.clientId,
      password: g.secret,
      reconnectPeriod: 2000,
    });
    client.on('error', (err) => console.error(`${g.clientId}: ${err.message}`));
    const sims = g.devices.map((code, i) => ({ code, sim: new MachineSim(random(g.id * 1000 + i)) }));
    const every = 1000 / RATE;
    const timer = setInterval(() => {
      if (!client.connected) return;
      const ts = Date.now();
      for (const d of sims)
        client.publish(
          upTopic(g.clientId, d.code),
          JSON.stringify({ ts, values: d.sim.step(ts, every / 1000) }),
          { qos: 0 },
          (err) => (err ? failed++ : sent++),
        );
    }, every);
    stops.push(() => {
      clearInterval(timer);
      client.end(true);
    });
  }
  const started = Date.now();
  const report = setInterval(() => {
    const s = (Date.now() - started) / 1000;
    console.log(
      `${Math.round(s)} s: ${sent} messages (${Math.round((sent * SIM_TAGS.length) / s)} points/s), ${failed} failed`,
    );
    if (s >= SECONDS) stop();
  }, 5000);
  const stop = () => {
    clearInterval(report);
    for (const s of stops) s();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
