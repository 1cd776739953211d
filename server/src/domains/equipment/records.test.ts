import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type Json, tenantOf, userWithCodes } from '../../platform/resources/testkit.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

type Row = Record<string, unknown>;

let t: TestApp;
let admin: string;
let tenantId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  tenantId = (await tenantOf(t, admin)).tenantId;
});
afterAll(async () => t?.close());

const get = (url: string) => api<Row[]>(t, 'GET', url, admin);
const one = (url: string) => api<Row>(t, 'GET', url, admin);
const post = (url: string, body: unknown, token = admin) => api<Row>(t, 'POST', url, token, body);
const fail = async (url: string, body: unknown, token = admin) =>
  (await t.call('POST', url, token, body)).json() as Json;

const userWith = (username: string, codes: string[]) => userWithCodes(t, tenantId, username, codes);

describe('equipment allotment', () => {
  it('moves the machines to the target workshop and line only when audited, with a timeline entry', async () => {
    const shops = (await get('/api-user/workShop/tree')).data;
    const [from, to] = [shops[0]!, shops[1]!];
    const toLine = (to.lines as Row[])[0]!;
    const eqs = (await get(`/api-manage/equipment/page?page=1&limit=2&workshopId=${from.id}`)).data;
    const allot = await post('/api-manage/equipmentallot/create', {
      fromWorkshopId: from.id,
      toWorkshopId: to.id,
      toLineId: toLine.id,
      reason: '产能调整',
      equipmentIds: eqs.map((e) => e.id),
    });
    expect(allot.data.allotNo).toMatch(/^DB\d{8}\d{6}$/);
    expect(allot.data.state).toBe('draft');
    expect(allot.data.applicantId).toBeTruthy();
    const ids = (rows: Row[], key: string) => rows.map((r) => Number(r[key])).sort((a, b) => a - b);
    expect(ids(allot.data.details as Row[], 'equipmentId')).toEqual(ids(eqs, 'id'));

    expect((await fail('/api-manage/equipmentallot/audit', { id: allot.data.id })).rtnCode).toBe(201);
    await post('/api-manage/equipmentallot/submit', { id: allot.data.id });
    const edit = await fail('/api-manage/equipmentallot/update', { id: allot.data.id, reason: 'x' });
    expect(edit.rtnCode).toBe(201);
    expect((await one(`/api-manage/equipment/get?id=${eqs[0]!.id}`)).data.workshopId).toBe(from.id);

    const audited = await post('/api-manage/equipmentallot/audit', { id: allot.data.id });
    expect(audited.data).toMatchObject({ state: 'audited', auditorId: expect.any(Number) });
    expect((audited.data.details as Row[])[0]!.fromWorkshopId).toBe(from.id);
    for (const e of eqs) {
      const info = (await one(`/api-manage/equipment/getEqInfo?id=${e.id}`)).data;
      expect(info).toMatchObject({ workshopId: to.id, lineId: toLine.id });
      const entry = (info.records as Row[]).find((r) => r.recordType === 'allot')!;
      expect(entry.content).toContain(String(audited.data.allotNo));
      expect(entry.content).toContain(String(to.workshopname));
    }
    expect((await fail('/api-manage/equipmentallot/recall', { id: allot.data.id })).rtnCode).toBe(201);
    expect((await fail('/api-manage/equipmentallot/del', { ids: [allot.data.id] })).rtnCode).toBe(201);
  });

  it('returns a submitted allotment to draft on recall, and refuses a machine of another workshop', async () => {
    const shops = (await get('/api-user/workShop/tree')).data;
    const eq = (await get(`/api-manage/equipment/page?page=1&limit=1&workshopId=${shops[1]!.id}`)).data[0]!;
    const count = async () => (await get('/api-manage/equipmentallot/page?page=1&limit=1')).count;
    const before = await count();
    const wrong = await fail('/api-manage/equipmentallot/create', {
      fromWorkshopId: shops[0]!.id,
      toWorkshopId: shops[1]!.id,
      reason: 'x',
      equipmentIds: [eq.id],
    });
    expect(wrong).toMatchObject({ rtnCode: 201, field: 'equipmentId' });
    expect(await count()).toBe(before);

    const allot = await post('/api-manage/equipmentallot/create', {
      toWorkshopId: shops[0]!.id,
      reason: '维修借用',
      equipmentIds: [eq.id],
    });
    await post('/api-manage/equipmentallot/submit', { id: allot.data.id });
    const back = (await t.call('POST', '/api-manage/equipmentallot/recall', admin, { id: allot.data.id })).json();
    expect(back).toMatchObject({ rtnCode: 200, msg: '已撤回', data: { state: 'draft' } });
    await post('/api-manage/equipmentallot/update', { id: allot.data.id, reason: '改为长期调拨' });
    expect((await one(`/api-manage/equipment/get?id=${eq.id}`)).data.workshopId).toBe(shops[1]!.id);
  });

  it('refuses to audit without the audit button', async () => {
    const clerk = await userWith('allot_clerk', ['equipment:allot:view', 'equipment:allot:add']);
    const r = await t.call('POST', '/api-manage/equipmentallot/audit', clerk, { id: 1 });
    expect(r.statusCode).toBe(403);
  });
});

