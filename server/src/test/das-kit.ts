import net from 'node:net';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { api } from '../platform/resources/testkit.js';
import type { TestApp } from './harness.js';

type Row = Record<string, unknown>;

/** A TCP port nobody listens on now (the machine's Mosquitto has 1883). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

export interface Rig {
  gateway: Row & { id: number; clientId: string; secret: string };
  device: Row & { id: number; code: string };
  tags: Record<string, number>;
}

/** A gateway with one device on a ledger machine, its tags: temp (number ×0.1), run (run state), count, note (text). */
export async function makeRig(t: TestApp, token: string, code: string, equipmentIndex = 0): Promise<Rig> {
  const eq = (await api<Row[]>(t, 'GET', `/api-manage/equipment/page?page=1&limit=50`, token)).data[equipmentIndex]!;
  const g = await api<Row>(t, 'POST', '/api-das/gateway/save', token, { code: `GW-${code}`, name: `Gateway ${code}` });
  const d = await api<Row>(t, 'POST', '/api-das/device/save', token, {
    code: `DEV-${code}`,
    name: `Device ${code}`,
    gatewayId: g.data.id,
    equipmentId: eq.id,
  });
  for (const tag of [
    { key: 'temp', name: 'Temperature', unit: '°C', dataType: 'number', scale: 0.1 },
    { key: 'run', name: 'Run state', dataType: 'enum', role: 'runState' },
    { key: 'count', name: 'Parts', dataType: 'number', role: 'totalCount' },
    { key: 'note', name: 'Note', dataType: 'text' },
  ])
    await api<Row>(t, 'POST', '/api-das/device/tag/save', token, { ...tag, deviceId: d.data.id });
  const full = await api<Row>(t, 'GET', `/api-das/device/get?id=${d.data.id}`, token);
  const tags = Object.fromEntries((full.data.tags as Row[]).map((x) => [String(x.key), Number(x.id)]));
  return {
    gateway: g.data as Rig['gateway'],
    device: full.data as Rig['device'],
    tags,
  };
}

/** A gateway's MQTT.js client on the embedded broker (or any broker); resolves once connected. */
export async function connect(url: string, opts: IClientOptions): Promise<MqttClient> {
  const client = mqtt.connect(url, { reconnectPeriod: 0, connectTimeout: 5000, ...opts });
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('error', (err) => reject(err));
    client.once('close', () => reject(new Error('closed')));
  });
  return client;
}

/** Waits until `probe` returns a truthy value (polling), or fails after `ms`. */
export async function until<T>(probe: () => Promise<T>, ms = 10_000): Promise<NonNullable<T>> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v as NonNullable<T>;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}
