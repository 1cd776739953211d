import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, secondInstance, type TestApp } from '../../test/harness.js';

/** Opens the user's socket on a listening server and collects what it hears. */
async function openSocket(app: FastifyInstance, userId: number, token: string) {
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const socket = new WebSocket(`ws://127.0.0.1:${port}/webSocket/${userId}?token=${token}`);
  const heard: { type: string; [k: string]: unknown }[] = [];
  socket.on('message', (data) => heard.push(JSON.parse(String(data))));
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.once('message', () => resolve());
  });
  return { socket, heard };
}

describe('realtime pushes', () => {
  let t: TestApp;
  let other: FastifyInstance;
  let token: string;
  let userId: number;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    other = await secondInstance(t);
    token = await t.login('admin');
    userId = (await t.call('GET', '/api-user/users/current', token)).json().data.id;
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  it('reach a tab connected to another server instance on the same database', async () => {
    const { socket, heard } = await openSocket(t.app, userId, token);
    expect(heard[0]).toEqual({ type: 'hello' });
    await other.realtime.push(userId, { type: 'download', id: 7 });
    await expect.poll(() => heard.find((m) => m.type === 'download')).toEqual({ type: 'download', id: 7 });
    // Someone else's push never reaches this tab.
    await other.realtime.push(userId + 1000, { type: 'download', id: 8 });
    await t.app.realtime.push(userId, { type: 'download', id: 9 });
    await expect.poll(() => heard.filter((m) => m.type === 'download').map((m) => m.id)).toEqual([7, 9]);
    socket.close();
  });

  it('refuses a socket whose token belongs to another user id in the path', async () => {
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const socket = new WebSocket(`ws://127.0.0.1:${port}/webSocket/${userId + 1}?token=${token}`);
    const code = await new Promise<number>((resolve) => socket.once('close', (c) => resolve(c)));
    expect(code).toBe(4401);
  });
});
