import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { equipmentEntity } from '../../domains/equipment/resources.js';
import { createTestApp, onPostgres, secondInstance, type TestApp } from '../../test/harness.js';
import { pageRows, readContext } from '../resources/read.js';
import { bumpVersionsAtEnd, TenantMemo, tableVersions } from './table-versions.js';
import { type TenantTx, withTenant } from './tenant-tx.js';

/*
 * Totals, custom fields and dictionaries are kept per table version; these prove a kept value is never
 * served after a change: made by this instance, by another instance, or rolled back.
 */

let t: TestApp;
let other: FastifyInstance;
let token: string;
let tenantId: number;
let userId: number;

const page = async (app: FastifyInstance, query = '') =>
  (
    await app.inject({
      method: 'GET',
      url: `/api-manage/equipment/page?page=1&limit=5${query}`,
      headers: { authorization: `Bearer ${token}` },
    })
  ).json() as { data: { categoryId: number }[]; count: number };

const save = async (app: FastifyInstance, url: string, body: Record<string, unknown>) => {
  const r = await app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, payload: body });
  expect(r.json().rtnCode, r.body).toBe(200);
  return r.json().data;
};

beforeAll(async () => {
  t = await createTestApp();
  other = await secondInstance(t);
  token = await t.login('admin');
  const me = (await t.call('GET', '/api-user/users/current', token)).json().data;
  tenantId = me.tenantid;
  userId = me.id;
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

describe('kept values', () => {
  it('a list total follows changes made here and on another instance', async () => {
    const before = (await page(t.app)).count;
    await page(t.app); // kept now
    const category = (await page(t.app)).data[0]!.categoryId;
    await save(t.app, '/api-manage/equipment/save', { code: 'KV-1', name: '保持测试1', categoryId: category });
    expect((await page(t.app)).count).toBe(before + 1);
    await save(other, '/api-manage/equipment/save', { code: 'KV-2', name: '保持测试2', categoryId: category });
    expect((await page(t.app)).count).toBe(before + 2);
    expect((await page(t.app, '&code=KV-')).count).toBe(2);
  });

  it('a rolled-back write leaves nothing kept behind', async () => {
    const before = (await page(t.app)).count;
    const category = (await page(t.app)).data[0]!.categoryId;
    await expect(
      withTenant(t.db, tenantId, userId, async (tx) => {
        await tx.query("insert into equipment (tenant_id, code, name, category_id) values ($1, 'KV-RB', '回滚', $2)", [
          tenantId,
          category,
        ]);
        // Counted inside the failing transaction, so the value there includes the row that never lands.
        const r = await tx.query<{ n: number }>(
          'select count(*)::int as n from equipment where tenant_id = $1 and deleted_at is null',
          [tenantId],
        );
        expect(r.rows[0]!.n).toBe(before + 1);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await page(t.app)).count).toBe(before);
    await save(t.app, '/api-manage/equipment/save', { code: 'KV-3', name: '保持测试3', categoryId: category });
    expect((await page(t.app)).count).toBe(before + 1);
  });

  it('a read after a write in the same transaction counts that write', async () => {
    const read = (tx: TenantTx) => readContext(tx, equipmentEntity, 'zh');
    const total = async (tx: TenantTx) => (await pageRows(tx, await read(tx), {}, 1, 5)).count;
    const before = await withTenant(t.db, tenantId, userId, total);
    await withTenant(t.db, tenantId, userId, total); // kept now, under the versions the transaction opened with
    const category = (await page(t.app)).data[0]!.categoryId;
    const inside = await withTenant(t.db, tenantId, userId, async (tx) => {
      await tx.insert('equipment', { code: 'KV-TX', name: '同事务', category_id: category });
      return total(tx);
    });
    expect(inside).toBe(before + 1);
    expect((await page(t.app)).count).toBe(before + 1);
  });

  it('writes holding their bumps to the end move the versions at the end, and a writer beside them is not held up', async () => {
    const before = (await page(t.app)).count;
    const category = (await page(t.app)).data[0]!.categoryId;
    const version = async () =>
      Number(
        (
          await t.db.query<{ version: string }>(
            "select version from table_versions where tenant_id = $1 and tbl = 'equipment'",
            [tenantId],
          )
        ).rows[0]!.version,
      );
    const was = await version();
    const write = (code: string, whileOpen?: () => Promise<void>) =>
      withTenant(t.db, tenantId, userId, async (tx) => {
        // A writer queued on the version row fails here instead of waiting for the other to commit.
        if (onPostgres) await tx.query("set local lock_timeout = '3s'");
        await bumpVersionsAtEnd(tx, async () => {
          await tx.insert('equipment', { code, name: code, category_id: category });
          expect(await tableVersions(tx, ['equipment']).then((v) => v.key('equipment'))).toBeNull();
          await whileOpen?.();
        });
      });
    let wrote!: () => void;
    const first = new Promise<void>((r) => {
      wrote = r;
    });
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const a = write('KV-A', async () => {
      wrote();
      await held;
    });
    await first;
    // The embedded database has one connection: the second writer, and any read, can only follow the first.
    let afterB = was;
    try {
      if (onPostgres) {
        await write('KV-B');
        afterB = await version();
        expect(afterB).toBeGreaterThan(was);
      }
    } finally {
      release();
    }
    await a;
    if (!onPostgres) await write('KV-B');
    expect(await version()).toBeGreaterThan(afterB);
    expect((await page(t.app)).count).toBe(before + 2);
  });

  it('a custom field added on another instance shows in this instance at once', async () => {
    const meta = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api-manage/meta/equipment',
          headers: { authorization: `Bearer ${token}` },
        })
      ).json().data;
    const names = (m: { fields: { name: string }[] }) => m.fields.map((f) => f.name);
    expect(names(await meta())).not.toContain('custom.kvField');
    await save(other, '/api-manage/customfield/save', {
      entity: 'equipment',
      name: 'kvField',
      label: '保持字段',
      fieldType: 'string',
    });
    expect(names(await meta())).toContain('custom.kvField');
  });
});

