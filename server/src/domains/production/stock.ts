import type { Lang } from '../../platform/i18n/index.js';
import { readContext } from '../../platform/resources/read.js';
import type { WireRow } from '../../platform/resources/types.js';
import { createRow } from '../../platform/resources/write.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { A, divRound, text, type Units, units } from '../spare/decimal.js';
import { nextDocCode } from '../spare/documents.js';
import { lockStocks, postDoc } from '../spare/posting.js';
import { docEntity, lineEntity } from '../spare/resources.js';
import type { TreeNode } from './bom.js';
import { materialIssueEntity } from './stock-resources.js';

/*
 * Materials in stock (spec /api-wms): a work order draws the components of its BOM snapshot from a warehouse
 * through the spare-parts stock engine (posting.ts: row locks, never below zero, every movement kept). A material
 * is kept in stock when it is linked to a spare part; on each path of the exploded BOM the highest linked material
 * is drawn (what lies beneath it is made from it, not drawn again); unlinked leaves are not kept in stock.
 * The workshop's warehouse rule says when: `release` draws the whole order at release, `backflush` draws what the
 * units started need (good + scrap reported on the order's first step). Each change recomputes what the order
 * should have drawn by now and moves only the difference, so a deleted report or a cancelled order gives back.
 */

const Q = 2;
/** Quantities of the snapshot are at scale 4. */
const S = 4;

interface OrderRow {
  id: number;
  code: string;
  state: string;
  quantity: string;
  material_issue: string | null;
  warehouse_id: number | null;
  bom_snapshot: TreeNode[] | null;
}

/** The warehouse and mode a released order draws with: its workshop's rule (the order's warehouse when named). */
export async function issueRuleOf(
  tx: TenantTx,
  row: WireRow,
): Promise<{ warehouseId: number | null; materialIssue: string }> {
  const r = await tx.query<{ warehouse_id: number; material_issue: string }>(
    `select warehouse_id, material_issue from wms_rules
      where tenant_id = $1 and deleted_at is null and material_issue in ('release', 'backflush')
        and ($2::bigint is null or warehouse_id = $2)
        and (workshop_id = $3 or workshop_id is null)
      order by (workshop_id is not null) desc, id limit 1`,
    [tx.tenantId, row.warehouseId || null, row.workshopId || null],
  );
  const rule = r.rows[0];
  if (!rule) return { warehouseId: row.warehouseId ? Number(row.warehouseId) : null, materialIssue: 'none' };
  return { warehouseId: Number(rule.warehouse_id), materialIssue: rule.material_issue };
}

/** Per material drawn: its spare part and what the whole order needs (scale 4). */
async function needsOf(tx: TenantTx, tree: TreeNode[]): Promise<Map<number, { part: number; total: Units }>> {
  const ids = [...new Set(tree.map((n) => Number(n.materialId)))];
  const out = new Map<number, { part: number; total: Units }>();
  if (!ids.length) return out;
  const r = await tx.query<{ id: number; spare_part_id: number }>(
    `select id, spare_part_id from production_materials
      where tenant_id = $1 and id = any($2::bigint[]) and spare_part_id is not null`,
    [tx.tenantId, ids],
  );
  const part = new Map(r.rows.map((x) => [Number(x.id), Number(x.spare_part_id)]));
  // Paths start with the product; a node beneath a drawn one is skipped.
  const drawn: number[][] = [];
  for (const n of tree) {
    const path = n.path.map(Number);
    if (drawn.some((d) => d.length <= path.length && d.every((v, i) => path[i] === v))) continue;
    const p = part.get(Number(n.materialId));
    if (p === undefined) continue;
    drawn.push(path);
    const m = out.get(Number(n.materialId)) ?? { part: p, total: 0n };
    m.total += units(n.totalQuantity, S);
    out.set(Number(n.materialId), m);
  }
  return out;
}

