import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type Json, tenantOf, userWithCodes, userWithoutRights } from '../../platform/resources/testkit.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

type Row = Record<string, unknown>;

let t: TestApp;
let admin: string;
let adminId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  adminId = (await tenantOf(t, admin)).userId;
});
afterAll(async () => t?.close());

const call = async (method: string, url: string, body?: unknown, token = admin) => {
  const r = await t.call(method, url, token, body);
  return { status: r.statusCode, json: r.json() as Json & { data: Row & Row[] } };
};
const get = (url: string) => api<Row[]>(t, 'GET', url, admin);

interface Preview {
  flowName: string;
  nodes: { name: string; approverKind: string; approvers: { id: number; name: string }[] }[];
}

describe('message types', () => {
  it('are listed, switched off and on with the enable button, and the message read switch still works', async () => {
    const list = await get('/api-core/msgtype/list?page=1&limit=10');
    expect(list.data.map((m) => m.code)).toEqual(['check', 'maintain', 'repair', 'spare']);
    const repair = list.data.find((m) => m.code === 'repair')!;
    const off = await call('POST', '/api-core/msgtype/updateState', { ids: [repair.id], state: 0 });
    expect(off.json.data).toEqual({ changed: 1 });
    const disabled = await get('/api-core/msgtype/list?page=1&limit=10&state=0');
    expect(disabled.data.map((m) => m.code)).toEqual(['repair']);
    await api(t, 'POST', '/api-core/msgtype/members/save', admin, { msgtypeId: repair.id, userId: adminId });
    const one = await api<Row>(t, 'GET', `/api-core/msgtype/get?id=${repair.id}`, admin);
    expect((one.data.members as Row[]).map((m) => m.userId)).toEqual([adminId]);
    const read = await call('POST', '/api-core/msgtype/switchState', { ids: [] });
    expect(read.json.rtnCode).toBe(200);
  });

  it('refuses the switch without setUp:message:enable', async () => {
    const { tenantId } = await tenantOf(t, admin);
    const nobody = await userWithoutRights(t, tenantId, 'nobody_msg');
    const m = (await get('/api-core/msgtype/list?page=1&limit=1')).data[0]!;
    expect((await call('POST', '/api-core/msgtype/updateState', { ids: [m.id], state: 1 }, nobody)).status).toBe(403);
  });
});

describe('message templates', () => {
  it("word a type's messages per action and language, filled in when read; other languages keep the built-in text", async () => {
    const { tenantId } = await tenantOf(t, admin);
    const repair = (await get('/api-core/msgtype/list?page=1&limit=10')).data.find((m) => m.code === 'repair')!;
    await api(t, 'POST', '/api-manage/msgtemplatetype/save', admin, {
      msgtypeId: repair.id,
      action: 'dispatch',
      lang: 'en',
      title: 'Job {no}: {action}, please come',
      content: 'Your {doc} is waiting.',
    });
    // One wording per type, action and language.
    const twice = await call('POST', '/api-manage/msgtemplatetype/save', {
      msgtypeId: repair.id,
      action: 'dispatch',
      lang: 'en',
      title: 'again',
    });
    expect(twice.json.rtnCode).toBe(201);
    const fitter = await userWithCodes(t, tenantId, 'tpl_fitter', ['repair_admin:task:view']);
    const fitterId = (await tenantOf(t, fitter)).userId;
    const machine = (await get('/api-manage/equipment/page?page=1&limit=1')).data[0]!;
    const order = await api<Row>(t, 'POST', '/api-manage/maintaintask/save', admin, {
      equipmentId: machine.id,
      phenomenon: '模板测试',
      urgency: 'normal',
    });
    await api(t, 'POST', '/api-manage/maintaintask/dispatch', admin, { id: order.data.id, assigneeId: fitterId });
    const read = async (lang: string) => {
      const r = await t.call('GET', '/api-core/msg/page?page=1&limit=20', fitter, undefined, { lang });
      return (r.json() as { data: Row[] }).data.find((m) => String(m.title).includes(String(order.data.code)))!;
    };
    expect(await read('en')).toMatchObject({
      title: `Job ${order.data.code}: Dispatch, please come`,
      content: 'Your Repair order is waiting.',
    });
    const zh = await read('zh');
    expect(zh.title).toContain(String(order.data.code));
    expect(zh.title).not.toContain('please come');
  });
});

describe('app versions', () => {
  it('give the newest build of a platform to any signed-in user', async () => {
    for (const [buildNumber, version] of [
      [10, '1.0.0'],
      [12, '1.2.0'],
      [11, '1.1.0'],
    ] as const)
      await api(t, 'POST', '/api-core/appinfo/save', admin, {
        platform: 'android',
        version,
        buildNumber,
        downloadUrl: `https://example.com/eam-${version}.apk`,
      });
    const latest = await call('GET', '/api-core/appinfo/latest?platform=android');
    expect(latest.json.data).toMatchObject({ version: '1.2.0', buildNumber: 12, forceUpdate: false });
    expect((await call('GET', '/api-core/appinfo/latest?platform=ios')).json.data).toBeNull();
    const bad = await call('POST', '/api-core/appinfo/save', { version: '2', buildNumber: 20, downloadUrl: 'ftp:x' });
    expect([bad.json.rtnCode, bad.json.field]).toEqual([201, 'downloadUrl']);
  });
});

