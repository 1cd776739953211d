import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, workbook } from '../../platform/resources/testkit.js';
import type { FieldDef } from '../../platform/resources/types.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { ORG_SHEET } from './organizations-batch.js';
import { organizationEntity } from './resources.js';
import { okCall, rootOrgId, secondTenant } from './testkit.js';

let t: TestApp;
let admin: string;
let rootOrg: number;

interface Node {
  id: number;
  parentId: number | null;
  organizationName: string;
  organizationCode: string | null;
  children: Node[];
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  rootOrg = await rootOrgId(t, admin);
});
afterAll(() => t?.close());

async function upload(url: string, rows: unknown[][]) {
  const { payload, headers } = multipart(await workbook(rows));
  const r = await t.app.inject({
    method: 'POST',
    url,
    headers: { ...headers, authorization: `Bearer ${admin}`, lang: 'en' },
    payload,
  });
  return r.json();
}

async function flat(token = admin): Promise<Node[]> {
  const { data } = await okCall<Node[]>(t, 'GET', '/api-user/organization/getListByTree', token);
  const out: Node[] = [];
  const walk = (ns: Node[]) => {
    for (const n of ns) {
      out.push(n);
      walk(n.children);
    }
  };
  walk(data);
  return out;
}
const byName = async (name: string) => (await flat()).find((o) => o.organizationName === name);
/** The audit actions of one organisation, oldest first. */
const audited = async (id: number) =>
  (
    await t.db.query<{ action: string }>(
      "select action from audit_log where entity = 'organization' and record_id = $1 order by id",
      [String(id)],
    )
  ).rows.map((r) => r.action);

const HEADER = ['Organisation name', 'Organisation code', 'Parent organisation', 'Status'];

describe('organisation import and lists', () => {
  it("reads the organisation's own columns by its declaration, with the engine's checks", async () => {
    // One source: the sheet's columns are the entity's fields (a blank state or sort keeps the old value).
    const declared = (name: string) => organizationEntity.fields.find((f) => f.name === name)!;
    const sheet = new Map(ORG_SHEET.fields.map((f) => [f.name, f.def]));
    for (const name of ['organizationName', 'organizationCode', 'phone', 'ext1'])
      expect(sheet.get(name)).toBe(declared(name));
    const loose = ({ required: _r, ...rest }: FieldDef) => rest;
    for (const name of ['state', 'sort']) expect(loose(sheet.get(name)!)).toEqual(loose(declared(name)));
    const r = await upload('/api-user/organization/importexcel', [
      [...HEADER, 'Phone', 'Sort order'],
      ['x'.repeat(101), 'LONG', '', 'Enabled', 'call me', '2000000'],
    ]);
    expect(r.rtnCode).toBe(201);
    expect(r.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'organizationName', message: expect.stringContaining('100') }),
        expect.objectContaining({ field: 'phone', column: 'Phone' }),
        expect.objectContaining({ field: 'sort', message: expect.stringContaining('1000000') }),
      ]),
    );
  });

  it('imports a tree whose rows hang below other rows of the file, in any order', async () => {
    const root = (await flat()).find((o) => o.id === rootOrg)!;
    const r = await upload('/api-user/organization/importexcel', [
      HEADER,
      ['Line 1', 'L1', 'PROD', 'Enabled'],
      ['Production', 'PROD', root.organizationName, ''],
      ['Quality', 'QA', '', 'Disabled'],
    ]);
    expect(r).toMatchObject({ rtnCode: 200, data: { created: 3, updated: 0 } });
    const prod = await byName('Production');
    expect(prod?.parentId).toBe(rootOrg);
    expect((await byName('Line 1'))?.parentId).toBe(prod!.id);
    expect(await byName('Quality')).toMatchObject({ parentId: null, state: 0 });
  });

  it('imports nothing on a bad row: taken code, unknown parent, a loop, a missing name', async () => {
    const r = await upload('/api-user/organization/importexcel', [
      HEADER,
      ['Fine', 'FINE', '', ''],
      ['Taken', 'PROD', '', ''],
      ['Orphan', 'ORPH', 'Nowhere', ''],
      ['Loop A', 'LA', 'LB', ''],
      ['Loop B', 'LB', 'LA', ''],
      ['', 'NONAME', '', 'Maybe'],
    ]);
    expect(r.rtnCode).toBe(201);
    const issues = r.data as { row: number; field: string; column: string; message: string }[];
    const at = (row: number) =>
      issues
        .filter((i) => i.row === row)
        .map((i) => i.field)
        .sort();
    expect(at(2)).toEqual([]);
    expect(at(3)).toEqual(['organizationCode']);
    expect(at(4)).toEqual(['parent']);
    expect(at(5)).toEqual(['parent']);
    expect(at(6)).toEqual(['parent']);
    expect(at(7)).toEqual(['organizationName', 'state']);
    expect(issues.find((i) => i.row === 3)).toMatchObject({
      column: 'Organisation code',
      message: 'Organisation code "PROD" already exists',
    });
    expect(await byName('Fine')).toBeUndefined();
  });

  it('importexcelNew updates the organisation of an existing code and moves it', async () => {
    const r = await upload('/api-user/organization/importexcelNew', [
      HEADER,
      ['Quality dept', 'QA', 'PROD', 'Enabled'],
      ['Packing', 'PACK', 'QA', ''],
    ]);
    expect(r).toMatchObject({ rtnCode: 200, data: { created: 1, updated: 1 } });
    const qa = await byName('Quality dept');
    expect(qa).toMatchObject({ organizationCode: 'QA', parentId: (await byName('Production'))!.id, state: 1 });
    expect((await byName('Packing'))?.parentId).toBe(qa!.id);
    const loop = await upload('/api-user/organization/importexcelNew', [HEADER, ['Production', 'PROD', 'PACK', '']]);
    expect(loop).toMatchObject({ rtnCode: 201, data: [{ row: 2, field: 'parent' }] });
  });

  it('saveOrUpdateOrganizationList adds and changes organisations in one transaction', async () => {
    const prod = (await byName('Production'))!;
    const bad = await t.call('POST', '/api-user/organization/saveOrUpdateOrganizationList', admin, {
      list: [
        { id: prod.id, organizationName: 'Production 2' },
        { organizationName: 'Dup', organizationCode: 'QA', parentId: rootOrg },
      ],
    });
    expect(bad.json()).toMatchObject({ rtnCode: 201, data: [{ row: 2, field: 'organizationCode' }] });
    expect(await byName('Production 2')).toBeUndefined();
    const good = await okCall(t, 'POST', '/api-user/organization/saveOrUpdateOrganizationList', admin, {
      list: [
        { id: prod.id, organizationName: 'Production 2' },
        { organizationName: 'Maintenance', parentId: prod.id },
      ],
    });
    expect(good.data).toEqual({ created: 1, updated: 1 });
    expect((await byName('Maintenance'))?.parentId).toBe(prod.id);
    // Through the record service: each row written has its audit entry.
    expect(await audited((await byName('Maintenance'))!.id)).toEqual(['create']);
    expect((await audited(prod.id)).at(-1)).toBe('update');
  });
});

