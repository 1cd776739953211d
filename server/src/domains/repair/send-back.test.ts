import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantOf, userWithCodes } from '../../platform/resources/testkit.js';
import { withTenant } from '../../platform/tenancy/tenant-tx.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { P } from './permissions.js';

type Row = Record<string, unknown>;
interface Json<T = unknown> {
  rtnCode: number;
  msg: string;
  data: T;
}

let t: TestApp;
let admin: string;
let tenantId: number;
let tech: string;
let approver: string;
let reasonId: unknown;
let flowId: number;

const ok = async (url: string, body: unknown, token = admin) => {
  const r = (await (await t.call('POST', url, token, body)).json()) as Json<Row>;
  expect(r.rtnCode, `${url}: ${r.msg}`).toBe(200);
  return r.data;
};
const setFlow = (on: boolean) =>
  withTenant(t.db, tenantId, null, (tx) =>
    tx.query('update act_flows set state = $3 where tenant_id = $1 and id = $2', [tenantId, flowId, on ? 1 : 0]),
  );

/** A machine of its own (running), with a stopping order on it taken through to its finish. */
async function finishedStop(code: string) {
  const machine = await ok('/api-manage/equipment/save', { code, name: `送回 ${code}` });
  const status = async () =>
    ((await (await t.call('GET', `/api-manage/equipment/get?id=${machine.id}`, admin)).json()) as Json<Row>).data
      .status;
  const order = await ok('/api-manage/maintaintask/save', {
    equipmentId: machine.id,
    phenomenon: '异响',
    stopped: true,
  });
  expect(await status()).toBe('repairing');
  await ok('/api-manage/maintaintask/accept', { id: order.id }, tech);
  await ok('/api-manage/maintaintask/start', { id: order.id }, tech);
  const finished = await ok('/api-manage/maintaintask/finish', { id: order.id, faultReasonId: reasonId }, tech);
  expect(finished.state).toBe('finished');
  expect(await status()).toBe('running');
  return { order, status };
}

const pendingOf = async (orderId: unknown, token: string) =>
  ((await (await t.call('GET', '/api-flow/approval/mine?page=1&limit=50', token)).json()) as Json<Row[]>).data.find(
    (m) => m.recordId === orderId,
  )!;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  tenantId = (await tenantOf(t, admin)).tenantId;
  tech = await userWithCodes(t, tenantId, 'sendback_tech', [P.view, P.execute]);
  approver = await userWithCodes(t, tenantId, 'sendback_approver', [P.view]);
  const approverId = (await tenantOf(t, approver)).userId;
  reasonId = (
    (await (await t.call('GET', '/api-manage/equipmentcategory/faultreason/all', admin)).json()) as Json<Row[]>
  ).data[0]!.id;
  // The demo's flows off; a flow of one node whose approver is ours.
  await withTenant(t.db, tenantId, null, async (tx) => {
    await tx.query('update act_flows set state = 0 where tenant_id = $1', [tenantId]);
    const flow = await tx.insert<{ id: number }>(
      'act_flows',
      { code: 'SENDBACK', name: '验收', business_type: 'repair', state: 0 },
      'id',
    );
    flowId = Number(flow.id);
    await tx.insert('act_nodes', {
      flow_id: flowId,
      sort: 1,
      name: '主管',
      approver_kind: 'user',
      approver_ids: JSON.stringify([approverId]),
    });
  });
});
afterAll(async () => t?.close());

describe('a stopping order sent back to repair', () => {
  it('stops its machine again whether the sign-off is rejected by hand, by an approval or recalled', async () => {
    await setFlow(false);
    const byHand = await finishedStop('SB-1');
    const rejected = await ok('/api-manage/maintaintask/reject', { id: byHand.order.id, comment: '还有异响' });
    expect(rejected.state).toBe('repairing');
    expect(await byHand.status()).toBe('repairing');

    await setFlow(true);
    const byApproval = await finishedStop('SB-2');
    const pending = await pendingOf(byApproval.order.id, approver);
    const back = await ok('/api-flow/approval/reject', { id: pending.id, comment: '还有异响' }, approver);
    expect(back.state).toBe('repairing');
    expect(await byApproval.status()).toBe('repairing');

    const recalled = await finishedStop('SB-3');
    const mine = await pendingOf(recalled.order.id, approver);
    expect((await ok('/api-flow/approval/recall', { id: mine.id }, tech)).state).toBe('repairing');
    expect(await recalled.status()).toBe('repairing');

    // Finished again and approved: the machine runs.
    await ok('/api-manage/maintaintask/finish', { id: byApproval.order.id, faultReasonId: reasonId }, tech);
    const again = await pendingOf(byApproval.order.id, approver);
    expect((await ok('/api-flow/approval/approve', { id: again.id }, approver)).state).toBe('checked');
    expect(await byApproval.status()).toBe('running');
    await setFlow(false);
  });
});
