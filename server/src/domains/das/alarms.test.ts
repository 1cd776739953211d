import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, readXlsx, tenantOf, waitForDownload } from '../../platform/resources/testkit.js';
import { withTenant } from '../../platform/tenancy/tenant-tx.js';
import { makeRig, type Rig } from '../../test/das-kit.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { evaluateAlarms, judge } from './alarms.js';
import { upTopic } from './ingest.js';

type Row = Record<string, unknown>;
let t: TestApp;
let admin: string;
let tenantId: number;
let rig: Rig;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  tenantId = (await tenantOf(t, admin)).tenantId;
  rig = await makeRig(t, admin, 'AL');
});
afterAll(async () => t?.close());

const send = async (values: Record<string, unknown>, ts = Date.now()) => {
  await t.app.das.ingest.handle(
    rig.gateway.clientId,
    upTopic(rig.gateway.clientId, rig.device.code),
    JSON.stringify({ ts, values }),
  );
  await t.app.das.writer.flush();
};
const evaluate = (now = new Date()) => withTenant(t.db, tenantId, null, (tx) => evaluateAlarms(tx, now));
const alarms = async (ruleId: unknown) =>
  (await api<Row[]>(t, 'GET', `/api-das/alarm/page?ruleId=${ruleId}&limit=50`, admin)).data;

describe('alarm conditions', () => {
  it('hold, clear past the dead band, or wait inside it', () => {
    const base = { threshold: 80, high: 90, dead_band: 5, heard: null, offline_minutes: 5 };
    expect(judge({ ...base, kind: 'above', v: 81 }, 0)).toBe(true);
    expect(judge({ ...base, kind: 'above', v: 78 }, 0)).toBeNull();
    expect(judge({ ...base, kind: 'above', v: 75 }, 0)).toBe(false);
    expect(judge({ ...base, kind: 'below', v: 79 }, 0)).toBe(true);
    expect(judge({ ...base, kind: 'outside', v: 95 }, 0)).toBe(true);
    expect(judge({ ...base, kind: 'outside', v: 86 }, 0)).toBeNull();
    expect(judge({ ...base, dead_band: 1, kind: 'outside', v: 85 }, 0)).toBe(false);
    expect(judge({ ...base, kind: 'equal', v: 80 }, 0)).toBe(true);
    expect(judge({ ...base, kind: 'offline', v: null, heard: new Date(0) }, 6 * 60_000)).toBe(true);
  });
});

describe('alarms', () => {
  it('opens one alarm while the condition holds, with one repair order linked both ways, and clears it past the dead band', async () => {
    const rule = await api<Row>(t, 'POST', '/api-das/alarmrule/save', admin, {
      code: 'R-HOT',
      name: 'Too hot',
      deviceId: rig.device.id,
      tagId: rig.tags.temp,
      kind: 'above',
      threshold: 80,
      deadBand: 5,
      severity: 'critical',
      openRepair: true,
      repairStopped: true,
    });
    await send({ temp: 900 });
    expect(await evaluate()).toMatchObject({ opened: 1 });
    expect(await evaluate()).toMatchObject({ opened: 0, cleared: 0 });
    const [alarm] = await alarms(rule.data.id);
    expect(alarm).toMatchObject({ state: 'active', severity: 'critical', equipmentId: rig.device.equipmentId });
    expect(Number(alarm!.value)).toBe(90);
    const order = (await api<Row>(t, 'GET', `/api-manage/maintaintask/get?id=${alarm!.repairOrderId}`, admin)).data;
    expect(order).toMatchObject({
      source: 'alarm',
      stopped: true,
      equipmentId: rig.device.equipmentId,
      urgency: 'urgent',
    });
    expect(String(order.phenomenon)).toContain(String(alarm!.code));
    const back = (await api<Row[]>(t, 'GET', `/api-das/alarm/page?repairOrderId=${order.id}`, admin)).data;
    expect(back.map((a) => a.id)).toEqual([alarm!.id]);
    // Exported to My downloads, its state in the reader's language (not the code value).
    const queued = await api<{ id: number }>(t, 'POST', `/api-das/alarm/exportexcel?ruleId=${rule.data.id}`, admin, {});
    const cells = (await readXlsx(await waitForDownload(t, admin, queued.data.id))).flat().map(String);
    expect(cells).toContain(String(alarm!.code));
    expect(cells).not.toContain('active');

    await api(t, 'POST', '/api-das/alarm/acknowledge', admin, { id: alarm!.id });
    const again = await t.call('POST', '/api-das/alarm/acknowledge', admin, { id: alarm!.id });
    expect(again.json().rtnCode).toBe(201);

    await send({ temp: 780 });
    expect(await evaluate()).toMatchObject({ cleared: 0 });
    await send({ temp: 700 });
    expect(await evaluate()).toMatchObject({ cleared: 1 });
    const [cleared] = await alarms(rule.data.id);
    expect(cleared).toMatchObject({
      state: 'cleared',
      clearedAt: expect.any(String),
      acknowledgedAt: expect.any(String),
    });

    await send({ temp: 950 });
    expect(await evaluate()).toMatchObject({ opened: 1 });
    expect(await alarms(rule.data.id)).toHaveLength(2);
  });

  it('waits for a condition to hold its seconds, and opens on a device silent past its minutes', async () => {
    const slow = await api<Row>(t, 'POST', '/api-das/alarmrule/save', admin, {
      code: 'R-LOW',
      name: 'Low count',
      deviceId: rig.device.id,
      tagId: rig.tags.count,
      kind: 'below',
      threshold: 10,
      forSeconds: 30,
    });
    await send({ count: 5 });
    const now = Date.now();
    await evaluate(new Date(now));
    expect(await alarms(slow.data.id)).toHaveLength(0);
    await evaluate(new Date(now + 31_000));
    expect(await alarms(slow.data.id)).toHaveLength(1);

    const silent = await api<Row>(t, 'POST', '/api-das/alarmrule/save', admin, {
      code: 'R-OFF',
      name: 'Silent',
      deviceId: rig.device.id,
      kind: 'offline',
      offlineMinutes: 5,
    });
    await evaluate(new Date(now + 60_000));
    expect(await alarms(silent.data.id)).toHaveLength(0);
    await evaluate(new Date(now + 6 * 60_000));
    expect((await alarms(silent.data.id))[0]).toMatchObject({ state: 'active' });
  });

  it("tells the machine's work group", async () => {
    const members = await withTenant(t.db, tenantId, null, (tx) =>
      tx.query<{ user_id: number }>(
        `select m.user_id from equipment e join work_group_lines l on l.tenant_id = e.tenant_id and l.line_id = e.line_id
           join work_group_members m on m.tenant_id = l.tenant_id and m.workgroup_id = l.workgroup_id where e.id = $1`,
        [rig.device.equipmentId],
      ),
    );
    expect(members.rows.length, 'the demo machine is on a line with a work group').toBeGreaterThan(0);
    const told = await withTenant(t.db, tenantId, null, (tx) =>
      tx.query<{ n: string }>(
        `select count(*) as n from messages where user_id = any($1::bigint[]) and type_code = 'alarm'`,
        [members.rows.map((m) => m.user_id)],
      ),
    );
    expect(Number(told.rows[0]!.n)).toBeGreaterThan(0);
  });
});
