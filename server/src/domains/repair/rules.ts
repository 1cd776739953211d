import { businessError } from '../../platform/http/errors.js';
import type { Lang } from '../../platform/i18n/index.js';
import { readContext } from '../../platform/resources/read.js';
import type { EntityHooks, FieldIssue, WireRow } from '../../platform/resources/types.js';
import { updateRow } from '../../platform/resources/write.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import type { StepContext } from '../../platform/workflow/types.js';
import { equipmentEntity } from '../equipment/resources.js';
import { phenomenonIn } from './check-findings.js';
import { repairEntity, repairSettingEntity } from './resources.js';
import { minutesSince } from './workflow.js';

const EDITABLE = new Set(['reported', 'dispatched', 'accepted']);
const CLOSED = new Set(['checked', 'cancelled']);

export interface RepairSettings {
  hourlyRate: number;
  response: Record<string, number>;
  repair: Record<string, number>;
}

/** The tenant's repair settings (/setUp/repair), else the declared defaults. */
export async function repairSettings(tx: TenantTx): Promise<RepairSettings> {
  const r = await tx.query<Record<string, unknown>>(
    'select * from repair_settings where tenant_id = $1 order by id limit 1',
    [tx.tenantId],
  );
  const row = r.rows[0];
  const val = (field: string, column: string) =>
    Number(row?.[column] ?? repairSettingEntity.fields.find((f) => f.name === field)!.default ?? 0);
  return {
    hourlyRate: val('hourlyRate', 'hourly_rate'),
    response: {
      urgent: val('responseUrgent', 'response_urgent'),
      high: val('responseHigh', 'response_high'),
      normal: val('responseNormal', 'response_normal'),
    },
    repair: {
      urgent: val('repairUrgent', 'repair_urgent'),
      high: val('repairHigh', 'repair_high'),
      normal: val('repairNormal', 'repair_normal'),
    },
  };
}

/** The next order number of the day, per tenant: WX20261122-0001 (serialised per tenant). */
export async function nextCode(tx: TenantTx, now = new Date()): Promise<string> {
  await tx.query("select pg_advisory_xact_lock(hashtext('repair_orders.code'), $1::int)", [tx.tenantId]);
  const day = now.toISOString().slice(0, 10).replace(/-/g, '');
  const prefix = `WX${day}-`;
  const r = await tx.query<{ n: string | null }>(
    `select max(substr(code, length($2) + 1)::int) as n from repair_orders
      where tenant_id = $1 and code like $2 || '%' and substr(code, length($2) + 1) ~ '^[0-9]{1,9}$'`,
    [tx.tenantId, prefix],
  );
  return `${prefix}${String(Number(r.rows[0]?.n ?? 0) + 1).padStart(4, '0')}`;
}

/** Sums of the order's labour, parts and outside repair, valued at the tenant's rate and the parts' prices. */
export async function orderCosts(tx: TenantTx, orderId: unknown, excluding: { table: string; ids: unknown[] } | null) {
  const skip = (table: string) => (excluding?.table === table ? excluding.ids.map(Number) : []);
  const r = await tx.query<{ hours: string; parts: string; external: string }>(
    `select
       (select coalesce(sum(hours), 0) from repair_labour where tenant_id = $1 and order_id = $2 and id <> all($3::bigint[])) as hours,
       (select coalesce(sum(p.quantity * coalesce(p.unit_price, s.price, 0)), 0) from repair_parts p
          left join spare_parts s on s.tenant_id = p.tenant_id and s.id = p.spare_part_id
         where p.tenant_id = $1 and p.order_id = $2 and p.id <> all($4::bigint[])) as parts,
       (select coalesce(sum(cost), 0) from repair_externals where tenant_id = $1 and order_id = $2 and id <> all($5::bigint[])) as external`,
    [tx.tenantId, orderId, skip('repair_labour'), skip('repair_parts'), skip('repair_externals')],
  );
  const { hourlyRate } = await repairSettings(tx);
  const hours = Number(r.rows[0]!.hours);
  const parts = Number(r.rows[0]!.parts);
  const external = Number(r.rows[0]!.external);
  const labour = Math.round(hours * hourlyRate * 100) / 100;
  return {
    labourHours: hours.toFixed(2),
    partsCost: parts.toFixed(2),
    labourCost: labour.toFixed(2),
    externalCost: external.toFixed(2),
    totalCost: (Math.round((parts + labour + external) * 100) / 100).toFixed(2),
  };
}

