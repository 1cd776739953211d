import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import type { PlaceFilter } from './consumption.js';

/** Good parts made at a place over a period, or why there is no figure. */
export type GoodOutput = { available: true; goodParts: number } | { available: false; reason: 'noOutputData' };

/**
 * The good parts a place made over a period (the tenant's days, both included), the divisor of energy per unit of
 * output (kWh per good part), from production's work reports (domains/production, work_reports).
 *
 * A report is at the place of its station, else of its machine: the machine is the report's (else the station's),
 * the line and workshop the station's (else the machine's), the factory the workshop's organisation. A part passes
 * several steps of its work order's routing, each reported with its good quantity; a place's output is what left
 * the last step of each work order done at that place (the reported task with the highest sequence there), so a
 * workshop that turns, mills and grinds 100 parts made 100 parts, not 300, and a machine its own steps' last.
 * A report belongs to the day it ended. A meter given as the place stands for its machine, line, workshop or
 * factory (the most precise it has). No report at the place in the period: no figure (`noOutputData`).
 */
export async function goodOutput(tx: TenantTx, place: PlaceFilter, from: string, to: string): Promise<GoodOutput> {
  const at = await placeOf(tx, place);
  if (!at) return { available: false, reason: 'noOutputData' };
  const rows = await outputRows(tx, at, from, to, null);
  const row = rows[0];
  if (!row || Number(row.reports) === 0) return { available: false, reason: 'noOutputData' };
  return { available: true, goodParts: Number(row.good ?? 0) };
}

/** The places good output can be grouped by, and the report's place of each (aliases r, s, e of outputRows). */
export const OUTPUT_GROUPS = {
  workshop: 'coalesce(s.workshop_id, e.workshop_id)',
  line: 'coalesce(s.line_id, e.line_id)',
  equipment: 'coalesce(r.equipment_id, s.equipment_id)',
} as const;
export type OutputGroup = keyof typeof OUTPUT_GROUPS;

/** The good parts of each workshop, line or machine within a place over a period (as goodOutput counts them). */
export async function goodOutputBy(
  tx: TenantTx,
  place: PlaceFilter,
  from: string,
  to: string,
  groupBy: OutputGroup,
): Promise<Map<string, number>> {
  const at = await placeOf(tx, place);
  if (!at) return new Map();
  const rows = await outputRows(tx, at, from, to, groupBy);
  return new Map(rows.filter((r) => r.key !== null).map((r) => [String(r.key), Number(r.good ?? 0)]));
}

/** The good parts that left the last step of each work order at a place (per group when one is given). */
async function outputRows(
  tx: TenantTx,
  at: Place,
  from: string,
  to: string,
  groupBy: OutputGroup | null,
): Promise<{ key: string | null; good: string | null; reports: string }[]> {
  const values: unknown[] = [tx.tenantId, from, to];
  const p = (v: unknown) => {
    values.push(v);
    return `$${values.length}`;
  };
  const where: string[] = [];
  if (at.equipmentId) where.push(`${OUTPUT_GROUPS.equipment} = ${p(at.equipmentId)}`);
  if (at.lineId) where.push(`${OUTPUT_GROUPS.line} = ${p(at.lineId)}`);
  if (at.workshopId) where.push(`${OUTPUT_GROUPS.workshop} = ${p(at.workshopId)}`);
  if (at.organizationId) where.push(`w.organizationid = ${p(at.organizationId)}`);
  const key = groupBy ? `${OUTPUT_GROUPS[groupBy]}::text` : 'null::text';
  const r = await tx.query<{ key: string | null; good: string | null; reports: string }>(
    `with b as (select ($2::date::timestamp at time zone eam_report_zone(c.timezone)) as t0,
                       (($3::date + 1)::timestamp at time zone eam_report_zone(c.timezone)) as t1
                  from companies c where c.id = $1),
     rp as (select r.work_order_id, ${key} as key, pt.seq, r.good_qty, r.end_at
              from work_reports r
              join plan_tasks pt on pt.tenant_id = r.tenant_id and pt.id = r.plan_task_id
              left join stations s on s.tenant_id = r.tenant_id and s.id = r.station_id
              left join equipment e on e.tenant_id = r.tenant_id and e.id = coalesce(r.equipment_id, s.equipment_id)
              left join workshops w on w.tenant_id = r.tenant_id and w.id = coalesce(s.workshop_id, e.workshop_id)
             where r.tenant_id = $1 ${where.map((x) => `and ${x}`).join(' ')}
               and r.work_order_id in (select x.work_order_id from work_reports x, b
                                        where x.tenant_id = $1 and x.end_at >= b.t0 and x.end_at < b.t1)),
     last as (select work_order_id, key, max(seq) as seq from rp group by 1, 2)
     select rp.key, sum(rp.good_qty)::text as good, count(*)::text as reports
       from rp join last on last.work_order_id = rp.work_order_id and last.key is not distinct from rp.key
                        and last.seq = rp.seq, b
      where rp.end_at >= b.t0 and rp.end_at < b.t1
      group by rp.key`,
    values,
  );
  return r.rows;
}

type Place = Pick<PlaceFilter, 'organizationId' | 'workshopId' | 'lineId' | 'equipmentId'>;

/** The place a filter names: its own parts, or the meter's most precise one (null: a meter of no place). */
async function placeOf(tx: TenantTx, q: PlaceFilter): Promise<Place | null> {
  if (!q.meterId) {
    const { organizationId, workshopId, lineId, equipmentId } = q;
    return { organizationId, workshopId, lineId, equipmentId };
  }
  const m = await tx.query<{
    organization_id: number | null;
    workshop_id: number | null;
    line_id: number | null;
    equipment_id: number | null;
  }>('select organization_id, workshop_id, line_id, equipment_id from energy_meters where tenant_id = $1 and id = $2', [
    tx.tenantId,
    q.meterId,
  ]);
  const row = m.rows[0];
  if (!row) return null;
  if (row.equipment_id) return { equipmentId: Number(row.equipment_id) };
  if (row.line_id) return { lineId: Number(row.line_id) };
  if (row.workshop_id) return { workshopId: Number(row.workshop_id) };
  if (row.organization_id) return { organizationId: Number(row.organization_id) };
  return null;
}
