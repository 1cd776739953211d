import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  readXlsx,
  secondTenant,
  tenantOf,
  userWithCodes,
  waitForDownload,
} from '../../platform/resources/testkit.js';
import { withTenant } from '../../platform/tenancy/tenant-tx.js';
import { connect, freePort, makeRig, type Rig, until } from '../../test/das-kit.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

type Row = Record<string, unknown>;

let t: TestApp;
let admin: string;
let tenantId: number;
let port: number;
let rig: Rig;
const clients: MqttClient[] = [];

beforeAll(async () => {
  port = await freePort();
  t = await createTestApp({ mqttPort: port, mqttHost: '127.0.0.1' });
  admin = await t.login('admin');
  tenantId = (await tenantOf(t, admin)).tenantId;
  rig = await makeRig(t, admin, 'A');
});
afterAll(async () => {
  for (const c of clients) c.end(true);
  await t?.close();
});

const url = () => `mqtt://127.0.0.1:${port}`;
const gw = (r: Rig = rig) =>
  connect(url(), { clientId: r.gateway.clientId, username: r.gateway.clientId, password: r.gateway.secret }).then(
    (c) => {
      clients.push(c);
      return c;
    },
  );
const publish = (c: MqttClient, topic: string, body: unknown) =>
  c.publishAsync(topic, typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body), { qos: 1 });
const sql = <T extends object>(q: string, params: unknown[] = []) =>
  withTenant(t.db, tenantId, null, (tx) => tx.query<T>(q, params)).then((r) => r.rows);
const stats = async (r: Rig = rig) =>
  (await api<Row>(t, 'GET', `/api-das/gateway/get?id=${r.gateway.id}`, admin)).data as Row & {
    messages: number;
    rejected: number;
  };

describe('gateways', () => {
  it('issues a client id and a secret shown once, kept only as a hash, and rotates it', async () => {
    expect(rig.gateway.clientId).toMatch(new RegExp(`^${tenantId}-`));
    expect(rig.gateway.secret).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const read = (await api<Row>(t, 'GET', `/api-das/gateway/get?id=${rig.gateway.id}`, admin)).data;
    expect(read.secret).toBeUndefined();
    expect(JSON.stringify(read)).not.toContain(rig.gateway.secret);
    const [stored] = await sql<{ secret_hash: string }>('select secret_hash from das_gateways where id = $1', [
      rig.gateway.id,
    ]);
    expect(stored!.secret_hash).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(stored!.secret_hash).not.toContain(rig.gateway.secret);

    const other = await makeRig(t, admin, 'R', 1);
    const rotated = await api<Row>(t, 'POST', '/api-das/gateway/rotate', admin, { id: other.gateway.id });
    expect(rotated.data.secret).not.toBe(other.gateway.secret);
    await expect(
      connect(url(), {
        clientId: other.gateway.clientId,
        username: other.gateway.clientId,
        password: other.gateway.secret,
      }),
    ).rejects.toThrow();
    const c = await connect(url(), {
      clientId: other.gateway.clientId,
      username: other.gateway.clientId,
      password: String(rotated.data.secret),
    });
    c.end(true);
  });

  it('refuses wrong credentials and a client id that is not the user name', async () => {
    await expect(
      connect(url(), { clientId: rig.gateway.clientId, username: rig.gateway.clientId, password: 'wrong' }),
    ).rejects.toThrow();
    await expect(
      connect(url(), { clientId: 'someone', username: rig.gateway.clientId, password: rig.gateway.secret }),
    ).rejects.toThrow();
    await expect(
      connect(url(), { clientId: `${tenantId}-nobodynobody`, username: `${tenantId}-nobodynobody`, password: 'x' }),
    ).rejects.toThrow();
  });
});

