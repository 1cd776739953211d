import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Lang } from '../../platform/i18n/index.js';
import { readContext } from '../../platform/resources/read.js';
import type { WireRow } from '../../platform/resources/types.js';
import { createRow, validationError } from '../../platform/resources/write.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { runAction } from '../../platform/workflow/run.js';
import { recordStep } from '../../platform/workflow/steps.js';
import type { GatewayInfo } from './directory.js';
import { cmdTopic } from './ingest.js';
import { instructionEntity } from './resources.js';

const ANSWERS: Record<string, string> = { acknowledged: 'acknowledge', done: 'complete', failed: 'fail' };

/** An instruction's number: IN, the UTC time to the second, and four random characters. */
const instructionCode = (now: Date) =>
  `IN${now.toISOString().replace(/\D/g, '').slice(0, 14)}${randomBytes(3).toString('base64url').slice(0, 4).toUpperCase()}`;

export interface Sent {
  row: WireRow;
  topic: string;
  payload: string;
}

/**
 * Records an instruction as sent (numbered, stamped, a step on its timeline) and names the topic and message
 * that carry it to the gateway; the caller publishes them once the transaction has committed.
 */
export async function sendInstruction(tx: TenantTx, body: WireRow, lang: Lang): Promise<Sent> {
  const ctx = await readContext(tx, instructionEntity, lang);
  const deviceId = Number(body.deviceId);
  const device = Number.isSafeInteger(deviceId)
    ? (
        await tx.query<{ code: string; client_id: string; key: string | null }>(
          `select d.code, g.client_id, t.key from das_devices d
             join das_gateways g on g.tenant_id = d.tenant_id and g.id = d.gateway_id
             left join das_tags t on t.tenant_id = d.tenant_id and t.device_id = d.id and t.key = $3
            where d.tenant_id = $1 and d.id = $2 and d.deleted_at is null`,
          [tx.tenantId, deviceId, typeof body.tagKey === 'string' ? body.tagKey : ''],
        )
      ).rows[0]
    : undefined;
  if (device && typeof body.tagKey === 'string' && body.tagKey && device.key === null)
    throw validationError(ctx.model, lang, [{ field: 'tagKey', key: 'refMissing', params: { value: body.tagKey } }]);
  const now = new Date();
  const row = await createRow(
    tx,
    ctx,
    {
      deviceId: body.deviceId,
      tagKey: body.tagKey,
      value: body.value,
      ...(body.timeoutSeconds !== undefined ? { timeoutSeconds: body.timeoutSeconds } : {}),
      code: instructionCode(now),
      state: 'sent',
      sentAt: now.toISOString(),
      senderId: tx.userId,
    },
    { system: true },
  );
  await recordStep(tx, instructionEntity, row.id, 'send', null, 'sent', null, null);
  return {
    row,
    topic: cmdTopic(device!.client_id, device!.code),
    payload: JSON.stringify({ code: row.code, tag: row.tagKey, value: row.value }),
  };
}

/**
 * A gateway's answer to an instruction on `gw/<client id>/ack`: `{ "code": "IN…", "status": "acknowledged" |
 * "done" | "failed", "result": "…" }`. It moves the instruction by its declared action, as the system; an
 * answer about another gateway's instruction, or one its state does not take, is refused (false).
 */
export async function answerInstruction(
  tx: TenantTx,
  gateway: GatewayInfo,
  payload: Buffer | string,
): Promise<boolean> {
  let body: unknown;
  try {
    body = JSON.parse(typeof payload === 'string' ? payload : payload.toString('utf8'));
  } catch {
    return false;
  }
  if (!body || typeof body !== 'object') return false;
  const { code, status, result } = body as Record<string, unknown>;
  const action = typeof status === 'string' ? ANSWERS[status] : undefined;
  if (typeof code !== 'string' || code.length > 40 || !action) return false;
  if (result !== undefined && (typeof result !== 'string' || result.length > 1000 || result.includes('\u0000')))
    return false;
  const r = await tx.query<{ id: number }>(
    `select i.id from das_instructions i join das_devices d on d.tenant_id = i.tenant_id and d.id = i.device_id
      where i.tenant_id = $1 and i.code = $2 and d.gateway_id = $3`,
    [tx.tenantId, code, gateway.id],
  );
  const id = r.rows[0]?.id;
  if (!id) return false;
  await runAction(tx, instructionEntity, action, id, action === 'acknowledge' ? {} : { result: result ?? null }, 'zh', {
    system: true,
  });
  return true;
}

/** Instructions unanswered past their timeout are timed out (a job every 15 s, 100 a tenant a round). */
export function scheduleTimeouts(app: FastifyInstance): void {
  app.jobs.everyTenant('das.instructionTimeout', 15, async (tx) => {
    const due = await tx.query<{ id: number }>(
      `select id from das_instructions where tenant_id = $1 and state in ('sent', 'acknowledged')
          and sent_at + make_interval(secs => timeout_seconds) < now() order by sent_at limit 100`,
      [tx.tenantId],
    );
    for (const { id } of due.rows) await runAction(tx, instructionEntity, 'timeout', id, {}, 'zh', { system: true });
    return false;
  });
}
