import { sparePartEntity } from '../../../server/src/domains/equipment/parts-resources.js';
import { warehouseEntity, warehouseLineEntity } from '../../../server/src/domains/plant/warehouses.js';
import { insertRecords } from '../../../server/src/platform/resources/import-insert.js';
import { readContext } from '../../../server/src/platform/resources/read.js';
import type { TenantTx } from '../../../server/src/platform/tenancy/tenant-tx.js';
import { pad } from './random.js';

export interface SpareSize {
  parts: number;
  warehouses: number;
  /** Stock movements over the last year (four lines a document, a movement a line). */
  moves: number;
}

type Scoped = <T>(fn: (tx: TenantTx) => Promise<T>) => Promise<T>;

/** Part kinds: code, name, specifications, unit, category, price. */
const PART_KINDS: [string, string, string[], string, string, number][] = [
  ['BRG', '深沟球轴承', ['6205-2RS', '6206-ZZ', '6308-ZZ', '6312-2RS'], '个', '轴承', 32],
  ['SEAL', '骨架油封', ['TC 40×62×8', 'TC 55×80×10', 'TG 30×47×7'], '个', '密封件', 7],
  ['BELT', '三角带', ['A-1200', 'B-1600', 'SPZ-1000'], '条', '皮带与链条', 24],
  ['VLV', '电磁换向阀', ['4WE6E-6X/EG24N9K4', '4WE10J-3X/CG24N9Z5L'], '个', '液压阀', 680],
  ['CYL', '标准气缸', ['SC32×100', 'SC50×150', 'MAL25×75'], '个', '气动元件', 165],
  ['CTR', '交流接触器', ['LC1-D25M7C', 'LC1-D18M7C', 'LC1-D40AM7C'], '个', '电气元件', 135],
  ['FUSE', '熔断器芯', ['RT18-32 10A', 'RT18-32 16A', 'RT14-20 6A'], '个', '电气元件', 3],
  ['FLT', '液压油滤芯', ['HC9020FDP8H', 'PI 8430 DRG60', 'ZNGL02010301'], '支', '滤芯', 210],
  ['SNS', '接近开关', ['E2E-X5ME1', 'IME12-04BPSZC0K', 'NBB8-18GM50-E2'], '个', '传感器', 148],
  ['NZL', '注塑机射嘴', ['Φ3.5 SR10', 'Φ5 SR15'], '个', '注塑机配件', 420],
];

const BINS_PER_WAREHOUSE = 20;
/** Documents written per statement (each with its lines and movements, in a transaction of its own). */
const BATCH = 25_000;
const LINES = 4;

/** The store's warehouses, bins and parts, through the engine's batched insert. */
async function fillCatalogue(tx: TenantTx, size: SpareSize): Promise<number> {
  const keeper = tx.userId;
  const wh = await insertRecords(
    tx,
    await readContext(tx, warehouseEntity, 'zh'),
    Array.from({ length: size.warehouses }, (_, i) => ({
      code: `BK${pad(i + 1, 2)}`,
      name: `备件${['一', '二', '三', '四', '五', '六', '七', '八'][i % 8]}库${i >= 8 ? Math.floor(i / 8) + 1 : ''}`,
      type: 'spare',
      keeperId: keeper,
      address: `厂区${String.fromCharCode(65 + (i % 26))}栋一层`,
    })),
  );
  const ids = await tx.query<{ id: number }>(
    "select id from warehouses where tenant_id = $1 and code like 'BK%' order by code",
    [tx.tenantId],
  );
  const bins = await insertRecords(
    tx,
    await readContext(tx, warehouseLineEntity, 'zh'),
    ids.rows.flatMap((w) =>
      Array.from({ length: BINS_PER_WAREHOUSE }, (_, j) => ({
        warehouseId: w.id,
        code: `${String.fromCharCode(65 + Math.floor(j / 10))}-${pad((j % 10) + 1, 2)}`,
        name: `${String.fromCharCode(65 + Math.floor(j / 10))}区${(j % 10) + 1}号货架`,
      })),
    ),
  );
  const parts = await insertRecords(
    tx,
    await readContext(tx, sparePartEntity, 'zh'),
    Array.from({ length: size.parts }, (_, i) => {
      const [code, name, specs, unit, category, price] = PART_KINDS[i % PART_KINDS.length]!;
      const spec = specs[Math.floor(i / PART_KINDS.length) % specs.length]!;
      return {
        code: `SP-${code}-${pad(i + 1, 6)}`,
        name,
        specification: spec,
        unit,
        category,
        price: (price * (0.8 + ((i * 37) % 40) / 100)).toFixed(2),
        safetyStock: String(5 + (i % 4) * 5),
      };
    }),
  );
  return wh + bins + parts;
}

