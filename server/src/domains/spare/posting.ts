import { businessError } from '../../platform/http/errors.js';
import type { Lang } from '../../platform/i18n/index.js';
import { readContext } from '../../platform/resources/read.js';
import type { EntityDef, WireRow } from '../../platform/resources/types.js';
import { createRow, updateRow } from '../../platform/resources/write.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { notifyStep } from '../../platform/workflow/notify.js';
import { taskPartEntity } from '../check/task-lines.js';
import { A, amountOf, C, movingAverage, Q, text, type Units, units } from './decimal.js';
import { partEntity } from './order-part-resources.js';
import { binStockEntity, docEntity, lineEntity, moveEntity, stockEntity } from './resources.js';

export interface Line {
  id: number;
  sparePartId: number;
  quantity: Units;
  unitCost: Units | null;
  batch: string;
  binId: number | null;
  toBinId: number | null;
}

/** The lines of a document, in their order. */
export async function docLines(tx: TenantTx, docId: unknown): Promise<Line[]> {
  const r = await tx.query<{
    id: number;
    spare_part_id: number;
    quantity: string;
    unit_cost: string | null;
    batch: string | null;
    bin_id: number | null;
    to_bin_id: number | null;
  }>(
    `select id, spare_part_id, quantity, unit_cost, batch, bin_id, to_bin_id from spare_doc_lines
      where tenant_id = $1 and doc_id = $2 order by id`,
    [tx.tenantId, docId],
  );
  return r.rows.map((l) => ({
    id: Number(l.id),
    sparePartId: Number(l.spare_part_id),
    quantity: units(l.quantity, Q),
    unitCost: l.unit_cost === null ? null : units(l.unit_cost, C),
    batch: l.batch ?? '',
    binId: l.bin_id === null ? null : Number(l.bin_id),
    toBinId: l.to_bin_id === null ? null : Number(l.to_bin_id),
  }));
}

/** What a line takes out of the document's warehouse (issues, transfers, negative adjustments). */
function outgoing(doc: WireRow, line: Line): Units {
  if (doc.type === 'issue' || doc.type === 'transfer') return line.quantity;
  if (doc.type === 'adjust' && line.quantity < 0n) return -line.quantity;
  return 0n;
}

/** The quantities a document takes out, per part (of its warehouse). */
function needs(doc: WireRow, lines: Line[]): Map<number, Units> {
  const m = new Map<number, Units>();
  for (const l of lines) {
    const q = outgoing(doc, l);
    if (q > 0n) m.set(l.sparePartId, (m.get(l.sparePartId) ?? 0n) + q);
  }
  return m;
}

async function partLabel(tx: TenantTx, partId: number): Promise<string> {
  const r = await tx.query<{ code: string; name: string }>(
    'select code, name from spare_parts where tenant_id = $1 and id = $2',
    [tx.tenantId, partId],
  );
  return r.rows[0] ? `${r.rows[0].code} ${r.rows[0].name}` : String(partId);
}

interface StockRow {
  id: number;
  sparePartId: number;
  warehouseId: number;
  onHand: Units;
  reserved: Units;
  avgCost: Units;
  minQty: Units | null;
  keeperId: number | null;
  warned: boolean;
}

const key = (part: number, warehouse: number) => `${part}:${warehouse}`;

/**
 * Locks the stock rows of the (part, warehouse) pairs, creating missing ones. Two postings of the same part
 * serialise here: an advisory lock per pair (ordered by its number, so no two postings wait on each other in a
 * circle) covers rows not yet created, then the rows themselves are locked FOR UPDATE in id order.
 */
export async function lockStocks(tx: TenantTx, pairs: [number, number][]): Promise<Map<string, StockRow>> {
  const keys = [...new Set(pairs.map(([p, w]) => key(p, w)))];
  await tx.query(
    `select count(pg_advisory_xact_lock(hashtext('spare_stocks'), h)) from
       (select distinct hashtext($1::text || ':' || k) as h from unnest($2::text[]) k order by h) x`,
    [String(tx.tenantId), keys],
  );
  const read = () =>
    tx.query<{
      id: number;
      spare_part_id: number;
      warehouse_id: number;
      on_hand: string;
      reserved: string;
      avg_cost: string;
      min_qty: string | null;
      keeper_id: number | null;
      low_notified_at: unknown;
    }>(
      `select s.id, s.spare_part_id, s.warehouse_id, s.on_hand, s.reserved, s.avg_cost, s.min_qty, s.low_notified_at, w.keeper_id
         from spare_stocks s join warehouses w on w.tenant_id = s.tenant_id and w.id = s.warehouse_id
        where s.tenant_id = $1 and (s.spare_part_id::text || ':' || s.warehouse_id::text) = any($2::text[])
        order by s.id for update of s`,
      [tx.tenantId, keys],
    );
  let r = await read();
  const have = new Set(r.rows.map((x) => key(Number(x.spare_part_id), Number(x.warehouse_id))));
  const missing = keys.filter((k) => !have.has(k));
  if (missing.length) {
    const ctx = await readContext(tx, stockEntity, 'zh');
    for (const k of missing) {
      const [sparePartId, warehouseId] = k.split(':').map(Number);
      await createRow(tx, ctx, { sparePartId, warehouseId }, { system: true });
    }
    r = await read();
  }
  return new Map(
    r.rows.map((x) => [
      key(Number(x.spare_part_id), Number(x.warehouse_id)),
      {
        id: Number(x.id),
        sparePartId: Number(x.spare_part_id),
        warehouseId: Number(x.warehouse_id),
        onHand: units(x.on_hand, Q),
        reserved: units(x.reserved, Q),
        avgCost: units(x.avg_cost, C),
        minQty: x.min_qty === null ? null : units(x.min_qty, Q),
        keeperId: x.keeper_id === null ? null : Number(x.keeper_id),
        warned: x.low_notified_at !== null,
      },
    ]),
  );
}

