import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  readXlsx,
  secondTenant,
  tenantOf,
  userWithCodes,
  waitForDownload,
} from '../../platform/resources/testkit.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { PJ } from './project-resources.js';

type Row = Record<string, unknown>;
interface Json {
  rtnCode: number;
  msg: string;
  field?: string;
  data: Row;
}

let t: TestApp;
let admin: string;
let tenantId: number;
let formId: number;

const call = async (url: string, body: unknown, who = admin) =>
  (await (await t.call('POST', url, who, body, { lang: 'en' })).json()) as Json;
const ok = async (url: string, body: unknown, who = admin) => {
  const r = await call(url, body, who);
  expect(r.rtnCode, `${url}: ${r.msg}`).toBe(200);
  return r.data;
};
const view = async (id: unknown) => (await api<Row>(t, 'GET', `/api-manage/project/view?id=${id}`, admin)).data;

/** A project form "overhaul": planned scope and budget; executed result (required) and hours. */
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  tenantId = (await tenantOf(t, admin)).tenantId;
  formId = (
    await api(t, 'POST', '/api-manage/customform/save', admin, {
      code: 'overhaul',
      name: '大修项目',
      nameEn: 'Overhaul',
      project: true,
      executionFields: ['result', 'hours'],
    })
  ).data.id as number;
  const field = (body: Row) => api(t, 'POST', '/api-manage/form/overhaul/fields/save', admin, body);
  await field({ name: 'scope', label: '范围', labelEn: 'Scope', fieldType: 'string', required: true });
  await field({ name: 'budget', label: '预算', labelEn: 'Budget', fieldType: 'integer' });
  await field({ name: 'result', label: '结果', labelEn: 'Result', fieldType: 'string', required: true });
  await field({ name: 'hours', label: '工时', labelEn: 'Hours', fieldType: 'integer' });
});
afterAll(async () => t?.close());

