import type { FastifyInstance } from 'fastify';
import { businessError } from '../../platform/http/errors.js';
import type { Lang } from '../../platform/i18n/index.js';
import { auditChange } from '../../platform/resources/audit.js';
import { getRow, readContext } from '../../platform/resources/read.js';
import type { WireRow } from '../../platform/resources/types.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { docAction } from './doc-routes.js';
import { equipmentEntity, mouldEntity } from './resources.js';
import { addRecord } from './rules.js';
import { SCRAP_REQUESTERS, scrapEntity } from './scrap-resources.js';
import { scrapTarget } from './scrap-rules.js';
import { transition } from './workflow.js';

/** Audits a submitted scrap request: the machine or mould becomes scrapped in the same transaction. */
async function auditScrap(tx: TenantTx, id: number, lang: Lang): Promise<WireRow> {
  const step = await transition(tx, scrapEntity, id, 'submitted', 'audited', lang, {
    auditor_id: tx.userId,
    audit_date: new Date(),
  });
  const scrap = step.before;
  const target = scrapTarget(scrap);
  const def = target.table === 'moulds' ? mouldEntity : equipmentEntity;
  const ctx = await readContext(tx, def, lang);
  const before = await getRow(tx, ctx, target.id);
  if (before.status === 'scrapped') throw businessError('equipment.errors.alreadyScrapped');
  if (def === mouldEntity && before.equipmentId) throw businessError('equipment.errors.scrapMounted');
  await tx.update(def.table, target.id, { status: 'scrapped', updated_by: tx.userId, updated_at: new Date() }, 'id');
  const after = await getRow(tx, ctx, target.id);
  await auditChange(tx, def.name, target.id, 'update', before, after);
  if (def === equipmentEntity) await addRecord(tx, target.id, 'scrap', `${scrap.scrapNo}: ${scrap.reason}`);
  return step.after();
}

/** Scrap requests (spec 7.6 eqmoldExecute scrap): submit, audit, recall. */
export function scrapRoutes(app: FastifyInstance): void {
  const base = '/api-core/eqmoldExecute/scrap';
  docAction(
    app,
    scrapEntity,
    {
      url: `${base}/submit`,
      permission: SCRAP_REQUESTERS,
      summary: 'submit for audit',
      done: 'equipment.messages.submitted',
    },
    async (tx, id, req) => (await transition(tx, scrapEntity, id, 'draft', 'submitted', req.lang)).after(),
  );
  docAction(
    app,
    scrapEntity,
    {
      url: `${base}/audit`,
      permission: 'eqmold:scrap:audit',
      summary: 'audit: the machine or mould becomes scrapped (one transaction)',
      done: 'equipment.messages.audited',
    },
    (tx, id, req) => auditScrap(tx, id, req.lang),
  );
  docAction(
    app,
    scrapEntity,
    {
      url: `${base}/recall`,
      permission: 'eqmold:scrap:recall',
      summary: 'recall to draft',
      done: 'equipment.messages.recalled',
    },
    async (tx, id, req) => (await transition(tx, scrapEntity, id, 'submitted', 'draft', req.lang)).after(),
  );
}
