import { businessError } from '../../platform/http/errors.js';
import { getRow, readContext } from '../../platform/resources/read.js';
import type { WireRow } from '../../platform/resources/types.js';
import { updateRow } from '../../platform/resources/write.js';
import type { StepContext } from '../../platform/workflow/types.js';
import { equipmentEntity, mouldEntity } from './resources.js';
import { addRecord } from './rules.js';
import { scrapTarget } from './scrap-rules.js';

/** An audited scrap request scraps its machine or mould through the target's own record service. */
export async function scrapAudited(s: StepContext, scrap: WireRow): Promise<void> {
  const target = scrapTarget(scrap);
  const def = target.table === 'moulds' ? mouldEntity : equipmentEntity;
  const ctx = await readContext(s.tx, def, s.lang);
  const before = await getRow(s.tx, ctx, target.id);
  if (before.status === 'scrapped') throw businessError('equipment.errors.alreadyScrapped');
  if (def === mouldEntity && before.equipmentId) throw businessError('equipment.errors.scrapMounted');
  await updateRow(s.tx, ctx, target.id, { status: 'scrapped' });
  if (def === equipmentEntity) await addRecord(s.tx, target.id, 'scrap', `${scrap.scrapNo}: ${scrap.reason}`);
}
