import { AppError, businessError } from '../../platform/http/errors.js';
import type { Lang } from '../../platform/i18n/index.js';
import { staticModel } from '../../platform/resources/model.js';
import { readContext } from '../../platform/resources/read.js';
import { removeRows } from '../../platform/resources/remove.js';
import type { FieldDef, FieldIssue, WireRow } from '../../platform/resources/types.js';
import { createRow, prepare, updateRow, validationError } from '../../platform/resources/write.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { placeOf } from './bins.js';
import { text, units } from './decimal.js';
import { assertCodes } from './guards.js';
import { DOC_TYPES, type DocType, WRITE_CODES } from './permissions.js';
import { docEntity, lineEntity } from './resources.js';

const PREFIX: Record<DocType, string> = { receipt: 'RK', issue: 'CK', transfer: 'DB', adjust: 'PD' };

/** The reasons a document of each type may give. */
export const REASONS_OF: Record<DocType, readonly string[]> = {
  receipt: ['purchase', 'jobReturn', 'other'],
  issue: ['order', 'task', 'costCentre', 'other'],
  transfer: ['transfer'],
  adjust: ['stocktake', 'other'],
};

/** The next number of the day per tenant and type: RK20261122-0001 (serialised per tenant). */
export async function nextDocCode(tx: TenantTx, type: DocType, now = new Date()): Promise<string> {
  await tx.query("select pg_advisory_xact_lock(hashtext('spare_docs.code'), $1::int)", [tx.tenantId]);
  const prefix = `${PREFIX[type]}${now.toISOString().slice(0, 10).replace(/-/g, '')}-`;
  const r = await tx.query<{ n: string | null }>(
    `select max(substr(code, length($2) + 1)::int) as n from spare_docs
      where tenant_id = $1 and code like $2 || '%' and substr(code, length($2) + 1) ~ '^[0-9]{1,9}$'`,
    [tx.tenantId, prefix],
  );
  return `${prefix}${String(Number(r.rows[0]?.n ?? 0) + 1).padStart(4, '0')}`;
}

async function binsOf(tx: TenantTx, warehouseId: unknown): Promise<Set<number>> {
  if (!warehouseId) return new Set();
  const r = await tx.query<{ id: number }>(
    'select id from warehouse_lines where tenant_id = $1 and warehouse_id = $2 and deleted_at is null',
    [tx.tenantId, warehouseId],
  );
  return new Set(r.rows.map((x) => Number(x.id)));
}

/** Issues of the document's own fields that depend on its type and reason. */
function headerIssues(doc: WireRow): FieldIssue[] {
  const type = doc.type as DocType;
  const issues: FieldIssue[] = [];
  if (doc.reason && !REASONS_OF[type].includes(String(doc.reason))) issues.push({ field: 'reason', key: 'enum' });
  const need = (field: string) => {
    if (doc[field] === null || doc[field] === undefined || doc[field] === '') issues.push({ field, key: 'required' });
  };
  if (type === 'transfer') need('toWarehouseId');
  if (type === 'issue' && doc.reason === 'order') need('orderId');
  if (type === 'issue' && doc.reason === 'task') need('checkTaskId');
  if (type === 'issue' && doc.reason === 'costCentre') need('costCentre');
  return issues;
}

/** A line takes stock out of the document's warehouse: an issue, a transfer, an adjustment down. */
const takesOut = (doc: WireRow, q: bigint) =>
  doc.type === 'issue' || doc.type === 'transfer' || (doc.type === 'adjust' && q < 0n);

/** A missing bin or batch of a line taking stock out: pre-filled from where the part lies, or to be picked. */
async function fillBin(tx: TenantTx, doc: WireRow, v: WireRow, issues: FieldIssue[]): Promise<void> {
  const place = await placeOf(tx, v.sparePartId, doc.warehouseId, v);
  if (place.pick) issues.push({ field: place.pick, key: 'required' });
  v.binId = place.binId;
  v.batch = place.batch;
}

/** The label of a field of the document (a line's bin belongs to the document's warehouse). */
const headerLabel = (field: string, lang: Lang): string => staticModel(docEntity).byName.get(field)!.label(lang);

