import { businessError } from '../../platform/http/errors.js';
import { fieldError } from '../../platform/http/route-kit.js';
import { languages } from '../../platform/i18n/index.js';
import type { EntityHooks, WireRow } from '../../platform/resources/types.js';

/**
 * The rules of the dictionary beyond its fields: an entry stays under the parent it was made under, its names
 * per language are short texts (stored trimmed, the empty ones left out), and an entry with values under it is
 * not deleted.
 */
export const itemHooks: EntityHooks = {
  async beforeValidate(_tx, body, existing) {
    const row: WireRow = { ...body };
    if (existing) delete row.parentId;
    if ('names' in row) row.names = itemNames(row.names);
    return row;
  },
  async beforeDelete(tx, rows) {
    const ids = rows.map((r) => Number(r.id));
    const n = await tx.query<{ n: number }>(
      'select count(*)::int as n from items where tenant_id = $1 and parent_id = any($2::bigint[]) and not (id = any($2::bigint[]))',
      [tx.tenantId, ids],
    );
    if (n.rows[0]!.n > 0) throw businessError('errors.item.hasChildren', { count: n.rows[0]!.n });
  },
};

const MAX_NAME = 100;

/** The translations to store: trimmed, without empty ones; null when none is left. */
export function itemNames(given: unknown): Record<string, string> | null {
  if (given === null || given === undefined) return null;
  if (typeof given !== 'object' || Array.isArray(given)) throw fieldError('names', 'errors.item.names');
  const kept: Record<string, string> = {};
  for (const [lang, v] of Object.entries(given)) {
    if (!(languages as readonly string[]).includes(lang)) throw fieldError('names', 'errors.item.names');
    if (v === null || v === undefined) continue;
    if (typeof v !== 'string' || v.trim().length > MAX_NAME) throw fieldError('names', 'errors.item.names');
    if (v.trim()) kept[lang] = v.trim();
  }
  return Object.keys(kept).length ? kept : null;
}
