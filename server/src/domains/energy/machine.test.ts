import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type Json, secondTenant, tenantOf } from '../../platform/resources/testkit.js';
import { withTenant } from '../../platform/tenancy/tenant-tx.js';
import { makeRig, type Rig } from '../../test/das-kit.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { readMachineMeters, WINDOW_MS } from './machine.js';

type Row = Record<string, unknown>;

let t: TestApp;
let admin: string;
let tenantId: number;
let rig: Rig;
let energyTag: number;
let meter: Row;
let otherTenant: number;

const post = async (url: string, body: unknown, token = admin) =>
  (await t.call('POST', url, token, body)).json() as Json;
/** Points of the energy tag written through das's own history writer, as a gateway's message would be. */
async function send(points: [number, number][]): Promise<void> {
  t.app.das.writer.add(
    tenantId,
    rig.gateway.id,
    points.map(([ts, v]) => ({ tagId: energyTag, ts, v, s: null })),
    { rejected: false, deviceId: rig.device.id },
  );
  await t.app.das.writer.flush();
}
const collect = (now: number) => withTenant(t.db, tenantId, null, (tx) => readMachineMeters(tx, new Date(now)));
const readings = async () =>
  (
    await t.db.query<{ read_at: Date; value: string; kind: string; old_final_value: string | null; source: string }>(
      `select read_at, value, kind, old_final_value, source from energy_readings where tenant_id = $1 and meter_id = $2
        order by read_at`,
      [tenantId, meter.id],
    )
  ).rows.map((r) => ({
    at: new Date(r.read_at).getTime(),
    value: r.value,
    kind: r.kind,
    old: r.old_final_value,
    source: r.source,
  }));

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  tenantId = (await tenantOf(t, admin)).tenantId;
  rig = await makeRig(t, admin, 'EN');
  const tag = await api<Row>(t, 'POST', '/api-das/device/tag/save', admin, {
    deviceId: rig.device.id,
    key: 'kwh',
    name: '电能',
    unit: 'kWh',
    dataType: 'number',
    role: 'energy',
  });
  energyTag = Number(tag.data.id);
});
afterAll(async () => t?.close());

describe('readings from a machine-data tag whose role is energy meter', () => {
  it('feeds a meter only from a tag of its own tenant whose role is energy, naming the field', async () => {
    const wrongRole = await post('/api-manage/energys/save', {
      code: 'M-TEMP',
      name: '温度不是电表',
      energyType: 'electricity',
      tagId: rig.tags.temp,
    });
    expect(wrongRole).toMatchObject({ rtnCode: 201, field: 'tagId' });
    expect(wrongRole.msg).toContain('电能表');
    const other = await secondTenant(t, 'energy_machine_other');
    otherTenant = other.tenantId;
    const foreign = await post(
      '/api-manage/energys/save',
      { code: 'M-X', name: '别家的表', energyType: 'electricity', tagId: energyTag },
      other.token,
    );
    expect(foreign).toMatchObject({ rtnCode: 201, field: 'tagId' });
    expect(foreign.msg).toContain('电能表');
    const saved = await post('/api-manage/energys/save', {
      code: 'M-KWH',
      name: '机台电表',
      energyType: 'electricity',
      tagId: energyTag,
    });
    expect(saved.rtnCode).toBe(200);
    meter = saved.data as Row;
    expect(meter.tagId).toBe(energyTag);
    const twice = await post('/api-manage/energys/save', {
      code: 'M-KWH2',
      name: '同一点位',
      energyType: 'electricity',
      tagId: energyTag,
    });
    expect(twice).toMatchObject({ rtnCode: 201, field: 'tagId' });
  });

  it('writes the last value of each closed quarter at its end, once, a set-back counter as a replacement', async () => {
    const now = Date.now();
    const q0 = Math.floor(now / WINDOW_MS) * WINDOW_MS - 4 * WINDOW_MS;
    const min = 60_000;
    await send([
      [q0 + 1 * min, 100],
      [q0 + 14 * min, 103.25],
      [q0 + 16 * min, 104],
      [q0 + 29 * min, 106.5],
      // The third quarter sent nothing; in the fourth the counter begins again (a device replaced or reset).
      [q0 + 50 * min, 2],
      // The quarter under way is not read yet.
      [Math.floor(now / WINDOW_MS) * WINDOW_MS + 1, 9],
    ]);
    expect(await collect(now)).toMatchObject({ written: 3, skipped: 0, more: false });
    expect(await readings()).toEqual([
      { at: q0 + WINDOW_MS, value: '103.2500', kind: 'normal', old: null, source: 'machine' },
      { at: q0 + 2 * WINDOW_MS, value: '106.5000', kind: 'normal', old: null, source: 'machine' },
      { at: q0 + 4 * WINDOW_MS, value: '2.0000', kind: 'replacement', old: '106.5000', source: 'machine' },
    ]);
    // Again: nothing new, nothing twice; a late point of a quarter already read is left.
    await send([[q0 + 20 * min, 105]]);
    expect(await collect(now)).toMatchObject({ written: 0 });
    expect(await readings()).toHaveLength(3);
    // The kept days hold what the readings count: 106.5 − 103.25, and nothing across the replacement.
    const kept = await t.db.query<{ q: string }>(
      'select round(sum(quantity), 4)::text as q from energy_meter_days where tenant_id = $1 and meter_id = $2',
      [tenantId, meter.id],
    );
    expect(kept.rows[0]!.q).toBe('3.2500');
    // The other tenant's run sees none of this tenant's meters.
    expect(await withTenant(t.db, otherTenant, null, (tx) => readMachineMeters(tx))).toMatchObject({ written: 0 });
  });
});
