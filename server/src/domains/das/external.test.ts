import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, tenantOf } from '../../platform/resources/testkit.js';
import { withTenant } from '../../platform/tenancy/tenant-tx.js';
import { connect, makeRig, type Rig, until } from '../../test/das-kit.js';
import { createTestApp, secondInstance, type TestApp } from '../../test/harness.js';

/*
 * MQTT_URL mode against the machine's Mosquitto (127.0.0.1:1883, started by .ci/run; this file fails, never
 * skips, when it is not there). Each run takes a share group of its own, so test runs side by side on one broker
 * do not split each other's messages.
 */
const BROKER = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
type Row = Record<string, unknown>;

let t: TestApp;
let second: FastifyInstance | null = null;
let admin: string;
let tenantId: number;
let rig: Rig;
let gateway: MqttClient;

beforeAll(async () => {
  t = await createTestApp({ mqttUrl: BROKER, mqttShareGroup: `eamtest${randomBytes(4).toString('hex')}` });
  admin = await t.login('admin');
  tenantId = (await tenantOf(t, admin)).tenantId;
  rig = await makeRig(t, admin, 'EXT');
  await until(async () => (await t.call('GET', '/health')).json().mqtt?.state === 'connected', 10_000).catch(() => {
    throw new Error(`no MQTT broker at ${BROKER}: start Mosquitto (.ci/run does) or set TEST_MQTT_URL`);
  });
  // The gateway logs in to the broker itself (Mosquitto's own users and ACLs are the broker's business).
  gateway = await connect(BROKER, { clientId: rig.gateway.clientId, protocolVersion: 5 });
});
afterAll(async () => {
  gateway?.end(true);
  await second?.close();
  await t?.close();
});

const topic = () => `gw/${rig.gateway.clientId}/up/${rig.device.code}`;
const count = async () =>
  Number(
    (
      await withTenant(t.db, tenantId, null, (tx) =>
        tx.query<{ n: string }>('select count(*) as n from das_history where tag_id = $1', [rig.tags.count]),
      )
    ).rows[0]!.n,
  );
const messages = async () =>
  Number((await api<Row>(t, 'GET', `/api-das/gateway/get?id=${rig.gateway.id}`, admin)).data.messages);

describe('an external broker (MQTT_URL)', () => {
  it("takes a gateway's readings through the server's shared subscription", async () => {
    const base = Date.now() - 60_000;
    for (let i = 0; i < 20; i++)
      await gateway.publishAsync(topic(), JSON.stringify({ ts: base + i, values: { count: i } }), { qos: 1 });
    await until(async () => (await count()) === 20);
    await until(async () => (await messages()) === 20);
  });

  it('splits the stream between two servers in the share group, each message taken once', async () => {
    second = await secondInstance(t);
    await until(async () => (second!.das.transport?.status.state === 'connected' ? true : null));
    const before = { first: t.app.das.writer.written, second: second.das.writer.written };
    const base = Date.now() - 30_000;
    for (let i = 0; i < 40; i++)
      await gateway.publishAsync(topic(), JSON.stringify({ ts: base + i, values: { count: 100 + i } }), { qos: 1 });
    await until(async () => (await count()) === 60);
    await until(async () => (await messages()) === 60);
    await t.app.das.writer.flush();
    await second.das.writer.flush();
    const took = {
      first: t.app.das.writer.written - before.first,
      second: second.das.writer.written - before.second,
    };
    expect(took.first + took.second).toBe(40);
    expect(took.first).toBeGreaterThan(0);
    expect(took.second).toBeGreaterThan(0);
  });

  it('drops messages whose topic names no gateway of the tenant its client id belongs to', async () => {
    const before = await messages();
    const other = await connect(BROKER, { clientId: `eamtest-${randomBytes(4).toString('hex')}`, protocolVersion: 5 });
    await other.publishAsync(`gw/${tenantId}-nosuchgateway1/up/${rig.device.code}`, '{"values":{"count":1}}', {
      qos: 1,
    });
    await other.publishAsync(
      `gw/999999-${rig.gateway.clientId.split('-')[1]}/up/${rig.device.code}`,
      '{"values":{"count":1}}',
      { qos: 1 },
    );
    await other.publishAsync(`gw/nonsense/up/x`, 'garbage', { qos: 1 });
    other.end(true);
    await new Promise((r) => setTimeout(r, 800));
    expect(await messages()).toBe(before);
    expect(await count()).toBe(60);
  });

  it('sends instructions through the broker to the gateway', async () => {
    await gateway.subscribeAsync(`gw/${rig.gateway.clientId}/cmd/#`, { qos: 1 });
    const got = new Promise<Row>((resolve) =>
      gateway.once('message', (_topic, p) => resolve(JSON.parse(p.toString()))),
    );
    const sent = await api<Row>(t, 'POST', '/api-das/deviceinstructions/send', admin, {
      deviceId: rig.device.id,
      tagKey: 'count',
      value: '0',
    });
    expect(await got).toMatchObject({ code: sent.data.code, tag: 'count', value: '0' });
    await gateway.publishAsync(
      `gw/${rig.gateway.clientId}/ack`,
      JSON.stringify({ code: sent.data.code, status: 'failed', result: 'E42' }),
      { qos: 1 },
    );
    await until(async () => {
      const r = (await api<Row>(t, 'GET', `/api-das/deviceinstructions/get?id=${sent.data.id}`, admin)).data;
      return r.state === 'failed' && r.result === 'E42';
    });
  });
});
