import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeRig } from '../../test/das-kit.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { withTenant } from '../tenancy/tenant-tx.js';
import { readContext } from './read.js';
import { allEntities, findEntity } from './registry.js';
import {
  api,
  can,
  type Json,
  type Maker,
  path,
  sampleBody,
  secondTenant,
  tenantOf,
  userWithoutRights,
} from './testkit.js';
import type { EntityDef, WireRow } from './types.js';
import { createRow, updateRow } from './write.js';

/*
 * Every declared document (an entity with a workflow), whether the engine's save makes it or a route of its own,
 * a plan's generation or another document's step: each is made as its users make it, then its declared actions
 * are driven through their routes. A step moves the state, answers with the moved record and writes one timeline
 * entry; an action that does not leave the state is refused and changes nothing; without a code of the action the
 * route refuses (403), for another tenant the record is not found (404); two people taking the step at once: one
 * wins, the other is told it is done. A document that neither the engine's save nor MAKE makes fails the first test.
 */

let t: TestApp;
let admin: string;
let other: string;
let nobody: string;
let tenantId: number;
let adminId: number;
let maker: Maker;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  ({ tenantId, userId: adminId } = await tenantOf(t, admin));
  other = (await secondTenant(t, 'wfsweep')).token;
  nobody = await userWithoutRights(t, tenantId, 'nobody_wf');
  maker = { t, token: admin, seq: 5000, meta: new Map() };
});
afterAll(async () => t?.close());

const entity = (name: string) => findEntity(name)!;
const save = async (name: string, extra: WireRow = {}) =>
  (await api(t, 'POST', path(entity(name), 'save'), admin, { ...(await sampleBody(maker, entity(name))), ...extra }))
    .data;
const post = async (url: string, body: WireRow) => (await api(t, 'POST', url, admin, body)).data;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A check plan of the seeded factory's first scheme with items, on a machine of its own, optionally switched on. */
async function checkPlan(extra: WireRow = {}): Promise<WireRow> {
  const scheme = await t.db.query<{ id: number; kind: number }>(
    `select s.id, s.kind from check_schemes s where s.tenant_id = $1 and s.deleted_at is null
        and exists (select 1 from check_scheme_details d where d.tenant_id = s.tenant_id and d.scheme_id = s.id)
      order by s.id limit 1`,
    [tenantId],
  );
  const machine = await save('equipment');
  const plan = await save('checkplan', {
    kind: scheme.rows[0]!.kind,
    schemeId: scheme.rows[0]!.id,
    lineId: null,
    ...extra,
  });
  await post('/api-manage/checkplan/machine/save', { planId: plan.id, equipmentId: machine.id });
  return plan;
}

/** A check task made as the timed run makes it: a daily plan switched on, then its due tasks generated. */
async function checkTask(): Promise<WireRow> {
  // Every day, weekends included: the sample's cycle (every N days, weekends skipped) may have no day due now.
  const plan = await checkPlan({
    cycle: 'day',
    every: 1,
    skipWeekends: false,
    startDate: day(-1),
    endDate: null,
    assigneeId: adminId,
  });
  await post('/api-manage/checkplan/enable', { id: plan.id });
  await post('/api-manage/checkplan/generate', { id: plan.id });
  const tasks = (await api<WireRow[]>(t, 'GET', `/api-manage/checktask/page?planId=${plan.id}&limit=100`, admin)).data;
  expect(tasks.length).toBeGreaterThan(0);
  return tasks[0]!;
}

let alarmRig: ReturnType<typeof makeRig> | null = null;

