import net from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, secondInstance, type TestApp } from '../../test/harness.js';

/*
 * A stopping instance behind a load balancer (docs/scaling.md): it stops accepting connections at once, and a
 * request that arrives on a connection it had accepted is served, not refused with 503 (the balancer cannot
 * pass on a POST it has already sent).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

it('refuses new connections once closing, and serves a request still arriving on an accepted one', async () => {
  const app = await secondInstance(t);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as net.AddressInfo;
  const socket = net.connect(port, '127.0.0.1');
  let reply = '';
  socket.on('data', (d) => {
    reply += d;
  });
  const ended = new Promise((resolve) => socket.on('close', resolve));
  await new Promise((resolve) => socket.once('connect', resolve));
  // The request has begun when the close starts; its last header line comes after.
  socket.write('GET /health HTTP/1.1\r\nHost: eam\r\n');
  await new Promise((resolve) => setTimeout(resolve, 100));
  const closing = app.close();
  await new Promise((resolve) => setTimeout(resolve, 100));
  await expect(fetch(`http://127.0.0.1:${port}/health`)).rejects.toThrow();
  socket.write('Connection: close\r\n\r\n');
  await ended;
  await closing;
  expect(reply.split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
  expect(reply).toContain('"status":"ok"');
});
