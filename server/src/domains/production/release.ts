import type { Lang } from '../../platform/i18n/index.js';
import { readContext } from '../../platform/resources/read.js';
import { getEntity } from '../../platform/resources/registry.js';
import type { WireRow } from '../../platform/resources/types.js';
import { createRow } from '../../platform/resources/write.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { explode } from './bom.js';
import { fieldError } from './errors.js';
import { issueRuleOf } from './stock.js';

export interface SnapshotStep {
  seq: number;
  procedureId: number;
  code: string;
  name: string;
  stationKind: string;
  standardMinutes: string;
  idealCycleSeconds: string;
  setupMinutes: string;
}

/** The order's routing (the one given, else the product's current one) and its steps in order. */
export async function routingOf(
  tx: TenantTx,
  row: WireRow,
): Promise<{ routingId: number | null; steps: SnapshotStep[] }> {
  const r = await tx.query<{ id: number }>(
    `select id from routings where tenant_id = $1 and deleted_at is null and
       (case when $2::bigint is not null then id = $2 else material_id = $3 and is_current and not is_template end)
      order by id desc limit 1`,
    [tx.tenantId, row.routingId ?? null, row.materialId],
  );
  const routingId = r.rows[0] ? Number(r.rows[0].id) : null;
  if (!routingId) return { routingId, steps: [] };
  const steps = await tx.query<SnapshotStep>(
    `select s.seq, p.id as "procedureId", p.code, p.name, p.station_kind as "stationKind",
            p.standard_minutes::text as "standardMinutes", p.ideal_cycle_seconds::text as "idealCycleSeconds",
            coalesce(p.setup_minutes, 0)::text as "setupMinutes"
       from routing_steps s join procedures p on p.tenant_id = s.tenant_id and p.id = s.procedure_id
      where s.tenant_id = $1 and s.routing_id = $2 order by s.seq`,
    [tx.tenantId, routingId],
  );
  return { routingId, steps: steps.rows.map((s) => ({ ...s, procedureId: Number(s.procedureId) })) };
}

/**
 * What a release fixes on the order: its routing and BOM and their snapshots, and the warehouse and way its
 * components are drawn (stock.ts); no routing steps, no release.
 */
export async function releaseValues(tx: TenantTx, row: WireRow): Promise<WireRow> {
  const { routingId, steps } = await routingOf(tx, row);
  if (!steps.length) throw fieldError('routingId', 'noRouting');
  const bom = await tx.query<{ id: number }>(
    `select id from boms where tenant_id = $1 and deleted_at is null and
       (case when $2::bigint is not null then id = $2 else material_id = $3 and is_current end) limit 1`,
    [tx.tenantId, row.bomId ?? null, row.materialId],
  );
  const tree = await explode(tx, Number(row.materialId), Number(row.quantity));
  return {
    ...(await issueRuleOf(tx, row)),
    routingId,
    bomId: bom.rows[0] ? Number(bom.rows[0].id) : null,
    routingSnapshot: steps,
    bomSnapshot: tree,
  };
}

/** One plan task per step of the order's routing snapshot, each for the order's whole quantity. */
export async function makeTasks(tx: TenantTx, lang: Lang, order: WireRow): Promise<void> {
  const ctx = await readContext(tx, getEntity('plantask'), lang);
  for (const s of (order.routingSnapshot as SnapshotStep[] | null) ?? [])
    await createRow(
      tx,
      ctx,
      { workOrderId: order.id, seq: s.seq, procedureId: s.procedureId, planQty: order.quantity },
      { system: true },
    );
}
