import { businessError } from '../../platform/http/errors.js';
import type { Lang } from '../../platform/i18n/index.js';
import { readContext } from '../../platform/resources/read.js';
import type { WireRow } from '../../platform/resources/types.js';
import { createRow } from '../../platform/resources/write.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { experienceEntity } from './experience-resources.js';

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;

/**
 * The search terms of a text: words of Latin letters and digits, and the overlapping pairs of Chinese
 * characters (Chinese has no spaces; two-character pairs find 主轴异响 from 主轴有异响 as people expect).
 */
export function searchTerms(text: string, max = 24): string[] {
  const terms = new Set<string>();
  for (const word of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (!word) continue;
    const chars = [...word];
    if (!chars.some((c) => CJK.test(c))) {
      if (word.length >= 2) terms.add(word);
      continue;
    }
    if (chars.length === 1) terms.add(word);
    for (let i = 0; i + 1 < chars.length; i++) terms.add(chars[i]! + chars[i + 1]!);
  }
  return [...terms].slice(0, max);
}

/**
 * The experience entries closest to a text, best first: ranked in SQL by how many of the text's terms each
 * entry's title, phenomenon, cause, remedy and keywords contain; entries of the same equipment category first.
 */
export async function searchExperience(
  tx: TenantTx,
  text: string,
  opts: { categoryId?: number | null; limit?: number } = {},
) {
  const terms = searchTerms(text);
  if (terms.length === 0) return [];
  const r = await tx.query<Record<string, unknown>>(
    `with e as (
       select x.id, x.title, x.phenomenon, x.cause, x.remedy, x.category_id,
              lower(concat_ws(' ', x.title, x.phenomenon, x.cause, x.remedy, x.keywords)) as body
         from repair_experiences x where x.tenant_id = $1 and x.deleted_at is null)
     select e.id, e.title, e.phenomenon, e.cause, e.remedy, e.category_id as "categoryId",
            (select count(*) from unnest($2::text[]) term where strpos(e.body, term) > 0)::int as score
       from e
      where exists (select 1 from unnest($2::text[]) term where strpos(e.body, term) > 0)
      order by (e.category_id is not distinct from $3::bigint) desc, score desc, e.id desc
      limit $4`,
    [tx.tenantId, terms, opts.categoryId ?? null, opts.limit ?? 10],
  );
  return r.rows.map((row) => ({
    ...row,
    id: Number(row.id),
    categoryId: row.categoryId === null ? null : Number(row.categoryId),
  }));
}

/** Keeps a finished repair order as an experience entry (its phenomenon, reason, remedy, parts and photos). */
export async function keepAsExperience(tx: TenantTx, order: WireRow, lang: Lang): Promise<WireRow> {
  if (order.state !== 'finished' && order.state !== 'checked') throw businessError('repair.errors.notFinished');
  const parts = ((order.parts as WireRow[] | undefined) ?? [])
    .map((p) => `${p.sparePartName ?? p.sparePartId} × ${p.quantity}`)
    .join('; ');
  const category = await tx.query<{ category_id: number | null }>(
    'select category_id from equipment where tenant_id = $1 and id = $2',
    [tx.tenantId, order.equipmentId],
  );
  // What the technician wrote when finishing stands for the remedy when the remedy field was left empty.
  const finishNote = await tx.query<{ comment: string | null }>(
    `select comment from record_steps where tenant_id = $1 and entity = 'maintaintask' and record_id = $2
        and action = 'finish' and comment is not null order by id desc limit 1`,
    [tx.tenantId, order.id],
  );
  const ctx = await readContext(tx, experienceEntity, lang);
  return createRow(
    tx,
    ctx,
    {
      title: `${order.equipmentName ?? ''} ${String(order.phenomenon).slice(0, 60)}`.trim(),
      categoryId: category.rows[0]?.category_id ?? null,
      equipmentId: order.equipmentId,
      faultReasonId: order.faultReasonId ?? null,
      phenomenon: order.phenomenon,
      cause: order.faultReasonName ?? null,
      remedy: order.remedy || finishNote.rows[0]?.comment || order.remedyCodeName || order.faultReasonName || '-',
      parts: parts || null,
      pictures: order.pictures ?? null,
      orderId: order.id,
    },
    { system: true },
  );
}