/** How each document is made, as its users (or the system) make it. */
const MAKE: Record<string, () => Promise<WireRow>> = {
  checkplan: () => checkPlan(),
  mesurplan: () => save('mesurplan', { nextDue: day(200), assigneeId: adminId }),
  equipmentallot: async () => {
    const shops = (await api<WireRow[]>(t, 'GET', '/api-user/workShop/tree', admin)).data;
    const machine = await save('equipment', { workshopId: shops[0]!.id, lineId: null });
    return post('/api-manage/equipmentallot/create', {
      fromWorkshopId: shops[0]!.id,
      toWorkshopId: shops[1]!.id,
      reason: 'engine sweep',
      equipmentIds: [machine.id],
    });
  },
  eqscrap: async () => {
    const machine = await save('equipment', { status: 'stopped' });
    return post('/api-core/eqmoldExecute/scrap/save', {
      targetType: 'equipment',
      equipmentId: machine.id,
      reason: 'engine sweep',
    });
  },
  maintaintask: async () => {
    const machine = await save('equipment');
    return post('/api-manage/maintaintask/save', { equipmentId: machine.id, phenomenon: 'noise' });
  },
  inventoryplan: () => post('/api-manage/inventoryplan/save', { name: `sweep ${++maker.seq}` }),
  sparedoc: async () => {
    const bin = await save('warehouseline');
    const part = await save('sparepart');
    return post('/api-manage/spareparts/doc/save', {
      type: 'receipt',
      reason: 'purchase',
      warehouseId: bin.warehouseId,
      lines: [{ sparePartId: part.id, quantity: 2, unitCost: 3, binId: bin.id }],
    });
  },
  checktask: checkTask,
  // An abnormal item whose project raises no repair waits in the danger pool: set so through the record service.
  checktaskdtl: async () => {
    const task = await checkTask();
    const item = (await api<WireRow[]>(t, 'GET', `/api-manage/checktaskdtl/page?taskId=${task.id}&limit=1`, admin))
      .data[0]!;
    const def = entity('checktaskdtl');
    return withTenant(t.db, tenantId, adminId, async (tx) =>
      updateRow(tx, await readContext(tx, def, 'en'), item.id, { dangerState: 'open' }, { system: true }),
    );
  },
  mesurtask: async () => {
    const plan = await save('mesurplan', { nextDue: day(3), leadDays: 15, assigneeId: adminId });
    await post('/api-manage/mesurplan/enable', { id: plan.id });
    return (await api<WireRow[]>(t, 'GET', `/api-manage/mesurtask/page?planId=${plan.id}&limit=1`, admin)).data[0]!;
  },
  workorder: () => save('workorder'),
  // A project of a project form with one plan field, added as the project page adds it.
  formproject: async () => {
    const code = `pj${++maker.seq}`;
    const form = await post('/api-manage/customform/save', { code, name: code, project: true, executionFields: [] });
    await post(`/api-manage/form/${code}/fields/save`, { name: 'scope', label: 'Scope', fieldType: 'string' });
    return post('/api-manage/project/save', { formId: form.id, name: 'sweep', values: { scope: 'x' } });
  },
  maintaincertificate: () => save('maintaincertificate'),
  // An alarm as the alarm job opens one (domains/das/alarms.ts), on a rule of a connected machine.
  alarm: async () => {
    const seq = ++maker.seq;
    // One connected machine for every alarm made here (a ledger machine has one device).
    alarmRig ??= makeRig(t, admin, 'WF');
    const rig = await alarmRig;
    const rule = await post('/api-das/alarmrule/save', {
      code: `AR-WF${seq}`,
      name: 'Too hot',
      deviceId: rig.device.id,
      tagId: rig.tags.temp,
      kind: 'above',
      threshold: '50',
      severity: 'warning',
    });
    const def = entity('alarm');
    return withTenant(t.db, tenantId, null, async (tx) =>
      createRow(
        tx,
        await readContext(tx, def, 'en'),
        { code: `AL-WF${seq}`, ruleId: rule.id, deviceId: rig.device.id, severity: 'warning', state: 'active' },
        { system: true },
      ),
    );
  },
};

/** Documents every step of which is the system's (no person takes one), and where they are driven. */
const SYSTEM_STEPS_ONLY: Record<string, string> = {
  deviceinstructions: "after sending, the gateway's answers and the timeout job move it (domains/das/das.test.ts)",
};

/** The step each document takes from the state it is made in (a reason where the action asks for one). */
const STEP: Record<string, string> = {
  checkplan: 'enable',
  mesurplan: 'enable',
  equipmentallot: 'submit',
  eqscrap: 'submit',
  maintaintask: 'cancel',
  inventoryplan: 'close',
  sparedoc: 'submit',
  checktask: 'close',
  checktaskdtl: 'dismiss',
  mesurtask: 'close',
  workorder: 'cancel',
  formproject: 'start',
  maintaincertificate: 'revoke',
  alarm: 'acknowledge',
};

const actionsOf = (def: EntityDef) => def.workflow!.actions.filter((a) => !a.internal);
const documents = allEntities().filter((d) => d.workflow && !(d.name in SYSTEM_STEPS_ONLY));

/**
 * A document not listed above is made by the engine's save from a sample and takes the first action that leaves
 * the state it starts in and asks for no input; one that cannot be made so needs its way in MAKE (and STEP).
 */
const makerOf = (def: EntityDef) => MAKE[def.name] ?? (can(def, 'save') ? () => save(def.name) : undefined);
function stepOf(def: EntityDef): string | undefined {
  if (STEP[def.name]) return STEP[def.name];
  const initial = def.fields.find((f) => f.name === def.workflow!.stateField)?.default;
  return actionsOf(def).find(
    (a) => a.from.includes(String(initial)) && !a.from.includes(a.to) && !(a.fields ?? []).some((f) => f.required),
  )?.name;
}
const stateOf = (def: EntityDef, row: WireRow) => String(row[def.workflow!.stateField]);
/** A reason where the action asks for one, and its required text inputs (a revocation's reason). */
function stepBody(def: EntityDef, action: string): WireRow {
  const a = actionsOf(def).find((x) => x.name === action)!;
  const body: WireRow = a.commentRequired ? { comment: 'engine sweep' } : {};
  for (const f of a.fields ?? [])
    if (f.required && (f.type === 'string' || f.type === 'text')) body[f.name] = 'engine sweep';
  return body;
}
const act = (def: EntityDef, action: string, body: WireRow, token = admin) =>
  t.call('POST', `${def.prefix}/${action}`, token, body, { lang: 'en' });
