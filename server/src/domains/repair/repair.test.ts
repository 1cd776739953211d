import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  multipart,
  readXlsx,
  secondTenant,
  tenantOf,
  userWithCodes,
  workbook,
} from '../../platform/resources/testkit.js';
import { withTenant } from '../../platform/tenancy/tenant-tx.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { fillRepairHistory } from './demo.js';
import { onDutyNow } from './on-duty.js';
import { notifyOverdue } from './overdue.js';
import { P } from './permissions.js';
import { REPORTS_PER_ADDRESS } from './public-report.js';
import { repairWorkflow } from './workflow.js';

type Row = Record<string, unknown>;
interface Json<T = unknown> {
  rtnCode: number;
  msg: string;
  field?: string;
  data: T;
}

let t: TestApp;
let admin: string;
let tenantId: number;
let machine: Row;
let reason: Row;
let techA: string;
let techB: string;
let techAId: number;

const post = (url: string, body: unknown, token = admin) => t.call('POST', url, token, body);
const ok = async (url: string, body: unknown, token = admin) => {
  const r = (await (await post(url, body, token)).json()) as Json<Row>;
  expect(r.rtnCode, `${url}: ${r.msg}`).toBe(200);
  return r.data;
};
const refused = async (url: string, body: unknown, token = admin) =>
  (await (await post(url, body, token)).json()) as Json;

const userWith = (username: string, codes: string[]) => userWithCodes(t, tenantId, username, codes);

const report = (extra: Row = {}) =>
  ok('/api-manage/maintaintask/save', { equipmentId: machine.id, phenomenon: '主轴异响', urgency: 'high', ...extra });
const machineStatus = async () =>
  ((await (await t.call('GET', `/api-manage/equipment/get?id=${machine.id}`, admin)).json()) as Json<Row>).data.status;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  tenantId = (await tenantOf(t, admin)).tenantId;
  const page = (await (await t.call('GET', '/api-manage/equipment/page?page=1&limit=1', admin)).json()) as Json<Row[]>;
  machine = page.data[0]!;
  const reasons = (await (await t.call('GET', '/api-manage/equipmentcategory/faultreason/all', admin)).json()) as Json<
    Row[]
  >;
  reason = reasons.data[0]!;
  techA = await userWith('tech_a', [P.view, P.execute]);
  techB = await userWith('tech_b', [P.view, P.execute]);
  techAId = (await tenantOf(t, techA)).userId;
  await ok('/api-manage/maintaintask/setting/save', { hourlyRate: 80 });
  // The demo's repair approval flow is switched off here; the approval test below enables one of its own.
  await withTenant(t.db, tenantId, null, (tx) =>
    tx.query('update act_flows set state = 0 where tenant_id = $1', [tenantId]),
  );
});
afterAll(async () => t?.close());

