import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { readContext } from '../../platform/resources/read.js';
import type { WireRow } from '../../platform/resources/types.js';
import { createRow, updateRow } from '../../platform/resources/write.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { notifyStep } from '../../platform/workflow/notify.js';
import { runAction } from '../../platform/workflow/run.js';
import { recordStep } from '../../platform/workflow/steps.js';
import { reportRepair } from '../repair/report.js';
import { alarmEntity } from './alarm-resources.js';

interface RuleNow {
  id: number;
  code: string;
  name: string;
  kind: 'above' | 'below' | 'outside' | 'equal' | 'offline';
  threshold: number | null;
  high: number | null;
  dead_band: number;
  for_seconds: number;
  offline_minutes: number;
  severity: string;
  open_repair: boolean;
  repair_stopped: boolean;
  device_id: number;
  equipment_id: number;
  tag_name: string | null;
  unit: string | null;
  v: number | null;
  ts: Date | null;
  heard: Date | null;
  alarm_id: number | null;
  pending: Date | null;
}

/**
 * Whether a rule's condition holds now (true), no longer holds past its dead band (false), or neither (null:
 * inside the dead band, or no value yet), for the alarm it may have open.
 */
export function judge(
  r: Pick<RuleNow, 'kind' | 'threshold' | 'high' | 'dead_band' | 'v' | 'heard' | 'offline_minutes'>,
  now: number,
): boolean | null {
  if (r.kind === 'offline')
    return r.heard === null ? null : now - new Date(r.heard).getTime() > r.offline_minutes * 60_000;
  if (r.v === null || r.threshold === null) return null;
  const v = r.v;
  const t = r.threshold;
  const db = r.dead_band;
  switch (r.kind) {
    case 'above':
      return v > t ? true : v <= t - db ? false : null;
    case 'below':
      return v < t ? true : v >= t + db ? false : null;
    case 'equal':
      return v === t;
    case 'outside': {
      if (r.high === null) return null;
      if (v < t || v > r.high) return true;
      return v >= t + db && v <= r.high - db ? false : null;
    }
  }
}

const alarmCode = (now: Date) =>
  `AL${now.toISOString().replace(/\D/g, '').slice(0, 14)}${randomBytes(3).toString('base64url').slice(0, 4).toUpperCase()}`;

/** The people of the machine's work group (the group of its line): its leader and members. */
async function workgroupOf(tx: TenantTx, equipmentId: number): Promise<number[]> {
  const r = await tx.query<{ user_id: number }>(
    `select m.user_id from equipment e
       join work_group_lines l on l.tenant_id = e.tenant_id and l.line_id = e.line_id
       join work_group_members m on m.tenant_id = l.tenant_id and m.workgroup_id = l.workgroup_id
      where e.tenant_id = $1 and e.id = $2
     union
     select g.leader_id from equipment e
       join work_group_lines l on l.tenant_id = e.tenant_id and l.line_id = e.line_id
       join work_groups g on g.tenant_id = l.tenant_id and g.id = l.workgroup_id and g.leader_id is not null
      where e.tenant_id = $1 and e.id = $2`,
    [tx.tenantId, equipmentId],
  );
  return r.rows.map((x) => Number(x.user_id));
}

/** Opens an alarm of a rule (and, when the rule says so, its repair order), and tells the machine's work group. */
async function openAlarm(tx: TenantTx, r: RuleNow, now: Date): Promise<WireRow | null> {
  const ctx = await readContext(tx, alarmEntity, 'zh');
  let row: WireRow;
  // Another server may open it at the same moment: the unique index lets one win, the other steps back.
  await tx.query('savepoint das_alarm_open');
  try {
    row = await createRow(
      tx,
      ctx,
      {
        code: alarmCode(now),
        ruleId: r.id,
        deviceId: r.device_id,
        equipmentId: r.equipment_id,
        severity: r.severity,
        state: 'active',
        value: r.kind === 'offline' ? null : r.v,
        openedAt: now.toISOString(),
      },
      { system: true },
    );
  } catch {
    await tx.query('rollback to savepoint das_alarm_open');
    return null;
  }
  await tx.query('release savepoint das_alarm_open');
  await recordStep(tx, alarmEntity, row.id, 'open', null, 'active', null, null);
  if (r.open_repair) {
    const value = r.kind === 'offline' ? '' : ` = ${r.v}${r.unit ?? ''}`;
    const order = await reportRepair(
      tx,
      {
        equipmentId: r.equipment_id,
        source: 'alarm',
        phenomenon: `${r.name}${r.tag_name ? ` · ${r.tag_name}${value}` : ''} (${row.code})`,
        urgency: r.severity === 'critical' ? 'urgent' : r.severity === 'warning' ? 'high' : 'normal',
        stopped: r.repair_stopped,
      },
      'zh',
      null,
    );
    row = await updateRow(tx, ctx, row.id, { repairOrderId: order.id }, { system: true });
  }
  await notifyStep(tx, alarmEntity, row, 'open', await workgroupOf(tx, r.equipment_id));
  return row;
}