describe('organisation templates', () => {
  it('saves a template from a subtree, copies it below another organisation, and keeps it to the company', async () => {
    const prod = (await byName('Production 2'))!;
    const saved = await okCall<{ id: number }>(t, 'POST', '/api-user/orgtemplate/save', admin, {
      name: 'Standard production',
      fromOrganizationId: prod.id,
    });
    const { data: list } = await okCall<
      { id: number; name: string; nodes: { organizationName: string; children: unknown[] }[] }[]
    >(t, 'GET', '/api-user/orgtemplate/all', admin);
    const tpl = list.find((x) => x.id === saved.data.id)!;
    expect(tpl.nodes[0]!.organizationName).toBe('Production 2');
    expect(tpl.nodes[0]!.children.length).toBeGreaterThan(0);

    const plant = await okCall<{ id: number }>(t, 'POST', '/api-user/organization/insert', admin, {
      parentId: rootOrg,
      organizationName: 'Second plant',
    });
    const before = (await flat()).length;
    const applied = await okCall<{ count: number }>(t, 'POST', '/api-user/orgtemplate/apply', admin, {
      id: saved.data.id,
      parentId: plant.data.id,
    });
    expect((await flat()).length).toBe(before + applied.data.count);
    const copies = (await flat()).filter((o) => o.organizationName === 'Production 2');
    expect(copies).toHaveLength(2);
    expect(await audited(Math.max(...copies.map((o) => o.id)))).toEqual(['create']);

    const dup = await t.call('POST', '/api-user/orgtemplate/save', admin, { name: 'Standard production', nodes: [] });
    expect(dup.json()).toMatchObject({ rtnCode: 201, field: 'name', msg: '模板名称 Standard production 已被使用' });
    // Written through the record service: audited like any record.
    const trail = await t.db.query<{ action: string }>(
      "select action from audit_log where entity = 'orgTemplate' and record_id = $1 order by id",
      [String(saved.data.id)],
    );
    expect(trail.rows.map((r) => r.action)).toEqual(['create']);
    const empty = await okCall<{ id: number; nodes: unknown[] }>(t, 'POST', '/api-user/orgtemplate/save', admin, {
      name: 'Nothing yet',
    });
    expect(empty.data.nodes).toEqual([]);
    const tidied = await okCall<{ nodes: unknown[] }>(t, 'POST', '/api-user/orgtemplate/update', admin, {
      id: empty.data.id,
      nodes: [{ organizationName: '  Stores  ', extra: 'dropped', children: [{ organizationName: 'Bins' }] }],
    });
    expect(tidied.data.nodes).toEqual([
      {
        organizationName: 'Stores',
        phone: null,
        ext1: null,
        children: [{ organizationName: 'Bins', phone: null, ext1: null, children: [] }],
      },
    ]);
    await okCall(t, 'POST', '/api-user/orgtemplate/del', admin, { id: empty.data.id });
    const bad = await t.call('POST', '/api-user/orgtemplate/update', admin, {
      id: saved.data.id,
      nodes: [{ organizationName: '' }],
    });
    expect(bad.json()).toMatchObject({ rtnCode: 201, field: 'nodes' });
    await okCall(t, 'POST', '/api-user/orgtemplate/update', admin, {
      id: saved.data.id,
      nodes: [{ organizationName: 'Office', children: [{ organizationName: 'HR' }] }],
    });

    const other = await secondTenant(t, await t.login('root'), 'tplother');
    const theirs = await okCall<unknown[]>(t, 'GET', '/api-user/orgtemplate/all', other.token);
    expect(theirs.data).toEqual([]);
    const steal = await t.call('POST', '/api-user/orgtemplate/apply', other.token, { id: saved.data.id });
    expect(steal.statusCode).toBe(404);
    expect((await t.call('POST', '/api-user/orgtemplate/del', other.token, { id: saved.data.id })).statusCode).toBe(
      404,
    );
    await okCall(t, 'POST', '/api-user/orgtemplate/del', admin, { id: saved.data.id });
    expect((await okCall<unknown[]>(t, 'GET', '/api-user/orgtemplate/all', admin)).data).toEqual([]);
  });
});