/** Units started on the order: good + scrap reported on its first step (scale 2). */
async function started(tx: TenantTx, orderId: number): Promise<Units> {
  const r = await tx.query<{ n: string }>(
    `select coalesce(sum(r.good_qty + r.scrap_qty), 0)::text as n
       from work_reports r join plan_tasks t on t.tenant_id = r.tenant_id and t.id = r.plan_task_id
      where r.tenant_id = $1 and r.work_order_id = $2
        and t.seq = (select min(seq) from plan_tasks where tenant_id = $1 and work_order_id = $2)`,
    [tx.tenantId, orderId],
  );
  return units(r.rows[0]!.n, Q);
}

/** What the order should have drawn by now, per material (scale 2). */
async function targetOf(
  tx: TenantTx,
  order: OrderRow,
  needs: Map<number, { total: Units }>,
): Promise<Map<number, Units>> {
  const out = new Map<number, Units>();
  const cancelled = order.state === 'cancelled' || order.state === 'planned';
  const ratio = order.material_issue === 'backflush' && !cancelled ? await started(tx, order.id) : null;
  const qty = units(order.quantity, Q);
  for (const [m, n] of needs) {
    if (cancelled) out.set(m, 0n);
    else if (ratio === null) out.set(m, divRound(n.total, 100n));
    else out.set(m, divRound(n.total * ratio, qty * 100n));
  }
  return out;
}

interface Drawn {
  quantity: Units;
  /** The bin, batch and unit cost of its latest issue (where a return goes back to). */
  binId: number | null;
  batch: string | null;
  unitCost: string;
}

async function drawnSoFar(tx: TenantTx, orderId: number): Promise<Map<number, Drawn>> {
  const r = await tx.query<{
    material_id: number;
    q: string;
    bin_id: number | null;
    batch: string | null;
    cost: string;
  }>(
    `select i.material_id, sum(i.quantity)::text as q,
            (array_agg(l.bin_id order by i.id desc) filter (where i.quantity > 0))[1] as bin_id,
            (array_agg(l.batch order by i.id desc) filter (where i.quantity > 0))[1] as batch,
            coalesce((array_agg(l.unit_cost order by i.id desc) filter (where i.quantity > 0))[1], 0)::text as cost
       from production_material_issues i
       left join lateral (select bin_id, batch, unit_cost from spare_doc_lines
                           where tenant_id = i.tenant_id and doc_id = i.doc_id and spare_part_id = i.spare_part_id
                           order by id limit 1) l on true
      where i.tenant_id = $1 and i.work_order_id = $2 group by i.material_id`,
    [tx.tenantId, orderId],
  );
  return new Map(
    r.rows.map((x) => [
      Number(x.material_id),
      {
        quantity: units(x.q, Q),
        binId: x.bin_id === null ? null : Number(x.bin_id),
        batch: x.batch,
        unitCost: x.cost,
      },
    ]),
  );
}

/** Where a quantity of a part is taken from: the bins and batches holding it, fullest first. */
async function allocate(tx: TenantTx, part: number, warehouse: number, q: Units): Promise<WireRow[]> {
  const r = await tx.query<{ bin_id: number | null; batch: string | null; quantity: string }>(
    `select bin_id, batch, quantity::text from spare_bin_stocks
      where tenant_id = $1 and spare_part_id = $2 and warehouse_id = $3 and quantity > 0
      order by quantity desc, id`,
    [tx.tenantId, part, warehouse],
  );
  const lines: WireRow[] = [];
  let left = q;
  for (const b of r.rows) {
    if (left <= 0n) break;
    const has = units(b.quantity, Q);
    const take = has < left ? has : left;
    lines.push({ sparePartId: part, quantity: text(take, Q), binId: b.bin_id, batch: b.batch });
    left -= take;
  }
  // What no bin holds is asked of the warehouse as such: posting refuses it when it is not there.
  if (left > 0n) lines.push({ sparePartId: part, quantity: text(left, Q), binId: null, batch: null });
  return lines;
}

