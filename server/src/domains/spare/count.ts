import { AppError, businessError, notFound } from '../../platform/http/errors.js';
import type { Lang } from '../../platform/i18n/index.js';
import { readContext } from '../../platform/resources/read.js';
import type { WireRow } from '../../platform/resources/types.js';
import { coerceValue } from '../../platform/resources/values.js';
import { createRow, prepare, updateRow, validationError } from '../../platform/resources/write.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { countEntity, countLineEntity } from './count-resources.js';
import { Q, text, units } from './decimal.js';
import { saveDoc } from './documents.js';
import { partCodeOf } from './part-code.js';

const ids = (v: unknown): number[] =>
  Array.isArray(v) ? v.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0) : [];

/** The next stocktake number of the day: PDJ20261122-0001. */
async function nextCountCode(tx: TenantTx, now = new Date()): Promise<string> {
  await tx.query("select pg_advisory_xact_lock(hashtext('spare_counts.code'), $1::int)", [tx.tenantId]);
  const prefix = `PDJ${now.toISOString().slice(0, 10).replace(/-/g, '')}-`;
  const r = await tx.query<{ n: string | null }>(
    `select max(substr(code, length($2) + 1)::int) as n from spare_counts
      where tenant_id = $1 and code like $2 || '%' and substr(code, length($2) + 1) ~ '^[0-9]{1,9}$'`,
    [tx.tenantId, prefix],
  );
  return `${prefix}${String(Number(r.rows[0]?.n ?? 0) + 1).padStart(4, '0')}`;
}

/**
 * Plans a stocktake of a warehouse: a line per part, bin and batch in stock (only the chosen bins or parts when
 * given), each with its book quantity of this moment.
 */
export async function planCount(tx: TenantTx, lang: Lang, body: WireRow): Promise<WireRow> {
  const ctx = await readContext(tx, countEntity, lang);
  const p = prepare(ctx, { warehouseId: body.warehouseId, blind: body.blind ?? false, remark: body.remark }, null);
  if (p.issues.length) throw validationError(ctx.model, lang, p.issues);
  const count = await createRow(tx, ctx, { ...p.values, code: await nextCountCode(tx) }, { system: true });
  const bins = ids(body.binIds);
  const parts = ids(body.sparePartIds);
  const stock = await tx.query<{
    spare_part_id: number;
    bin_id: number | null;
    batch: string | null;
    quantity: string;
  }>(
    `select spare_part_id, bin_id, batch, quantity from spare_bin_stocks
      where tenant_id = $1 and warehouse_id = $2 and quantity > 0
        and (cardinality($3::bigint[]) = 0 or bin_id = any($3::bigint[]))
        and (cardinality($4::bigint[]) = 0 or spare_part_id = any($4::bigint[]))
      order by bin_id nulls first, spare_part_id, batch nulls first limit 5000`,
    [tx.tenantId, count.warehouseId, bins, parts],
  );
  const lineCtx = await readContext(tx, countLineEntity, lang);
  for (const s of stock.rows)
    await createRow(
      tx,
      lineCtx,
      { countId: count.id, sparePartId: s.spare_part_id, binId: s.bin_id, batch: s.batch, bookQty: s.quantity },
      { system: true },
    );
  return count;
}

async function lockCounting(tx: TenantTx, id: unknown): Promise<{ warehouse_id: number; blind: boolean }> {
  const r = await tx.query<{ state: string; warehouse_id: number; blind: boolean }>(
    'select state, warehouse_id, blind from spare_counts where tenant_id = $1 and id = $2 for update',
    [tx.tenantId, id],
  );
  const c = r.rows[0];
  if (!c) throw notFound();
  if (c.state !== 'counting') throw businessError('spare.errors.countClosed');
  return c;
}

/** The lines of a stocktake; a blind one hides the book quantities and differences while counting. */
export async function countLines(tx: TenantTx, id: unknown): Promise<{ blind: boolean; lines: WireRow[] }> {
  const c = await tx.query<{ blind: boolean; state: string }>(
    'select blind, state from spare_counts where tenant_id = $1 and id = $2',
    [tx.tenantId, id],
  );
  if (!c.rows[0]) throw notFound();
  const hide = c.rows[0].blind && c.rows[0].state === 'counting';
  const r = await tx.query<Record<string, unknown>>(
    `select l.id, l.spare_part_id, s.code as part_code, s.name as part_name, l.bin_id, b.code as bin_code, l.batch,
            l.book_qty, l.counted_qty, l.counted_qty - coalesce(l.book_qty, 0) as difference
       from spare_count_lines l
       join spare_parts s on s.tenant_id = l.tenant_id and s.id = l.spare_part_id
       left join warehouse_lines b on b.tenant_id = l.tenant_id and b.id = l.bin_id
      where l.tenant_id = $1 and l.count_id = $2 order by b.code nulls first, s.code, l.id`,
    [tx.tenantId, id],
  );
  return {
    blind: hide,
    lines: r.rows.map((l) => ({
      id: Number(l.id),
      sparePartId: Number(l.spare_part_id),
      partCode: l.part_code,
      partName: l.part_name,
      binId: l.bin_id === null ? null : Number(l.bin_id),
      binCode: l.bin_code,
      batch: l.batch,
      bookQty: hide ? null : l.book_qty,
      countedQty: l.counted_qty,
      difference: hide ? null : l.difference,
    })),
  };
}

