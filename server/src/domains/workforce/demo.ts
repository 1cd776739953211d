import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/index.js';
import { hashPassword } from '../../platform/auth/password.js';
import { insertRecords } from '../../platform/resources/import-insert.js';
import { readContext } from '../../platform/resources/read.js';
import { type TenantTx, withTenant } from '../../platform/tenancy/tenant-tx.js';
import { idsByCode } from '../plant/demo.js';
import { shiftCycleEntity, shiftEntity, workgroupEntity } from './resources.js';
import { applyCycle } from './scheduling.js';
import { flowEntity, flowNodeEntity, messageTypeEntity } from './settings-resources.js';

/** code, name, start, end, work minutes, colour */
const SHIFTS: [string, string, string, string, number, string][] = [
  ['A', '早班', '08:00', '16:00', 450, '#52c41a'],
  ['B', '中班', '16:00', '24:00', 450, '#1677ff'],
  ['C', '夜班', '00:00', '08:00', 450, '#722ed1'],
];

/** Work groups per workshop: code, name, line codes, members [login, name] (the first leads the group). */
const GROUPS: [string, string, string, string[], [string, string][]][] = [
  [
    'WS01',
    'TG0101',
    '机加一班',
    ['L0101', 'L0102'],
    [
      ['demo_zhangwei', '张伟'],
      ['demo_liqiang', '李强'],
      ['demo_wangfang', '王芳'],
    ],
  ],
  [
    'WS01',
    'TG0102',
    '机加二班',
    ['L0103', 'L0104'],
    [
      ['demo_liujun', '刘军'],
      ['demo_chenjing', '陈静'],
      ['demo_yangyang', '杨洋'],
    ],
  ],
  [
    'WS02',
    'TG0201',
    '注塑一班',
    ['L0201', 'L0202'],
    [
      ['demo_zhaolei', '赵磊'],
      ['demo_huangmin', '黄敏'],
      ['demo_zhoujie', '周杰'],
    ],
  ],
  [
    'WS02',
    'TG0202',
    '冲压班',
    ['L0203'],
    [
      ['demo_wuhao', '吴昊'],
      ['demo_xuli', '徐丽'],
      ['demo_sunpeng', '孙鹏'],
    ],
  ],
];

async function fill(tx: TenantTx): Promise<void> {
  await insertRecords(
    tx,
    await readContext(tx, shiftEntity, 'zh'),
    SHIFTS.map(([code, name, startTime, endTime, workMinutes, colour]) => ({
      code,
      name,
      startTime,
      endTime,
      workMinutes,
      colour,
      state: 1,
    })),
  );
  const shifts = await idsByCode(tx, shiftEntity.table, 'code');
  const [a, b, c] = ['A', 'B', 'C'].map((k) => shifts.get(k)!);
  await insertRecords(tx, await readContext(tx, shiftCycleEntity, 'zh'), [
    { name: '四班三倒', days: [a, a, b, b, c, c, null, null], remark: '两早两中两夜两休' },
    { name: '常白班（做五休二）', days: [a, a, a, a, a, null, null] },
  ]);

  const shops = await idsByCode(tx, 'workshops', 'workshopcode');
  const lines = await idsByCode(tx, 'lines', 'linecode');
  const org = await tx.query<{ id: number }>(
    'select id from organizations where tenant_id = $1 and parent_id is null order by id limit 1',
    [tx.tenantId],
  );
  // Demo workers cannot sign in until an administrator sets their password.
  const hash = await hashPassword(randomBytes(24).toString('base64url'));
  const users = new Map<string, number>();
  for (const [, , , , members] of GROUPS)
    for (const [username, peoplename] of members) {
      const u = await tx.insert<{ id: number }>(
        'users',
        { username, password_hash: hash, peoplename, organization_id: org.rows[0]?.id ?? null, usertype: 1 },
        'id',
      );
      users.set(username, Number(u.id));
    }

  await insertRecords(
    tx,
    await readContext(tx, workgroupEntity, 'zh'),
    GROUPS.map(([shop, code, name, , members]) => ({
      code,
      name,
      workshopId: shops.get(shop) ?? null,
      leaderId: users.get(members[0]![0]),
      state: 1,
    })),
  );
  const groups = await idsByCode(tx, workgroupEntity.table, 'code');
  for (const [, code, , lineCodes, members] of GROUPS) {
    const workgroupId = groups.get(code)!;
    for (const l of lineCodes)
      if (lines.has(l)) await tx.insert('work_group_lines', { workgroup_id: workgroupId, line_id: lines.get(l) }, 'id');
    for (const [i, [username]] of members.entries())
      await tx.insert(
        'work_group_members',
        { workgroup_id: workgroupId, user_id: users.get(username), role: i === 0 ? 'leader' : 'member' },
        'id',
      );
  }

  // This month's schedule: the machining groups run the four-crew cycle, the others day shifts.
  const cycles = await idsByCode(tx, shiftCycleEntity.table, 'name');
  const now = new Date();
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0));
  for (const [i, [, code]] of GROUPS.entries())
    await applyCycle(tx, {
      workgroupId: groups.get(code)!,
      cycleId: cycles.get(i < 2 ? '四班三倒' : '常白班（做五休二）')!,
      startDate: start.toISOString().slice(0, 10),
      endDate: end.toISOString().slice(0, 10),
      firstDay: i < 2 ? i * 2 : 0,
    });
  await fillSettings(tx);
}

/** Message types the modules send, and the repair approval flow (group leader, then the administrator). */
async function fillSettings(tx: TenantTx): Promise<void> {
  await insertRecords(tx, await readContext(tx, messageTypeEntity, 'zh'), [
    { code: 'repair', name: '报修通知', channel: 'both' },
    { code: 'maintain', name: '保养到期提醒', channel: 'both' },
    { code: 'check', name: '点检任务提醒', channel: 'app' },
    { code: 'spare', name: '备件低库存预警', channel: 'site' },
  ]);
  await insertRecords(tx, await readContext(tx, flowEntity, 'zh'), [
    { code: 'FLOW-REPAIR', name: '维修审批', businessType: 'repair' },
  ]);
  const flows = await idsByCode(tx, flowEntity.table, 'code');
  const flowId = flows.get('FLOW-REPAIR')!;
  await tx.update('act_flows', flowId, { state: 1 }, 'id');
  await insertRecords(tx, await readContext(tx, flowNodeEntity, 'zh'), [
    { flowId, sort: 1, name: '班组长审批', approverKind: 'orgLeader', approverIds: [] },
    { flowId, sort: 2, name: '设备主管审批', approverKind: 'user', approverIds: [tx.userId] },
  ]);
}

/** First start: the demo factory gets its shifts, cycles, four work groups with members and this month's shifts. */
export async function fillWorkforceDemo(db: Database, tenantId: number): Promise<void> {
  const admin = await db.query<{ id: number }>('select id from users where tenant_id = $1 order by id limit 1', [
    tenantId,
  ]);
  await withTenant(db, tenantId, admin.rows[0]?.id ?? null, fill);
}
