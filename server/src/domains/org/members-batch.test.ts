import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, readXlsx, waitForDownload, workbook } from '../../platform/resources/testkit.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { MEMBER_PASSWORD, memberWithCodes, okCall, rootOrgId } from './testkit.js';

let t: TestApp;
let admin: string;
let rootOrg: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  rootOrg = await rootOrgId(t, admin);
  await okCall(t, 'POST', '/api-user/organization/insert', admin, {
    parentId: rootOrg,
    organizationName: 'Workshop A',
    organizationCode: 'WA',
  });
  await okCall(t, 'POST', '/api-user/role/save', admin, { name: 'Fitter' });
});
afterAll(() => t?.close());

async function upload(url: string, rows: unknown[][], token = admin, lang = 'en') {
  const { payload, headers } = multipart(await workbook(rows));
  const r = await t.app.inject({
    method: 'POST',
    url,
    headers: { ...headers, authorization: `Bearer ${token}`, lang },
    payload,
  });
  return { status: r.statusCode, json: r.json() };
}

async function member(username: string): Promise<Record<string, unknown> | undefined> {
  const { data } = await okCall<Record<string, unknown>[]>(t, 'GET', `/api-user/users/all?username=${username}`, admin);
  return data.find((u) => u.username === username);
}

const HEADER = [
  'Name',
  'Login name',
  'Initial password',
  'Organisation',
  'Roles',
  'Email',
  'Sex',
  'Maintenance worker',
];

describe('member import', () => {
  it('serves the template with the member columns in the asked language, required ones marked', async () => {
    const r = await t.call('GET', '/api-file/statics/template/file/users.xlsx?lang=en', admin);
    expect(r.statusCode).toBe(200);
    const [header] = await readXlsx(r.rawPayload);
    expect(header).toEqual(expect.arrayContaining(['Name*', 'Login name*', 'Organisation*', 'Initial password']));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual([expect.any(String), 'Instructions', 'lists']);
    const sex = String.fromCharCode(65 + (header as string[]).indexOf('Sex'));
    const validations = (wb.worksheets[0] as unknown as { dataValidations: { find(a: string): unknown } })
      .dataValidations;
    expect(validations.find(`${sex}2`)).toMatchObject({ type: 'list', errorStyle: 'stop' });
    // The columns are the engine's fields: its rules for each type, and a column's own hint beside them.
    const guide = Array.from(wb.worksheets[1]!.getSheetValues(), (x) => (Array.isArray(x) ? x.slice(1) : []));
    const rules = (column: string) => String(guide.find((x) => x[0] === column)?.[3]);
    expect(rules('Initial password')).toContain('Leave empty for existing members');
    expect(rules('Sex')).toContain('Male / Female / Unknown');
    expect(rules('Entry date')).toContain('YYYY-MM-DD');
    expect(rules('Maintenance worker')).toMatch(/yes|no/i);
    const zh = await readXlsx(
      (await t.call('GET', '/api-file/statics/template/file/users.xlsx?lang=zh', admin)).rawPayload,
    );
    expect(zh[0]).toContain('姓名*');
  });

  it('imports new members who must change the initial password; organisation by code or name, roles by name', async () => {
    const r = await upload('/api-user/users/importexcel', [
      HEADER,
      ['Li Lei', 'li.lei', 'Start123', 'WA', 'Fitter', 'li@example.com', 'Male', 'Yes'],
      ['Han Mei', 'han.mei', 'Start123', 'Workshop A', '', '', '女', 'no'],
    ]);
    expect(r.json).toMatchObject({ rtnCode: 200, data: { created: 2, updated: 0 } });
    expect(await member('li.lei')).toMatchObject({
      organizationName: 'Workshop A',
      roleNames: 'Fitter',
      sex: 1,
      is_repairman: true,
    });
    expect(await member('han.mei')).toMatchObject({ sex: 2, is_repairman: false, mustChangePassword: true });
    const token = await t.login('li.lei', 'Start123');
    const me = await okCall<{ updatePassword: boolean }>(t, 'GET', '/api-user/users/current', token);
    expect(me.data.updatePassword).toBe(true);
  });

  it('imports nothing when a row is bad and reports each row and column', async () => {
    const r = await upload('/api-user/users/importexcel', [
      HEADER,
      ['Good', 'good.one', 'Start123', 'WA', '', '', '', ''],
      ['Bad', 'li.lei', 'short', 'Nowhere', 'Ghost', 'not-an-email', 'Alien', 'maybe'],
      ['', 'good.one', 'Start123', 'WA', '', '', '', ''],
    ]);
    expect(r.json.rtnCode).toBe(201);
    expect(r.json.msg).toContain('nothing was imported');
    const issues = r.json.data as { row: number; column: string; field: string; message: string }[];
    const at = (row: number) =>
      issues
        .filter((i) => i.row === row)
        .map((i) => i.field)
        .sort();
    expect(at(2)).toEqual([]);
    expect(at(3)).toEqual(['email', 'is_repairman', 'organization', 'password', 'roles', 'sex', 'username'].sort());
    expect(at(4)).toEqual(['peoplename', 'username']);
    expect(issues.find((i) => i.row === 3 && i.field === 'organization')).toMatchObject({
      column: 'Organisation',
      message: 'Organisation: "Nowhere" was not found',
    });
    expect(await member('good.one')).toBeUndefined();
  });

  it('importexcelNew updates the member of an existing login name and adds the others', async () => {
    const r = await upload('/api-user/users/importexcelNew', [
      ['Name', 'Login name', 'Initial password', 'Organisation', 'Mobile number'],
      ['Li Lei (renamed)', 'LI.LEI', '', 'WA', '13900000000'],
      ['Newcomer', 'new.comer', 'Start123', 'WA', ''],
    ]);
    expect(r.json).toMatchObject({ rtnCode: 200, data: { created: 1, updated: 1 } });
    expect(await member('li.lei')).toMatchObject({
      peoplename: 'Li Lei (renamed)',
      mobile: '13900000000',
      roleNames: 'Fitter',
    });
    expect(await member('new.comer')).toBeDefined();
    const plain = await upload('/api-user/users/importexcel', [
      ['Name', 'Login name', 'Initial password', 'Organisation'],
      ['Again', 'new.comer', 'Start123', 'WA'],
    ]);
    expect(plain.json.data[0]).toMatchObject({ row: 2, field: 'username' });
  });

  it('needs the import code', async () => {
    const viewer = await memberWithCodes(t, admin, 'imp.viewer', ['setUp:organize:view']);
    const r = await upload('/api-user/users/importexcel', [HEADER], viewer.token);
    expect(r.status).toBe(403);
  });
});