/** Refuses a document that takes out more than the warehouse has available (on hand less reserved). */
export async function checkAvailable(tx: TenantTx, doc: WireRow, lines: Line[]): Promise<void> {
  const need = needs(doc, lines);
  if (!need.size) return;
  const r = await tx.query<{ spare_part_id: number; available: string }>(
    `select spare_part_id, on_hand - reserved as available from spare_stocks
      where tenant_id = $1 and warehouse_id = $2 and spare_part_id = any($3::bigint[])`,
    [tx.tenantId, doc.warehouseId, [...need.keys()]],
  );
  const available = new Map(r.rows.map((x) => [Number(x.spare_part_id), units(x.available, Q)]));
  for (const [part, q] of need) {
    const has = available.get(part) ?? 0n;
    if (has < q) await insufficient(tx, part, has, q);
  }
}

async function insufficient(tx: TenantTx, part: number, has: Units, q: Units): Promise<never> {
  throw businessError('spare.errors.insufficient', {
    part: await partLabel(tx, part),
    available: text(has < 0n ? 0n : has, Q),
    quantity: text(q, Q),
  });
}

/**
 * Reserves (sign 1) the quantities an approved issue or transfer will take, checking what is available under
 * the row locks; posting releases them (sign -1) as it takes the stock.
 */
export async function reserve(tx: TenantTx, _lang: Lang, doc: WireRow, sign: 1 | -1): Promise<void> {
  if (doc.type === 'adjust') return;
  const need = needs(doc, await docLines(tx, doc.id));
  if (!need.size) return;
  const wh = Number(doc.warehouseId);
  const stocks = await lockStocks(
    tx,
    [...need.keys()].map((p) => [p, wh]),
  );
  const ctx = await readContext(tx, stockEntity, 'zh');
  for (const [part, q] of need) {
    const s = stocks.get(key(part, wh))!;
    if (sign > 0 && s.onHand - s.reserved < q) await insufficient(tx, part, s.onHand - s.reserved, q);
    const reserved = s.reserved + BigInt(sign) * q;
    s.reserved = reserved < 0n ? 0n : reserved;
    await updateRow(tx, ctx, s.id, { reserved: text(s.reserved, Q), ...(await warnBelowMin(tx, s)) }, { system: true });
  }
}

interface Effect {
  line: Line;
  kind: 'in' | 'out' | 'transferIn' | 'transferOut' | 'adjust';
  warehouseId: number;
  binId: number | null;
  /** Signed quantity. */
  quantity: Units;
  /** The cost of an incoming quantity (null: the warehouse's average at that moment). */
  cost: Units | null;
}

function effectsOf(doc: WireRow, lines: Line[], opts: PostOptions): Effect[] {
  const wh = Number(doc.warehouseId);
  const out: Effect[] = [];
  for (const line of lines) {
    const q = line.quantity;
    // A part taken off a repair order goes back as the issue undone: an issue of a negative quantity.
    if (doc.type === 'receipt')
      out.push({
        line,
        kind: opts.undoIssue ? 'out' : 'in',
        warehouseId: wh,
        binId: line.binId,
        quantity: q,
        cost: line.unitCost,
      });
    if (doc.type === 'issue')
      out.push({ line, kind: 'out', warehouseId: wh, binId: line.binId, quantity: -q, cost: null });
    if (doc.type === 'adjust')
      out.push({
        line,
        kind: 'adjust',
        warehouseId: wh,
        binId: line.binId,
        quantity: q,
        cost: q > 0n ? line.unitCost : null,
      });
    if (doc.type === 'transfer') {
      const to = Number(doc.toWarehouseId ?? doc.warehouseId);
      out.push({ line, kind: 'transferOut', warehouseId: wh, binId: line.binId, quantity: -q, cost: null });
      out.push({ line, kind: 'transferIn', warehouseId: to, binId: line.toBinId, quantity: q, cost: null });
    }
  }
  return out;
}