describe('a repair order from report to acceptance', () => {
  it('numbers the order per day, stops the machine, and walks every step with its timeline and costs', async () => {
    const order = await report({ stopped: true });
    expect(order.code).toMatch(/^WX\d{8}-\d{4}$/);
    expect(order.state).toBe('reported');
    expect(order.reporterId).toBeTruthy();
    expect(order.dueAt).toBeTruthy();
    expect(await machineStatus()).toBe('repairing');
    const second = await report();
    expect(Number(String(second.code).slice(-4))).toBe(Number(String(order.code).slice(-4)) + 1);

    await ok('/api-manage/maintaintask/dispatch', { id: order.id, assigneeId: techAId });
    const accepted = await ok('/api-manage/maintaintask/accept', { id: order.id }, techA);
    expect(accepted.state).toBe('accepted');
    expect(accepted.responseMinutes).toBe(0);
    await ok('/api-manage/maintaintask/start', { id: order.id }, techA);
    const paused = await ok('/api-manage/maintaintask/pause', { id: order.id, pauseReason: 'parts' }, techA);
    expect(paused.pauseReason).toBe('parts');
    await ok('/api-manage/maintaintask/resume', { id: order.id }, techA);
    await ok('/api-manage/maintaintask/labour/save', { orderId: order.id, userId: techAId, hours: 1.5 }, techA);

    const noReason = await refused('/api-manage/maintaintask/finish', { id: order.id }, techA);
    expect(noReason.rtnCode).toBe(201);
    expect(noReason.field).toBe('faultReasonId');

    const finished = await ok(
      '/api-manage/maintaintask/finish',
      { id: order.id, faultReasonId: reason.id, remedyCode: 'replace', remedy: '更换轴承' },
      techA,
    );
    expect(finished.state).toBe('finished');
    expect(finished.labourHours).toBe('1.50');
    expect(finished.labourCost).toBe('120.00'); // 1.5 h × the default 80 per hour
    expect(finished.totalCost).toBe('120.00');
    expect(finished.downtimeMinutes).toBe(0);
    expect(await machineStatus()).toBe('running');

    const checked = await ok('/api-manage/maintaintask/check', { id: order.id });
    expect(checked.state).toBe('checked');
    expect(checked.checkerId).toBeTruthy();

    const steps = (await (await t.call('GET', `/api-manage/maintaintask/steps?id=${order.id}`, admin)).json()) as Json<{
      steps: Row[];
    }>;
    expect(steps.data.steps.map((s: Row) => s.action)).toEqual([
      'report',
      'dispatch',
      'accept',
      'start',
      'pause',
      'resume',
      'finish',
      'check',
    ]);
    expect(steps.data.steps[1]!.toStateName).toBe('已派工');
  });

  it('refuses every action outside its states with a translated message naming the action and state', async () => {
    const order = await report();
    const states: Record<string, Row> = {};
    for (const action of repairWorkflow.actions) {
      if (action.from.includes('reported')) continue;
      const r = await (
        await post(`/api-manage/maintaintask/${action.name}`, { id: order.id, comment: 'x' }, admin)
      ).json();
      states[action.name] = r as Row;
      expect((r as Json).rtnCode, action.name).toBe(201);
    }
    expect(states.finish!.msg).toBe('工单当前为「待派工」，不能完成');
    const en = await t.call('POST', '/api-manage/maintaintask/check', admin, { id: order.id }, { lang: 'en' });
    expect(((await en.json()) as Json).msg).toBe('Cannot Sign off an order that is Reported');
  });

  it('moves by status through the declared action (maintaintask/updatestatus), with its checks', async () => {
    const order = await report();
    const viewer = await userWith('statusviewer', ['repair_admin:task:view']);
    expect(
      (await post('/api-manage/maintaintask/updatestatus', { id: order.id, status: 'accepted' }, viewer)).statusCode,
    ).toBe(403);
    // No declared step from reported to finished: named with both states.
    expect(await refused('/api-manage/maintaintask/updatestatus', { id: order.id, status: 'finished' })).toMatchObject({
      rtnCode: 201,
      msg: '不能从「待派工」直接变为「待验收」',
    });
    // The step's required input is asked for as if called by name.
    expect(
      await refused('/api-manage/maintaintask/updatestatus', { id: order.id, status: 'dispatched' }),
    ).toMatchObject({ rtnCode: 201, field: 'assigneeId' });
    const taken = await ok('/api-manage/maintaintask/updatestatus', { id: order.id, status: 'accepted' });
    expect(taken.state).toBe('accepted');
    const steps = (await (await t.call('GET', `/api-manage/maintaintask/steps?id=${order.id}`, admin)).json()) as Json<{
      steps: Row[];
    }>;
    expect(steps.data.steps.map((x) => x.action)).toContain('accept');
    expect((await post('/api-manage/maintaintask/updatestatus', { id: order.id, status: 'nonsense' })).statusCode).toBe(
      400,
    );
  });

  it('lets only the permitted act: a technician cannot dispatch, another technician cannot take an assigned order', async () => {
    const order = await report();
    const dispatch = await post('/api-manage/maintaintask/dispatch', { id: order.id, assigneeId: techAId }, techA);
    expect(dispatch.statusCode).toBe(403);
    await ok('/api-manage/maintaintask/dispatch', { id: order.id, assigneeId: techAId });
    const other = await refused('/api-manage/maintaintask/accept', { id: order.id }, techB);
    expect(other.rtnCode).toBe(201);
    expect(other.msg).toContain('tech_a');
  });

  it('two technicians taking one order at once: exactly one wins, the other is told it is already taken', async () => {
    const order = await report();
    const answers = await Promise.all([
      refused('/api-manage/maintaintask/accept', { id: order.id }, techA),
      refused('/api-manage/maintaintask/accept', { id: order.id }, techB),
    ]);
    expect(answers.filter((a) => a.rtnCode === 200)).toHaveLength(1);
    const loser = answers.find((a) => a.rtnCode !== 200)!;
    expect(loser.msg).toContain('已接单');
  });

  it('tells the assignee through a message in the reader language, and pushes nothing to the actor', async () => {
    const order = await report();
    await ok('/api-manage/maintaintask/dispatch', { id: order.id, assigneeId: techAId });
    const msgs = (await (
      await t.call('GET', '/api-core/msg/page?page=1&limit=5', techA, undefined, { lang: 'en' })
    ).json()) as Json<Row[]>;
    expect(msgs.data[0]!.title).toBe(`Repair order ${order.code}: Dispatch`);
    expect(msgs.data[0]!.link).toBe(`/repair_admin/task/0?id=${order.id}`);
  });

  it("hides another tenant's orders and refuses acting on them", async () => {
    const order = await report();
    const other = await secondTenant(t, 'repair-b');
    const get = await t.call('GET', `/api-manage/maintaintask/get?id=${order.id}`, other.token);
    expect([404, 200]).toContain(get.statusCode);
    if (get.statusCode === 200) expect(((await get.json()) as Json).rtnCode).not.toBe(200);
    const act = await t.call('POST', '/api-manage/maintaintask/cancel', other.token, { id: order.id, comment: 'x' });
    expect(act.statusCode).toBe(404);
  });
});