/**
 * The tenant's numbered parts, spare warehouses and bins, for the set-based statements: a part's bin in a
 * warehouse is fixed (its number modulo the bins), so the stock of a pair is the stock of its one bin.
 */
const STORE = `
  parts as (select row_number() over (order by id) - 1 as n, id, coalesce(price, 10) as price
              from spare_parts where tenant_id = $1 and deleted_at is null),
  np as (select count(*) as n from parts),
  whs as (select row_number() over (order by id) - 1 as n, id
            from warehouses where tenant_id = $1 and type = 'spare' and code like 'BK%' and deleted_at is null),
  nw as (select count(*) as n from whs),
  bins as (select warehouse_id, row_number() over (partition by warehouse_id order by id) - 1 as n, id
             from warehouse_lines where tenant_id = $1 and deleted_at is null
              and warehouse_id in (select id from whs))`;

/**
 * `count` posted documents numbered from `from`, spread over the last year: a fifth purchase receipts, the rest
 * issues (most to a repair order of the tenant when it has them, else to a cost centre), four lines each. Their
 * movements, balances and stock come after (insertOpening, insertMoves, insertStock). Set-based SQL rather than the
 * workflow, as for repair orders: two million movements through it would take hours; the spare tests prove
 * what posting writes.
 */
async function insertDocs(tx: TenantTx, from: number, count: number, total: number): Promise<number> {
  // Lines find their document by its number in the insert's output, which the planner cannot estimate: it would
  // loop over the lines for each document.
  await tx.query('set local enable_nestloop = off');
  const r = await tx.query(
    `with ${STORE},
     orders as (select min(id) as lo, max(id) as hi from repair_orders where tenant_id = $1),
     d as materialized (
       select x.*, o.id as order_id,
              case when x.type = 'issue' and o.id is null then 'CC-' || (100 + x.g % 12) end as cost_centre
         from (select g, (select id from whs where n = g % (select n from nw)) as warehouse_id,
                      case when g % 5 = 0 then 'receipt' else 'issue' end as type,
                      date_trunc('minute', now()) - interval '365 days'
                        + (g * 525000 / $4 + g * 7919 % 300) * interval '1 minute' as at
                 from generate_series($2::bigint, $2::bigint + $3::bigint - 1) g) x
         left join orders r on x.type = 'issue' and x.g % 5 <> 4
         left join repair_orders o on o.tenant_id = $1 and o.id = r.lo + (x.g * 2654435761) % (r.hi - r.lo + 1)),
     l as materialized (
       select d.g, d.type, d.at, d.warehouse_id, d.order_id, d.cost_centre, p.id as part_id, b.id as bin_id,
              case when d.type = 'receipt' then 20 + (d.g + k) % 41 else 1 + (d.g * 3 + k) % 4 end::numeric as qty,
              round(p.price * (0.9 + ((d.g + k) % 21) / 100.0), 4) as cost
         from d cross join generate_series(0, ${LINES - 1}) k
         join parts p on p.n = (d.g * 31 + k * 977) % (select n from np)
         left join bins b on b.warehouse_id = d.warehouse_id and b.n = p.n % ${BINS_PER_WAREHOUSE}),
     tot as (select g, sum(qty) as qty, round(sum(qty * cost), 2) as amount from l group by g),
     docs as (
       insert into spare_docs(tenant_id, code, type, reason, warehouse_id, order_id, cost_centre, doc_date, state,
         total_quantity, total_amount, submitter_id, submitted_at, approver_id, approved_at, poster_id, posted_at, remark)
       select $1,
              case when d.type = 'receipt' then 'RK' else 'CK' end || to_char(d.at, 'YYYYMMDD') || '-' || lpad(d.g::text, 7, '0'),
              d.type, case when d.type = 'receipt' then 'purchase' when d.order_id is not null then 'order' else 'costCentre' end,
              d.warehouse_id, d.order_id, d.cost_centre, d.at, 'posted', t.qty, t.amount, $5, d.at, $5, d.at, $5, d.at,
              case when d.type = 'receipt' then '采购入库' else '维修领用' end
         from d join tot t on t.g = d.g
       returning id, substr(code, length(code) - 6)::bigint as g)
     insert into spare_doc_lines(tenant_id, doc_id, spare_part_id, quantity, unit_cost, amount, bin_id)
     select $1, docs.id, l.part_id, l.qty, l.cost, round(l.qty * l.cost, 2), l.bin_id from l join docs using (g)`,
    [tx.tenantId, from, count, total, tx.userId],
  );
  return r.rowCount;
}