describe('mould records', () => {
  it('mounts a mould on one machine at a time and adds the shots since mount to its used shots', async () => {
    const mould = (await get('/api-manage/eqmold/page?page=1&limit=50')).data.find((m) => !m.equipmentId)!;
    const eqs = (await get('/api-manage/equipment/page?page=1&limit=2')).data;
    const mounted = await post('/api-manage/moldRecords/mount', { mouldId: mould.id, equipmentId: eqs[0]!.id });
    expect(mounted.data).toMatchObject({ equipmentId: eqs[0]!.id, shotsSinceMount: 0 });
    const twice = await fail('/api-manage/moldRecords/mount', { mouldId: mould.id, equipmentId: eqs[1]!.id });
    expect(twice.rtnCode).toBe(201);
    const moved = await fail('/api-manage/eqmold/update', { id: mould.id, equipmentId: eqs[1]!.id });
    expect(moved).toMatchObject({ rtnCode: 201, field: 'equipmentId' });

    await post('/api-manage/moldRecords/shots', { mouldId: mould.id, shots: 1200 });
    const down = await post('/api-manage/moldRecords/unmount', { mouldId: mould.id, shots: 300 });
    expect(down.data).toMatchObject({ equipmentId: null, shotsSinceMount: 0 });
    expect(down.data.usedShots).toBe(Number(mould.usedShots ?? 0) + 1500);

    const records = (await get(`/api-manage/moldRecords/page?page=1&limit=10&mouldId=${mould.id}&sort=id&order=asc`))
      .data;
    expect(records.map((r) => [r.recordType, r.shots, r.equipmentId])).toEqual([
      ['mount', 0, eqs[0]!.id],
      ['shots', 1200, eqs[0]!.id],
      ['unmount', 1500, eqs[0]!.id],
    ]);
    expect((await fail('/api-manage/moldRecords/unmount', { mouldId: mould.id })).rtnCode).toBe(201);
    const bad = await fail('/api-manage/moldRecords/shots', { mouldId: mould.id, shots: -1 });
    expect(bad).toMatchObject({ rtnCode: 201, field: 'shots' });
    const unmounted = await fail('/api-manage/moldRecords/shots', { mouldId: mould.id, shots: 5 });
    expect(unmounted).toMatchObject({ rtnCode: 201, field: 'mouldId' });
  });

  it('warns once used shots plus those since the mount reach the set share of the rated life', async () => {
    const mould = await post('/api-manage/eqmold/save', {
      code: 'MOLD-T-1',
      name: '测试模具',
      ratedLife: 1000,
      usedShots: 800,
      lifeWarnPercent: 90,
    });
    expect(mould.data.lifeWarning).toBe(false);
    const eq = (await get('/api-manage/equipment/page?page=1&limit=1')).data[0]!;
    await post('/api-manage/moldRecords/mount', { mouldId: mould.data.id, equipmentId: eq.id });
    await post('/api-manage/moldRecords/shots', { mouldId: mould.data.id, shots: 100 });
    const after = await one(`/api-manage/eqmold/get?id=${mould.data.id}`);
    expect(after.data).toMatchObject({ lifeWarning: true, usedShots: 800, shotsSinceMount: 100 });
    const warned = await get('/api-manage/eqmold/page?page=1&limit=100&lifeWarning=true');
    expect(warned.data.map((m) => m.id)).toContain(mould.data.id);
  });
});

describe('scrap requests', () => {
  it('scraps a machine when audited, in one step with its timeline, and recall returns a draft', async () => {
    const eq = await post('/api-manage/equipment/save', { code: 'EQ-SCRAP-1', name: '待报废设备', status: 'stopped' });
    const req = await post('/api-core/eqmoldExecute/scrap/save', {
      targetType: 'equipment',
      equipmentId: eq.data.id,
      reason: '老化严重',
      residualValue: '1200.00',
    });
    expect(req.data).toMatchObject({ state: 'draft', scrapNo: expect.stringMatching(/^BF\d{14}$/) });
    await post('/api-core/eqmoldExecute/scrap/submit', { id: req.data.id });
    expect((await post('/api-core/eqmoldExecute/scrap/recall', { id: req.data.id })).data.state).toBe('draft');
    await post('/api-core/eqmoldExecute/scrap/submit', { id: req.data.id });
    await post('/api-core/eqmoldExecute/scrap/audit', { id: req.data.id });
    const info = (await one(`/api-manage/equipment/getEqInfo?id=${eq.data.id}`)).data;
    expect(info.status).toBe('scrapped');
    expect((info.records as Row[]).some((r) => r.recordType === 'scrap')).toBe(true);
    const again = await fail('/api-core/eqmoldExecute/scrap/save', {
      targetType: 'equipment',
      equipmentId: eq.data.id,
      reason: '重复',
    });
    expect(again).toMatchObject({ rtnCode: 201, field: 'equipmentId' });
  });

  it('refuses a mould request without the mould and a mounted mould at audit', async () => {
    const missing = await fail('/api-core/eqmoldExecute/scrap/save', { targetType: 'mould', reason: 'x' });
    expect(missing).toMatchObject({ rtnCode: 201, field: 'mouldId' });
    const mould = (await get('/api-manage/eqmold/page?page=1&limit=50')).data.find((m) => m.equipmentId)!;
    const req = await post('/api-core/eqmoldExecute/scrap/save', {
      targetType: 'mould',
      mouldId: mould.id,
      reason: '开裂',
    });
    await post('/api-core/eqmoldExecute/scrap/submit', { id: req.data.id });
    expect((await fail('/api-core/eqmoldExecute/scrap/audit', { id: req.data.id })).rtnCode).toBe(201);
    expect((await one(`/api-core/eqmoldExecute/scrap/get?id=${req.data.id}`)).data.state).toBe('submitted');
    await post('/api-manage/moldRecords/unmount', { mouldId: mould.id });
    await post('/api-core/eqmoldExecute/scrap/audit', { id: req.data.id });
    expect((await one(`/api-manage/eqmold/get?id=${mould.id}`)).data.status).toBe('scrapped');
    expect(
      (await fail('/api-manage/moldRecords/mount', { mouldId: mould.id, equipmentId: mould.equipmentId })).rtnCode,
    ).toBe(201);
  });
});