describe('acceptance through an approval flow', () => {
  it('finishing starts the approval; reject returns it to repairing, recall before a decision, approve checks it', async () => {
    const approverToken = await userWith('approver', [P.view]);
    const approverId = (await tenantOf(t, approverToken)).userId;
    const flow = await ok('/api-flow/actFlows/save', { code: 'ACC', name: '验收审批', businessType: 'repair' });
    await ok('/api-flow/actNodes/batch', {
      flowId: flow.id,
      nodes: [{ name: '主管', approverKind: 'user', approverIds: [approverId] }],
    }).catch(() => undefined);
    await withTenant(t.db, tenantId, null, async (tx) => {
      const nodes = await tx.query('select 1 from act_nodes where tenant_id = $1 and flow_id = $2', [
        tenantId,
        flow.id,
      ]);
      if (!nodes.rows.length)
        await tx.insert('act_nodes', {
          flow_id: flow.id,
          sort: 1,
          name: '主管',
          approver_kind: 'user',
          approver_ids: JSON.stringify([approverId]),
        });
      await tx.query('update act_flows set state = 1 where tenant_id = $1 and id = $2', [tenantId, flow.id]);
    });
    const finishOne = async () => {
      const order = await report();
      await ok('/api-manage/maintaintask/accept', { id: order.id }, techA);
      await ok('/api-manage/maintaintask/start', { id: order.id }, techA);
      return ok('/api-manage/maintaintask/finish', { id: order.id, faultReasonId: reason.id }, techA);
    };
    const mine = async () =>
      ((await (await t.call('GET', '/api-flow/approval/mine?page=1&limit=20', approverToken)).json()) as Json<Row[]>)
        .data;

    const a = await finishOne();
    expect(a.state).toBe('finished');
    const byHand = await refused('/api-manage/maintaintask/check', { id: a.id });
    expect(byHand.rtnCode).toBe(201);
    const pending = (await mine()).find((m: Row) => m.recordId === a.id)!;
    expect(pending.recordNo).toBe(a.code);
    const noComment = await refused('/api-flow/approval/reject', { id: pending.id }, approverToken);
    expect(noComment.rtnCode).toBe(201);
    const rejected = await ok('/api-flow/approval/reject', { id: pending.id, comment: '还有异响' }, approverToken);
    expect(rejected.state).toBe('repairing');

    const b = await finishOne();
    const pb = (await mine()).find((m: Row) => m.recordId === b.id)!;
    const notMine = await post('/api-flow/approval/approve', { id: pb.id }, techB);
    expect(notMine.statusCode).toBe(403);
    const recalled = await ok('/api-flow/approval/recall', { id: pb.id }, techA);
    expect(recalled.state).toBe('repairing');

    const c = await finishOne();
    const pc = (await mine()).find((m: Row) => m.recordId === c.id)!;
    const approved = await ok('/api-flow/approval/approve', { id: pc.id, comment: '好' }, approverToken);
    expect(approved.state).toBe('checked');
    const again = await refused('/api-flow/approval/approve', { id: pc.id }, approverToken);
    expect(again.rtnCode).toBe(201);
    await withTenant(t.db, tenantId, null, (tx) =>
      tx.query('update act_flows set state = 0 where tenant_id = $1 and id = $2', [tenantId, flow.id]),
    );
  });
});

