import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { AppError, businessError } from '../http/errors.js';
import { metaPath } from '../resources/meta.js';
import { getRow, readContext } from '../resources/read.js';
import { findEntity } from '../resources/registry.js';
import { api, type Json, tenantOf, userWithoutRights } from '../resources/testkit.js';
import type { EntityDef, WireRow } from '../resources/types.js';
import type { EntityMeta } from '../resources/wire.js';
import { updateRow } from '../resources/write.js';
import { type TenantTx, withTenant } from '../tenancy/tenant-tx.js';
import { runAction } from './run.js';
import type { ActionDef, StepContext } from './types.js';

/*
 * The hooks of a declared action, in the order run.ts promises them, on a real document table (an equipment
 * stocktake's) under a declaration of the test's own: the guard sees the record before the step and can refuse it
 * naming a field; apply's values and the stamps are written with the state; `after` runs in the same transaction
 * on the written record, and its failure undoes the whole step; notify's people get a message; the answer is the
 * record as the step left it, side effects included (the web takes it in place of reading it again).
 */

let t: TestApp;
let admin: string;
let tenantId: number;
let userId: number;
let listener: number;
const plan = findEntity('inventoryplan')!;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  ({ tenantId, userId } = await tenantOf(t, admin));
  listener = (await tenantOf(t, await userWithoutRights(t, tenantId, 'wf_listener'))).userId;
});
afterAll(async () => t?.close());

let seq = 0;
const newPlan = async (): Promise<WireRow> =>
  (await api(t, 'POST', '/api-manage/inventoryplan/save', admin, { name: `hooks ${++seq}` })).data;

/** The stocktake under a workflow of the test's own: one action, `close`, with the hooks given. */
const declared = (hooks: Partial<ActionDef>): EntityDef => ({
  ...plan,
  workflow: {
    stateField: 'state',
    messageType: 'wf_hooks_test',
    actions: [{ name: 'close', from: ['counting'], to: 'closed', permission: 'equipment:ledger:count', ...hooks }],
  },
});

const run = (def: EntityDef, id: unknown, body: WireRow = {}) =>
  withTenant(t.db, tenantId, userId, (tx) => runAction(tx, def, 'close', id, body, 'en'));

const stored = async (id: unknown) =>
  (
    await t.db.query<{ state: string; remark: string | null; closed_at: Date | null }>(
      'select state, remark, closed_at from equipment_counts where tenant_id = $1 and id = $2',
      [tenantId, id],
    )
  ).rows[0]!;
const steps = async (id: unknown) =>
  (
    await t.db.query<{ action: string }>(
      "select action from record_steps where tenant_id = $1 and entity = 'inventoryplan' and record_id = $2",
      [tenantId, String(id)],
    )
  ).rows.map((r) => r.action);
const messagesOf = async (user: number, id: unknown) =>
  Number(
    (
      await t.db.query<{ n: string }>(
        "select count(*) as n from messages where tenant_id = $1 and user_id = $2 and msg_params->>'recordId' = $3",
        [tenantId, user, String(id)],
      )
    ).rows[0]!.n,
  );

const refusal = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
};