describe('member lists, delete notice and export', () => {
  it('saveOrUpdateMemberList adds and changes members in one transaction, or nothing at all', async () => {
    const li = (await member('li.lei'))!;
    const bad = await t.call(
      'POST',
      '/api-user/users/saveOrUpdateMemberList',
      admin,
      {
        list: [
          { id: li.id, note: 'changed' },
          { peoplename: 'No password', username: 'no.pw', organizationid: rootOrg },
        ],
      },
      { lang: 'en' },
    );
    expect(bad.json()).toMatchObject({ rtnCode: 201, data: [{ row: 2, field: 'password' }] });
    expect((await member('li.lei'))!.note).toBeNull();

    const good = await okCall(t, 'POST', '/api-user/users/saveOrUpdateMemberList', admin, {
      list: [
        { id: li.id, note: 'changed' },
        { peoplename: 'Listed', username: 'listed', organizationid: rootOrg, password: MEMBER_PASSWORD },
      ],
    });
    expect(good.data).toEqual({ created: 1, updated: 1 });
    expect((await member('li.lei'))!.note).toBe('changed');
    expect(await member('listed')).toMatchObject({ mustChangePassword: true });

    const field = await t.call('POST', '/api-user/users/saveOrUpdateMemberList', admin, {
      list: [{ id: li.id, email: 'bad' }],
    });
    expect(field.statusCode).toBe(400);
  });

  it('delNotice tells what deleting would affect and what blocks it', async () => {
    const li = (await member('li.lei'))!;
    const me = await okCall<{ id: number }>(t, 'GET', '/api-user/users/current', admin);
    const { data } = await okCall<Record<string, unknown>[]>(t, 'POST', '/api-user/users/delNotice', admin, {
      ids: [li.id, me.data.id],
    });
    expect(data[0]).toMatchObject({ id: li.id, roleNames: 'Fitter', canDelete: true, reasons: [] });
    expect(data[0]!.activeSessions).toBeGreaterThanOrEqual(1);
    expect(data[1]).toMatchObject({ canDelete: false });
    expect((data[1]!.reasons as string[]).length).toBeGreaterThan(0);
  });

  it('exports the members and organisations through My downloads, in the import columns', async () => {
    const r = await okCall<{ id: number }>(t, 'POST', '/api-user/users/exportexcel?username=li.lei', admin);
    const rows = await readXlsx(await waitForDownload(t, admin, r.data.id));
    expect(rows[0]).toEqual(expect.arrayContaining(['姓名', '登录名', '所属机构']));
    expect(rows[0]).not.toContain('初始密码');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toEqual(expect.arrayContaining(['Li Lei (renamed)', 'li.lei', 'Workshop A', 'Fitter']));

    const o = await okCall<{ id: number }>(t, 'POST', '/api-user/organization/exportexcel', admin);
    const orgs = await readXlsx(await waitForDownload(t, admin, o.data.id));
    expect(orgs[0]).toEqual(expect.arrayContaining(['机构名称', '上级机构']));
    expect(orgs.some((row) => row.includes('Workshop A') && row.includes('WA'))).toBe(true);
  });
});