describe('the experience base', () => {
  it('keeps a finished order as an entry and finds it again from a differently worded Chinese phenomenon', async () => {
    const order = await report({ phenomenon: '液压站油温过高报警' });
    await ok('/api-manage/maintaintask/accept', { id: order.id }, techA);
    await ok('/api-manage/maintaintask/start', { id: order.id }, techA);
    await ok(
      '/api-manage/maintaintask/finish',
      { id: order.id, faultReasonId: reason.id, remedy: '清洗冷却器' },
      techA,
    );
    const notYet = await refused('/api-manage/maintaintask/toExperience', { id: (await report()).id });
    expect(notYet.rtnCode).toBe(201);
    const kept = await ok('/api-manage/maintaintask/toExperience', { id: order.id });
    expect(kept.orderId).toBe(order.id);
    expect(kept.remedy).toBe('清洗冷却器');
    const found = (await (
      await t.call('GET', `/api-user/experiencesBase/search?q=${encodeURIComponent('油温高')}`, admin)
    ).json()) as Json<Row[]>;
    expect(found.data[0]!.id).toBe(kept.id);
    const nothing = (await (
      await t.call('GET', `/api-user/experiencesBase/search?q=${encodeURIComponent('显示屏花屏')}`, admin)
    ).json()) as Json<Row[]>;
    expect(nothing.data).toEqual([]);
    const another = await report({ phenomenon: '油温过高' });
    const suggested = (await (
      await t.call('GET', `/api-manage/maintaintask/suggest?id=${another.id}`, admin)
    ).json()) as Json<Row[]>;
    expect(suggested.data.map((s) => s.id)).toContain(kept.id);
  });
});

