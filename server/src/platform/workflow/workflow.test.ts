import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codes, KINDS } from '../../domains/check/permissions.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { findEntity } from '../resources/registry.js';
import {
  api,
  type Json,
  type Maker,
  path,
  sampleBody,
  secondTenant,
  tenantOf,
  userWithCodes,
} from '../resources/testkit.js';
import type { WireRow } from '../resources/types.js';

/*
 * The workflow layer itself (run.ts, routes.ts, timeline.ts), through the real app on declared documents: a
 * check plan (off -> on -> off, with permissions split by kind) and a repair order (an action with a required
 * input). Every refusal leaves the state and the timeline as they were.
 */

let t: TestApp;
let admin: string;
let maker: Maker;
let tenantId: number;
const plan = findEntity('checkplan')!;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  tenantId = (await tenantOf(t, admin)).tenantId;
  maker = { t, token: admin, seq: 0, meta: new Map() };
});
afterAll(async () => t?.close());

/** A plan ready to be switched on: a scheme with items (of the seeded factory) and a machine of its own. */
async function newPlan(): Promise<WireRow> {
  const scheme = await t.db.query<{ id: number; kind: number }>(
    `select s.id, s.kind from check_schemes s where s.tenant_id = $1 and s.deleted_at is null
        and exists (select 1 from check_scheme_details d where d.tenant_id = s.tenant_id and d.scheme_id = s.id)
      order by s.id limit 1`,
    [tenantId],
  );
  const machine = await t.db.query<{ id: number }>(
    'select id from equipment where tenant_id = $1 and deleted_at is null order by id limit 1',
    [tenantId],
  );
  const body = {
    ...(await sampleBody(maker, plan)),
    kind: scheme.rows[0]!.kind,
    schemeId: scheme.rows[0]!.id,
    lineId: null,
  };
  const made = (await api(t, 'POST', path(plan, 'save'), admin, body)).data;
  await api(t, 'POST', '/api-manage/checkplan/machine/save', admin, {
    planId: made.id,
    equipmentId: machine.rows[0]!.id,
  });
  return made;
}
const stateOf = async (id: unknown) =>
  (await api(t, 'GET', `${path(plan, 'get')}?id=${id}`, admin)).data.state as string;
const stepsOf = async (id: unknown, token = admin) =>
  (await api<{ steps: WireRow[] }>(t, 'GET', `/api-manage/checkplan/steps?id=${id}`, token, undefined)).data.steps;
const act = (action: string, body: WireRow, token = admin) =>
  t.call('POST', `/api-manage/checkplan/${action}`, token, body, { lang: 'en' });

/** A refusal a person can read: no locale key, no unfilled placeholder. */
const readable = (msg: unknown) => {
  expect(typeof msg).toBe('string');
  expect(msg).not.toMatch(/\{\w+\}|\b[a-z]+\.[a-z]+\.[a-zA-Z.]+\b/);
};

describe('a declared action', () => {
  it('moves the state, stamps the record and writes one timeline entry with who, from and to', async () => {
    const p = await newPlan();
    expect(p.state).toBe('off');
    expect(await stepsOf(p.id)).toEqual([]);
    const res = await act('enable', { id: p.id });
    expect(res.json(), res.body).toMatchObject({ rtnCode: 200, data: { id: p.id, state: 'on' } });
    readable(res.json().msg);
    expect(res.json().data.enabledAt).toBeTruthy();
    const steps = await stepsOf(p.id);
    const { userId } = await tenantOf(t, admin);
    expect(steps).toHaveLength(1);
    expect(steps[0]).toMatchObject({ action: 'enable', fromState: 'off', toState: 'on', userId });
    expect(steps[0]!.actionName).toBeTruthy();
    expect(steps[0]!.toStateName).not.toBe('on');
  });

  it('is refused from a state it does not leave from, naming the action and the state; nothing changes', async () => {
    const p = await newPlan();
    const wrong = (await act('disable', { id: p.id })).json() as Json;
    expect(wrong.rtnCode).toBe(201);
    readable(wrong.msg);
    await act('enable', { id: p.id });
    const again = (await act('enable', { id: p.id })).json() as Json;
    expect(again.rtnCode).toBe(201);
    readable(again.msg);
    expect(again.msg).not.toBe(wrong.msg);
    expect(await stateOf(p.id)).toBe('on');
    expect((await stepsOf(p.id)).map((s) => s.action)).toEqual(['enable']);
  });

  it('is refused without the permission of the record: a route code of another kind is not enough', async () => {
    const p = await newPlan();
    const otherKind = KINDS.find((k) => k !== Number(p.kind))!;
    const enableOfOther = codes('plan', 'enable')[KINDS.indexOf(otherKind)]!;
    const token = await userWithCodes(t, tenantId, 'wf_other_kind', [...codes('plan', 'view'), enableOfOther]);
    const res = await act('enable', { id: p.id }, token);
    expect(res.statusCode).toBe(403);
    readable(res.json().error_description);
    const none = await userWithCodes(t, tenantId, 'wf_viewer', codes('plan', 'view'));
    expect((await act('enable', { id: p.id }, none)).statusCode).toBe(403);
    expect(await stateOf(p.id)).toBe('off');
    expect(await stepsOf(p.id)).toEqual([]);
  });

  it('run by two people at once: exactly one wins, the other is told it is already done', async () => {
    const p = await newPlan();
    const answers = await Promise.all([1, 2, 3].map(() => act('enable', { id: p.id })));
    const codesOf = answers.map((r) => (r.json() as Json).rtnCode).sort();
    expect(codesOf).toEqual([200, 201, 201]);
    for (const r of answers.filter((x) => (x.json() as Json).rtnCode === 201)) readable((r.json() as Json).msg);
    expect((await stepsOf(p.id)).map((s) => s.action)).toEqual(['enable']);
  });

  it("is not found for another tenant's document, whose state and timeline stay", async () => {
    const p = await newPlan();
    const other = (await secondTenant(t, 'wfother')).token;
    expect((await act('enable', { id: p.id }, other)).statusCode).toBe(404);
    expect((await t.call('GET', `/api-manage/checkplan/steps?id=${p.id}`, other)).statusCode).toBe(404);
    expect(await stateOf(p.id)).toBe('off');
    expect(await stepsOf(p.id)).toEqual([]);
  });

  it('requires its declared inputs, naming the field; the state stays and no step is written', async () => {
    const machine = (await api<WireRow[]>(t, 'GET', '/api-manage/equipment/page?page=1&limit=1', admin)).data[0]!;
    const order = (
      await api(t, 'POST', '/api-manage/maintaintask/save', admin, { equipmentId: machine.id, phenomenon: 'noise' })
    ).data;
    const res = (
      await t.call('POST', '/api-manage/maintaintask/dispatch', admin, { id: order.id }, { lang: 'en' })
    ).json() as Json;
    expect(res.rtnCode).toBe(201);
    expect(res.field).toBe('assigneeId');
    expect(res.msg).toBeTruthy();
    const got = (await api(t, 'GET', `/api-manage/maintaintask/get?id=${order.id}`, admin)).data;
    expect(got.state).toBe(order.state);
    const steps = (await api<{ steps: WireRow[] }>(t, 'GET', `/api-manage/maintaintask/steps?id=${order.id}`, admin))
      .data.steps;
    expect(steps.map((s) => s.action)).not.toContain('dispatch');
  });
});
