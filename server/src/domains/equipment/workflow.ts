import { businessError, notFound } from '../../platform/http/errors.js';
import type { Lang } from '../../platform/i18n/index.js';
import { auditChange } from '../../platform/resources/audit.js';
import { getRow, readContext } from '../../platform/resources/read.js';
import type { EntityDef, FieldDef, WireRow } from '../../platform/resources/types.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';

/** The life of a request document (allotment, scrap): draft → submitted → audited; recall: submitted → draft. */
export const DOC_STATES = ['draft', 'submitted', 'audited'] as const;
export type DocState = (typeof DOC_STATES)[number];

/** The state and audit fields every request document carries (set by its workflow routes only). */
export const docStateFields: FieldDef[] = [
  { name: 'state', type: 'enum', options: DOC_STATES, default: 'draft', readOnly: true, filter: 'eq', sortable: true },
  { name: 'auditorId', type: 'ref', ref: 'user', readOnly: true, blocksDelete: false },
  { name: 'auditDate', type: 'datetime', readOnly: true, sortable: true },
];

/** A readable number: prefix, day of creation and the row id (DB20250301000042). */
export const docNumber =
  (prefix: string) =>
  (t: string): string =>
    `'${prefix}' || to_char(${t}.created_at, 'YYYYMMDD') || lpad(${t}.id::text, 6, '0')`;

/** Refuses a change to a document that is no longer a draft (check and beforeDelete hooks). */
export function assertDraft(row: WireRow | null | undefined): void {
  if (row && row.state !== 'draft') throw businessError('equipment.errors.notDraft');
}

/**
 * Moves a document from one state to another: locks its row, checks the state it is in, writes the new
 * state with the extra columns and an audit-log entry. Returns the document before the change (wire form).
 */
export async function transition(
  tx: TenantTx,
  def: EntityDef,
  id: unknown,
  from: DocState,
  to: DocState,
  lang: Lang,
  extra: Record<string, unknown> = {},
): Promise<{ before: WireRow; after: () => Promise<WireRow> }> {
  const locked = await tx.query<{ state: string }>(
    `select state from "${def.table}" where tenant_id = $1 and id = $2 for update`,
    [tx.tenantId, id],
  );
  const row = locked.rows[0];
  if (!row) throw notFound();
  if (row.state !== from) throw businessError(`equipment.errors.not_${from}`);
  const ctx = await readContext(tx, def, lang);
  const before = await getRow(tx, ctx, id);
  await tx.update(def.table, id, { ...extra, state: to, updated_by: tx.userId, updated_at: new Date() }, 'id');
  return {
    before,
    after: async () => {
      const after = await getRow(tx, ctx, id);
      await auditChange(tx, def.name, id, 'update', before, after);
      return after;
    },
  };
}