describe('overdue orders', () => {
  it('are flagged in the list and their technician is told once', async () => {
    const order = await report();
    await ok('/api-manage/maintaintask/dispatch', { id: order.id, assigneeId: techAId });
    const flagged = async () =>
      (
        (await (
          await t.call('GET', `/api-manage/maintaintask/page?page=1&limit=50&overdue=true`, admin)
        ).json()) as Json<Row[]>
      ).data.map((r) => r.id);
    expect(await flagged()).not.toContain(order.id);
    await t.db.query("update repair_orders set due_at = now() - interval '1 hour' where id = $1", [order.id]);
    expect(await flagged()).toContain(order.id);
    const unread = async () =>
      ((await (await t.call('GET', '/api-core/msg/page?page=1&limit=50', techA)).json()) as Json<Row[]>).data.filter(
        (m) => String(m.title).includes(String(order.code)) && String(m.title).includes('已超期'),
      ).length;
    expect(await unread()).toBe(0);
    await withTenant(t.db, tenantId, null, (tx) => notifyOverdue(tx));
    expect(await unread()).toBe(1);
    await withTenant(t.db, tenantId, null, (tx) => notifyOverdue(tx));
    expect(await unread()).toBe(1);
  });
});

describe('dispatching to the members on shift now', () => {
  it("lists who is on a shift at a moment of the tenant's day, a night shift across midnight included", async () => {
    const techBId = (await tenantOf(t, techB)).userId;
    await t.db.query("update companies set timezone = 'Asia/Shanghai' where id = $1", [tenantId]);
    const shift = async (code: string, start: string, end: string) =>
      Number(
        (
          await t.db.query<{ id: number }>(
            `insert into shifts(tenant_id, code, name, start_time, end_time) values ($1, $2, $2, $3, $4) returning id`,
            [tenantId, code, start, end],
          )
        ).rows[0]!.id,
      );
    const day = await shift('DUTY-DAY', '08:00', '16:00');
    const night = await shift('DUTY-NIGHT', '20:00', '08:00');
    await t.db.query(
      `insert into member_shifts(tenant_id, user_id, work_date, shift_id) values
         ($1, $2, '2026-03-10', $3), ($1, $4, '2026-03-09', $5)`,
      [tenantId, techAId, day, techBId, night],
    );
    const names = async (iso: string) =>
      (await withTenant(t.db, tenantId, null, (tx) => onDutyNow(tx, new Date(iso)))).map((m) => [m.id, m.shiftName]);
    // 10:00 in Shanghai on 10 March: the day shift; the night shift of the 9th ended at 08:00.
    expect(await names('2026-03-10T02:00:00Z')).toEqual([[techAId, 'DUTY-DAY']]);
    // 06:00 on the 10th: still the night shift that began on the 9th.
    expect(await names('2026-03-09T22:00:00Z')).toEqual([[techBId, 'DUTY-NIGHT']]);
    // 21:00 on the 9th: the night shift has begun; 17:00 on the 10th: nobody.
    expect(await names('2026-03-09T13:00:00Z')).toEqual([[techBId, 'DUTY-NIGHT']]);
    expect(await names('2026-03-10T09:00:00Z')).toEqual([]);

    const r = (await (await t.call('GET', '/api-manage/maintaintask/onDuty', admin)).json()) as Json<Row[]>;
    expect(r.rtnCode).toBe(200);
    expect(Array.isArray(r.data)).toBe(true);
    // Only who may dispatch asks.
    expect((await t.call('GET', '/api-manage/maintaintask/onDuty', techA)).statusCode).toBe(403);
  });

  it("tells the members of the line's work group who are on shift now, not those off shift", async () => {
    const techBId = (await tenantOf(t, techB)).userId;
    const first = await report();
    let groupId = Number(first.workgroupId) || 0;
    if (!groupId) {
      groupId = Number(
        (
          await t.db.query<{ id: number }>(
            "insert into work_groups(tenant_id, code, name) values ($1, 'DUTY-G', '值班组') returning id",
            [tenantId],
          )
        ).rows[0]!.id,
      );
      await t.db.query('insert into work_group_lines(tenant_id, workgroup_id, line_id) values ($1, $2, $3)', [
        tenantId,
        groupId,
        machine.lineId,
      ]);
    }
    for (const user of [techAId, techBId])
      await t.db.query(
        `insert into work_group_members(tenant_id, workgroup_id, user_id) values ($1, $2, $3)
         on conflict do nothing`,
        [tenantId, groupId, user],
      );
    // A shift around this moment in the tenant's time zone for tech A only (dated by its start, as a roster is).
    await t.db.query(
      `with here as (select now() at time zone 'Asia/Shanghai' as at),
            s as (insert into shifts(tenant_id, code, name, start_time, end_time)
                  select $1, 'DUTY-NOW', '当班', to_char(at - interval '1 hour', 'HH24:MI'),
                         to_char(at + interval '1 hour', 'HH24:MI') from here returning id)
       insert into member_shifts(tenant_id, user_id, work_date, shift_id)
       select $1, $2, (at - interval '1 hour')::date, s.id from here, s`,
      [tenantId, techAId],
    );
    const order = await report();
    expect(Number(order.workgroupId)).toBe(groupId);
    const told = async (token: string) =>
      ((await (await t.call('GET', '/api-core/msg/page?page=1&limit=50', token)).json()) as Json<Row[]>).data.filter(
        (m) => String(m.title).includes(String(order.code)),
      ).length;
    expect(await told(techA)).toBe(1);
    expect(await told(techB)).toBe(0);
  });
});

