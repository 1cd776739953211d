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
  // A first start as the README's `npm start` makes it: the demo factory with its year of history.
  const env = { DATA_DIR: dataDir, SEED_ADMIN_PASSWORD: TEST_PASSWORD, DATABASE_URL: '' };
  // A real process starts cold (tsx, the embedded database's first start) beside other test files.
  const SLOW_START = 180_000;
  const FIRST_START = 900_000;

  it(
    'seeds the demo factory with its year of history on the first start of a fresh folder, and prints its accounts',
    async () => {
      const first = startServer(env, await freePort());
      started.push(first);
      // The year of history is about a minute of work on a quiet machine, several on a busy one.
      await waitHealthy(first.port, FIRST_START);
      expect(first.output()).toContain('demo_zhangwei (team leader');
      const token = ((await (await login(first.port)).json()) as { access_token: string }).access_token;
      const get = async (url: string) =>
        (await (
          await fetch(`http://127.0.0.1:${first.port}${url}`, { headers: { authorization: `Bearer ${token}` } })
        ).json()) as { data: Record<string, unknown>[] & Record<string, Record<string, unknown>>; count: number };
      const orders = await get('/api-manage/maintaintask/page?page=1&limit=1000');
      expect(orders.count).toBeGreaterThanOrEqual(120);
      const months = new Set(orders.data.map((o) => String(o.reportedAt).slice(0, 7)));
      expect(months.size).toBeGreaterThanOrEqual(10);
      expect(orders.data.filter((o) => o.state === 'checked').length).toBeGreaterThan(80);
      expect((await get('/api-user/experiencesBase/page?page=1&limit=1')).count).toBeGreaterThan(10);
      const moves = await get('/api-manage/maintainsparepart/page?page=1&limit=1000');
      expect(new Set(moves.data.map((m) => String(m.movedAt).slice(0, 7))).size).toBeGreaterThanOrEqual(4);
      const panel = (await get('/api-list/homepanel')).data as unknown as Record<string, Record<string, unknown>>;
      expect(Number(panel.current!.mttr) + Number(panel.previous!.mttr)).toBeGreaterThan(0);
      expect(Number(panel.current!.repairHours) + Number(panel.previous!.repairHours)).toBeGreaterThan(0);
      // A demo technician signs in with the same password.
      expect(
        (
          await fetch(`http://127.0.0.1:${first.port}/sys/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ username: 'demo_liqiang', password: TEST_PASSWORD }),
          })
        ).status,
      ).toBe(200);
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
    },
    FIRST_START + 60_000,
  );

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