describe('projects over a project form', () => {
  it('come with the demo factory: a project form with execution fields and a project in each state', async () => {
    const r = await t.db.query<{ state: string }>(
      `select p.state from form_projects p join custom_forms f on f.tenant_id = p.tenant_id and f.id = p.form_id
        where p.tenant_id = $1 and f.code = 'eqimprove' and f.project`,
      [tenantId],
    );
    expect(new Set(r.rows.map((x) => x.state))).toEqual(new Set(['planned', 'executing', 'auditing', 'approved']));
  });

  it('are added with the plan, edited while planned, executed with the execution fields and approved', async () => {
    const made = await ok('/api-manage/project/save', {
      formId,
      name: 'Press 3 overhaul',
      values: { scope: 'hydraulics', budget: 5000 },
    });
    expect(made).toMatchObject({
      state: 'planned',
      formCode: 'overhaul',
      executionFields: ['result', 'hours'],
      values: { scope: 'hydraulics', budget: 5000 },
    });
    const edited = await ok('/api-manage/project/save', { id: made.id, name: 'Press 3', values: { budget: 6000 } });
    expect(edited).toMatchObject({ name: 'Press 3', values: { scope: 'hydraulics', budget: 6000 } });
    // The plan does not fill in execution fields, nor execution the plan's.
    expect(await call('/api-manage/project/save', { id: made.id, values: { result: 'x' } })).toMatchObject({
      rtnCode: 201,
      field: 'custom.result',
    });
    expect(await call('/api-manage/project/perform', { id: made.id, values: { result: 'x' } })).toMatchObject({
      rtnCode: 201,
      msg: 'The project is not being executed; its execution fields cannot be filled in',
    });
    await ok('/api-manage/project/start', { id: made.id });
    expect(await call('/api-manage/project/save', { id: made.id, name: 'late' })).toMatchObject({ rtnCode: 201 });
    expect(await call('/api-manage/project/perform', { id: made.id, values: { budget: 1 } })).toMatchObject({
      rtnCode: 201,
      field: 'custom.budget',
    });
    // Submitting needs the required execution field.
    expect(await call('/api-manage/project/submit', { id: made.id })).toMatchObject({
      rtnCode: 201,
      field: 'custom.result',
    });
    expect(await call('/api-manage/project/perform', { id: made.id, values: { hours: 'many' } })).toMatchObject({
      rtnCode: 201,
      field: 'custom.hours',
    });
    const done = await ok('/api-manage/project/perform', {
      id: made.id,
      values: { result: 'seals replaced', hours: 12 },
    });
    expect(done.values).toEqual({ scope: 'hydraulics', budget: 6000, result: 'seals replaced', hours: 12 });
    await ok('/api-manage/project/submit', { id: made.id });
    expect(await call('/api-manage/project/reject', { id: made.id })).toMatchObject({ rtnCode: 201, field: 'comment' });
    await ok('/api-manage/project/reject', { id: made.id, comment: 'photos missing' });
    await ok('/api-manage/project/submit', { id: made.id });
    const approved = await ok('/api-manage/project/approve', { id: made.id });
    expect(approved).toMatchObject({ state: 'approved' });
    const steps = (await api<{ steps: Row[] }>(t, 'GET', `/api-manage/project/steps?id=${made.id}`, admin)).data.steps;
    expect(steps.map((s) => s.action)).toEqual(['start', 'submit', 'reject', 'submit', 'approve']);
    expect((await view(made.id)).state).toBe('approved');
    expect(await call('/api-manage/project/del', { ids: [made.id] })).toMatchObject({ rtnCode: 201 });
    // Exported to My downloads, its state in the reader's language.
    const queued = await api<{ id: number }>(t, 'POST', '/api-manage/project/exportexcel?name=Press%203', admin, {});
    const [, ...rows] = await readXlsx(await waitForDownload(t, admin, queued.data.id));
    expect(rows.map((r) => r.map(String))).toEqual([expect.arrayContaining(['Press 3'])]);
    expect(rows.flat().map(String)).not.toContain('approved');
  });

  it('refuses a plan missing a required field, a form that is not a project form, and writes nothing', async () => {
    const before = await t.db.query<{ n: number }>('select count(*)::int as n from form_records where tenant_id = $1', [
      tenantId,
    ]);
    expect(await call('/api-manage/project/save', { formId, name: 'x', values: { budget: 1 } })).toMatchObject({
      rtnCode: 201,
      field: 'custom.scope',
    });
    expect(await call('/api-manage/project/save', { formId, values: { scope: 'a' } })).toMatchObject({
      rtnCode: 201,
      field: 'name',
    });
    const plain = (await api(t, 'POST', '/api-manage/customform/save', admin, { code: 'plainform', name: '普通' }))
      .data;
    const r = await call('/api-manage/project/save', { formId: plain.id, name: 'x', values: {} });
    expect(r).toMatchObject({ rtnCode: 201, field: 'formId' });
    const after = await t.db.query<{ n: number }>('select count(*)::int as n from form_records where tenant_id = $1', [
      tenantId,
    ]);
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });

  it('keeps execution and audit to their codes, other tenants out, and deletes a planned project with its values', async () => {
    const made = await ok('/api-manage/project/save', { formId, name: 'P2', values: { scope: 's' } });
    const viewer = await userWithCodes(t, tenantId, 'pj_viewer', [PJ.view]);
    expect((await t.call('POST', '/api-manage/project/start', viewer, { id: made.id })).statusCode).toBe(403);
    expect((await t.call('POST', '/api-manage/project/save', viewer, { formId, name: 'x' })).statusCode).toBe(403);
    const other = (await secondTenant(t, 'pjother')).token;
    const foreign = (await (await t.call('GET', `/api-manage/project/view?id=${made.id}`, other)).json()) as Json;
    expect(foreign.rtnCode).not.toBe(200);
    await ok('/api-manage/project/del', { ids: [made.id] });
    const left = await t.db.query('select 1 from form_records where tenant_id = $1 and id = $2', [
      tenantId,
      made.recordId,
    ]);
    expect(left.rows).toEqual([]);
  });
});
