import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { BusinessEvent } from '../../platform/events/emit.js';
import type { Job } from '../../platform/jobs/runner.js';
import { pushToUsers } from '../../platform/resources/push.js';
import { findRow, readContext } from '../../platform/resources/read.js';
import type { WireRow } from '../../platform/resources/types.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { eventNamesOf, PING } from './events.js';
import { type PostResult, postJson } from './target.js';
import { DELIVER_JOB, queueDeliveries, subscribersOf } from './webhooks.js';

/**
 * Signs a delivery: HMAC-SHA256 with the subscription's secret over `<timestamp>.<body>`, hex, sent as
 * `X-Eam-Signature: sha256=<hex>` with `X-Eam-Timestamp: <unix seconds>` (README, "Webhooks").
 */
export function signature(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** What a delivery body says: the event, the record as the API reads it, and the record's version. */
export function deliveryBody(
  deliveryId: number,
  event: string,
  entity: string,
  record: WireRow | null,
): Record<string, unknown> {
  return {
    id: deliveryId,
    event,
    occurredAt: new Date().toISOString(),
    entity,
    record,
    // The record's version: its last change (updatedAt), which a receiver compares to drop stale deliveries.
    version: record?.updatedAt ?? null,
  };
}

/** The listener on business events: queues a delivery per enabled subscription that hears the event. */
export async function queueForEvent(tx: TenantTx, e: BusinessEvent): Promise<void> {
  const names = eventNamesOf(e);
  if (names.length === 0) return;
  const subs = await subscribersOf(tx, names);
  if (subs.length === 0) return;
  // The record as another system reads it through the API (English labels), whole, not as the acting user's permit.
  const ctx = { ...(await readContext(tx, e.def, 'en')), permit: undefined };
  const record = (await findRow(tx, ctx, e.row.id)) ?? e.row;
  for (const name of names) {
    const ids = subs.filter((s) => s.event === name).map((s) => s.id);
    await queueDeliveries(tx, ids, name, (id) => deliveryBody(id, name, e.def.name, record));
  }
}

/** A test delivery to one subscription (settings, webhooks, test send). */
export async function queuePing(tx: TenantTx, subscriptionId: number): Promise<number> {
  const [id] = await queueDeliveries(tx, [subscriptionId], PING, (deliveryId) => ({
    id: deliveryId,
    event: PING,
    occurredAt: new Date().toISOString(),
    entity: null,
    record: null,
    version: null,
  }));
  return id!;
}

interface Pending {
  id: number;
  subscription_id: number;
  event: string;
  payload: object;
  attempts: number;
  url: string;
  secret: string;
  state: number;
}

/** The job that sends one delivery after its transaction committed; retries are jobs of their own, later. */
export function registerDeliveryJob(app: FastifyInstance): void {
  const config = app.config;
  app.jobs.register(DELIVER_JOB, {
    run: async (job: Job) => {
      const deliveryId = Number(job.payload.deliveryId);
      const d = await job.tenant(null, async (tx) => {
        const r = await tx.query<Pending>(
          `select d.id::int as id, d.subscription_id::int as subscription_id, d.event, d.payload, d.attempts,
                  s.url, s.secret, s.state::int as state
             from webhook_deliveries d join webhook_subscriptions s on s.tenant_id = d.tenant_id and s.id = d.subscription_id
            where d.tenant_id = $1 and d.id = $2 and d.status in ('queued', 'retrying')`,
          [tx.tenantId, deliveryId],
        );
        return r.rows[0] ?? null;
      });
      if (!d) return;
      if (d.state !== 1) {
        await job.tenant(null, (tx) =>
          tx.query(
            `update webhook_deliveries set status = 'failed', error = 'disabled', finished_at = now(), next_at = null
              where tenant_id = $1 and id = $2`,
            [tx.tenantId, d.id],
          ),
        );
        return;
      }
      // The HTTP call happens outside any transaction: a slow receiver holds no connection of the database.
      const body = JSON.stringify(d.payload);
      const timestamp = Math.floor(Date.now() / 1000);
      const result = await postJson(
        d.url,
        {
          'user-agent': 'eam-webhooks/1',
          'x-eam-event': d.event,
          'x-eam-delivery': String(d.id),
          'x-eam-timestamp': String(timestamp),
          'x-eam-signature': `sha256=${signature(d.secret, timestamp, body)}`,
        },
        body,
        config.webhookAllowPrivate,
      );
      await job.tenant(null, (tx) => recordAttempt(tx, d, result, config));
    },
  });
}

interface AttemptConfig {
  webhookMaxAttempts: number;
  webhookRetrySeconds: number;
  webhookDisableAfter: number;
}

/**
 * Writes an attempt's outcome: sent; or another attempt after a backoff (retry seconds doubled each time);
 * or failed after the last. A subscription whose attempts fail this many times in a row is switched off, and
 * the company's administrators get a message.
 */
async function recordAttempt(tx: TenantTx, d: Pending, r: PostResult, config: AttemptConfig): Promise<void> {
  const attempts = d.attempts + 1;
  if (r.ok) {
    await tx.query(
      `update webhook_deliveries set status = 'sent', attempts = $3, status_code = $4, response_ms = $5, error = null,
              finished_at = now(), next_at = null where tenant_id = $1 and id = $2`,
      [tx.tenantId, d.id, attempts, r.status, r.ms],
    );
    await tx.query('update webhook_subscriptions set failures = 0 where tenant_id = $1 and id = $2', [
      tx.tenantId,
      d.subscription_id,
    ]);
    return;
  }
  const last = attempts >= config.webhookMaxAttempts;
  const wait = config.webhookRetrySeconds * 2 ** (attempts - 1);
  await tx.query(
    `update webhook_deliveries set status = $3, attempts = $4, status_code = $5, response_ms = $6, error = $7,
            finished_at = case when $3 = 'failed' then now() end,
            next_at = case when $3 = 'retrying' then now() + make_interval(secs => $8) end
      where tenant_id = $1 and id = $2`,
    [tx.tenantId, d.id, last ? 'failed' : 'retrying', attempts, r.status, r.ms, r.error, wait],
  );
  const s = await tx.query<{ failures: number; name: string; state: number }>(
    `update webhook_subscriptions set failures = failures + 1 where tenant_id = $1 and id = $2
     returning failures, name, state::int as state`,
    [tx.tenantId, d.subscription_id],
  );
  const sub = s.rows[0]!;
  if (sub.state === 1 && sub.failures >= config.webhookDisableAfter) {
    await tx.query(
      'update webhook_subscriptions set state = 0, disabled_at = now(), updated_at = now() where tenant_id = $1 and id = $2',
      [tx.tenantId, d.subscription_id],
    );
    await tellAdministrators(tx, sub.name, sub.failures);
    return;
  }
  if (!last)
    await tx.query('select eam_enqueue_job_at($1, $2::jsonb, now() + make_interval(secs => $3))', [
      DELIVER_JOB,
      JSON.stringify({ deliveryId: d.id }),
      wait,
    ]);
}

export const DISABLED_MESSAGE = 'integrations.webhooks.disabledTitle';

/** A message to every administrator of the company, in each reader's language when read (messageText). */
async function tellAdministrators(tx: TenantTx, name: string, failures: number): Promise<void> {
  const admins = await tx.query<{ id: number }>(
    `select distinct u.id::int as id from users u
       join user_roles ur on ur.tenant_id = u.tenant_id and ur.user_id = u.id
       join roles r on r.tenant_id = ur.tenant_id and r.id = ur.role_id and r.is_admin and r.state = 1
      where u.tenant_id = $1 and u.state = 1 and not u.deleted`,
    [tx.tenantId],
  );
  const ids = admins.rows.map((a) => Number(a.id));
  if (ids.length === 0) return;
  const params = { name, failures };
  await tx.query(
    `insert into messages(tenant_id, user_id, type_code, title, msg_key, msg_params, link)
     select $1, u, 'webhook', $3, $4, $5::jsonb, '/setUp/webhook' from unnest($2::bigint[]) u`,
    [tx.tenantId, ids, name, DISABLED_MESSAGE, JSON.stringify(params)],
  );
  await pushToUsers(tx, ids, { type: 'message', entity: 'webhook' });
}
