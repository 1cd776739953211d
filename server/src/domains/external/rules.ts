import { businessError } from '../../platform/http/errors.js';
import { readContext } from '../../platform/resources/read.js';
import { getEntity } from '../../platform/resources/registry.js';
import type { EntityHooks, FieldIssue, WireRow } from '../../platform/resources/types.js';
import { createRow } from '../../platform/resources/write.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import type { StepContext } from '../../platform/workflow/types.js';

/** Repair orders that take no more lines (repair/rules.ts keeps a closed order's costs as they are). */
const REPAIR_CLOSED = ['checked', 'cancelled'];
const day = (v: unknown) => (typeof v === 'string' ? v.slice(0, 10) : null);

/** A contract ends on or after the day it begins. */
export const contractHooks: EntityHooks = {
  async check(_tx, row) {
    const from = day(row.validFrom);
    const to = day(row.validTo);
    return from && to && to < from ? [{ field: 'validTo', key: 'external.errors.endBeforeStart' }] : [];
  },
};

/** The next order number of the day, per tenant: WW20261207-0001 (serialised per tenant). */
export async function nextOrderCode(tx: TenantTx, now = new Date()): Promise<string> {
  await tx.query("select pg_advisory_xact_lock(hashtext('external_orders.code'), $1::int)", [tx.tenantId]);
  const prefix = `WW${now.toISOString().slice(0, 10).replace(/-/g, '')}-`;
  const r = await tx.query<{ n: string | null }>(
    `select max(substr(code, length($2) + 1)::int) as n from external_orders
      where tenant_id = $1 and code like $2 || '%' and substr(code, length($2) + 1) ~ '^[0-9]{1,9}$'`,
    [tx.tenantId, prefix],
  );
  return `${prefix}${String(Number(r.rows[0]?.n ?? 0) + 1).padStart(4, '0')}`;
}

interface ContractFacts {
  valid_from: string;
  valid_to: string;
  category_id: number | null;
  job_limit: string | null;
  in_force: boolean;
}

async function contractFacts(tx: TenantTx, contractId: unknown): Promise<ContractFacts | null> {
  const r = await tx.query<ContractFacts>(
    `select valid_from::text, valid_to::text, category_id, job_limit::text,
            current_date between valid_from and valid_to as in_force
       from external_contracts where tenant_id = $1 and id = $2`,
    [tx.tenantId, contractId],
  );
  return r.rows[0] ?? null;
}

/** What a person may write on an order: its machine, vendor, contract and repair order must fit together. */
async function orderIssues(tx: TenantTx, row: WireRow): Promise<FieldIssue[]> {
  const issues: FieldIssue[] = [];
  const vendor = await tx.query<{ enabled: boolean }>(
    'select enabled from external_vendors where tenant_id = $1 and id = $2',
    [tx.tenantId, row.vendorId],
  );
  if (vendor.rows[0] && !vendor.rows[0].enabled)
    issues.push({ field: 'vendorId', key: 'external.errors.vendorDisabled' });
  const machine = await tx.query<{ category_id: number | null }>(
    'select category_id from equipment where tenant_id = $1 and id = $2',
    [tx.tenantId, row.equipmentId],
  );
  if (row.contractId) {
    const c = await contractFacts(tx, row.contractId);
    if (c && !c.in_force) issues.push({ field: 'contractId', key: 'external.errors.contractNotValid' });
    else if (c?.category_id && Number(c.category_id) !== Number(machine.rows[0]?.category_id))
      issues.push({ field: 'contractId', key: 'external.errors.contractScope' });
  }
  if (row.repairOrderId) {
    const o = await tx.query<{ equipment_id: number; state: string }>(
      'select equipment_id, state from repair_orders where tenant_id = $1 and id = $2',
      [tx.tenantId, row.repairOrderId],
    );
    const order = o.rows[0];
    if (order && Number(order.equipment_id) !== Number(row.equipmentId))
      issues.push({ field: 'repairOrderId', key: 'external.errors.repairOtherMachine' });
    else if (order && REPAIR_CLOSED.includes(order.state))
      issues.push({ field: 'repairOrderId', key: 'external.errors.repairClosed' });
  }
  return issues;
}

/** An order changes while it is a draft; it is numbered when made; only drafts and cancelled ones are deleted. */
export const orderHooks: EntityHooks = {
  async check(tx, row, existing) {
    if (existing && existing.state !== 'draft') throw businessError('external.errors.notEditable');
    return orderIssues(tx, row);
  },
  async beforeValidate(tx, body, existing) {
    const blank = body.code === undefined || body.code === null || (typeof body.code === 'string' && !body.code.trim());
    if (!existing && blank) return { ...body, code: await nextOrderCode(tx) };
    return body;
  },
  async beforeDelete(_tx, rows) {
    if (rows.some((r) => r.state !== 'draft' && r.state !== 'cancelled'))
      throw businessError('external.errors.deleteStarted');
  },
};

/** Approving a quotation: the contract is still in force and the quotation within its limit per job. */
export async function guardApprove(s: StepContext): Promise<FieldIssue[]> {
  if (!s.row.contractId) return [];
  const c = await contractFacts(s.tx, s.row.contractId);
  if (!c) return [];
  if (!c.in_force) return [{ field: 'contractId', key: 'external.errors.contractNotValid' }];
  if (c.job_limit !== null && Number(s.row.quotedCost) > Number(c.job_limit))
    return [{ field: 'quotedCost', key: 'external.errors.overLimit', params: { limit: c.job_limit } }];
  return [];
}

async function repairState(tx: TenantTx, id: unknown): Promise<string | null> {
  const r = await tx.query<{ state: string }>('select state from repair_orders where tenant_id = $1 and id = $2', [
    tx.tenantId,
    id,
  ]);
  return r.rows[0]?.state ?? null;
}

/** Accepting the work of an order raised for a repair order needs that order still open (its cost goes there). */
export async function guardAccept(s: StepContext): Promise<FieldIssue[]> {
  if (!s.row.repairOrderId) return [];
  const state = await repairState(s.tx, s.row.repairOrderId);
  if (state && REPAIR_CLOSED.includes(state)) throw businessError('external.errors.repairClosed');
  return [];
}

/**
 * The accepted cost of an order raised for a repair order becomes that order's outside repair line (entity
 * maintainexternal, through its record service), so the repair order's costs and the reports built on them count it.
 */
export async function postToRepairOrder(s: StepContext): Promise<WireRow> {
  if (!s.row.repairOrderId) return {};
  const ctx = await readContext(s.tx, getEntity('maintainexternal'), s.lang);
  const line = await createRow(
    s.tx,
    ctx,
    {
      orderId: s.row.repairOrderId,
      vendor: String(s.row.vendorName ?? ''),
      startDate: day(s.row.startedAt),
      endDate: day(s.row.finishedAt),
      cost: s.row.actualCost,
      remark: String(s.row.code ?? ''),
    },
    { system: true },
  );
  return { repairLineId: line.id };
}
