/**
 * What a stop costs the history, measured on the real server process (through tsx, on a fresh embedded database in a
 * temporary folder, or with TEST_DATABASE_URL a schema of its own): a gateway publishes one reading every
 * 1000/RATE ms with QoS 1 through the embedded broker with its own credentials. A SIGTERM in the middle of the
 * stream loses no acknowledged reading; a kill -9 loses at most what arrived since the start of the writer's last
 * committed batch, RATE × (FLUSH_MS + twice the slowest write the server reported meanwhile + SLACK_MS), and
 * every reading acknowledged longer ago than that, and every one the server had reported written (its /health
 * `machineData.written`) before the kill, is there after the restart. Figures: docs/benchmarks-das.md.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { MqttClient } from 'mqtt';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPglite } from '../../db/pglite.js';
import { connect } from '../../test/das-kit.js';
import { TEST_PASSWORD } from '../../test/harness.js';
import { freePort, type ServerProcess, startServer, waitHealthy } from '../../test/process.js';
import { FLUSH_MS } from './writer.js';

/** Readings a second, one point each. */
const RATE = 400;
/** Beyond the flush interval and the writes: the way of an acknowledgement back, a busy machine's late timers. */
const SLACK_MS = 250;
const STREAM_MS = 3000;

const url = process.env.TEST_DATABASE_URL ?? '';
const schema = `test_kill_${randomBytes(5).toString('hex')}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eam-kill-'));
const started: ServerProcess[] = [];
let mqttPort: number;
let env: Record<string, string>;

type Json = Record<string, unknown>;

async function start(): Promise<ServerProcess> {
  const s = startServer(env, await freePort());
  started.push(s);
  await waitHealthy(s.port, 120_000);
  return s;
}

async function stopped(s: ServerProcess, signal: 'SIGTERM' | 'SIGKILL'): Promise<void> {
  s.child.kill(signal);
  await s.exited;
}

async function call(s: ServerProcess, method: string, route: string, token: string, body?: unknown): Promise<Json> {
  const r = await fetch(`http://127.0.0.1:${s.port}${route}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await r.json()) as Json;
  if (r.status !== 200 || json.rtnCode !== 200) throw new Error(`${route}: ${r.status} ${JSON.stringify(json)}`);
  return json.data as Json;
}

interface MachineData {
  written: number;
  lastWriteMs: number;
}
const machineData = async (s: ServerProcess): Promise<MachineData> =>
  ((await (await fetch(`http://127.0.0.1:${s.port}/health`)).json()) as { machineData: MachineData }).machineData;

/** The values (reading numbers) of the tag in the history, read from the database with no server on it. */
async function stored(tagId: number): Promise<Set<number>> {
  const text = 'select v from das_history where tag_id = $1';
  if (url) {
    const c = new pg.Client({ connectionString: url, options: `-c search_path=${schema},public` });
    await c.connect();
    try {
      return new Set((await c.query<{ v: number }>(text, [tagId])).rows.map((r) => Number(r.v)));
    } finally {
      await c.end();
    }
  }
  const db = await openPglite(path.join(dataDir, 'pgdata'));
  try {
    return new Set((await db.query<{ v: number }>(text, [tagId])).rows.map((r) => Number(r.v)));
  } finally {
    await db.close();
  }
}

interface Stream {
  /** When each reading's PUBACK came (by its number), and when the stream was cut. */
  acked: Map<number, number>;
  cutAt: number;
  /** The server's count of written points last seen before the cut, and the longest write seen while streaming. */
  writtenBefore: number;
  slowestWriteMs: number;
}

/**
 * Publishes numbered readings at RATE (paced by the clock, not by the timer) from `first` on, for STREAM_MS, then
 * calls `cut` while the stream goes on, and stops publishing.
 */
async function stream(
  s: ServerProcess,
  gateway: { clientId: string; secret: string },
  topic: string,
  first: number,
  cut: () => Promise<void>,
): Promise<Stream> {
  const client: MqttClient = await connect(`mqtt://127.0.0.1:${mqttPort}`, {
    clientId: gateway.clientId,
    username: gateway.clientId,
    password: gateway.secret,
  });
  client.on('error', () => undefined);
  const acked = new Map<number, number>();
  const base = Date.now() - 60_000;
  const t0 = Date.now();
  let sent = 0;
  let live = true;
  let writtenBefore = 0;
  let slowestWriteMs = 0;
  const pace = setInterval(() => {
    const due = Math.floor(((Date.now() - t0) * RATE) / 1000);
    while (live && sent < due) {
      const ts = base + sent;
      const n = first + sent++;
      client.publish(topic, JSON.stringify({ ts, values: { n } }), { qos: 1 }, (err) => {
        if (!err && live) acked.set(n, Date.now());
      });
    }
  }, 5);
  const probe = setInterval(() => {
    machineData(s)
      .then((m) => {
        if (!live) return;
        writtenBefore = Math.max(writtenBefore, m.written);
        slowestWriteMs = Math.max(slowestWriteMs, m.lastWriteMs);
      })
      .catch(() => undefined);
  }, 50);
  await new Promise((r) => setTimeout(r, STREAM_MS));
  clearInterval(probe);
  const cutAt = Date.now();
  await cut();
  live = false;
  clearInterval(pace);
  client.end(true);
  return { acked, cutAt, writtenBefore, slowestWriteMs };
}

let tagId: number;
let gateway: { clientId: string; secret: string };
let topic: string;