async function postedDoc(tx: TenantTx, order: OrderRow, type: 'issue' | 'receipt', lines: WireRow[]): Promise<WireRow> {
  const now = new Date().toISOString();
  const total = lines.reduce((s, l) => s + units(l.quantity, Q), 0n);
  const doc = await createRow(
    tx,
    await readContext(tx, docEntity, 'zh'),
    {
      code: await nextDocCode(tx, type),
      type,
      reason: 'production',
      warehouseId: order.warehouse_id,
      taskNo: order.code,
      state: 'posted',
      totalQuantity: text(total, Q),
      submitterId: tx.userId,
      submittedAt: now,
      approverId: tx.userId,
      approvedAt: now,
      posterId: tx.userId,
      postedAt: now,
    },
    { system: true },
  );
  const lineCtx = await readContext(tx, lineEntity, 'zh');
  for (const l of lines) await createRow(tx, lineCtx, { ...l, docId: doc.id }, { system: true });
  return doc;
}

/**
 * Brings what the order has drawn from its warehouse to what it should have by now (see above): one issue for
 * what is missing, one receipt for what goes back. Runs under the order's row lock (its callers hold it); the
 * stock rows are locked before the bins are read, so two orders drawing the same part wait on each other and the
 * second sees what the first took. Not enough in stock refuses the whole step with the part named.
 */
export async function syncMaterials(tx: TenantTx, lang: Lang, orderId: number): Promise<void> {
  const order = (
    await tx.query<OrderRow>(
      `select id, code, state, quantity::text as quantity, material_issue, warehouse_id, bom_snapshot
         from work_orders where tenant_id = $1 and id = $2`,
      [tx.tenantId, orderId],
    )
  ).rows[0];
  if (!order?.warehouse_id || !order.material_issue || order.material_issue === 'none') return;
  const needs = await needsOf(tx, order.bom_snapshot ?? []);
  if (!needs.size) return;
  const target = await targetOf(tx, order, needs);
  const drawn = await drawnSoFar(tx, order.id);
  const wh = Number(order.warehouse_id);
  const out: { material: number; part: number; q: Units }[] = [];
  const back: { material: number; part: number; q: Units; from: Drawn }[] = [];
  for (const [material, n] of needs) {
    const had = drawn.get(material);
    const delta = target.get(material)! - (had?.quantity ?? 0n);
    if (delta > 0n) out.push({ material, part: n.part, q: delta });
    if (delta < 0n && had) back.push({ material, part: n.part, q: -delta, from: had });
  }
  if (!out.length && !back.length) return;
  await lockStocks(
    tx,
    [...out, ...back].map((x) => [x.part, wh]),
  );
  const issueCtx = await readContext(tx, materialIssueEntity, lang);
  const record = async (doc: WireRow, kind: string, rows: { material: number; part: number }[], sign: 1n | -1n) => {
    const amounts = await tx.query<{ spare_part_id: number; q: string; amount: string }>(
      `select spare_part_id, sum(quantity)::text as q, coalesce(sum(amount), 0)::text as amount
         from spare_doc_lines where tenant_id = $1 and doc_id = $2 group by spare_part_id`,
      [tx.tenantId, doc.id],
    );
    const byPart = new Map(amounts.rows.map((a) => [Number(a.spare_part_id), a]));
    for (const r of rows) {
      const a = byPart.get(r.part)!;
      await createRow(
        tx,
        issueCtx,
        {
          workOrderId: order.id,
          materialId: r.material,
          sparePartId: r.part,
          warehouseId: wh,
          docId: doc.id,
          kind,
          quantity: text(sign * units(a.q, Q), Q),
          amount: text(sign * units(a.amount, A), A),
        },
        { system: true },
      );
    }
  };
  if (out.length) {
    const lines: WireRow[] = [];
    for (const x of out) lines.push(...(await allocate(tx, x.part, wh, x.q)));
    const doc = await postedDoc(tx, order, 'issue', lines);
    await postDoc(tx, lang, doc, { direct: true });
    await record(doc, order.material_issue, out, 1n);
  }
  if (back.length) {
    const lines = back.map((x) => ({
      sparePartId: x.part,
      quantity: text(x.q, Q),
      unitCost: x.from.unitCost,
      binId: x.from.binId,
      batch: x.from.batch,
    }));
    const doc = await postedDoc(tx, order, 'receipt', lines);
    await postDoc(tx, lang, doc, { direct: true, undoIssue: true });
    await record(doc, 'return', back, -1n);
  }
}
