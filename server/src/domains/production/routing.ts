import { notFound } from '../../platform/http/errors.js';
import type { Lang } from '../../platform/i18n/index.js';
import { getRow, readContext } from '../../platform/resources/read.js';
import { removeRows } from '../../platform/resources/remove.js';
import type { WireRow } from '../../platform/resources/types.js';
import { createRow, updateRow, validationError } from '../../platform/resources/write.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { routingEntity, routingStepEntity } from './resources.js';
import { repeatIssues, type StepInput } from './rules.js';

/**
 * Replaces a routing's steps with the editor's list (in order, numbered 1, 2, …) and keeps its drawing, in one
 * transaction with the routing locked: a procedure straight after itself without a reason refuses the whole list.
 */
export async function saveSteps(
  tx: TenantTx,
  lang: Lang,
  body: { id: number; steps: StepInput[]; layout?: unknown },
): Promise<WireRow> {
  const lock = await tx.query(
    'select id from routings where tenant_id = $1 and id = $2 and deleted_at is null for update',
    [tx.tenantId, body.id],
  );
  if (!lock.rows[0]) throw notFound();
  const stepCtx = await readContext(tx, routingStepEntity, lang);
  const issues = repeatIssues(body.steps);
  if (issues.length) throw validationError(stepCtx.model, lang, issues);
  const old = await tx.query<{ id: number }>('select id from routing_steps where tenant_id = $1 and routing_id = $2', [
    tx.tenantId,
    body.id,
  ]);
  if (old.rows.length)
    await removeRows(
      tx,
      stepCtx,
      old.rows.map((r) => Number(r.id)),
    );
  let seq = 1;
  for (const s of body.steps)
    await createRow(tx, stepCtx, {
      routingId: body.id,
      seq: seq++,
      procedureId: s.procedureId,
      repeatReason: s.repeatReason?.trim() || null,
    });
  const ctx = await readContext(tx, routingEntity, lang);
  if (body.layout !== undefined) await updateRow(tx, ctx, body.id, { layout: body.layout });
  return getRow(tx, ctx, body.id);
}
