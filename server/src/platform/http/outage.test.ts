/**
 * While the database cannot be reached, every answer is a 503 in the envelope with a translated message,
 * never the driver's text; the session check included. On PostgreSQL the connection runs through a gate the
 * test shuts (open connections break, new ones are refused) and opens again; on the embedded database the
 * database is closed under the application.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, onPostgres, TEST_PASSWORD, type TestApp } from '../../test/harness.js';

/** A TCP relay to the PostgreSQL server that can be shut and opened again on the same port. */
class Gate {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  constructor(
    private readonly host: string,
    private readonly targetPort: number,
  ) {}

  async open(): Promise<void> {
    if (this.server) return;
    const server = net.createServer((client) => {
      const upstream = net.connect(this.targetPort, this.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  async shut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }
}

let t: TestApp;
let gate: Gate | null = null;
let token: string;
const en = { lang: 'en' };
const DRIVER_TEXT = /ECONN|terminated|PGlite|closed|connect|timeout/i;

beforeAll(async () => {
  const url = process.env.TEST_DATABASE_URL;
  if (onPostgres && url) {
    const u = new URL(url);
    gate = new Gate(u.hostname, Number(u.port || 5432));
    await gate.open();
    u.hostname = '127.0.0.1';
    u.port = String(gate.port);
    process.env.TEST_DATABASE_URL = u.toString();
    try {
      t = await createTestApp();
    } finally {
      process.env.TEST_DATABASE_URL = url;
    }
  } else {
    t = await createTestApp();
  }
  token = await t.login('admin');
  // A read confirms the session: the next read of it starts from the remembered principal.
  expect((await t.call('GET', '/api-user/users/current', token)).statusCode).toBe(200);
});
afterAll(async () => {
  await gate?.open();
  await t?.close();
  await gate?.shut();
});

/** Makes the database unreachable under the running application. */
async function takeDown(): Promise<void> {
  if (gate) await gate.shut();
  else await t.db.close();
}

describe('a database outage', () => {
  it('answers 503 with a translated message and no driver text, to reads, changes and logins', async () => {
    await takeDown();
    const calls = [
      t.call('GET', '/api-user/users/current', token, undefined, en),
      t.call('GET', '/api-user/workShop/page?page=1&limit=10', token, undefined, en),
      t.call('POST', '/api-user/workShop/save', token, { code: 'W1', name: 'Shop' }, en),
      t.call('POST', '/sys/login', null, { username: 'admin', password: TEST_PASSWORD }, en),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toEqual({
        rtnCode: 503,
        msg: 'The service is temporarily unavailable, please try again later',
      });
      expect(res.body).not.toMatch(DRIVER_TEXT);
    }
    expect((await t.call('GET', '/health')).statusCode).toBe(503);
  });

  it.runIf(onPostgres)('serves again once the database is back', async () => {
    await gate!.open();
    const res = await t.call('GET', '/api-user/users/current', token);
    expect(res.statusCode, res.body).toBe(200);
  });
});