const read = async (def: EntityDef, id: unknown) =>
  (await api(t, 'GET', `${path(def, 'get')}?id=${id}`, admin)).data as WireRow;
const stepsOf = async (def: EntityDef, id: unknown) =>
  (await api<{ steps: WireRow[] }>(t, 'GET', `${def.prefix}/steps?id=${id}`, admin)).data.steps;
const readable = (msg: unknown) => {
  expect(typeof msg).toBe('string');
  expect(msg).not.toMatch(/\{\w+\}|\b[a-z]+\.[a-z]+\.[a-zA-Z.]+\b/);
};

describe('the workflow documents', () => {
  it('are each made here and take a declared step from the state they are made in', () => {
    for (const name of Object.keys(SYSTEM_STEPS_ONLY))
      expect(
        entity(name).workflow!.actions.filter((a) => !a.internal),
        name,
      ).toEqual([]);
    expect(Object.keys(STEP).sort()).toEqual(Object.keys(MAKE).sort());
    for (const def of documents) {
      expect(makerOf(def), def.name).toBeTypeOf('function');
      const step = actionsOf(def).find((a) => a.name === stepOf(def));
      expect(step, def.name).toBeTruthy();
      // Taken twice, the step must find its own result (to) outside the states it leaves.
      expect(step!.from, def.name).not.toContain(step!.to);
    }
  });
});

describe.each(documents.map((d) => [d.name, d] as const))('%s (workflow)', (_name, def) => {
  it('takes its step: the state moves, the answer is the moved record, one timeline entry is written', async () => {
    const made = await makerOf(def)!();
    const action = actionsOf(def).find((a) => a.name === stepOf(def))!;
    expect(action.from).toContain(stateOf(def, made));
    expect(await stepsOf(def, made.id)).not.toContainEqual(expect.objectContaining({ action: action.name }));
    const res = (await act(def, action.name, { id: made.id, ...stepBody(def, action.name) })).json() as Json;
    expect(res, JSON.stringify(res)).toMatchObject({ rtnCode: 200, data: { id: made.id } });
    readable(res.msg);
    expect(stateOf(def, res.data as WireRow)).toBe(action.to);
    // The answer is the record as a read gives it: the web puts it in its cache instead of reading it again.
    expect(res.data).toEqual(await read(def, made.id));
    const last = (await stepsOf(def, made.id)).at(-1)!;
    expect(last).toMatchObject({ action: action.name, fromState: stateOf(def, made), toState: action.to });
    expect(last.userId).toBe(adminId);

    const again = (await act(def, action.name, { id: made.id, ...stepBody(def, action.name) })).json() as Json;
    expect(again.rtnCode).toBe(201);
    readable(again.msg);
    expect((await stepsOf(def, made.id)).filter((s) => s.action === action.name)).toHaveLength(1);
  });

  it('refuses every action that does not leave its state, naming it; the state and the timeline stay', async () => {
    const made = await makerOf(def)!();
    const state = stateOf(def, made);
    const before = await stepsOf(def, made.id);
    const wrong = actionsOf(def).filter((a) => !a.from.includes(state));
    for (const a of wrong) {
      const res = (await act(def, a.name, { id: made.id, ...stepBody(def, a.name) })).json() as Json;
      expect({ action: a.name, rtnCode: res.rtnCode }).toEqual({ action: a.name, rtnCode: 201 });
      readable(res.msg);
    }
    expect(stateOf(def, await read(def, made.id))).toBe(state);
    expect(await stepsOf(def, made.id)).toEqual(before);
  });

  it('refuses each action without its permission (403) and for another tenant (404); nothing moves', async () => {
    const made = await makerOf(def)!();
    const state = stateOf(def, made);
    for (const a of actionsOf(def)) {
      const body = { id: made.id, ...stepBody(def, a.name) };
      expect({ action: a.name, status: (await act(def, a.name, body, nobody)).statusCode }).toEqual({
        action: a.name,
        status: 403,
      });
    }
    const step = stepOf(def)!;
    expect((await act(def, step, { id: made.id, ...stepBody(def, step) }, other)).statusCode).toBe(404);
    expect((await t.call('GET', `${def.prefix}/steps?id=${made.id}`, other)).statusCode).toBe(404);
    expect(stateOf(def, await read(def, made.id))).toBe(state);
  });

  it('taken by three people at once: exactly one wins, the others are told it is already done', async () => {
    const made = await makerOf(def)!();
    const step = stepOf(def)!;
    const answers = await Promise.all([1, 2, 3].map(() => act(def, step, { id: made.id, ...stepBody(def, step) })));
    const codes = answers.map((r) => (r.json() as Json).rtnCode).sort();
    expect(codes).toEqual([200, 201, 201]);
    for (const r of answers.filter((x) => (x.json() as Json).rtnCode === 201)) readable((r.json() as Json).msg);
    expect((await stepsOf(def, made.id)).filter((s) => s.action === step)).toHaveLength(1);
  });
});
