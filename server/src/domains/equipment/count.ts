import { businessError, invalid, notFound } from '../../platform/http/errors.js';
import type { Lang } from '../../platform/i18n/index.js';
import { getRow, readContext } from '../../platform/resources/read.js';
import type { WireRow } from '../../platform/resources/types.js';
import { createRow, updateRow } from '../../platform/resources/write.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';

/*
 * Counting machines (issue 13, "the same mechanism counts equipment"): a plan takes the ledger's machines of a
 * workshop as expected lines; each scanned label finds its line, or adds one for a machine the ledger puts
 * elsewhere or a code it does not know; closing the count marks the lines never scanned as missing. Every line
 * is written through the record service.
 */

// The entities import this file for their workflow; they are read lazily here to keep the import one-way.
const entities = () => import('./count-resources.js');

/** A plan with its expected lines, numbered PDE<yyyymmdd>-<n> per tenant and day. */
export async function startCount(
  tx: TenantTx,
  body: { name?: string; workshopId?: number | null; remark?: string | null },
  lang: Lang,
): Promise<WireRow> {
  const { countPlanEntity, countLineEntity } = await entities();
  const name = typeof body.name === 'string' ? body.name.trim() : '';
  if (!name) throw invalid('name', 'equipment.count.errors.name');
  await tx.query("select pg_advisory_xact_lock(hashtext('equipment_counts.code'), $1::int)", [tx.tenantId]);
  const day = new Date().toISOString().slice(0, 10).replace(/-/g, '');
  const seq = await tx.query<{ n: number }>(
    `select count(*)::int + 1 as n from equipment_counts where tenant_id = $1 and code like $2`,
    [tx.tenantId, `PDE${day}-%`],
  );
  const ctx = await readContext(tx, countPlanEntity, lang);
  const plan = await createRow(
    tx,
    ctx,
    {
      code: `PDE${day}-${String(seq.rows[0]!.n).padStart(3, '0')}`,
      name,
      workshopId: body.workshopId ?? null,
      remark: body.remark ?? null,
    },
    { system: true },
  );
  const machines = await tx.query<{ id: number; workshop_id: number | null }>(
    `select id, workshop_id from equipment
      where tenant_id = $1 and deleted_at is null and status is distinct from 'scrapped'
        and ($2::bigint is null or workshop_id = $2) order by code`,
    [tx.tenantId, plan.workshopId ?? null],
  );
  const lines = await readContext(tx, countLineEntity, lang);
  for (const m of machines.rows)
    await createRow(
      tx,
      lines,
      { planId: plan.id, equipmentId: m.id, expected: true, result: 'pending', registeredWorkshopId: m.workshop_id },
      { system: true },
    );
  return updateRow(tx, ctx, plan.id, { expected: machines.rows.length }, { system: true });
}

/** What a scanned label names: a machine's record-card link (its QR), "EQ:<code>", or a typed code. */
export function scannedMachine(text: string): { id: number } | { code: string } {
  const link = /\/equipment\/ledger\/detail\/(\d{1,15})(?:[/?#]|$)/.exec(text);
  if (link) return { id: Number(link[1]) };
  return { code: text.replace(/^EQ:/i, '').trim() };
}

export interface ScanResult {
  line: WireRow;
  /** The machine was counted before: nothing changed. */
  already: boolean;
}

/** Counts one scanned label in a plan that is still counting. */
export async function scanCount(tx: TenantTx, planId: number, scanned: string, lang: Lang): Promise<ScanResult> {
  const { countLineEntity } = await entities();
  const text = scanned.trim();
  if (!text) throw invalid('code', 'equipment.count.errors.code');
  const plan = await tx.query<{ state: string; workshop_id: number | null }>(
    'select state, workshop_id from equipment_counts where tenant_id = $1 and id = $2 for update',
    [tx.tenantId, planId],
  );
  if (!plan.rows[0]) throw notFound();
  if (plan.rows[0].state !== 'counting') throw businessError('equipment.count.errors.closed');
  const target = scannedMachine(text);
  const machine = await tx.query<{ id: number; workshop_id: number | null }>(
    `select id, workshop_id from equipment where tenant_id = $1 and deleted_at is null
        and ${'id' in target ? 'id = $2' : 'code = $2'} limit 1`,
    [tx.tenantId, 'id' in target ? target.id : target.code],
  );
  const m = machine.rows[0];
  const ctx = await readContext(tx, countLineEntity, lang);
  const counted = { scannedCode: text.slice(0, 200), scannedAt: new Date().toISOString(), counterId: tx.userId };
  if (m) {
    const line = await tx.query<{ id: number; result: string }>(
      'select id, result from equipment_count_lines where tenant_id = $1 and plan_id = $2 and equipment_id = $3',
      [tx.tenantId, planId, m.id],
    );
    const found = line.rows[0];
    if (found && found.result !== 'pending') return { line: await getRow(tx, ctx, found.id), already: true };
    if (found)
      return {
        line: await updateRow(tx, ctx, found.id, { ...counted, result: 'found' }, { system: true }),
        already: false,
      };
    // Not expected here: the ledger puts it in another workshop, or it joined the ledger after the plan began.
    const elsewhere = plan.rows[0].workshop_id !== null && m.workshop_id !== plan.rows[0].workshop_id;
    const values = { planId, equipmentId: m.id, expected: false, registeredWorkshopId: m.workshop_id, ...counted };
    return {
      line: await createRow(tx, ctx, { ...values, result: elsewhere ? 'elsewhere' : 'unexpected' }, { system: true }),
      already: false,
    };
  }
  const same = await tx.query<{ id: number }>(
    'select id from equipment_count_lines where tenant_id = $1 and plan_id = $2 and equipment_id is null and scanned_code = $3',
    [tx.tenantId, planId, counted.scannedCode],
  );
  if (same.rows[0]) return { line: await getRow(tx, ctx, same.rows[0].id), already: true };
  return {
    line: await createRow(tx, ctx, { planId, expected: false, result: 'unexpected', ...counted }, { system: true }),
    already: false,
  };
}

/** Closing a count: every expected machine never scanned is missing. */
export async function markMissing(tx: TenantTx, planId: unknown): Promise<void> {
  const { countLineEntity } = await entities();
  const ctx = await readContext(tx, countLineEntity, 'zh');
  const pending = await tx.query<{ id: number }>(
    `select id from equipment_count_lines where tenant_id = $1 and plan_id = $2 and result = 'pending' order by id`,
    [tx.tenantId, planId],
  );
  for (const l of pending.rows) await updateRow(tx, ctx, l.id, { result: 'missing' }, { system: true });
}
