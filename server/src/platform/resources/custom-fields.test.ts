import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { api, type Json, multipart, readXlsx, secondTenant, waitForDownload, workbook } from './testkit.js';

type Row = Record<string, unknown>;

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  await api(t, 'POST', '/api-manage/customfield/save', admin, {
    entity: 'equipment',
    name: 'powerKw',
    label: '功率',
    labelEn: 'Power (kW)',
    fieldType: 'decimal',
    filter: 'range',
  });
  await api(t, 'POST', '/api-manage/customfield/save', admin, {
    entity: 'equipment',
    name: 'shift',
    label: '班制',
    fieldType: 'enum',
    options: '单班,双班,三班',
    required: true,
    filter: 'eq',
  });
});
afterAll(async () => t?.close());

interface MetaField {
  name: string;
  label: string;
  custom: boolean;
  required: boolean;
}

const save = async (body: Row) => (await t.call('POST', '/api-manage/equipment/save', admin, body)).json() as Json;

describe('custom fields of a tenant', () => {
  it('join the entity metadata with their labels', async () => {
    const r = await t.call('GET', '/api-manage/meta/equipment', admin, undefined, { lang: 'en' });
    const fields = (r.json() as { data: { fields: MetaField[] } }).data.fields;
    expect(fields.find((f) => f.name === 'custom.powerKw')).toMatchObject({ label: 'Power (kW)', custom: true });
    expect(fields.find((f) => f.name === 'custom.shift')).toMatchObject({ label: '班制', required: true });
  });

  it('are validated like declared fields, naming the field', async () => {
    expect(await save({ code: 'CF-1', name: 'x', custom: { powerKw: '7.5' } })).toMatchObject({
      rtnCode: 201,
      field: 'custom.shift',
      msg: '班制不能为空',
    });
    expect(await save({ code: 'CF-1', name: 'x', custom: { powerKw: 'strong', shift: '单班' } })).toMatchObject({
      rtnCode: 201,
      field: 'custom.powerKw',
    });
  });

  it('are stored in the custom column and filter the list', async () => {
    const ok = await save({ code: 'CF-2', name: '大功率', custom: { powerKw: '55', shift: '双班' } });
    expect(ok.rtnCode).toBe(200);
    expect((ok.data as Row).custom).toEqual({ powerKw: '55', shift: '双班' });
    await save({ code: 'CF-3', name: '小功率', custom: { powerKw: '3.5', shift: '单班' } });
    const big = await api<Row[]>(t, 'GET', '/api-manage/equipment/page?page=1&limit=10&custom.powerKwFrom=10', admin);
    expect(big.data.map((e) => e.code)).toEqual(['CF-2']);
    const single = await api<Row[]>(
      t,
      'GET',
      `/api-manage/equipment/page?page=1&limit=10&custom.shift=${encodeURIComponent('单班')}`,
      admin,
    );
    expect(single.data.map((e) => e.code)).toEqual(['CF-3']);
  });

  it('appear in the import template, are imported and exported', async () => {
    const tpl = await t.call('GET', '/api-file/statics/template/file/equipment.xlsx?lang=zh', admin);
    const [header] = await readXlsx(tpl.rawPayload);
    expect(header).toEqual(expect.arrayContaining(['功率', '班制*']));
    const { payload, headers } = multipart(
      await workbook([
        ['编号*', '名称*', '功率', '班制*'],
        ['CF-4', '导入设备', 11, '三班'],
      ]),
    );
    const r = await t.app.inject({
      method: 'POST',
      url: '/api-manage/equipment/importexcel',
      headers: { ...headers, authorization: `Bearer ${admin}` },
      payload,
    });
    expect((r.json() as Json).rtnCode).toBe(200);
    const imported = await api<Row[]>(t, 'GET', '/api-manage/equipment/page?page=1&limit=1&code=CF-4', admin);
    expect(imported.data[0]!.custom).toEqual({ powerKw: '11', shift: '三班' });
    const queued = await api<{ id: number }>(t, 'POST', '/api-manage/equipment/exportexcel?code=CF-4', admin, {});
    const [head, row] = await readXlsx(await waitForDownload(t, admin, queued.data.id));
    expect(row![head!.indexOf('班制')]).toBe('三班');
    expect(row![head!.indexOf('功率')]).toBe(11);
  });

  it('cannot take the name of a declared field, and belong to one tenant only', async () => {
    const clash = (
      await t.call('POST', '/api-manage/customfield/save', admin, { entity: 'equipment', name: 'code', label: 'x' })
    ).json() as Json;
    expect(clash).toMatchObject({ rtnCode: 201, field: 'name' });
    const other = await secondTenant(t, 'cfother');
    const r = await t.call('GET', '/api-manage/meta/equipment', other.token);
    const fields = (r.json() as { data: { fields: MetaField[] } }).data.fields;
    expect(fields.some((f) => f.custom)).toBe(false);
  });

  it('save with only the required settings (an empty optional choice such as filter is answered as null)', async () => {
    const r = await t.call('POST', '/api-manage/customfield/save', admin, {
      entity: 'workshop',
      name: 'floorNote',
      label: '楼层说明',
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ rtnCode: 200, data: { name: 'floorNote', filter: null, fieldType: 'string' } });
  });
});