/** The lines, validated like fields (named lines.<n>.<field>), plus the rules of the document's type. */
async function prepareLines(tx: TenantTx, lang: Lang, doc: WireRow, raw: unknown): Promise<WireRow[]> {
  const ctx = await readContext(tx, lineEntity, lang);
  const list = Array.isArray(raw) ? (raw as WireRow[]) : [];
  if (!list.length) throw new AppError('business', 'spare.errors.noLines', {}, 'lines');
  if (list.length > 500) throw businessError('spare.errors.tooManyLines', { limit: 500 });
  const bins = await binsOf(tx, doc.warehouseId);
  const toBins = doc.type === 'transfer' ? await binsOf(tx, doc.toWarehouseId) : bins;
  const out: WireRow[] = [];
  for (const [i, body] of list.entries()) {
    const { docId: _d, id: _i, amount: _a, ...rest } = (body && typeof body === 'object' ? body : {}) as WireRow;
    const p = prepare(ctx, { ...rest, docId: 1 }, null);
    const v = p.values;
    if (!p.issues.length) {
      const q = units(v.quantity, 2);
      if (doc.type === 'adjust' ? q === 0n : q <= 0n)
        p.issues.push({ field: 'quantity', key: doc.type === 'adjust' ? 'required' : 'min', params: { limit: 0.01 } });
      if (doc.type === 'receipt' && doc.reason === 'purchase' && v.unitCost == null)
        p.issues.push({ field: 'unitCost', key: 'required' });
      if (v.binId && !bins.has(Number(v.binId)))
        p.issues.push({ field: 'binId', key: 'refNotWithin', params: { parent: headerLabel('warehouseId', lang) } });
      if (doc.type === 'transfer') {
        if (v.toBinId && !toBins.has(Number(v.toBinId)))
          p.issues.push({
            field: 'toBinId',
            key: 'refNotWithin',
            params: { parent: headerLabel('toWarehouseId', lang) },
          });
        if (Number(doc.toWarehouseId) === Number(doc.warehouseId) && (v.toBinId ?? null) === (v.binId ?? null))
          p.issues.push({ field: 'toBinId', key: 'required' });
      }
      const part = await tx.query('select 1 from spare_parts where tenant_id = $1 and id = $2 and deleted_at is null', [
        tx.tenantId,
        v.sparePartId,
      ]);
      if (!part.rows.length)
        p.issues.push({ field: 'sparePartId', key: 'refMissing', params: { value: v.sparePartId } });
      else if (takesOut(doc, q)) await fillBin(tx, doc, v, p.issues);
    }
    if (p.issues.length) {
      const err = validationError(ctx.model, lang, p.issues);
      const details = (err.details as { field: string; message: string }[]).map((d) => ({
        ...d,
        field: `lines.${i}.${d.field}`,
      }));
      throw new AppError('business', err.key, { ...err.params, row: i + 1 }, `lines.${i}.${err.field}`, details);
    }
    out.push(v);
  }
  return out;
}

/**
 * Saves a draft document with its lines in one go (new: numbered; existing: still a draft, its lines
 * replaced). Nothing is written when any part is wrong.
 */
export async function saveDoc(tx: TenantTx, lang: Lang, body: WireRow): Promise<WireRow> {
  const ctx = await readContext(tx, docEntity, lang);
  const existing = body.id
    ? (
        await tx.query<{ type: string; state: string }>(
          'select type, state from spare_docs where tenant_id = $1 and id = $2',
          [tx.tenantId, body.id],
        )
      ).rows[0]
    : undefined;
  if (body.id && !existing) throw new AppError('notFound', 'errors.notFound');
  const type = (existing?.type ?? body.type) as DocType;
  if (!DOC_TYPES.includes(type)) throw validationError(ctx.model, lang, [{ field: 'type', key: 'required' }]);
  await assertCodes(tx, WRITE_CODES[type]);
  if (existing && existing.state !== 'draft') throw businessError('workflow.notDraft');
  const writable = (docEntity.fields as readonly FieldDef[])
    .filter((f) => !f.readOnly && !f.computed)
    .map((f) => f.name);
  const values: WireRow = Object.fromEntries(writable.filter((f) => f in body).map((f) => [f, body[f]]));
  values.type = type;
  const rawLines = body.lines;
  if (type === 'transfer') values.reason = 'transfer';
  const p = prepare(ctx, values, null);
  if (!p.issues.length) p.issues.push(...headerIssues({ ...p.values, type }));
  if (p.issues.length) throw validationError(ctx.model, lang, p.issues);
  const lines = await prepareLines(tx, lang, { ...p.values, type }, rawLines);
  let doc: WireRow;
  if (existing) {
    // The draft as its form read it: refused when another keeper has saved it since (updateRow's check).
    doc = await updateRow(tx, ctx, body.id, { ...values, updatedAt: body.updatedAt });
    const old = await tx.query<{ id: number }>('select id from spare_doc_lines where tenant_id = $1 and doc_id = $2', [
      tx.tenantId,
      doc.id,
    ]);
    const lineCtx = await readContext(tx, lineEntity, lang);
    if (old.rows.length)
      await removeRows(
        tx,
        lineCtx,
        old.rows.map((r) => r.id),
      );
  } else {
    doc = await createRow(tx, ctx, { ...values, code: await nextDocCode(tx, type) }, { system: true });
  }
  const lineCtx = await readContext(tx, lineEntity, lang);
  let total = 0n;
  for (const line of lines) {
    await createRow(tx, lineCtx, { ...line, docId: doc.id });
    const q = units(line.quantity, 2);
    total += q < 0n ? -q : q;
  }
  return updateRow(tx, ctx, doc.id, { totalQuantity: text(total, 2) }, { system: true });
}