/** Every line of the tenant's posted receipts and issues with its signed quantity, date and document. */
const SIGNED = `
  signed as (
    select l.id, l.spare_part_id, d.warehouse_id, l.bin_id, d.doc_date, d.id as doc_id, d.type, d.order_id,
           d.cost_centre, l.unit_cost, l.amount, case when d.type = 'receipt' then l.quantity else -l.quantity end as q
      from spare_doc_lines l join spare_docs d on d.tenant_id = $1 and d.id = l.doc_id
     where l.tenant_id = $1 and d.state = 'posted' and d.type in ('receipt', 'issue'))`;

/**
 * An opening receipt a day before the year per warehouse, for each part it moves: enough that no balance goes
 * below zero, plus thirty.
 */
async function insertOpening(tx: TenantTx): Promise<number> {
  await tx.query('set local enable_nestloop = off');
  const r = await tx.query(
    `with ${SIGNED},
     run as (
       select spare_part_id, warehouse_id, bin_id,
              sum(q) over (partition by spare_part_id, warehouse_id order by doc_date, id) as balance
         from signed),
     need as (
       select spare_part_id, warehouse_id, min(bin_id) as bin_id, greatest(0, -min(balance)) + 30 as qty
         from run group by spare_part_id, warehouse_id),
     start as (select min(doc_date) - interval '1 day' as at from spare_docs where tenant_id = $1),
     docs as (
       insert into spare_docs(tenant_id, code, type, reason, warehouse_id, doc_date, state, total_quantity,
         total_amount, submitter_id, submitted_at, approver_id, approved_at, poster_id, posted_at, remark)
       select $1, 'RK' || to_char(s.at, 'YYYYMMDD') || '-Q' || w.code, 'receipt', 'purchase', w.id, s.at, 'posted',
              t.qty, t.amount, $2, s.at, $2, s.at, $2, s.at, '期初入库'
         from warehouses w cross join start s
         cross join lateral (
           select sum(n.qty) as qty, round(sum(n.qty * coalesce(p.price, 10)), 2) as amount
             from need n join spare_parts p on p.tenant_id = $1 and p.id = n.spare_part_id
            where n.warehouse_id = w.id) t
        where w.tenant_id = $1 and w.type = 'spare' and w.code like 'BK%' and t.qty is not null
       returning id, warehouse_id)
     insert into spare_doc_lines(tenant_id, doc_id, spare_part_id, quantity, unit_cost, amount, bin_id)
     select $1, docs.id, n.spare_part_id, n.qty, coalesce(p.price, 10), round(n.qty * coalesce(p.price, 10), 2), n.bin_id
       from need n join docs on docs.warehouse_id = n.warehouse_id
       join spare_parts p on p.tenant_id = $1 and p.id = n.spare_part_id`,
    [tx.tenantId, tx.userId],
  );
  return r.rowCount;
}