/** The machine an issue serves: its repair order's or maintenance task's; none for a cost centre or a route. */
async function machineServed(tx: TenantTx, doc: WireRow): Promise<number | null> {
  const [table, id] = doc.orderId
    ? ['repair_orders', doc.orderId]
    : doc.checkTaskId
      ? ['check_tasks', doc.checkTaskId]
      : [null, null];
  if (!table) return null;
  const r = await tx.query<{ equipment_id: string | null }>(`select equipment_id from ${table} where id = $1`, [id]);
  return r.rows[0]?.equipment_id ? Number(r.rows[0].equipment_id) : null;
}

/** Locks (creating when missing) the stock row of a part in a bin and batch; returns its id and quantity. */
async function lockBin(tx: TenantTx, e: Effect): Promise<{ id: number; quantity: Units }> {
  const find = () =>
    tx.query<{ id: number; quantity: string }>(
      `select id, quantity from spare_bin_stocks
        where tenant_id = $1 and spare_part_id = $2 and warehouse_id = $3 and bin_id is not distinct from $4
          and coalesce(batch, '') = $5 for update`,
      [tx.tenantId, e.line.sparePartId, e.warehouseId, e.binId, e.line.batch],
    );
  let r = await find();
  if (!r.rows[0]) {
    const ctx = await readContext(tx, binStockEntity, 'zh');
    await createRow(
      tx,
      ctx,
      { sparePartId: e.line.sparePartId, warehouseId: e.warehouseId, binId: e.binId, batch: e.line.batch || null },
      { system: true },
    );
    r = await find();
  }
  return { id: Number(r.rows[0]!.id), quantity: units(r.rows[0]!.quantity, Q) };
}

export interface PostOptions {
  /**
   * Posted straight from a draft (nothing was reserved for it): what it takes must be available besides what
   * approved documents hold.
   */
  readonly direct?: boolean;
  /** The repair order's part row the issue was made for (it is priced and linked, not written anew). */
  readonly partRowId?: unknown;
  /** A receipt that undoes an issue to a repair order (its part row removed): an issue of a negative quantity. */
  readonly undoIssue?: boolean;
}

/**
 * Posts a document: every line moves the stock of its part in its warehouse, bin and batch, under row locks;
 * a receipt moves the average cost, an issue is costed at the average of the moment. Every change is a movement
 * row with the balance after it. Stock never goes below zero (checked here, and by the tables' CHECKs). An
 * issue to a repair order writes the order's part rows (at the issue's cost) through the repair service.
 */
