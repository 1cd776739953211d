import type { EntityHooks, FieldIssue, WireRow } from '../../platform/resources/types.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { assertDraft } from '../../platform/workflow/request-doc.js';

/** The record a scrap request is about: its table, field and id. */
export function scrapTarget(row: WireRow): { table: 'equipment' | 'moulds'; field: string; id: unknown } {
  return row.targetType === 'mould'
    ? { table: 'moulds', field: 'mouldId', id: row.mouldId }
    : { table: 'equipment', field: 'equipmentId', id: row.equipmentId };
}

/** The target named by the type is required, the other one must be empty, and it must not be scrapped already. */
async function targetIssues(tx: TenantTx, row: WireRow): Promise<FieldIssue[]> {
  const target = scrapTarget(row);
  const other = target.field === 'mouldId' ? 'equipmentId' : 'mouldId';
  if (!target.id) return [{ field: target.field, key: 'required' }];
  if (row[other]) return [{ field: other, key: 'scrapOtherTarget' }];
  const found = await tx.find<{ status: string | null }>(target.table, target.id, 'status');
  return found?.status === 'scrapped' ? [{ field: target.field, key: 'alreadyScrapped' }] : [];
}

export const scrapHooks: EntityHooks = {
  async check(tx, row, existing) {
    assertDraft(existing);
    return targetIssues(tx, row);
  },
  async beforeDelete(_tx, rows) {
    for (const row of rows) assertDraft(row);
  },
};