/** The movements of one warehouse's lines, each with the part's balance after it (one pass, no update after). */
async function insertMoves(tx: TenantTx, warehouseId: number): Promise<number> {
  await tx.query('set local enable_nestloop = off');
  const r = await tx.query(
    `with ${SIGNED}
     insert into spare_moves(tenant_id, moved_at, kind, doc_id, doc_type, spare_part_id, warehouse_id, bin_id,
       quantity, unit_cost, amount, balance, order_id, equipment_id, cost_centre, user_id)
     select $1, s.doc_date, case when s.type = 'receipt' then 'in' else 'out' end, s.doc_id, s.type, s.spare_part_id,
            s.warehouse_id, s.bin_id, s.q, s.unit_cost, s.amount,
            sum(s.q) over (partition by s.spare_part_id order by s.doc_date, s.id), s.order_id, o.equipment_id,
            s.cost_centre, $3
       from signed s left join repair_orders o on o.tenant_id = $1 and o.id = s.order_id
      where s.warehouse_id = $2`,
    [tx.tenantId, warehouseId, tx.userId],
  );
  return r.rowCount;
}

/**
 * The stock per part and warehouse (on hand, average cost of what came in, levels: every seventh part below its
 * minimum) and per bin, from the movements.
 */
async function insertStock(tx: TenantTx): Promise<number> {
  const stocks = await tx.query(
    `insert into spare_stocks(tenant_id, spare_part_id, warehouse_id, on_hand, reserved, avg_cost, min_qty, max_qty)
     select $1, spare_part_id, warehouse_id, sum(quantity), 0,
            round(sum(amount) filter (where quantity > 0) / nullif(sum(quantity) filter (where quantity > 0), 0), 4),
            case when spare_part_id % 7 = 0 then sum(quantity) + 10 else 10 end,
            case when spare_part_id % 7 = 0 then sum(quantity) + 60 else 200 end
       from spare_moves where tenant_id = $1 group by spare_part_id, warehouse_id`,
    [tx.tenantId],
  );
  const bins = await tx.query(
    `insert into spare_bin_stocks(tenant_id, spare_part_id, warehouse_id, bin_id, quantity)
     select $1, spare_part_id, warehouse_id, bin_id, sum(quantity)
       from spare_moves where tenant_id = $1 group by spare_part_id, warehouse_id, bin_id`,
    [tx.tenantId],
  );
  return stocks.rowCount + bins.rowCount;
}

/**
 * A year of a spare store for a generated tenant: its warehouses, bins and parts, then documents of four lines
 * for `moves` movements (each batch in a transaction of its own), the opening stock, the movements with their
 * balances (a warehouse a transaction) and the stock.
 */
export async function fillSpareStore(
  scoped: Scoped,
  size: SpareSize,
  onBatch: (table: string, rows: number) => void,
  analyze: (tables: string[]) => Promise<void>,
): Promise<void> {
  onBatch('spare catalogue', await scoped((tx) => fillCatalogue(tx, size)));
  await analyze(['spare_parts', 'warehouses', 'warehouse_lines']);
  const docs = Math.ceil(size.moves / LINES);
  for (let done = 0; done < docs; ) {
    // A small first batch, then statistics: a connection plans its foreign-key checks once, and planned on
    // empty tables they scan the documents for every line (minutes for the first 100,000 lines).
    const n = Math.min(done === 0 ? 1_000 : BATCH, docs - done);
    onBatch('spare_doc_lines', await scoped((tx) => insertDocs(tx, done + 1, n, docs)));
    if (done === 0) await analyze(['spare_docs', 'spare_doc_lines']);
    done += n;
  }
  onBatch('spare_doc_lines', await scoped(insertOpening));
  const warehouses = await scoped((tx) =>
    tx.query<{ id: number }>(
      "select id from warehouses where tenant_id = $1 and type = 'spare' and code like 'BK%' order by id",
      [tx.tenantId],
    ),
  );
  for (const w of warehouses.rows) onBatch('spare_moves', await scoped((tx) => insertMoves(tx, Number(w.id))));
  onBatch('spare stock', await scoped(insertStock));
}