export async function postDoc(tx: TenantTx, lang: Lang, doc: WireRow, opts: PostOptions = {}): Promise<void> {
  const lines = await docLines(tx, doc.id);
  const effects = effectsOf(doc, lines, opts);
  const stocks = await lockStocks(
    tx,
    effects.map((e) => [e.line.sparePartId, e.warehouseId]),
  );
  const released = needs(doc, lines);
  if (opts.direct)
    for (const [part, q] of released) {
      const s = stocks.get(key(part, Number(doc.warehouseId)))!;
      if (s.onHand - s.reserved < q) await insufficient(tx, part, s.onHand - s.reserved, q);
    }
  if (doc.type !== 'adjust' && !opts.direct)
    for (const [part, q] of released) {
      const s = stocks.get(key(part, Number(doc.warehouseId)))!;
      s.reserved = s.reserved - q < 0n ? 0n : s.reserved - q;
    }
  const moveCtx = await readContext(tx, moveEntity, lang);
  const servedMachine = await machineServed(tx, doc);
  const binCtx = await readContext(tx, binStockEntity, lang);
  const lineCosts = new Map<number, { cost: Units; amount: Units }>();
  let total = 0n;
  let lastOutCost = 0n;
  for (const e of effects) {
    const s = stocks.get(key(e.line.sparePartId, e.warehouseId))!;
    const bin = await lockBin(tx, e);
    let cost: Units;
    if (e.quantity < 0n) {
      if (s.onHand + e.quantity < 0n || bin.quantity + e.quantity < 0n)
        await insufficient(tx, e.line.sparePartId, s.onHand < bin.quantity ? s.onHand : bin.quantity, -e.quantity);
      cost = s.avgCost;
      lastOutCost = cost;
    } else {
      cost = e.cost ?? (e.kind === 'transferIn' ? lastOutCost : s.avgCost);
      s.avgCost = movingAverage(s.onHand, s.avgCost, e.quantity, cost);
    }
    s.onHand += e.quantity;
    const amount = amountOf(e.quantity < 0n ? -e.quantity : e.quantity, cost);
    // The cost an issue consumed: an issue undone gives it back.
    const moved = e.kind === 'out' && e.quantity > 0n ? -amount : amount;
    await updateRow(tx, binCtx, bin.id, { quantity: text(bin.quantity + e.quantity, Q) }, { system: true });
    await createRow(
      tx,
      moveCtx,
      {
        kind: e.kind,
        docId: doc.id,
        docType: doc.type,
        sparePartId: e.line.sparePartId,
        warehouseId: e.warehouseId,
        binId: e.binId,
        batch: e.line.batch || null,
        quantity: text(e.quantity, Q),
        unitCost: text(cost, C),
        amount: text(moved, A),
        balance: text(s.onHand, Q),
        orderId: doc.orderId ?? null,
        checkTaskId: doc.checkTaskId ?? null,
        equipmentId: servedMachine,
        costCentre: doc.costCentre ?? null,
        userId: tx.userId,
      },
      { system: true },
    );
    if (e.kind !== 'transferIn') {
      lineCosts.set(e.line.id, { cost, amount });
      total += amount;
    }
  }
  const stockCtx = await readContext(tx, stockEntity, lang);
  for (const s of stocks.values()) {
    const values = { onHand: text(s.onHand, Q), reserved: text(s.reserved, Q), avgCost: text(s.avgCost, C) };
    await updateRow(tx, stockCtx, s.id, { ...values, ...(await warnBelowMin(tx, s)) }, { system: true });
  }
  const lineCtx = await readContext(tx, lineEntity, lang);
  for (const [id, c] of lineCosts)
    await updateRow(tx, lineCtx, id, { unitCost: text(c.cost, C), amount: text(c.amount, A) }, { system: true });
  const docCtx = await readContext(tx, docEntity, lang);
  await updateRow(tx, docCtx, doc.id, { totalAmount: text(total, A) }, { system: true });
  if (doc.type === 'issue' && doc.orderId && opts.partRowId) {
    const c = lineCosts.get(lines[0]!.id)!;
    const partCtx = await readContext(tx, partEntity, lang);
    const line = lines[0]!;
    await updateRow(
      tx,
      partCtx,
      opts.partRowId,
      { unitPrice: text(c.cost, C), docId: doc.id, binId: line.binId, batch: line.batch || null },
      { system: true },
    );
  } else if (doc.type === 'issue' && doc.orderId)
    await writePartsUsed(tx, lang, doc, lines, lineCosts, partEntity, 'orderId');
  if (doc.type === 'issue' && doc.checkTaskId)
    await writePartsUsed(tx, lang, doc, lines, lineCosts, taskPartEntity, 'taskId', doc.checkTaskId);
}

/**
 * The repair and maintenance seam: an issue to a repair order (or a maintenance task) becomes its part rows,
 * written through their record service (a repair order's hooks recompute its parts cost), priced at what the
 * issue cost.
 */
async function writePartsUsed(
  tx: TenantTx,
  lang: Lang,
  doc: WireRow,
  lines: Line[],
  costs: Map<number, { cost: Units; amount: Units }>,
  target: EntityDef,
  field: 'orderId' | 'taskId',
  id: unknown = doc.orderId,
): Promise<void> {
  const ctx = await readContext(tx, target, lang);
  for (const l of lines) {
    const c = costs.get(l.id)!;
    await createRow(
      tx,
      ctx,
      {
        [field]: id,
        sparePartId: l.sparePartId,
        warehouseId: doc.warehouseId,
        quantity: text(l.quantity, Q),
        unitPrice: text(c.cost, C),
        remark: String(doc.code),
        // A repair order's row keeps where it came from (removing it returns it there).
        ...(field === 'orderId' ? { docId: doc.id, binId: l.binId, batch: l.batch || null } : {}),
      },
      { system: true },
    );
  }
}

/**
 * Tells the warehouse keeper once when a part's available stock falls below its minimum (lowNotifiedAt marks
 * it; climbing back clears it). Returns the mark to write with the stock.
 */
async function warnBelowMin(tx: TenantTx, s: StockRow): Promise<{ lowNotifiedAt?: string | null }> {
  if (s.minQty === null) return s.warned ? { lowNotifiedAt: null } : {};
  const available = s.onHand - s.reserved;
  if (available >= s.minQty) return s.warned ? { lowNotifiedAt: null } : {};
  if (s.warned) return {};
  s.warned = true;
  const label = `${await partLabel(tx, s.sparePartId)} (${text(available, Q)} < ${text(s.minQty, Q)})`;
  if (s.keeperId) await notifyStep(tx, stockEntity, { id: s.id, sparePartId: label }, 'belowMin', [s.keeperId]);
  return { lowNotifiedAt: new Date().toISOString() };
}
