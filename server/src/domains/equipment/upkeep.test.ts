/**
 * Equipment pictures (pictureanagement), the parts maintenance table (eqptmt) and maintenance resources
 * (maintainres): per tenant, per permission, bad input refused with the field named and nothing written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  type Maker,
  sampleFile,
  secondTenant,
  tenantOf,
  userWithCodes,
} from '../../platform/resources/testkit.js';
import { withTenant } from '../../platform/tenancy/tenant-tx.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let admin: string;
let tenantId: number;
let machine: number;

const count = async (table: string, tenant: number, where = 'true') =>
  Number(
    (
      await withTenant(t.db, tenant, null, (tx) =>
        tx.query<{ n: string }>(`select count(*) as n from ${table} where tenant_id = $1 and ${where}`, [tenant]),
      )
    ).rows[0]!.n,
  );

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  tenantId = (await tenantOf(t, admin)).tenantId;
  machine = (
    await api<{ id: number }>(t, 'POST', '/api-manage/equipment/save', admin, { code: 'UPK-1', name: 'Upkeep press' })
  ).data.id;
});
afterAll(async () => t?.close());

describe('equipment pictures (pictureanagement)', () => {
  it('uploads, lists per machine and deletes a picture, never across tenants', async () => {
    const maker: Maker = { t, token: admin, seq: 1, meta: new Map() };
    const photo = await sampleFile(maker, 'photo.png');
    const saved = await api<{ id: number; photos: { id: number }[] }>(
      t,
      'POST',
      '/api-manage/pictureanagement/save',
      admin,
      {
        equipmentId: machine,
        title: 'Nameplate',
        kind: 'nameplate',
        photos: [photo],
      },
    );
    expect(saved.data.photos[0]!.id).toBe(photo.id);
    const list = await api<{ id: number }[]>(
      t,
      'GET',
      `/api-manage/pictureanagement/page?equipmentId=${machine}&page=1&limit=10`,
      admin,
    );
    expect(list.data.map((r) => r.id)).toEqual([saved.data.id]);

    const other = await secondTenant(t, 'upkeep');
    const theirs = await t.call('GET', '/api-manage/pictureanagement/page?page=1&limit=10', other.token);
    expect((theirs.json() as { data: unknown[] }).data).toEqual([]);
    // Another tenant can neither attach its picture to this machine nor reuse this tenant's upload.
    const cross = await t.call('POST', '/api-manage/pictureanagement/save', other.token, {
      equipmentId: machine,
      title: 'x',
      photos: [photo],
    });
    expect(cross.json()).toMatchObject({ rtnCode: 201 });
    const del = await t.call('POST', '/api-manage/pictureanagement/del', other.token, { ids: [saved.data.id] });
    expect(await count('equipment_pictures', tenantId)).toBe(1);
    expect(del.statusCode === 200 ? (del.json() as { rtnCode: number }).rtnCode : del.statusCode).not.toBe(200);

    await api(t, 'POST', '/api-manage/pictureanagement/del', admin, { ids: [saved.data.id] });
    expect(await count('equipment_pictures', tenantId)).toBe(0);
  });

  it('refuses a picture without a photo, naming the field, and writes nothing', async () => {
    const r = await t.call(
      'POST',
      '/api-manage/pictureanagement/save',
      admin,
      { equipmentId: machine, title: 'No photo' },
      { lang: 'en' },
    );
    expect(r.json()).toMatchObject({ rtnCode: 201, field: 'photos' });
    expect(await count('equipment_pictures', tenantId)).toBe(0);
  });

  it('needs the pictures permission', async () => {
    const viewer = await userWithCodes(t, tenantId, 'upk_viewer', ['equipment:pictures:view']);
    expect((await t.call('GET', '/api-manage/pictureanagement/page?page=1&limit=10', viewer)).statusCode).toBe(200);
    const refused = await t.call('POST', '/api-manage/pictureanagement/save', viewer, {
      equipmentId: machine,
      title: 'x',
    });
    expect(refused.statusCode).toBe(403);
    const nobody = await userWithCodes(t, tenantId, 'upk_nobody', ['equipment:ledger:view']);
    expect((await t.call('GET', '/api-manage/pictureanagement/page?page=1&limit=10', nobody)).statusCode).toBe(403);
  });
});

describe('parts maintenance (eqptmt)', () => {
  it('computes the next due date and the overdue flag in SQL, and filters by it', async () => {
    const today = new Date();
    const iso = (d: Date) => d.toISOString().slice(0, 10);
    const long = new Date(today.getTime() - 40 * 86_400_000);
    const late = await api<{ id: number; nextDate: string; overdue: boolean }>(
      t,
      'POST',
      '/api-manage/eqptmt/save',
      admin,
      {
        equipmentId: machine,
        partName: 'Spindle bearing',
        content: 'Grease',
        cycleDays: 30,
        lastDate: iso(long),
      },
    );
    expect(late.data.overdue).toBe(true);
    expect(late.data.nextDate).toBe(iso(new Date(long.getTime() + 30 * 86_400_000)));
    await api(t, 'POST', '/api-manage/eqptmt/save', admin, {
      equipmentId: machine,
      partName: 'Filter',
      content: 'Replace',
      cycleDays: 90,
      lastDate: iso(today),
    });
    const overdue = await api<{ id: number }[]>(
      t,
      'GET',
      `/api-manage/eqptmt/page?overdue=true&equipmentId=${machine}&page=1&limit=10`,
      admin,
    );
    expect(overdue.data.map((r) => r.id)).toEqual([late.data.id]);
  });

  it('refuses a cycle of 0 days naming the field, and needs its permission', async () => {
    const before = await count('equipment_part_maintenance', tenantId);
    const r = await t.call('POST', '/api-manage/eqptmt/save', admin, {
      equipmentId: machine,
      partName: 'x',
      content: 'y',
      cycleDays: 0,
    });
    expect(r.json()).toMatchObject({ rtnCode: 201, field: 'cycleDays' });
    expect(await count('equipment_part_maintenance', tenantId)).toBe(before);
    const other = await secondTenant(t, 'upkeep2');
    expect(
      ((await t.call('GET', '/api-manage/eqptmt/page?page=1&limit=10', other.token)).json() as { data: unknown[] })
        .data,
    ).toEqual([]);
    const nobody = await userWithCodes(t, tenantId, 'upk_nobody2', ['equipment:ledger:view']);
    expect((await t.call('GET', '/api-manage/eqptmt/page?page=1&limit=10', nobody)).statusCode).toBe(403);
  });
});

describe('maintenance resources (maintainres)', () => {
  it('keeps tools and instruments with calibration due, unique codes per tenant', async () => {
    const past = await api<{ id: number; calibrationOverdue: boolean }>(
      t,
      'POST',
      '/api-manage/maintainres/save',
      admin,
      {
        code: 'TQ-01',
        name: 'Torque wrench',
        kind: 'instrument',
        quantity: 2,
        calibrationDue: '2020-01-01',
      },
    );
    expect(past.data.calibrationOverdue).toBe(true);
    const dup = await t.call('POST', '/api-manage/maintainres/save', admin, {
      code: 'TQ-01',
      name: 'Again',
      kind: 'tool',
      quantity: 1,
    });
    expect(dup.json()).toMatchObject({ rtnCode: 201, field: 'code' });
    const other = await secondTenant(t, 'upkeep3');
    // The same code is free in another tenant, which sees none of this tenant's resources.
    await api(t, 'POST', '/api-manage/maintainres/save', other.token, {
      code: 'TQ-01',
      name: 'Theirs',
      kind: 'tool',
      quantity: 1,
    });
    const theirs = await api<{ name: string }[]>(t, 'GET', '/api-manage/maintainres/page?page=1&limit=10', other.token);
    expect(theirs.data.map((r) => r.name)).toEqual(['Theirs']);
    const bad = await t.call('POST', '/api-manage/maintainres/save', admin, {
      code: 'TQ-02',
      name: 'x',
      kind: 'laser',
      quantity: -1,
    });
    expect((bad.json() as { rtnCode: number }).rtnCode).toBe(201);
    expect(await count('maintenance_resources', tenantId, "code like 'TQ-%'")).toBe(1);
    const nobody = await userWithCodes(t, tenantId, 'upk_nobody3', ['equipment:ledger:view']);
    expect((await t.call('GET', '/api-manage/maintainres/page?page=1&limit=10', nobody)).statusCode).toBe(403);
  });
});