beforeAll(async () => {
  mqttPort = await freePort();
  env = {
    SEED_ADMIN_PASSWORD: TEST_PASSWORD,
    DEMO_HISTORY: '0',
    DAS_DEMO_LIVE: '0',
    MQTT_PORT: String(mqttPort),
    MQTT_HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ...(url ? { DATABASE_URL: url, DATABASE_SCHEMA: schema } : { DATABASE_URL: '', DATA_DIR: dataDir }),
  };
  // The embedded database starts from the run's migrated and seeded template (a cold first start is minutes).
  const template = url ? '' : inject('pgliteTemplate');
  if (template) {
    const db = await openPglite(path.join(dataDir, 'pgdata'), undefined, new Blob([fs.readFileSync(template)]));
    await db.close();
  }
}, 60_000);

afterAll(async () => {
  for (const s of started) s.child.kill('SIGKILL');
  await Promise.all(started.map((s) => s.exited));
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (url) {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`drop schema if exists "${schema}" cascade`);
    await c.end();
  }
});

let restarted: ServerProcess;
let killed: Stream;
const KILLED_FROM = 1_000_000;
let have: Set<number>;

describe('history across a stop of the server process', () => {
  it('a kill -9 mid-stream, and the server starts again on the same database', async () => {
    const s = await start();
    const login = await fetch(`http://127.0.0.1:${s.port}/sys/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: TEST_PASSWORD }),
    });
    const token = ((await login.json()) as { access_token: string }).access_token;
    const eq = (await call(s, 'GET', '/api-manage/equipment/page?page=1&limit=1', token)) as unknown as Json[];
    const g = await call(s, 'POST', '/api-das/gateway/save', token, { code: 'GW-KILL', name: 'Kill gateway' });
    const d = await call(s, 'POST', '/api-das/device/save', token, {
      code: 'DEV-KILL',
      name: 'Kill device',
      gatewayId: g.id,
      equipmentId: eq[0]!.id,
    });
    const tag = await call(s, 'POST', '/api-das/device/tag/save', token, {
      key: 'n',
      name: 'Reading number',
      dataType: 'number',
      deviceId: d.id,
    });
    tagId = Number(tag.id);
    gateway = { clientId: String(g.clientId), secret: String(g.secret) };
    topic = `gw/${gateway.clientId}/up/DEV-KILL`;

    // A first few readings make the day's partition and warm the server up: the first write on a fresh database is
    // seconds on a busy machine, and the measure is of a server at work.
    const warm = await connect(`mqtt://127.0.0.1:${mqttPort}`, {
      clientId: gateway.clientId,
      username: gateway.clientId,
      password: gateway.secret,
    });
    for (let i = 0; i < 40; i++)
      await warm.publishAsync(topic, JSON.stringify({ ts: Date.now() - 120_000 + i, values: { n: 900_000 + i } }), {
        qos: 1,
      });
    warm.end(true);
    for (let i = 0; i < 200 && (await machineData(s)).written < 40; i++) await new Promise((r) => setTimeout(r, 100));
    killed = await stream(s, gateway, topic, KILLED_FROM, () => stopped(s, 'SIGKILL'));
    expect(killed.acked.size).toBeGreaterThan(RATE);
    // The restart recovers the database (the embedded one from its log) and serves.
    restarted = await start();
  }, 150_000);

  it('a SIGTERM mid-stream loses no acknowledged reading', async () => {
    const s = restarted;
    const run = await stream(s, gateway, topic, 0, () => stopped(s, 'SIGTERM'));
    expect(await s.exited, s.output()).toBe(0);
    expect(run.acked.size).toBeGreaterThan(RATE);
    have = await stored(tagId);
    const lost = [...run.acked.keys()].filter((n) => !have.has(n));
    console.log(`SIGTERM: ${run.acked.size} readings acknowledged at ${RATE}/s, ${lost.length} lost`);
    expect(lost, s.output()).toEqual([]);
  }, 60_000);

  it('the kill -9 lost at most a flush interval and a write of readings, and none the server had reported written', () => {
    const lost = [...killed.acked.keys()].filter((n) => !have.has(n));
    // A reading waits FLUSH_MS for its write (or, when writes take longer, the end of the one under way) and
    // then that write's time: what a kill can find unwritten is the last FLUSH_MS + 2 writes.
    const boundMs = FLUSH_MS + 2 * killed.slowestWriteMs + SLACK_MS;
    const boundPoints = Math.ceil((RATE * boundMs) / 1000);
    console.log(
      `kill -9: ${killed.acked.size} readings acknowledged at ${RATE}/s, ${lost.length} lost ` +
        `(${Math.round((lost.length * 1000) / RATE)} ms of stream); bound ${boundPoints} = ${RATE}/s × ` +
        `(${FLUSH_MS} + 2 × ${killed.slowestWriteMs} slowest write + ${SLACK_MS} ms); ` +
        `written before the kill ${killed.writtenBefore}`,
    );
    expect(lost.length).toBeLessThanOrEqual(boundPoints);
    // Everything acknowledged longer ago than the bound before the kill is there ...
    const old = [...killed.acked].filter(([, at]) => at < killed.cutAt - boundMs).map(([n]) => n);
    expect(old.length).toBeGreaterThan(0);
    expect(old.filter((n) => !have.has(n))).toEqual([]);
    // ... and so is every reading the server had reported written (one gateway, one connection: in order; the
    // 40 of the warm-up first).
    expect(killed.writtenBefore).toBeGreaterThan(40);
    const reported = Array.from({ length: killed.writtenBefore - 40 }, (_, i) => KILLED_FROM + i);
    expect(reported.filter((n) => !have.has(n))).toEqual([]);
  });
});