describe('the demo history', () => {
  it('is made through the service and dated back: checked orders with their steps, numbered by their day', async () => {
    const before = Number((await t.db.query<{ n: string }>('select count(*) as n from repair_orders')).rows[0]!.n);
    await fillRepairHistory(t.db, tenantId, { orders: 6, days: 90 });
    const rows = await t.db.query<{
      code: string;
      state: string;
      reported_at: Date;
      finished_at: Date | null;
      repair_minutes: number | null;
    }>('select code, state, reported_at, finished_at, repair_minutes from repair_orders order by id desc limit 6');
    expect(rows.rows).toHaveLength(6);
    expect(Number((await t.db.query<{ n: string }>('select count(*) as n from repair_orders')).rows[0]!.n)).toBe(
      before + 6,
    );
    const checked = rows.rows.filter((r) => r.state === 'checked');
    expect(checked.length).toBeGreaterThan(0);
    for (const r of rows.rows) {
      const day = new Date(r.reported_at).toISOString().slice(0, 10).replace(/-/g, '');
      expect(r.code.startsWith(`WX${day}-`)).toBe(true);
    }
    for (const r of checked) {
      expect(new Date(r.finished_at!).getTime()).toBeLessThan(Date.now() - 60_000);
      expect(r.repair_minutes).toBeGreaterThan(0);
    }
    const steps = await t.db.query<{ n: string }>(
      "select count(*) as n from record_steps where entity = 'maintaintask' and action = 'check' and created_at < now() - interval '1 hour'",
    );
    expect(Number(steps.rows[0]!.n)).toBeGreaterThan(0);
  });
});