describe('ingest over the embedded broker', () => {
  it('stores readings (one or an array) in day partitions, scaled, with the latest value per tag and the count', async () => {
    const c = await gw();
    const now = Date.now();
    await publish(c, `gw/${rig.gateway.clientId}/up/${rig.device.code}`, {
      ts: now - 2000,
      values: { temp: 215, note: 'ok' },
    });
    await publish(c, `gw/${rig.gateway.clientId}/up/${rig.device.code}`, [
      { ts: now - 1000, values: { temp: 220, count: 10 } },
      { ts: new Date(now).toISOString(), values: { temp: 230, count: 11 } },
    ]);
    const rows = await until(async () => {
      const r = await sql<{ v: number }>('select v from das_history where tag_id = $1 order by ts', [rig.tags.temp]);
      return r.length === 3 ? r : null;
    });
    expect(rows.map((r) => Number(r.v))).toEqual([21.5, 22, 23]);
    const parts = await sql<{ relname: string }>(
      `select c.relname from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = 'das_history'::regclass`,
    );
    expect(parts.map((p) => p.relname)).toContain(
      `das_history_${new Date(now).toISOString().slice(0, 10).replace(/-/g, '')}`,
    );
    const live = (await api<Row>(t, 'GET', `/api-das/device/live?id=${rig.device.id}`, admin)).data;
    const tags = Object.fromEntries((live.tags as Row[]).map((x) => [x.key, x.value]));
    expect(tags).toMatchObject({ temp: 23, count: 11, note: 'ok' });
    expect(live.online).toBe(true);
    const s = await until(async () => ((await stats()).messages >= 2 ? stats() : null));
    expect(s).toMatchObject({ messages: 2, rejected: 0, online: true });
  });

  it('counts malformed messages per gateway, drops them, and keeps taking the good ones', async () => {
    const c = await gw();
    const topic = `gw/${rig.gateway.clientId}/up/${rig.device.code}`;
    const before = await stats();
    const bad: unknown[] = [
      'not json {',
      '42',
      { values: { temp: 'hot' } },
      { values: { unknownTag: 1 } },
      { ts: Date.now() + 86_400_000, values: { temp: 1 } },
      { ts: Date.now() - 30 * 86_400_000, values: { temp: 1 } },
      '{"values":{"temp":NaN}}',
      `{"values":{"temp":1e999}}`,
      Buffer.alloc(1024 * 1024, 'x'),
    ];
    for (const b of bad) await publish(c, topic, b);
    await publish(c, `gw/${rig.gateway.clientId}/up/NO-SUCH-DEVICE`, { values: { temp: 1 } });
    await publish(c, topic, { values: { temp: 500 } });
    const after = await until(async () => {
      const s = await stats();
      return s.messages - before.messages === bad.length + 2 ? s : null;
    });
    expect(after.rejected - before.rejected).toBe(bad.length + 1);
    const last = await until(async () => {
      const r = await sql<{ v: number }>('select v from das_latest where tag_id = $1', [rig.tags.temp]);
      return Number(r[0]?.v) === 50 ? r : null;
    });
    expect(last).toHaveLength(1);
    const far = await sql<{ n: string }>('select count(*) as n from das_history where tag_id = $1 and v = 0.1', [
      rig.tags.temp,
    ]);
    expect(Number(far[0]!.n)).toBe(0);
  });

  it("refuses a publish to another gateway's topic and a subscription outside its own", async () => {
    const other = await makeRig(t, admin, 'B', 2);
    const c = await gw();
    await expect(c.subscribeAsync(`gw/${other.gateway.clientId}/cmd/#`)).rejects.toThrow(/Subscribe error/);
    expect((await c.subscribeAsync(`gw/${rig.gateway.clientId}/cmd/#`)).map((g) => g.qos)).toEqual([0]);
    const closed = new Promise<void>((r) => c.once('close', () => r()));
    c.publish(`gw/${other.gateway.clientId}/up/${other.device.code}`, JSON.stringify({ values: { temp: 1 } }), {
      qos: 1,
    });
    await closed;
    await new Promise((r) => setTimeout(r, 600));
    expect(await sql('select 1 from das_latest where tag_id = $1', [other.tags.temp])).toHaveLength(0);
  });

  it("keeps another tenant's gateway out of this tenant's topics and data", async () => {
    const second = await secondTenant(t, 'dasb');
    const g = await api<Row>(t, 'POST', '/api-das/gateway/save', second.token, { code: 'GW-X', name: 'X' });
    const c = await connect(url(), {
      clientId: String(g.data.clientId),
      username: String(g.data.clientId),
      password: String(g.data.secret),
    });
    clients.push(c);
    const closed = new Promise<void>((r) => c.once('close', () => r()));
    c.publish(`gw/${rig.gateway.clientId}/up/${rig.device.code}`, JSON.stringify({ values: { temp: 777 } }), {
      qos: 1,
    });
    await closed;
    expect((await t.call('GET', `/api-das/device/live?id=${rig.device.id}`, second.token)).statusCode).toBe(404);
    expect(await sql('select 1 from das_history where tag_id = $1 and v = 77.7', [rig.tags.temp])).toHaveLength(0);
  });
});

