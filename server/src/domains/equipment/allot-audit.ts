import { businessError } from '../../platform/http/errors.js';
import { getRow, readContext } from '../../platform/resources/read.js';
import type { WireRow } from '../../platform/resources/types.js';
import { updateRow } from '../../platform/resources/write.js';
import type { StepContext } from '../../platform/workflow/types.js';
import { allotDetailEntity } from './allot-resources.js';
import { equipmentEntity } from './resources.js';
import { addRecord } from './rules.js';

const where = (r: WireRow) => [r.workshopName, r.lineName].filter(Boolean).join(' / ') || '-';

/** An allotment needs at least one machine before it is submitted. */
export function guardAllotSubmit(s: StepContext) {
  if (!(s.row.details as unknown[] | undefined)?.length) throw businessError('equipment.errors.noEquipment');
  return [];
}

/**
 * An audited allotment moves every machine to the target workshop / line through the equipment's own record
 * service (its hooks, audit and timeline), noting on each detail where it came from.
 */
export async function moveAllotted(s: StepContext, allot: WireRow): Promise<void> {
  const eqCtx = await readContext(s.tx, equipmentEntity, s.lang);
  const detailCtx = await readContext(s.tx, allotDetailEntity, s.lang);
  for (const d of (allot.details as WireRow[] | undefined) ?? []) {
    const before = await getRow(s.tx, eqCtx, d.equipmentId);
    await updateRow(
      s.tx,
      detailCtx,
      d.id,
      { fromWorkshopId: before.workshopId ?? null, fromLineId: before.lineId ?? null },
      { system: true },
    );
    const after = await updateRow(s.tx, eqCtx, d.equipmentId, {
      workshopId: allot.toWorkshopId,
      lineId: allot.toLineId ?? null,
    });
    await addRecord(s.tx, d.equipmentId, 'allot', `${allot.allotNo}: ${where(before)} → ${where(after)}`);
  }
}