describe('importing past orders', () => {
  const HEADER = [
    '设备*',
    '故障现象*',
    '紧急程度',
    '是否停机',
    '报修时间*',
    '开始维修时间',
    '完成时间*',
    '故障原因*',
    '处理措施',
    '维修人',
    '工时(小时)',
  ];
  const upload = async (rows: unknown[][], token = admin) => {
    const body = multipart(await workbook([HEADER, ...rows]));
    return (await (
      await t.call('POST', '/api-manage/maintaintask/importHistory', token, body.payload, body.headers)
    ).json()) as Json<Row[] & { count?: number }>;
  };
  const count = async () =>
    Number((await t.db.query<{ n: string }>('select count(*) as n from repair_orders')).rows[0]!.n);
  let reasonName = '';

  beforeAll(async () => {
    await t.db.query(`update companies set timezone = 'Asia/Shanghai' where id = $1`, [tenantId]);
    const r = await t.db.query<{ name: string }>(
      `select f.name from fault_reasons f join equipment e on e.tenant_id = f.tenant_id and e.category_id = f.category_id
        where e.id = $1 and f.deleted_at is null order by f.id limit 1`,
      [machine.id],
    );
    reasonName = r.rows[0]!.name;
  });

  it('offers a template in the reader language', async () => {
    const tpl = await t.call('GET', '/api-manage/maintaintask/historyTemplate?lang=en', admin);
    expect(tpl.statusCode).toBe(200);
    const [header] = await readXlsx(tpl.rawPayload);
    expect(header!.slice(0, 3)).toEqual(['Machine*', 'Fault*', 'Urgency']);
  });

  it('names every bad cell by row and column and imports nothing', async () => {
    const before = await count();
    const future = new Date(Date.now() + 86_400_000).toISOString().slice(0, 16).replace('T', ' ');
    const r = await upload([
      ['NO-SUCH', '异响', '一般', '否', '2025-03-01 08:30', '', '2025-03-01 10:00', reasonName, '', '', ''],
      [
        machine.code,
        '漏油',
        '很急',
        '否',
        '2025-03-02 08:30',
        '2025-03-02 09:00',
        '2025-03-02 08:00',
        '没有这个原因',
        '',
        'nobody',
        -1,
      ],
      [machine.code, '', '高', '是', '2025-03-03 08:30', '', future, reasonName, '', '', ''],
    ]);
    expect(r.rtnCode).toBe(201);
    expect((r.data as Row[]).map((i) => [i.row, i.field])).toEqual([
      [2, 'equipment'],
      [3, 'urgency'],
      [3, 'labourHours'],
      [3, 'finishedAt'],
      [3, 'faultReason'],
      [3, 'technician'],
      [4, 'phenomenon'],
      [4, 'finishedAt'],
    ]);
    expect(String((r.data as Row[])[3]!.message)).toBe('完成时间不能早于开始维修时间');
    expect(await count()).toBe(before);
    const noAudit = await userWith('history_reader', [P.view, P.add]);
    expect((await t.call('POST', '/api-manage/maintaintask/importHistory', noAudit)).statusCode).toBe(403);
  });

  it("makes closed orders through the service, dated back in the factory's time, telling nobody", async () => {
    const messages = async () =>
      Number((await t.db.query<{ n: string }>('select count(*) as n from messages')).rows[0]!.n);
    const told = await messages();
    const r = await upload([
      [
        machine.code,
        '主轴异响',
        '高',
        '是',
        '2025-03-01 08:30',
        '2025-03-01 09:00',
        '2025-03-01 11:15',
        reasonName,
        '更换轴承',
        'tech_a',
        2.5,
      ],
      [machine.name, '漏油', '', '', '2025-03-01 13:00', '', '2025-03-01 13:45', reasonName, '', '', ''],
    ]);
    expect(r.rtnCode, r.msg).toBe(200);
    expect(r.msg).toBe('成功导入2条数据');
    const rows = (
      await t.db.query<Row>(
        `select code, state, urgency, stopped, reported_at, started_at, finished_at, checked_at, assignee_id,
                response_minutes, repair_minutes, downtime_minutes, labour_hours, remedy, fault_reason_id
           from repair_orders where code like 'WX20250301-%' order by code`,
      )
    ).rows;
    expect(rows.map((o) => o.code)).toEqual(['WX20250301-0001', 'WX20250301-0002']);
    const [first, second] = rows as [Row, Row];
    expect(first).toMatchObject({ state: 'checked', urgency: 'high', stopped: true, remedy: '更换轴承' });
    expect(new Date(first.reported_at as string).toISOString()).toBe('2025-03-01T00:30:00.000Z');
    expect(new Date(first.finished_at as string).toISOString()).toBe('2025-03-01T03:15:00.000Z');
    expect(Number(first.assignee_id)).toBe(techAId);
    expect([first.response_minutes, first.repair_minutes, first.downtime_minutes]).toEqual([30, 135, 165]);
    expect(Number(first.labour_hours)).toBe(2.5);
    expect(second).toMatchObject({ state: 'checked', urgency: 'normal', stopped: false, repair_minutes: 45 });
    const steps = await t.db.query<{ action: string; created_at: Date }>(
      `select s.action, s.created_at from record_steps s join repair_orders o on o.tenant_id = s.tenant_id and o.id = s.record_id
        where s.entity = 'maintaintask' and o.code = 'WX20250301-0001' order by s.id`,
    );
    expect(steps.rows.map((s) => s.action)).toEqual(['report', 'dispatch', 'accept', 'start', 'finish', 'check']);
    expect(steps.rows.every((s) => new Date(s.created_at).getUTCFullYear() === 2025)).toBe(true);
    expect(await messages()).toBe(told);
  });
});

