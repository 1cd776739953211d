import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/index.js';
import { migrate } from '../../db/migrate.js';
import { freshDatabase } from '../../test/harness.js';
import { declaredEntities } from './declared.js';
import { staticModel } from './model.js';
import { orderBy, sortKey } from './query.js';
import { allEntities, refTarget } from './registry.js';
import { tableSpec } from './schema.js';
import { diffSchema } from './schema-diff.js';

let db: Database;
let dispose: () => Promise<void>;

beforeAll(async () => {
  ({ db, dispose } = await freshDatabase());
  await migrate(db);
});
afterAll(async () => dispose?.());

describe('entity declarations and migrations', () => {
  it('agree: every declared table, column, type, key and index exists as migrated (npm run -w server gen:migration)', async () => {
    const { drift, statements } = await diffSchema(db, await declaredEntities());
    expect(drift, statements.join('\n')).toEqual([]);
  });

  it('report a column added to a declaration, with the statement that adds it', async () => {
    const [workshop] = (await declaredEntities()).filter((d) => d.name === 'workshop');
    const changed = { ...workshop!, fields: [...workshop!.fields, { name: 'floorArea', type: 'decimal' as const }] };
    const { drift, statements } = await diffSchema(db, [changed]);
    expect(drift).toEqual([{ table: 'workshops', problem: 'column floor_area missing' }]);
    expect(statements).toEqual(['alter table "workshops" add "floor_area" numeric(14,2);']);
  });

  it('give every tenant table tenant_id first in its key and in each foreign key, and row-level security', async () => {
    for (const def of allEntities()) {
      const spec = tableSpec(def);
      expect(spec.columns[0]!.name).toBe('tenant_id');
      for (const fk of spec.foreignKeys) expect(fk.columns[0]).toBe('tenant_id');
      const r = await db.query<{ rls: boolean; forced: boolean }>(
        'select relrowsecurity as rls, relforcerowsecurity as forced from pg_class where relname = $1 and relnamespace = current_schema()::regnamespace',
        [def.table],
      );
      expect(r.rows[0], def.table).toEqual({ rls: true, forced: true });
    }
  });

  it('hold an owned row to its company through its owner: no key of its own, another tenant refused, removed with it', async () => {
    const lineSpec = tableSpec(allEntities().find((d) => d.table === 'lines')!);
    expect(lineSpec.foreignKeys.map((fk) => fk.table)).not.toContain('companies');
    expect(tableSpec(allEntities().find((d) => d.table === 'workshops')!).foreignKeys[0]!.table).toBe('companies');
    await db.exec(`insert into companies (id, name, code) overriding system value values (9101, 'A', 'owned-a'), (9102, 'B', 'owned-b');
      insert into workshops (tenant_id, id, workshopcode, workshopname) overriding system value values (9101, 9101, 'W', 'W')`);
    await expect(
      db.query(`insert into lines (tenant_id, linecode, linename, workshopid) values (9102, 'L', 'L', 9101)`),
    ).rejects.toThrow(/lines_workshopid_fkey/);
    await db.query(`insert into lines (tenant_id, linecode, linename, workshopid) values (9101, 'L', 'L', 9101)`);
    await db.query('delete from companies where id = 9101');
    const left = await db.query<{ n: number }>('select count(*)::int as n from lines where tenant_id = 9101');
    expect(left.rows[0]!.n).toBe(0);
    await db.query('delete from companies where id = 9102');
  });

  it("remove an owner's rows without a key: with the owner deleted, and with its company, and no others", async () => {
    await db.exec(`insert into companies (id, name, code) overriding system value values (9201, 'A', 'cascade-a'), (9202, 'B', 'cascade-b');
      insert into check_tasks (tenant_id, id, code, kind, due_at, state) overriding system value
        values (9201, 9201, 'T1', 1, now(), 'pending'), (9201, 9202, 'T2', 1, now(), 'pending'),
               (9202, 9203, 'T3', 1, now(), 'pending');
      insert into check_task_details (tenant_id, task_id, name, sort)
        values (9201, 9201, 'a', 1), (9201, 9201, 'b', 2), (9201, 9202, 'c', 1), (9202, 9203, 'd', 1)`);
    const left = async () =>
      (
        await db.query<{ task_id: number; name: string }>(
          'select task_id, name from check_task_details where tenant_id in (9201, 9202) order by name',
        )
      ).rows.map((r) => `${r.task_id}:${r.name}`);
    await db.query('delete from check_tasks where tenant_id = 9201 and id = 9201');
    expect(await left()).toEqual(['9202:c', '9203:d']);
    await db.query('delete from companies where id = 9201');
    expect(await left()).toEqual(['9203:d']);
    await db.query('delete from companies where id = 9202');
    expect(await left()).toEqual([]);
    // A trigger no longer declared is reported with the statement that drops it.
    const { drift, statements } = await diffSchema(
      db,
      (await declaredEntities()).map((d) =>
        d.table === 'check_task_details'
          ? { ...d, fields: d.fields.map((f) => (f.name === 'taskId' ? { ...f, foreignKey: undefined } : f)) }
          : d,
      ),
    );
    expect(drift).toEqual([
      { table: 'check_task_details', problem: 'foreign key check_task_details_task_id_fkey missing' },
      {
        table: 'check_task_details',
        problem: 'owner-cascade trigger check_task_details_task_id_cascade is not declared',
      },
    ]);
    expect(statements.at(-1)).toBe("select eam_owner_cascade_drop('check_task_details_task_id_cascade');");
  });

  it("index a sparse field's other rows only, and check no key for a copied reference", async () => {
    const items = tableSpec(allEntities().find((d) => d.table === 'check_task_details')!);
    const index = (col: string) => items.indexes.find((i) => i.sql.includes(`(tenant_id, "${col}"`))!.sql;
    expect(index('abnormal')).toMatch(/where "abnormal"$/);
    expect(index('danger_state')).toMatch(/where "danger_state" <> 'none'$/);
    expect(index('answered_at')).toMatch(/where "answered_at" is not null$/);
    expect(index('task_id')).not.toMatch(/where/);
    expect(items.foreignKeys).toEqual([]);
    expect(items.ownerCascades).toEqual([
      { name: 'check_task_details_task_id_cascade', owner: 'check_tasks', column: 'task_id' },
    ]);
    // A task's copied references keep no key either; the tenant's (which cascades) and the assignee's stay.
    const tasks = tableSpec(allEntities().find((d) => d.table === 'check_tasks')!);
    expect(tasks.foreignKeys.map((fk) => fk.columns.at(-1))).toEqual(['tenant_id', 'assignee_id']);
    expect(tasks.indexes.find((i) => i.sql.includes('(tenant_id, "late"'))!.sql).toMatch(/where "late"$/);
    // A filter for the value asked for reads the partial index (the planner sees that it implies the index's rows).
    const plan = await db.query<{ 'QUERY PLAN': string }>(
      `explain select id from check_task_details where tenant_id = $1 and danger_state = any($2::text[])`,
      [1, ['open']],
    );
    expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('danger_state_sort_set_idx');
  });

  it('give a field declared indexed: false no index of its own: the check items keep one for machine and item', async () => {
    const items = tableSpec(allEntities().find((d) => d.table === 'check_task_details')!);
    const leading = items.indexes.map((i) => /\(tenant_id, "(\w+)"/.exec(i.sql)?.[1]);
    expect(leading.filter((c) => c === 'project_id' || c === 'equipment_id')).toEqual(['equipment_id']);
    expect(items.indexes.find((i) => i.name === 'check_task_details_equipment_project_idx')!.sql).toBe(
      'create index check_task_details_equipment_project_idx on "check_task_details" (tenant_id, "equipment_id", "project_id")',
    );
    // A machine's readings of an item, and a machine's items, read it.
    const plans = await db.transaction(async (tx) => {
      await tx.query('set local enable_seqscan = off');
      const plan = async (q: string) =>
        (await tx.query<{ 'QUERY PLAN': string }>(`explain ${q}`, [1])).rows.map((r) => r['QUERY PLAN']).join('\n');
      return [
        await plan('select id from check_task_details where tenant_id = $1 and equipment_id = 2 and project_id = 3'),
        await plan(
          'select id from check_task_details where tenant_id = $1 and equipment_id = 2 order by sort limit 20',
        ),
      ];
    });
    for (const p of plans) expect(p).toContain('check_task_details_equipment_project_idx');
  });

  it('build the indexes an entity declares and a small index of the deleted rows, and refuse a field that is not stored', async () => {
    const orders = allEntities().find((d) => d.table === 'repair_orders')!;
    expect(tableSpec(orders).indexes.find((i) => i.name === 'repair_orders_open_idx')!.sql).toBe(
      `create index repair_orders_open_idx on "repair_orders" (tenant_id, "state") include ("plan_finish", "due_at", "respond_by", "stopped", "equipment_id") where state in ('reported', 'dispatched', 'accepted', 'repairing', 'paused')`,
    );
    // The fault ranking's year of orders is read from this index alone (docs/reports.md has the figures).
    expect(tableSpec(orders).indexes.find((i) => i.name === 'repair_orders_faults_idx')!.sql).toBe(
      `create index repair_orders_faults_idx on "repair_orders" (tenant_id, "reported_at") include ("state", "fault_reason_id", "equipment_id", "downtime_minutes", "assignee_id")`,
    );
    expect(() => tableSpec({ ...orders, indexes: [{ name: 'x', fields: ['overdue'] }] })).toThrow(
      /overdue, not a stored field/,
    );
    const machines = tableSpec(allEntities().find((d) => d.table === 'equipment')!);
    expect(machines.indexes.find((i) => i.name === 'equipment_deleted_idx')!.sql).toMatch(
      /where deleted_at is not null$/,
    );
    // The home panel's count of open orders reads that index alone; ruling out deleted machines reads theirs.
    const plans = await db.transaction(async (tx) => {
      await tx.query('set local enable_seqscan = off');
      const plan = async (q: string) =>
        (await tx.query<{ 'QUERY PLAN': string }>(`explain ${q}`, [1])).rows.map((r) => r['QUERY PLAN']).join('\n');
      return [
        await plan(
          `select count(*) filter (where stopped) from repair_orders where tenant_id = $1 and state in ('reported', 'paused')`,
        ),
        await plan('select id from equipment where tenant_id = $1 and deleted_at is not null'),
      ];
    });
    expect(plans[0]).toContain('repair_orders_open_idx');
    expect(plans[1]).toContain('equipment_deleted_idx');
  });

  it('keep referenced rows when the referring entity keeps its deleted rows (else they could never go)', () => {
    for (const def of allEntities().filter((d) => d.softDelete))
      for (const f of def.fields.filter((x) => x.type === 'ref' && !x.computed)) {
        const target = refTarget(f.ref!);
        // A reference its target's delete clears (on delete set null: a workshop's organisation) never holds it.
        if (target.entity && f.onDelete !== 'setNull')
          expect(target.deleted, `${def.name}.${f.name} -> ${f.ref}`).not.toBeNull();
      }
  });

  it('sort a list newest first by default only on a column that cannot be null, so its index gives the first page', async () => {
    // "desc nulls last" on a column that allows null is an order no (tenant_id, column) index gives: every page
    // would sort the tenant's whole table (2 million stock movements: 300 ms a page instead of 0.3 ms).
    // Stocktakes (a few a year) are numbered by their service and keep a nullable code.
    const small = new Set(['inventoryplan', 'sparecount']);
    const wrong = (await declaredEntities())
      .filter((d) => d.defaultSort?.dir === 'desc' && !small.has(d.name))
      .filter((d) => !d.fields.find((f) => f.name === d.defaultSort!.field)?.required)
      .map((d) => `${d.name}.${d.defaultSort!.field}`);
    expect(wrong).toEqual([]);
    const moves = (await declaredEntities()).find((d) => d.name === 'sparemove')!;
    expect(orderBy(sortKey(staticModel(moves), {}))).toBe('t."moved_at" desc, t.id desc');
  });
});