describe('approval flows', () => {
  it('preview the demo repair approvers: my group leader, then the administrator', async () => {
    const none = (await call('GET', '/api-flow/main/previewAuditUser?businessType=repair')).json
      .data as unknown as Preview;
    expect(none.flowName).toBe('维修审批');
    // The administrator is in no work group: the group-leader step has nobody.
    expect(none.nodes.map((n) => n.approvers.length)).toEqual([0, 1]);
    const leaderOf = (await get('/api-user/workgroup/page?page=1&limit=1&code=TG0101')).data[0]!;
    await api(t, 'POST', '/api-user/workgroupmember/save', admin, { workgroupId: leaderOf.id, userId: adminId });
    const p = (await call('GET', '/api-flow/main/previewAuditUser?businessType=repair')).json
      .data as unknown as Preview;
    expect(p.nodes.map((n) => [n.name, n.approvers.map((a) => a.name)])).toEqual([
      ['班组长审批', ['张伟']],
      ['设备主管审批', [expect.any(String)]],
    ]);
    expect(p.nodes[1]!.approvers[0]!.id).toBe(adminId);
  });

  it('are created with POST, designed with a batch of nodes, and resolve roles to their users', async () => {
    const flow = await call('POST', '/api-flow/actFlows', { code: 'F-SCRAP', name: '报废审批', businessType: 'scrap' });
    expect(flow.json.data.state).toBe(0);
    const flowId = flow.json.data.id;
    const role = await t.db.query<{ role_id: number }>(
      'select role_id from user_roles where tenant_id = (select tenant_id from users where id = $1) and user_id = $1 limit 1',
      [adminId],
    );
    const nodes = await call('POST', '/api-flow/actNodes', {
      flowId,
      nodes: [
        { name: '主管', approverKind: 'role', approverIds: [Number(role.rows[0]!.role_id)] },
        { name: '厂长', approverKind: 'user', approverIds: [adminId] },
      ],
    });
    expect(nodes.json.data.map((n) => [n.sort, n.name])).toEqual([
      [1, '主管'],
      [2, '厂长'],
    ]);
    const bad = await call('POST', '/api-flow/actNodes', {
      flowId,
      nodes: [
        { name: '一', approverKind: 'user', approverIds: [adminId] },
        { name: '二', approverKind: 'user', approverIds: [99999999] },
      ],
    });
    expect([bad.json.rtnCode, bad.json.field]).toEqual([201, 'approverIds']);
    const kept = await get(`/api-flow/actNodes?flowId=${flowId}`);
    expect(kept.data.map((n) => n.name)).toEqual(['主管', '厂长']);
    // The chosen roles and users come back with their names (what the web shows and the editor starts from).
    const roleName = await t.db.query<{ name: string }>('select name from roles where id = $1', [
      role.rows[0]!.role_id,
    ]);
    const adminName = await t.db.query<{ peoplename: string }>('select peoplename from users where id = $1', [adminId]);
    expect(kept.data.map((n) => n.approvers)).toEqual([
      [{ id: Number(role.rows[0]!.role_id), name: roleName.rows[0]!.name }],
      [{ id: adminId, name: adminName.rows[0]!.peoplename }],
    ]);
    const flowRow = await get(`/api-flow/actFlows/get?id=${flowId}`);
    expect((flowRow.data as unknown as { nodes: { approvers: unknown[] }[] }).nodes[1]!.approvers).toHaveLength(1);
    const p = (await call('GET', `/api-flow/main/previewAuditUser?flowId=${flowId}`)).json.data as unknown as Preview;
    expect(p.nodes[0]!.approvers.map((a) => a.id)).toContain(adminId);
  });

  it('enable one flow per business type: enabling another disables the first', async () => {
    const second = await call('POST', '/api-flow/actFlows', {
      code: 'F-R2',
      name: '维修审批（新）',
      businessType: 'repair',
    });
    const r = await call('POST', '/api-flow/actFlows/updateState', { ids: [second.json.data.id], state: 1 });
    expect(r.json.data).toEqual({ changed: 2 });
    const enabled = await get('/api-flow/actFlows?page=1&limit=20&businessType=repair&state=1');
    expect(enabled.data.map((f) => f.code)).toEqual(['F-R2']);
    const p = (await call('GET', '/api-flow/main/previewAuditUser?businessType=repair')).json
      .data as unknown as Preview;
    expect(p.flowName).toBe('维修审批（新）');
    const put = await call('PUT', '/api-flow/actFlows', { id: second.json.data.id, state: 0, name: '维修审批二' });
    expect(put.json.data).toMatchObject({ state: 1, name: '维修审批二' });
    const del = await call('DELETE', `/api-flow/actFlows?ids=${second.json.data.id}`);
    expect(del.json.data).toEqual({ deleted: 1 });
  });

  it('refuse enabling and designing without their buttons', async () => {
    const { tenantId } = await tenantOf(t, admin);
    const nobody = await userWithoutRights(t, tenantId, 'nobody_flow');
    const f = (await get('/api-flow/actFlows?page=1&limit=1')).data[0]!;
    expect((await call('POST', '/api-flow/actFlows/updateState', { ids: [f.id], state: 1 }, nobody)).status).toBe(403);
    expect((await call('POST', '/api-flow/actNodes', { flowId: f.id, nodes: [] }, nobody)).status).toBe(403);
  });
});
