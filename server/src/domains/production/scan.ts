import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';

/** A scanned label: the order's or the station's code, or a link ending in `?code=`. */
export const codeOf = (scanned: string): string => {
  const m = /[?&]code=([^&#]+)/.exec(scanned);
  return (m ? decodeURIComponent(m[1]!) : scanned).trim();
};

/**
 * What an operator's phone shows after scanning: the open tasks (released or started orders) of the order or
 * station whose code was scanned, in the order they are planned, each with what is reported so far.
 */
export async function scanCode(tx: TenantTx, scanned: string) {
  const code = codeOf(scanned);
  const r = await tx.query(
    `select t.id, t.seq, t.plan_qty::text as "planQty", t.good_qty::text as "goodQty", t.scrap_qty::text as "scrapQty",
            t.plan_start as "planStart", t.state, o.id as "workOrderId", o.code as "orderCode", o.quantity::text as quantity,
            m.code as "materialCode", m.name as "materialName", p.code as "procedureCode", p.name as "procedureName",
            s.id as "stationId", s.code as "stationCode", s.name as "stationName", t.equipment_id as "equipmentId"
       from plan_tasks t
       join work_orders o on o.tenant_id = t.tenant_id and o.id = t.work_order_id
       join production_materials m on m.tenant_id = t.tenant_id and m.id = o.material_id
       join procedures p on p.tenant_id = t.tenant_id and p.id = t.procedure_id
       left join stations s on s.tenant_id = t.tenant_id and s.id = t.station_id
      where t.tenant_id = $1 and o.state in ('released', 'inProgress') and t.state <> 'done'
        and (o.code = $2 or s.code = $2)
      order by t.plan_start nulls last, o.due_date, t.seq limit 100`,
    [tx.tenantId, code],
  );
  const kind = r.rows.length ? (r.rows[0]!.orderCode === code ? 'order' : 'station') : null;
  return { code, kind, tasks: r.rows };
}