/** The values a finish writes: repair time, downtime of a stopping fault, and the costs. */
export async function finishValues(s: StepContext): Promise<WireRow> {
  const now = new Date();
  return {
    repairMinutes: minutesSince(s.row.startedAt, now),
    downtimeMinutes: s.row.stopped ? minutesSince(s.row.reportedAt, now) : 0,
    ...(await orderCosts(s.tx, s.row.id, null)),
  };
}

/** Only the assignee (or anyone, when nobody is assigned yet) takes an order. */
export function guardAccept(s: StepContext): FieldIssue[] {
  if (s.row.assigneeId && Number(s.row.assigneeId) !== Number(s.tx.userId))
    throw businessError('repair.errors.notAssignee', { name: s.row.assigneeName ?? '' });
  return [];
}

/** A stopping fault puts the machine into 维修中; the last one closed puts it back to 运行. */
export async function setMachineStopped(tx: TenantTx, lang: Lang, equipmentId: unknown, stopped: boolean) {
  const ctx = await readContext(tx, equipmentEntity, lang);
  const current = await tx.query<{ status: string | null }>(
    'select status from equipment where tenant_id = $1 and id = $2',
    [tx.tenantId, equipmentId],
  );
  const status = current.rows[0]?.status;
  if (stopped && status !== 'repairing' && status !== 'scrapped')
    await updateRow(tx, ctx, equipmentId, { status: 'repairing' });
  if (!stopped && status === 'repairing') await updateRow(tx, ctx, equipmentId, { status: 'running' });
}

/** After a finish or a cancel: the machine runs again unless another stopping fault of it is still open. */
export async function afterClose(tx: TenantTx, lang: Lang, order: WireRow): Promise<void> {
  if (!order.stopped) return;
  const open = await tx.query(
    `select 1 from repair_orders where tenant_id = $1 and equipment_id = $2 and id <> $3 and stopped
        and state in ('reported', 'dispatched', 'accepted', 'repairing', 'paused') limit 1`,
    [tx.tenantId, order.equipmentId, order.id],
  );
  if (open.rows.length === 0) await setMachineStopped(tx, lang, order.equipmentId, false);
}

/** The report can be corrected until the work starts; only a just-reported or cancelled order is deleted. */
export const repairHooks: EntityHooks = {
  // An order a check raised reads its phenomenon from the findings, in the reader's language.
  present(row, lang) {
    if (row.findings) row.phenomenon = phenomenonIn(row, lang);
  },
  async check(_tx, _row, existing) {
    if (existing && !EDITABLE.has(String(existing.state))) throw businessError('repair.errors.notEditable');
    return [];
  },
  // A person who corrects the phenomenon of an order a check raised writes it in words: the findings give way.
  async afterWrite(tx, before, after, body) {
    if (!before?.findings || typeof body.phenomenon !== 'string' || body.phenomenon === before.phenomenon) return;
    await updateRow(tx, await readContext(tx, repairEntity, 'zh'), after.id, { findings: null }, { system: true });
  },
  async beforeDelete(_tx, rows) {
    if (rows.some((r) => r.state !== 'reported' && r.state !== 'cancelled'))
      throw businessError('repair.errors.deleteStarted');
  },
};

/** Labour, parts and outside repair keep the order's costs current; a closed order's lines stay as they are. */
async function refreshCosts(tx: TenantTx, orderId: unknown, excluding: { table: string; ids: unknown[] } | null) {
  const order = await tx.query<{ state: string }>('select state from repair_orders where tenant_id = $1 and id = $2', [
    tx.tenantId,
    orderId,
  ]);
  const state = order.rows[0]?.state;
  if (!state) return;
  if (CLOSED.has(state)) throw businessError('repair.errors.closed');
  const ctx = await readContext(tx, repairEntity, 'zh');
  await updateRow(tx, ctx, orderId, await orderCosts(tx, orderId, excluding), { system: true });
}

/** Hooks of a line table of an order (repair_labour, repair_parts, repair_externals). */
export const childHooks = (table: string): EntityHooks => ({
  async afterWrite(tx, _before, after) {
    await refreshCosts(tx, after.orderId, null);
  },
  async beforeDelete(tx, rows) {
    const byOrder = new Map<unknown, unknown[]>();
    for (const r of rows) byOrder.set(r.orderId, [...(byOrder.get(r.orderId) ?? []), r.id]);
    for (const [orderId, ids] of byOrder) await refreshCosts(tx, orderId, { table, ids });
  },
});