describe('HTTP ingest', () => {
  it("takes a gateway's readings with its credentials and refuses wrong ones", async () => {
    const path = `/api-das/ingest/${rig.device.code}`;
    const body = JSON.stringify({ values: { count: 99 } });
    const json = { 'content-type': 'application/json' };
    const wrong = await t.call('POST', path, null, body, {
      ...json,
      'x-client-id': rig.gateway.clientId,
      'x-client-secret': 'nope',
    });
    expect(wrong.statusCode).toBe(401);
    const basic = Buffer.from(`${rig.gateway.clientId}:${rig.gateway.secret}`).toString('base64');
    const good = await t.call('POST', path, null, body, { ...json, authorization: `Basic ${basic}` });
    expect(good.json()).toMatchObject({ rtnCode: 200, data: { outcome: 'taken' } });
    const junk = await t.call('POST', path, null, 'garbage', {
      'content-type': 'text/plain',
      authorization: `Basic ${basic}`,
    });
    expect(junk.statusCode).toBe(200);
    expect(junk.json().rtnCode).toBe(201);
    await until(
      async () =>
        Number((await sql<{ v: number }>('select v from das_latest where tag_id = $1', [rig.tags.count]))[0]?.v) === 99,
    );
  });
});

describe('history reads', () => {
  it('downsamples any period into buckets of min, max, average and last', async () => {
    const base = Date.UTC(2026, 0, 10, 0, 0, 0);
    // Ten minutes at one point a second (raw 0..599 → 0..59.9), written as the writer does, across no other data.
    await withTenant(t.db, tenantId, null, async (tx) => {
      await tx.query("select das_history_partition('2026-01-10')");
      await tx.query(
        `insert into das_history (tenant_id, tag_id, ts, v)
         select $1, $2, to_timestamp($3 / 1000.0) + make_interval(secs => i), i / 10.0 from generate_series(0, 599) i`,
        [tenantId, rig.tags.temp, base],
      );
    });
    const from = new Date(base).toISOString();
    const to = new Date(base + 600_000).toISOString();
    const r = await api<Row[]>(
      t,
      'GET',
      `/api-das/history/series?tagIds=${rig.tags.temp}&from=${from}&to=${to}&buckets=10`,
      admin,
    );
    const buckets = r.data[0]!.buckets as { t: string; min: number; max: number; avg: number; last: number }[];
    expect(buckets).toHaveLength(10);
    expect(buckets[0]).toMatchObject({ t: from, min: 0, max: 5.9, last: 5.9 });
    expect(buckets[0]!.avg).toBeCloseTo(2.95, 6);
    expect(buckets[9]).toMatchObject({ min: 54, max: 59.9, last: 59.9 });
    const page = await api<Row[]>(
      t,
      'GET',
      `/api-das/history/page?tagId=${rig.tags.temp}&from=${from}&to=${to}&limit=5`,
      admin,
    );
    expect(page.count).toBe(600);
    expect(page.data.map((p) => p.v)).toEqual([59.9, 59.8, 59.7, 59.6, 59.5]);
    const bad = await t.call('GET', `/api-das/history/series?tagIds=${rig.tags.temp}&from=${to}&to=${from}`, admin);
    expect(bad.json()).toMatchObject({ rtnCode: 400, field: 'to' });
  });
});

