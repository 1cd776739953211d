import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantOf } from '../../platform/resources/testkit.js';
import { withTenant } from '../../platform/tenancy/tenant-tx.js';
import { connect, freePort, makeRig, type Rig, until } from '../../test/das-kit.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

/*
 * A broker restart in MQTT_URL mode: a Mosquitto of this test's own (the machine's binary on a free port, so the
 * shared one on 1883 is never stopped) is stopped while the server is subscribed and started again; the server
 * reconnects by itself, makes its shared subscription again and takes the readings sent after the restart.
 */
const MOSQUITTO = process.env.MOSQUITTO_BIN ?? '/usr/sbin/mosquitto';

let t: TestApp;
let tenantId: number;
let rig: Rig;
let port: number;
let broker: ChildProcess | null = null;
let gateway: MqttClient | null = null;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eam-mosquitto-'));

function startBroker(): Promise<void> {
  const conf = path.join(dir, 'mosquitto.conf');
  fs.writeFileSync(conf, `listener ${port} 127.0.0.1\nallow_anonymous true\npersistence false\n`);
  broker = spawn(MOSQUITTO, ['-c', conf], { stdio: 'ignore' });
  return until(async () => {
    try {
      (await connect(`mqtt://127.0.0.1:${port}`, { reconnectPeriod: 0, connectTimeout: 500 })).end(true);
      return true;
    } catch {
      return null;
    }
  }, 10_000).then(() => undefined);
}

async function stopBroker(): Promise<void> {
  const b = broker;
  broker = null;
  if (!b || b.exitCode !== null) return;
  await new Promise<void>((r) => {
    b.once('exit', () => r());
    b.kill('SIGTERM');
  });
}

const mqttState = () => t.app.das.transport?.status.state;
const count = async () =>
  Number(
    (
      await withTenant(t.db, tenantId, null, (tx) =>
        tx.query<{ n: string }>('select count(*) as n from das_history where tag_id = $1', [rig.tags.count]),
      )
    ).rows[0]!.n,
  );
const publish = async (base: number, n: number) => {
  for (let i = 0; i < n; i++)
    await gateway!.publishAsync(
      `gw/${rig.gateway.clientId}/up/${rig.device.code}`,
      JSON.stringify({ ts: base + i, values: { count: i } }),
      { qos: 1 },
    );
};

beforeAll(async () => {
  expect(fs.existsSync(MOSQUITTO), `no Mosquitto binary at ${MOSQUITTO} (set MOSQUITTO_BIN)`).toBe(true);
  port = await freePort();
  await startBroker();
  t = await createTestApp({
    mqttUrl: `mqtt://127.0.0.1:${port}`,
    mqttShareGroup: `eamrestart${randomBytes(4).toString('hex')}`,
  });
  const admin = await t.login('admin');
  tenantId = (await tenantOf(t, admin)).tenantId;
  rig = await makeRig(t, admin, 'RST');
  await until(async () => (mqttState() === 'connected' ? true : null), 10_000);
});
afterAll(async () => {
  gateway?.end(true);
  await t?.close();
  await stopBroker();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('an external broker restarting', () => {
  it('the server reconnects by itself and ingest resumes', async () => {
    gateway = await connect(`mqtt://127.0.0.1:${port}`, { clientId: rig.gateway.clientId, protocolVersion: 5 });
    const base = Date.now() - 120_000;
    await publish(base, 10);
    await until(async () => ((await count()) === 10 ? true : null));

    gateway.end(true);
    await stopBroker();
    await until(async () => (mqttState() !== 'connected' ? true : null), 10_000);

    await startBroker();
    // mqtt.js retries every second (reconnectPeriod); connected again means the shared subscription stands again.
    await until(async () => (mqttState() === 'connected' ? true : null), 15_000);
    gateway = await connect(`mqtt://127.0.0.1:${port}`, { clientId: rig.gateway.clientId, protocolVersion: 5 });
    await publish(base + 1000, 15);
    await until(async () => ((await count()) === 25 ? true : null), 10_000);
    expect(await count()).toBe(25);
  });
});
