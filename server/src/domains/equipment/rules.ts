import type { EntityHooks, WireRow } from '../../platform/resources/types.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';

const RECORDS = 'equipment_records';

/** Writes one entry of an equipment's timeline. */
export async function addRecord(
  tx: TenantTx,
  equipmentId: unknown,
  recordType: string,
  content: string,
): Promise<void> {
  await tx.insert(
    RECORDS,
    {
      equipment_id: equipmentId,
      record_type: recordType,
      content,
      record_date: new Date(),
      created_by: tx.userId,
      updated_by: tx.userId,
    },
    'id',
  );
}

export const equipmentHooks: EntityHooks = {
  /** The timeline notes when a record was created and every status change. */
  async afterWrite(tx, before, after) {
    if (!before) {
      await addRecord(tx, after.id, 'create', `${after.code} ${after.name}`);
      return;
    }
    if (before.status !== after.status)
      await addRecord(
        tx,
        after.id,
        'status',
        `${before.statusName ?? before.status ?? ''} → ${after.statusName ?? after.status ?? ''}`,
      );
    if (before.workshopId !== after.workshopId || before.lineId !== after.lineId) {
      const where = (r: WireRow) => [r.workshopName, r.lineName].filter(Boolean).join(' / ') || '-';
      await addRecord(tx, after.id, 'move', `${where(before)} → ${where(after)}`);
    }
  },
};

const sameId = (a: unknown, b: unknown) => (a ? Number(a) : null) === (b ? Number(b) : null);

export const mouldHooks: EntityHooks = {
  /** A new mould may be entered as mounted; afterwards only mount and unmount (mould records) move it. */
  async check(_tx, row, existing) {
    return existing && !sameId(existing.equipmentId, row.equipmentId)
      ? [{ field: 'equipmentId', key: 'useMouldRecords' }]
      : [];
  },
};
