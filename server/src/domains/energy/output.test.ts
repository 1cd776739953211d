import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type Json, tenantOf } from '../../platform/resources/testkit.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

type Row = Record<string, unknown>;

let t: TestApp;
let admin: string;
let tenantId: number;
let machineId: number;
let workshopId: number;

const sh = (local: string) => new Date(`${local}:00+08:00`).toISOString();
const ok = async (url: string, body: unknown) => {
  const r = (await t.call('POST', url, admin, body)).json() as Json;
  if (r.rtnCode !== 200) throw new Error(`${url}: ${JSON.stringify(r)}`);
  return r.data as Row;
};
const get = async (url: string) => ((await t.call('GET', url, admin)).json() as Json).data as Row;
const one = async (text: string, values: unknown[]) =>
  Number((await t.db.query<{ id: number }>(`${text} returning id`, values)).rows[0]!.id);

/** A work order of `quantity` parts with its tasks (sequence, machine or station). */
async function workOrder(code: string, materialId: number, procedureId: number, tasks: [number, Row][]) {
  const wo = await one(
    `insert into work_orders (tenant_id, code, material_id, quantity, due_date) values ($1, $2, $3, 100, '2025-02-28')`,
    [tenantId, code, materialId],
  );
  const ids = new Map<number, number>();
  for (const [seq, at] of tasks)
    ids.set(
      seq,
      await one(
        `insert into plan_tasks (tenant_id, work_order_id, seq, procedure_id, station_id, equipment_id, plan_qty)
         values ($1, $2, $3, $4, $5, $6, 100)`,
        [tenantId, wo, seq, procedureId, at.stationId ?? null, at.equipmentId ?? null],
      ),
    );
  return { wo, task: (seq: number) => ids.get(seq)! };
}

