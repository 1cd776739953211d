import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/index.js';
import { openPostgres } from '../../db/postgres.js';
import { createTestApp, onPostgres, type TestApp } from '../../test/harness.js';
import { sideBySide, type TenantTx, withTenant } from './tenant-tx.js';

/*
 * sideBySide: a reading's second part on a connection of its own that reads the same snapshot, as the same tenant,
 * user and request role; one after the other in the transaction wherever that cannot be had.
 */

let t: TestApp;
/** On PostgreSQL a pool of this file's own, so that no job of the app holds the connection a test counts on. */
let db: Database;
let token: string;
let tenantId: number;
let userId: number;
let categoryId: number;

interface Probe {
  pid: number;
  role: string;
  tenant: string;
  user: string;
  machines: number;
}

const probe = async (tx: TenantTx): Promise<Probe> =>
  (
    await tx.query<Probe>(
      `select pg_backend_pid() as pid, current_user as role, current_setting('app.tenant_id') as tenant,
              current_setting('app.user_id') as "user", (select count(*)::int from equipment) as machines`,
    )
  ).rows[0]!;

let saved = 0;
const saveMachine = async () => {
  saved++;
  const r = await t.call('POST', '/api-manage/equipment/save', token, {
    code: `SBS-${saved}`,
    name: `并行读取${saved}`,
    categoryId,
  });
  expect(r.json().rtnCode, r.body).toBe(200);
};

const opened = <T>(db: Database, fn: (tx: TenantTx) => Promise<T>) =>
  withTenant(db, tenantId, userId, fn, undefined, { sideBySide: true });

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login('admin');
  const me = (await t.call('GET', '/api-user/users/current', token)).json().data;
  tenantId = me.tenantid;
  userId = me.id;
  const page = (await t.call('GET', '/api-manage/equipment/page?page=1&limit=1', token)).json();
  categoryId = page.data[0].categoryId;
  db = onPostgres
    ? await openPostgres({ url: process.env.TEST_DATABASE_URL!, poolSize: 4, schema: t.config.databaseSchema })
    : t.db;
});
afterAll(async () => {
  if (db !== t?.db) await db?.close();
  await t?.close();
});

describe('sideBySide', () => {
  it.runIf(onPostgres)(
    'reads its second part on another connection of the same snapshot, tenant and role',
    async () => {
      const { before, first, second } = await opened(db, async (tx) => {
        const before = await probe(tx);
        // Committed by another transaction after this one took its snapshot: neither part may see it.
        await saveMachine();
        const [first, second] = await sideBySide(tx, probe, probe);
        return { before, first, second };
      });
      expect(second.pid).not.toBe(first.pid);
      expect(first.pid).toBe(before.pid);
      expect(second).toMatchObject({ role: before.role, tenant: String(tenantId), user: String(userId) });
      expect(before.role).toBe('eam_app');
      expect(first.machines).toBe(before.machines);
      expect(second.machines).toBe(before.machines);
      const after = await withTenant(db, tenantId, userId, probe);
      expect(after.machines).toBe(before.machines + 1);
    },
  );

  it.runIf(onPostgres)(
    'runs the second part after the first in the transaction when no connection is free now',
    async () => {
      const busy: Database = { ...db, spareConnection: () => false };
      const order: string[] = [];
      const [first, second] = await opened(busy, (tx) =>
        sideBySide(
          tx,
          async (x) => {
            const p = await probe(x);
            order.push('first');
            return p;
          },
          async (x) => {
            order.push('second');
            return probe(x);
          },
        ),
      );
      expect(second.pid).toBe(first.pid);
      expect(order).toEqual(['first', 'second']);
    },
  );

  it('stays in the transaction where it cannot lend its snapshot: not opened side by side, or after a write', async () => {
    const plain = await withTenant(db, tenantId, userId, (tx) => sideBySide(tx, probe, probe));
    expect(plain[1].pid).toBe(plain[0].pid);
    const wrote = await opened(db, async (tx) => {
      await tx.query(`update equipment set remark = remark where id = -1`);
      return sideBySide(tx, probe, probe);
    });
    expect(wrote[1].pid).toBe(wrote[0].pid);
  });

  it.runIf(onPostgres)('sets the second transaction up as asked and hands it the permissions', async () => {
    const [, second] = await opened(db, async (tx) => {
      tx.permissions = new Set(['probe:view']);
      return sideBySide(
        tx,
        probe,
        async (x) => ({
          jit: (await x.query<{ jit: string }>(`select current_setting('jit') as jit`)).rows[0]!.jit,
          permissions: [...(x.permissions ?? [])],
        }),
        (x) => x.query(`select set_config('jit', 'off', true)`),
      );
    });
    expect(second).toEqual({ jit: 'off', permissions: ['probe:view'] });
  });
});