describe('reporting from the machine QR label without logging in', () => {
  it('shows only the machine and its open orders, takes a report with a photo, and stops when revoked', async () => {
    const link = await ok('/api-manage/equipment/reportLink', { id: machine.id });
    expect(link.url).toBe(`/report/${link.token}`);
    expect((await ok('/api-manage/equipment/reportLink', { id: machine.id })).token).toBe(link.token);
    const open = await report({ phenomenon: '链条松动' });
    const view = (await (await t.call('GET', `/api-anon/repair/${link.token}`, null)).json()) as Json<Row>;
    expect(Object.keys(view.data).sort()).toEqual(['equipment', 'openOrders']);
    expect(Object.keys(view.data.equipment as Row).sort()).toEqual(['code', 'lineName', 'name', 'workshopName']);
    expect((view.data.openOrders as Row[]).map((o) => o.code)).toContain(open.code);
    expect(Object.keys((view.data.openOrders as Row[])[0]!).sort()).toEqual([
      'code',
      'phenomenon',
      'reportedAt',
      'stateName',
    ]);

    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const boundary = 'x7';
    const photo = await t.app.inject({
      method: 'POST',
      url: `/api-anon/repair/${link.token}/photo`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(photo.statusCode).toBe(200);
    const photoId = (photo.json() as Json<Row>).data.id;
    const sent = (await (
      await t.call('POST', `/api-anon/repair/${link.token}`, null, {
        phenomenon: '冷却液泄漏',
        stopped: false,
        reporterName: '张三',
        pictures: [{ id: photoId }],
      })
    ).json()) as Json<Row>;
    expect(sent.rtnCode).toBe(200);
    const made = await t.db.query<{
      source: string;
      reported_by: string;
      reporter_id: number | null;
      pictures: unknown;
    }>('select source, reported_by, reporter_id, pictures from repair_orders where code = $1', [sent.data.code]);
    expect(made.rows[0]).toMatchObject({ source: 'scan', reported_by: '张三', reporter_id: null });
    expect(JSON.stringify(made.rows[0]!.pictures)).toContain(String(photoId));

    const other = await secondTenant(t, 'repair-c');
    const { tenantId: otherId } = await tenantOf(t, other.token);
    const forged = `${otherId}-${String(link.token).split('-').slice(1).join('-')}`;
    expect((await t.call('GET', `/api-anon/repair/${forged}`, null)).statusCode).toBe(404);

    await ok('/api-manage/equipment/reportLink/revoke', { id: machine.id });
    expect((await t.call('GET', `/api-anon/repair/${link.token}`, null)).statusCode).toBe(404);
    expect((await t.call('POST', `/api-anon/repair/${link.token}`, null, { phenomenon: 'x' })).statusCode).toBe(404);
  });

  it('limits reports per address', async () => {
    const link = await ok('/api-manage/equipment/reportLink', { id: machine.id });
    const send = () =>
      t.call(
        'POST',
        `/api-anon/repair/${link.token}`,
        null,
        { phenomenon: '测试限流' },
        { 'x-forwarded-for': '10.9.9.9' },
      );
    const codes: number[] = [];
    for (let i = 0; i < REPORTS_PER_ADDRESS + 1; i++) codes.push((await send()).statusCode);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(1);
    expect(codes.at(-1)).toBe(429);
  });
});