/** A work report of a task: its good quantity, where it was done and when it ended (Shanghai time). */
async function report(
  o: { wo: number; task: (seq: number) => number },
  seq: number,
  procedureId: number,
  at: Row,
  good: number,
  endedLocal: string,
) {
  await t.db.query(
    `insert into work_reports (tenant_id, plan_task_id, work_order_id, procedure_id, station_id, equipment_id, good_qty, end_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [tenantId, o.task(seq), o.wo, procedureId, at.stationId ?? null, at.equipmentId ?? null, good, sh(endedLocal)],
  );
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  tenantId = (await tenantOf(t, admin)).tenantId;
  await t.db.query(`update companies set timezone = 'Asia/Shanghai' where id = $1`, [tenantId]);
  const machine = (
    await t.db.query<{ id: number; workshop_id: number }>(
      `select id, workshop_id from equipment where tenant_id = $1 and workshop_id is not null and deleted_at is null
        order by id limit 1`,
      [tenantId],
    )
  ).rows[0]!;
  machineId = Number(machine.id);
  workshopId = Number(machine.workshop_id);
});
afterAll(async () => t?.close());

describe('energy per good part from production work reports', () => {
  it('divides a place’s consumption by the good parts that left its last step, counted by hand', async () => {
    const material = await one(`insert into production_materials (tenant_id, code, name) values ($1, 'EP-M', '轴')`, [
      tenantId,
    ]);
    const procedure = await one(
      `insert into procedures (tenant_id, code, name, station_kind, standard_minutes, ideal_cycle_seconds)
       values ($1, 'EP-P', '车削', 'machining', 1, 30)`,
      [tenantId],
    );
    const station = await one(
      `insert into stations (tenant_id, code, name, kind, workshop_id) values ($1, 'EP-S', '检验台', 'inspection', $2)`,
      [tenantId, workshopId],
    );
    const onMachine = { equipmentId: machineId };
    const onStation = { stationId: station };
    // Order 1: step 10 on the machine, step 20 at the workshop's inspection station.
    const o1 = await workOrder('EP-WO1', material, procedure, [
      [10, onMachine],
      [20, onStation],
    ]);
    await report(o1, 10, procedure, onMachine, 100, '2025-02-03T10:00');
    await report(o1, 20, procedure, onStation, 90, '2025-02-03T16:00');
    await report(o1, 10, procedure, onMachine, 20, '2025-02-04T09:00');
    // Order 2: one step on the machine; its report of the 6th is after the period.
    const o2 = await workOrder('EP-WO2', material, procedure, [[10, onMachine]]);
    await report(o2, 10, procedure, onMachine, 50, '2025-02-04T11:00');
    await report(o2, 10, procedure, onMachine, 999, '2025-02-06T11:00');

    const meter = await ok('/api-manage/energys/save', {
      code: 'EP-E',
      name: '车床电表',
      energyType: 'electricity',
      equipmentId: machineId,
    });
    expect(meter.workshopId).toBe(workshopId);
    await ok('/api-manage/energys/reading/save', { meterId: meter.id, readAt: sh('2025-02-03T00:00'), value: '0' });
    await ok('/api-manage/energys/reading/save', { meterId: meter.id, readAt: sh('2025-02-05T00:00'), value: '340' });

    const period = 'from=2025-02-03&to=2025-02-04&energyType=electricity';
    // The machine: its own last step of each order, 100 + 20 (order 1, step 10) + 50 (order 2) = 170 parts; 340 / 170.
    const machineFigure = await get(`/api-manage/energys/perPart?${period}&equipmentId=${machineId}`);
    expect(machineFigure).toMatchObject({ quantity: '340.0000', goodParts: 170, perPart: '2.0000', note: null });
    // The workshop: order 1 left it at step 20 (90 parts), order 2 at step 10 (50): 140 parts; 340 / 140.
    const shop = await get(`/api-manage/energys/perPart?${period}&workshopId=${workshopId}`);
    expect(shop).toMatchObject({ quantity: '340.0000', goodParts: 140, perPart: '2.4286' });
    // The meter stands for its machine.
    expect(await get(`/api-manage/energys/perPart?${period}&meterId=${meter.id}`)).toMatchObject({ goodParts: 170 });
    // Per place: the workshop's figure by workshop, the machine's by machine, with the names.
    const byShop = (await t.call('GET', `/api-manage/energys/perPlace?${period}`, admin)).json() as Json;
    const shopRow = (byShop.data as Row[]).find((r) => r.key === String(workshopId));
    expect(shopRow).toMatchObject({ quantity: '340.0000', goodParts: 140, perPart: '2.4286' });
    expect(typeof shopRow!.name).toBe('string');
    const byMachine = (
      await t.call('GET', `/api-manage/energys/perPlace?${period}&groupBy=equipment&workshopId=${workshopId}`, admin)
    ).json() as Json;
    expect((byMachine.data as Row[]).find((r) => r.key === String(machineId))).toMatchObject({
      goodParts: 170,
      perPart: '2.0000',
    });
    // A day with no report: no figure, and a note saying why in the reader's language.
    const none = await get('/api-manage/energys/perPart?from=2025-02-10&to=2025-02-11&energyType=electricity');
    expect(none).toMatchObject({ goodParts: null, perPart: null });
    expect(String(none.note)).toContain('暂无产量数据');
  });

  it('gives the home panel this month’s electricity per good part, as the energy page works it out', async () => {
    const today = (
      await t.db.query<{ d: string }>(`select to_char(now() at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as d`)
    ).rows[0]!.d;
    const month = `${today.slice(0, 7)}-01`;
    const meter = await ok('/api-manage/energys/save', { code: 'EP-H', name: '本月电表', energyType: 'electricity' });
    await ok('/api-manage/energys/reading/save', { meterId: meter.id, readAt: sh(`${month}T00:00`), value: '0' });
    await ok('/api-manage/energys/reading/save', {
      meterId: meter.id,
      readAt: new Date(Date.now() - 60_000).toISOString(),
      value: '500',
    });
    const home = (await api<{ energy: Row }>(t, 'GET', '/api-list/homepanel', admin)).data.energy;
    const page = await get(`/api-manage/energys/perPart?from=${month}&to=${today}&energyType=electricity`);
    expect(home.quantity).toBe(page.quantity);
    expect(home.goodParts).toBe(page.goodParts);
    expect(home.perPart).toBe(page.perPart);
    if (home.goodParts) expect(home.perPart).toBe((Number(home.quantity) / Number(home.goodParts)).toFixed(4));
    else expect(home.perPart).toBeNull();
  });
});