describe('run states', () => {
  it('turns run-state values into state intervals', async () => {
    const c = await gw();
    const topic = `gw/${rig.gateway.clientId}/up/${rig.device.code}`;
    const t0 = Date.now() - 60_000;
    await publish(c, topic, [
      { ts: t0, values: { run: 1 } },
      { ts: t0 + 10_000, values: { run: 1 } },
      { ts: t0 + 20_000, values: { run: 3 } },
      { ts: t0 + 30_000, values: { run: 2 } },
    ]);
    const states = await until(async () => {
      const r = (
        await api<Row[]>(
          t,
          'GET',
          `/api-das/device/states?id=${rig.device.id}&from=${new Date(t0 - 1000).toISOString()}`,
          admin,
        )
      ).data;
      return r.length === 3 ? r : null;
    });
    expect(states.map((s) => s.state)).toEqual(['running', 'fault', 'idle']);
    expect(states[0]).toMatchObject({ from: new Date(t0).toISOString(), to: new Date(t0 + 20_000).toISOString() });
    expect((await api<Row>(t, 'GET', `/api-das/device/live?id=${rig.device.id}`, admin)).data.state).toBe('idle');
  });
});

describe('instructions', () => {
  it('sends an instruction to the gateway, which acknowledges and completes it', async () => {
    const c = await gw();
    await c.subscribeAsync(`gw/${rig.gateway.clientId}/cmd/#`, { qos: 1 });
    const got = new Promise<{ topic: string; body: Row }>((resolve) =>
      c.once('message', (topic, payload) => resolve({ topic, body: JSON.parse(payload.toString()) })),
    );
    const sent = await api<Row>(t, 'POST', '/api-das/deviceinstructions/send', admin, {
      deviceId: rig.device.id,
      tagKey: 'temp',
      value: '42',
    });
    expect(sent.data).toMatchObject({ state: 'sent', tagKey: 'temp', value: '42' });
    const msg = await got;
    expect(msg.topic).toBe(`gw/${rig.gateway.clientId}/cmd/${rig.device.code}`);
    expect(msg.body).toEqual({ code: sent.data.code, tag: 'temp', value: '42' });
    await publish(c, `gw/${rig.gateway.clientId}/ack`, { code: sent.data.code, status: 'acknowledged' });
    await publish(c, `gw/${rig.gateway.clientId}/ack`, { code: sent.data.code, status: 'done', result: 'written 42' });
    const done = await until(async () => {
      const r = (await api<Row>(t, 'GET', `/api-das/deviceinstructions/get?id=${sent.data.id}`, admin)).data;
      return r.state === 'done' ? r : null;
    });
    expect(done).toMatchObject({
      result: 'written 42',
      acknowledgedAt: expect.any(String),
      finishedAt: expect.any(String),
    });
    const timeline = (
      await api<{ steps: Row[] }>(t, 'GET', `/api-das/deviceinstructions/steps?id=${sent.data.id}`, admin)
    ).data;
    expect(timeline.steps.map((s) => s.action)).toEqual(['send', 'acknowledge', 'complete']);
    // Exported to My downloads with its state and result in the reader's language.
    const queued = await api<{ id: number }>(
      t,
      'POST',
      `/api-das/deviceinstructions/exportexcel?code=${sent.data.code}`,
      admin,
      {},
    );
    const cells = (await readXlsx(await waitForDownload(t, admin, queued.data.id))).flat().map(String);
    expect(cells).toContain(String(sent.data.code));
    expect(cells).toContain('written 42');
    expect(cells).not.toContain('done');
  });

  it('refuses an unknown tag and needs its own permission', async () => {
    const r = await t.call('POST', '/api-das/deviceinstructions/send', admin, {
      deviceId: rig.device.id,
      tagKey: 'nope',
      value: '1',
    });
    expect(r.json()).toMatchObject({ rtnCode: 201, field: 'tagKey' });
    const viewer = await userWithCodes(t, tenantId, 'das_viewer', ['das:instruction:view', 'das:device:view']);
    const refused = await t.call('POST', '/api-das/deviceinstructions/send', viewer, {
      deviceId: rig.device.id,
      tagKey: 'temp',
      value: '1',
    });
    expect(refused.statusCode).toBe(403);
    expect((await t.call('GET', `/api-das/device/live?id=${rig.device.id}`, viewer)).statusCode).toBe(200);
  });
});

describe('health', () => {
  it('names the broker it runs and its port', async () => {
    const h = (await t.call('GET', '/health')).json();
    expect(h.mqtt).toMatchObject({ mode: 'embedded', state: 'listening', port });
  });
});
