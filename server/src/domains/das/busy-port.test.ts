import net from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort } from '../../test/das-kit.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let holder: net.Server;
let port: number;

beforeAll(async () => {
  port = await freePort();
  holder = net.createServer();
  await new Promise<void>((r) => holder.listen(port, '127.0.0.1', () => r()));
  t = await createTestApp({ mqttPort: port, mqttHost: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((r) => holder.close(() => r()));
});

it('names a busy MQTT port in /health and serves everything else', async () => {
  const health = (await t.call('GET', '/health')).json();
  expect(health.status).toBe('ok');
  expect(health.mqtt).toMatchObject({ mode: 'embedded', state: 'busy', port });
  expect(health.mqtt.message).toContain(String(port));
  const admin = await t.login('admin');
  expect((await t.call('GET', '/api-das/gateway/page', admin)).json().rtnCode).toBe(200);
});