/**
 * Enters a count: for a line, or for a scanned part (and bin) — a part found where the plan has no line gets a
 * new line with no book quantity (found unexpected).
 */
export async function enterCount(tx: TenantTx, lang: Lang, body: WireRow): Promise<WireRow> {
  const c = await lockCounting(tx, body.id);
  const lineCtx = await readContext(tx, countLineEntity, lang);
  // The count is checked as its declared field is (a number within its range), with the engine's messages.
  const counted = coerceValue(lineCtx.model.byName.get('countedQty')!, body.countedQty, lineCtx);
  if (!counted.ok || counted.value === null)
    throw validationError(lineCtx.model, lang, [
      counted.ok
        ? { field: 'countedQty', key: 'required' }
        : { field: 'countedQty', key: counted.key, params: counted.params },
    ]);
  const qty = String(counted.value);
  let lineId = Number(body.lineId) || null;
  if (!lineId) {
    const part = await tx.query<{ id: number }>(
      'select id from spare_parts where tenant_id = $1 and code = $2 and deleted_at is null',
      [tx.tenantId, partCodeOf(String(body.partCode ?? ''))],
    );
    if (!part.rows[0])
      throw new AppError('business', 'spare.errors.unknownCode', { code: String(body.partCode ?? '') }, 'partCode');
    const bin = body.binCode
      ? await tx.query<{ id: number }>(
          'select id from warehouse_lines where tenant_id = $1 and warehouse_id = $2 and code = $3 and deleted_at is null',
          [tx.tenantId, c.warehouse_id, String(body.binCode).replace(/^BIN:/, '')],
        )
      : null;
    if (bin && !bin.rows[0])
      throw new AppError('business', 'spare.errors.unknownCode', { code: String(body.binCode) }, 'binCode');
    const binId = bin?.rows[0]?.id ?? null;
    const found = await tx.query<{ id: number }>(
      `select id from spare_count_lines where tenant_id = $1 and count_id = $2 and spare_part_id = $3
          and bin_id is not distinct from $4 and coalesce(batch, '') = $5 order by id limit 1`,
      [tx.tenantId, body.id, part.rows[0].id, binId, String(body.batch ?? '')],
    );
    lineId = found.rows[0]?.id
      ? Number(found.rows[0].id)
      : Number(
          (
            await createRow(
              tx,
              lineCtx,
              { countId: body.id, sparePartId: part.rows[0].id, binId, batch: body.batch || null },
              { system: true },
            )
          ).id,
        );
  }
  const line = await tx.query('select 1 from spare_count_lines where tenant_id = $1 and id = $2 and count_id = $3', [
    tx.tenantId,
    lineId,
    body.id,
  ]);
  if (!line.rows.length) throw notFound();
  return updateRow(
    tx,
    lineCtx,
    lineId,
    { countedQty: qty, countedAt: new Date().toISOString(), counterId: tx.userId },
    { system: true },
  );
}

/** Makes the adjustment document (a draft) of the counted differences and closes the stocktake. */
export async function adjustFromCount(tx: TenantTx, lang: Lang, id: unknown): Promise<WireRow> {
  const c = await lockCounting(tx, id);
  const diffs = await tx.query<{ spare_part_id: number; bin_id: number | null; batch: string | null; diff: string }>(
    `select spare_part_id, bin_id, batch, counted_qty - coalesce(book_qty, 0) as diff from spare_count_lines
      where tenant_id = $1 and count_id = $2 and counted_qty is not null and counted_qty <> coalesce(book_qty, 0)
      order by id`,
    [tx.tenantId, id],
  );
  if (!diffs.rows.length) throw businessError('spare.errors.noDifferences');
  const code = await tx.query<{ code: string }>('select code from spare_counts where tenant_id = $1 and id = $2', [
    tx.tenantId,
    id,
  ]);
  const doc = await saveDoc(tx, lang, {
    type: 'adjust',
    reason: 'stocktake',
    warehouseId: c.warehouse_id,
    remark: code.rows[0]?.code,
    lines: diffs.rows.map((d) => ({
      sparePartId: d.spare_part_id,
      binId: d.bin_id,
      batch: d.batch,
      quantity: text(units(d.diff, Q), Q),
    })),
  });
  const ctx = await readContext(tx, countEntity, lang);
  await updateRow(tx, ctx, id, { state: 'adjusted', adjustDocId: doc.id }, { system: true });
  return doc;
}