describe('category permissions by kind', () => {
  it('lets an equipment-type user change equipment types only, and a mould-type user mould types only', async () => {
    const machine = await userWith('cat_machine', [
      'equipment:machine:view',
      'equipment:machine:add',
      'equipment:machine:edit',
      'equipment:machine:delete',
    ]);
    const mouldUser = await userWith('cat_mould', [
      'eqmold:eqcategory:view',
      'eqmold:eqcategory:add',
      'eqmold:eqcategory:delete',
    ]);
    const eqType = await post(
      '/api-manage/equipmentcategory/save',
      { code: 'K-1', name: '设备类', category: 1 },
      machine,
    );
    const refused = await t.call('POST', '/api-manage/equipmentcategory/save', machine, {
      code: 'K-2',
      name: '模具类',
      category: 2,
    });
    expect(refused.statusCode).toBe(403);
    const mouldType = await post(
      '/api-manage/equipmentcategory/save',
      { code: 'K-3', name: '模具类', category: 2 },
      mouldUser,
    );

    expect(
      (await t.call('POST', '/api-manage/equipmentcategory/del', mouldUser, { ids: [eqType.data.id] })).statusCode,
    ).toBe(403);
    expect(
      (await t.call('POST', '/api-manage/equipmentcategory/del', machine, { ids: [mouldType.data.id] })).statusCode,
    ).toBe(403);
    const flip = await t.call('POST', '/api-manage/equipmentcategory/update', machine, {
      id: eqType.data.id,
      category: 2,
    });
    expect(flip.statusCode).toBe(403);
    const reason = await t.call('POST', '/api-manage/equipmentcategory/faultreason/save', machine, {
      categoryId: mouldType.data.id,
      code: 'R-K',
      name: '崩边',
    });
    expect(reason.statusCode).toBe(403);
    await post(
      '/api-manage/equipmentcategory/faultreason/save',
      { categoryId: eqType.data.id, code: 'R-K', name: '异响' },
      machine,
    );
    await post('/api-manage/equipmentcategory/del', { ids: [mouldType.data.id] }, mouldUser);
    await post('/api-manage/equipmentcategory/del', { ids: [eqType.data.id] }, machine);
  });
});

describe('category parts and spare parts', () => {
  it('are listed with their category and go with it', async () => {
    const cat = await post('/api-manage/equipmentcategory/save', { code: 'T-PARTS', name: '带部件', category: 1 });
    const spare = await post('/api-manage/spareparts/save', {
      code: 'SP-T-1',
      name: '轴承',
      specification: '6205',
      unit: '个',
    });
    await post('/api-manage/equipmentcategory/parts/save', {
      categoryId: cat.data.id,
      code: 'P1',
      name: '主轴',
      quantity: 1,
    });
    const line = await post('/api-manage/equipmentcategory/spareparts/save', {
      categoryId: cat.data.id,
      sparePartId: spare.data.id,
      quantity: '2',
    });
    expect(line.data).toMatchObject({ sparePartName: '轴承', specification: '6205', unit: '个' });
    const got = (await one(`/api-manage/equipmentcategory/get?id=${cat.data.id}`)).data;
    expect((got.parts as Row[]).map((p) => p.name)).toEqual(['主轴']);
    expect((got.spareParts as Row[]).length).toBe(1);
    const inUse = await fail('/api-manage/spareparts/del', { ids: [spare.data.id] });
    expect(inUse.rtnCode).toBe(201);
    await post('/api-manage/equipmentcategory/del', { ids: [cat.data.id] });
    await post('/api-manage/spareparts/del', { ids: [spare.data.id] });
  });
});
