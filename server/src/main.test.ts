/** The server as a process: data-folder lock, clean stop under load, health, logs. Embedded database. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from './db/pglite.js';
import { TEST_PASSWORD } from './test/harness.js';
import { freePort, type ServerProcess, startServer, waitHealthy } from './test/process.js';

const started: ServerProcess[] = [];
afterAll(() => {
  for (const s of started) s.child.kill('SIGKILL');
});

const login = (port: number, password = TEST_PASSWORD) =>
  fetch(`http://127.0.0.1:${port}/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password }),
  });

describe('the server process on the embedded database', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eam-proc-'));
  // The demo factory's year of history is not what these tests are about, and costs a slow machine a minute.
  const env = { DATA_DIR: dataDir, SEED_ADMIN_PASSWORD: TEST_PASSWORD, DATABASE_URL: '', DEMO_HISTORY: '0' };
  // A real process starts cold (tsx, the embedded database's first start) beside other test files.
  const SLOW_START = 180_000;

  it('refuses a second server on the same data folder, stops cleanly on SIGTERM mid-writes and loses no committed row', async () => {
    const first = startServer(env, await freePort());
    started.push(first);
    await waitHealthy(first.port, SLOW_START);

    const second = startServer(env, await freePort());
    started.push(second);
    expect(await second.exited).toBe(2);
    expect(second.output()).toMatch(/data folder .* is in use by another server/);

    // Each successful login commits one session row. Keep logging in, stop the server in the middle.
    let acknowledged = 0;
    let stop = false;
    const writers = Array.from({ length: 4 }, async () => {
      while (!stop) {
        try {
          const r = await login(first.port);
          if (r.status === 200) acknowledged++;
          else if (r.status >= 500) stop = true;
        } catch {
          stop = true;
        }
      }
    });
    await new Promise((r) => setTimeout(r, 1500));
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    stop = true;
    await Promise.all(writers);
    expect(acknowledged).toBeGreaterThan(3);
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);

    const db = await openPglite(path.join(dataDir, 'pgdata'));
    const r = await db.query<{ n: number }>('select count(*) as n from sessions');
    await db.close();
    expect(r.rows[0]!.n).toBeGreaterThanOrEqual(acknowledged);

    // The log has the requests but neither the password nor a token.
    const log = first.output();
    expect(log).toMatch(/"url":"\/sys\/login"/);
    expect(log).not.toContain(TEST_PASSWORD);
    expect(log).not.toMatch(/eyJhbGci/);
  }, 300_000);

  it('starts again on the existing folder, keeps the data and serves', async () => {
    const again = startServer(env, await freePort());
    started.push(again);
    await waitHealthy(again.port, SLOW_START);
    expect((await login(again.port)).status).toBe(200);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 300_000);
});
