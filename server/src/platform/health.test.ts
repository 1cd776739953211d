import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openPglite } from '../db/pglite.js';
import { openPostgres } from '../db/postgres.js';
import { freshDatabase, onPostgres } from '../test/harness.js';

const config = { ...loadConfig({}), webDist: '/nonexistent' };

describe('GET /health', () => {
  it('answers 200 while the database answers and 503 once it does not', async () => {
    const db = await openPglite();
    const app = await buildApp({ config, db, jwtSecret: 'x'.repeat(40), logger: false });
    expect((await app.inject('/health')).statusCode).toBe(200);
    await db.close();
    const down = await app.inject('/health');
    expect(down.statusCode).toBe(503);
    expect(down.json().status).toBe('unavailable');
    await app.close();
  });

  it.skipIf(!onPostgres)('recovers by itself when the PostgreSQL server comes back', async () => {
    const target = new URL(process.env.TEST_DATABASE_URL!);
    const sockets = new Set<net.Socket>();
    let proxy: net.Server;
    const listen = (port: number) =>
      new Promise<number>((resolve) => {
        proxy = net.createServer((client) => {
          const upstream = net.connect(Number(target.port || 5432), target.hostname);
          sockets.add(client).add(upstream);
          client.pipe(upstream).pipe(client);
          const end = () => {
            client.destroy();
            upstream.destroy();
          };
          client.on('error', end).on('close', end);
          upstream.on('error', end).on('close', end);
        });
        proxy.listen(port, '127.0.0.1', () => resolve((proxy.address() as net.AddressInfo).port));
      });
    const port = await listen(0);
    const via = new URL(target.toString());
    via.hostname = '127.0.0.1';
    via.port = String(port);
    const { schema, dispose } = await freshDatabase();
    const db = await openPostgres({ url: via.toString(), poolSize: 2, schema });
    const app = await buildApp({ config, db, jwtSecret: 'x'.repeat(40), logger: false });
    try {
      expect((await app.inject('/health')).statusCode).toBe(200);
      const closed = new Promise<void>((r) => proxy.close(() => r()));
      for (const s of sockets) s.destroy();
      await closed;
      expect((await app.inject('/health')).statusCode).toBe(503);
      await listen(port);
      expect((await app.inject('/health')).statusCode).toBe(200);
    } finally {
      await app.close();
      await db.close();
      proxy!.close();
      await dispose();
    }
  });
});
