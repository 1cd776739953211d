import type { EntityHooks, FieldIssue, WireRow } from '../../platform/resources/types.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { assertDraft } from '../../platform/workflow/request-doc.js';

/** A machine allotted out of a workshop must stand in it now. */
export async function equipmentInWorkshop(
  tx: TenantTx,
  equipmentId: unknown,
  workshopId: unknown,
): Promise<FieldIssue[]> {
  if (!workshopId || !equipmentId) return [];
  const eq = await tx.find<{ workshop_id: number | null }>('equipment', equipmentId, 'workshop_id');
  return eq && Number(eq.workshop_id) !== Number(workshopId)
    ? [{ field: 'equipmentId', key: 'notInFromWorkshop' }]
    : [];
}

async function allotState(tx: TenantTx, allotId: unknown): Promise<WireRow | null> {
  return tx.find<WireRow>('equipment_allots', allotId, 'state, from_workshop_id as "fromWorkshopId"');
}

export const allotHooks: EntityHooks = {
  async check(_tx, _row, existing) {
    assertDraft(existing);
    return [];
  },
  async beforeDelete(_tx, rows) {
    for (const row of rows) assertDraft(row);
  },
};

export const allotDetailHooks: EntityHooks = {
  async check(tx, row, existing) {
    if (existing) assertDraft(await allotState(tx, existing.allotId));
    const allot = await allotState(tx, row.allotId);
    assertDraft(allot);
    return equipmentInWorkshop(tx, row.equipmentId, allot?.fromWorkshopId);
  },
  async beforeDelete(tx, rows) {
    for (const row of rows) assertDraft(await allotState(tx, row.allotId));
  },
};