/**
 * One round of a tenant's alarm rules against the latest values: a condition that holds (for its seconds) opens
 * an alarm unless one is open; one that no longer holds (past the dead band) clears it. 1,000 rules a round.
 */
export async function evaluateAlarms(tx: TenantTx, now = new Date()): Promise<{ opened: number; cleared: number }> {
  const r = await tx.query<RuleNow>(
    `select r.id, r.code, r.name, r.kind, r.threshold::float8 as threshold, r.high::float8 as high,
            coalesce(r.dead_band, 0)::float8 as dead_band, coalesce(r.for_seconds, 0) as for_seconds,
            coalesce(r.offline_minutes, 5) as offline_minutes, r.severity, coalesce(r.open_repair, false) as open_repair,
            coalesce(r.repair_stopped, false) as repair_stopped, r.device_id, d.equipment_id, t.name as tag_name, t.unit,
            l.v, l.ts,
            (select max(x.ts) from das_latest x join das_tags y on y.tenant_id = x.tenant_id and y.id = x.tag_id
              where y.tenant_id = r.tenant_id and y.device_id = r.device_id) as heard,
            a.id as alarm_id, p.since as pending
       from das_alarm_rules r
       join das_devices d on d.tenant_id = r.tenant_id and d.id = r.device_id and d.deleted_at is null and d.enabled
       left join das_tags t on t.tenant_id = r.tenant_id and t.id = r.tag_id
       left join das_latest l on l.tenant_id = r.tenant_id and l.tag_id = r.tag_id
       left join das_alarms a on a.tenant_id = r.tenant_id and a.rule_id = r.id and a.state <> 'cleared'
       left join das_alarm_pending p on p.tenant_id = r.tenant_id and p.rule_id = r.id
      where r.tenant_id = $1 and r.enabled
      order by r.id limit 1000`,
    [tx.tenantId],
  );
  let opened = 0;
  let cleared = 0;
  for (const rule of r.rows) {
    const holds = judge(rule, now.getTime());
    if (holds === true && !rule.alarm_id) {
      if (rule.for_seconds > 0) {
        const since = rule.pending ? new Date(rule.pending).getTime() : null;
        if (since === null) {
          await tx.query(
            'insert into das_alarm_pending (tenant_id, rule_id, since) values ($1, $2, $3) on conflict do nothing',
            [tx.tenantId, rule.id, (rule.ts ? new Date(rule.ts) : now).toISOString()],
          );
          continue;
        }
        if (now.getTime() - since < rule.for_seconds * 1000) continue;
      }
      if (await openAlarm(tx, rule, now)) opened++;
      await tx.query('delete from das_alarm_pending where tenant_id = $1 and rule_id = $2', [tx.tenantId, rule.id]);
    } else if (holds !== true && rule.pending) {
      await tx.query('delete from das_alarm_pending where tenant_id = $1 and rule_id = $2', [tx.tenantId, rule.id]);
    }
    if (holds === false && rule.alarm_id) {
      await runAction(tx, alarmEntity, 'clear', rule.alarm_id, {}, 'zh', { system: true });
      cleared++;
    }
  }
  return { opened, cleared };
}

export function scheduleAlarms(app: FastifyInstance): void {
  app.jobs.everyTenant('das.alarms', 10, async (tx) => {
    await evaluateAlarms(tx);
    return false;
  });
}