describe('the hooks of a declared action', () => {
  it('run guard, write (state, apply, stamps), after, then notify, each seeing what the one before left', async () => {
    const p = await newPlan();
    const seen: string[] = [];
    let afterSaw: WireRow | null = null;
    let stateInAfter = '';
    const def = declared({
      stamp: { at: 'closedAt' },
      guard: (s: StepContext) => {
        seen.push(`guard:${s.row.state}`);
        return [];
      },
      apply: (s) => {
        seen.push('apply');
        return { remark: `closed by ${s.tx.userId}` };
      },
      after: async (s, after) => {
        seen.push('after');
        afterSaw = after;
        stateInAfter = (
          await s.tx.query<{ state: string }>('select state from equipment_counts where tenant_id = $1 and id = $2', [
            s.tx.tenantId,
            after.id,
          ])
        ).rows[0]!.state;
      },
      notify: () => {
        seen.push('notify');
        return [listener];
      },
    });
    const answer = await run(def, p.id);
    expect(seen).toEqual(['guard:counting', 'apply', 'after', 'notify']);
    expect(stateInAfter).toBe('closed');
    expect(afterSaw).toMatchObject({ id: p.id, state: 'closed', remark: `closed by ${userId}` });
    expect(answer).toMatchObject({ id: p.id, state: 'closed', remark: `closed by ${userId}` });
    const row = await stored(p.id);
    expect(row).toMatchObject({ state: 'closed', remark: `closed by ${userId}` });
    expect(row.closed_at).toBeInstanceOf(Date);
    expect(await steps(p.id)).toEqual(['close']);
    expect(await messagesOf(listener, p.id)).toBe(1);
    // The acting user never hears of their own step.
    expect(await messagesOf(userId, p.id)).toBe(0);
  });

  it('refuse the step when the guard names a field: nothing is written, no step, nobody told', async () => {
    const p = await newPlan();
    let ran = false;
    const def = declared({
      guard: () => [{ field: 'remark', key: 'required', params: { label: 'Remark' } }],
      after: async () => {
        ran = true;
      },
      notify: () => [listener],
    });
    const err = await refusal(run(def, p.id));
    expect(err).toMatchObject({ kind: 'business', field: 'remark' });
    expect(ran).toBe(false);
    expect(await stored(p.id)).toMatchObject({ state: 'counting', closed_at: null });
    expect(await steps(p.id)).toEqual([]);
    expect(await messagesOf(listener, p.id)).toBe(0);
  });

  it('refuse the step with the business error a guard throws, the state staying', async () => {
    const p = await newPlan();
    const def = declared({
      guard: () => {
        throw businessError('workflow.notDraft');
      },
    });
    expect((await refusal(run(def, p.id))).key).toBe('workflow.notDraft');
    expect(await stored(p.id)).toMatchObject({ state: 'counting' });
  });

  it("undo the whole step when a side effect fails: state, apply's values, the step and the messages", async () => {
    const p = await newPlan();
    const def = declared({
      apply: () => ({ remark: 'half written' }),
      after: async () => {
        throw businessError('workflow.notDraft');
      },
      notify: () => [listener],
    });
    await refusal(run(def, p.id));
    expect(await stored(p.id)).toMatchObject({ state: 'counting', remark: null, closed_at: null });
    expect(await steps(p.id)).toEqual([]);
    expect(await messagesOf(listener, p.id)).toBe(0);
  });

  it('answer with the record as its side effects left it (what the web puts in place of reading it again)', async () => {
    const p = await newPlan();
    const def = declared({
      after: async (s: StepContext, after) => {
        const ctx = await readContext(s.tx, plan, s.lang);
        await updateRow(s.tx, ctx, after.id, { remark: 'set by a side effect' }, { system: true });
      },
    });
    const answer = await run(def, p.id);
    expect(answer).toMatchObject({ state: 'closed', remark: 'set by a side effect' });
    const fresh = await withTenant(t.db, tenantId, userId, async (tx: TenantTx) =>
      getRow(tx, await readContext(tx, plan, 'en'), p.id),
    );
    expect(answer).toEqual(fresh);
  });

  it('give the route the same answer: POST <prefix>/<action> returns the record after the step', async () => {
    const p = await newPlan();
    const res = (await t.call('POST', '/api-manage/inventoryplan/close', admin, { id: p.id }, { lang: 'en' })).json();
    expect(res).toMatchObject({ rtnCode: 200, data: { id: p.id, state: 'closed' } });
    const got = (await api(t, 'GET', `/api-manage/inventoryplan/get?id=${p.id}`, admin)).data;
    expect(res.data).toEqual(got);
  });
});

describe("an action's metadata", () => {
  it('carries its own question before the step, in the caller language, and its danger', async () => {
    const actionsIn = async (lang: string) =>
      ((await t.call('GET', metaPath(plan), admin, undefined, { lang })).json() as { data: EntityMeta }).data.workflow!
        .actions;
    const close = (await actionsIn('en')).find((a) => a.name === 'close');
    expect(close).toMatchObject({
      danger: true,
      confirm: 'Machines not scanned will be recorded as missing. Close the count?',
      can: true,
      url: '/api-manage/inventoryplan/close',
    });
    expect((await actionsIn('zh'))[0]!.confirm).toContain('盘亏');
  });
});

describe('updatestatus', () => {
  const order = async () => {
    const machine = (await api<WireRow[]>(t, 'GET', '/api-manage/equipment/page?page=1&limit=1', admin)).data[0]!;
    return (
      await api(t, 'POST', '/api-manage/maintaintask/save', admin, { equipmentId: machine.id, phenomenon: 'leak' })
    ).data;
  };
  const status = (id: unknown, body: WireRow) =>
    t.call('POST', '/api-manage/maintaintask/updatestatus', admin, { id, ...body }, { lang: 'en' });

  it('runs the one declared action to the status asked for, with its checks (a required input named)', async () => {
    const o = await order();
    const missing = (await status(o.id, { status: 'dispatched' })).json() as Json;
    expect(missing).toMatchObject({ rtnCode: 201, field: 'assigneeId' });
    const done = (await status(o.id, { status: 'dispatched', assigneeId: userId })).json() as Json;
    expect(done).toMatchObject({ rtnCode: 200, data: { id: o.id, state: 'dispatched', assigneeId: userId } });
    const timeline = (await api<{ steps: WireRow[] }>(t, 'GET', `/api-manage/maintaintask/steps?id=${o.id}`, admin))
      .data.steps;
    expect(timeline.at(-1)).toMatchObject({ action: 'dispatch', toState: 'dispatched' });
  });

  it('refuses a status no declared action leads to from the current one, naming both; the state stays', async () => {
    const o = await order();
    const res = (await status(o.id, { status: 'finished' })).json() as Json;
    expect(res.rtnCode).toBe(201);
    expect(res.msg).not.toMatch(/\{\w+\}|workflow\./);
    expect((await api(t, 'GET', `/api-manage/maintaintask/get?id=${o.id}`, admin)).data.state).toBe(o.state);
  });
});