describe('a value computed once for callers that arrive together', () => {
  const later = <T>(value: T, fail = false) =>
    new Promise<T>((resolve, reject) =>
      setTimeout(() => (fail ? reject(new Error('rolled back')) : resolve(value)), 20),
    );

  it('shares one computation among concurrent callers with the same key, then keeps it', async () => {
    const memo = new TenantMemo();
    let computed = 0;
    const count = () => memo.remember('count|1|equipment:7', () => later(++computed));
    expect(await Promise.all([count(), count(), count(), count()])).toEqual([1, 1, 1, 1]);
    expect(await count()).toBe(1);
    expect(computed).toBe(1);
  });

  it('computes for itself when the computation it waited for failed, and keeps nothing failed', async () => {
    const memo = new TenantMemo();
    let computed = 0;
    const failing = memo.remember('k', () => later(++computed, true));
    const waiting = memo.remember('k', () => later(++computed));
    await expect(failing).rejects.toThrow('rolled back');
    expect(await waiting).toBe(2);
    expect(await memo.remember('k', () => later(++computed))).toBe(2);
  });

  it('computes every time without a key (a value under no version is never shared)', async () => {
    const memo = new TenantMemo();
    let computed = 0;
    await Promise.all([memo.remember(null, () => later(++computed)), memo.remember(null, () => later(++computed))]);
    expect(computed).toBe(2);
  });

  it('a burst of first page requests counts the list once', async () => {
    const counts: string[] = [];
    const read = (tx: TenantTx) => readContext(tx, equipmentEntity, 'zh');
    // A filter of its own, so no earlier test has kept this total.
    const input = { code: `burst-${Date.now()}` };
    await Promise.all(
      Array.from({ length: 6 }, () =>
        withTenant(t.db, tenantId, userId, async (tx) => {
          const query = tx.query.bind(tx);
          tx.query = ((sql: string, params?: unknown[]) => {
            if (sql.startsWith('select count(*)')) counts.push(sql);
            return query(sql, params);
          }) as typeof tx.query;
          return pageRows(tx, await read(tx), input, 1, 5);
        }),
      ),
    );
    expect(counts).toHaveLength(1);
  });
});
