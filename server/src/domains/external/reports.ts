import { keptMachines, Sql } from '../../platform/reports/filters.js';
import { defineReport, namedRows, periodCte, type ReportRow } from '../../platform/reports/framework.js';

const GROUPS = {
  vendor: {
    key: 'o.vendor_id',
    name: 'v.name',
    join: 'join external_vendors v on v.tenant_id = o.tenant_id and v.id = o.vendor_id',
  },
  equipment: {
    key: 'o.equipment_id',
    name: "m.code || ' ' || m.name",
    join: 'join equipment m on m.tenant_id = o.tenant_id and m.id = o.equipment_id',
  },
  workshop: {
    key: 'm.workshop_id',
    name: 'w.workshopname',
    join: `join equipment m on m.tenant_id = o.tenant_id and m.id = o.equipment_id
           left join workshops w on w.tenant_id = m.tenant_id and w.id = m.workshop_id`,
  },
  category: {
    key: 'm.category_id',
    name: 'c.name',
    join: `join equipment m on m.tenant_id = o.tenant_id and m.id = o.equipment_id
           left join equipment_categories c on c.tenant_id = m.tenant_id and c.id = m.category_id`,
  },
} as const;
type Group = keyof typeof GROUPS;
const groupOf = (v: unknown): Group => (typeof v === 'string' && v in GROUPS ? (v as Group) : 'vendor');

/**
 * externalCost: the cost of external maintenance accepted in the period, per vendor (or machine, workshop,
 * category): orders, quoted and accepted cost, the difference, and the vendor's average rating on them.
 */
export const externalCostReport = defineReport({
  key: 'externalCost',
  menu: 'reportform.externalCost',
  filters: ['period', 'workshopId', 'lineId', 'categoryId', 'equipmentId'],
  groups: ['vendor', 'equipment', 'workshop', 'category'],
  chart: 'bar',
  columns: [
    { name: 'externalOrders', kind: 'int' },
    { name: 'quotedCost', kind: 'money' },
    { name: 'actualCost', kind: 'money', chart: true },
    { name: 'overQuote', kind: 'money' },
    { name: 'vendorRating', kind: 'number' },
  ],
  async run(ctx) {
    const sql = new Sql(ctx.tx.tenantId);
    const g = GROUPS[groupOf(ctx.q.groupBy)];
    const p = periodCte(ctx, sql);
    const machines = keptMachines(ctx.q, sql, 'o');
    const r = await ctx.tx.query<ReportRow & { all_cost: string; all_orders: number; all_quoted: string }>(
      `with ${p},
       s as (select o.* from external_orders o cross join p ${machines.join}
              where o.tenant_id = $1 and o.state = 'accepted' and o.accepted_at >= p.t0 and o.accepted_at < p.t1
                    ${machines.where})
       select ${g.key} as key, ${g.name} as name, count(*)::int as "externalOrders",
              coalesce(sum(o.quoted_cost), 0)::numeric(14, 2) as "quotedCost",
              coalesce(sum(o.actual_cost), 0)::numeric(14, 2) as "actualCost",
              (coalesce(sum(o.actual_cost), 0) - coalesce(sum(o.quoted_cost), 0))::numeric(14, 2) as "overQuote",
              round(avg(o.rating), 2) as "vendorRating",
              sum(count(*)) over ()::int as all_orders,
              sum(coalesce(sum(o.quoted_cost), 0)) over ()::numeric(16, 2) as all_quoted,
              sum(coalesce(sum(o.actual_cost), 0)) over ()::numeric(16, 2) as all_cost
         from s o ${g.join}
        group by ${g.key}, ${g.name}
        order by "actualCost" desc, name nulls last`,
      sql.values,
    );
    const first = r.rows[0];
    const rows = r.rows.map(({ all_cost: _c, all_orders: _o, all_quoted: _q, ...row }) => row as ReportRow);
    return {
      rows: namedRows(ctx, rows),
      total: {
        externalOrders: Number(first?.all_orders ?? 0),
        quotedCost: Number(first?.all_quoted ?? 0).toFixed(2),
        actualCost: Number(first?.all_cost ?? 0).toFixed(2),
        overQuote: (Number(first?.all_cost ?? 0) - Number(first?.all_quoted ?? 0)).toFixed(2),
      },
    };
  },
});
