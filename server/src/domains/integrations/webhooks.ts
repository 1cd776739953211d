import { randomBytes } from 'node:crypto';
import type { Config } from '../../config.js';
import { notFound } from '../../platform/http/errors.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { EVENTS, isEventName } from './events.js';
import { fieldError } from './http.js';
import { checkTarget } from './target.js';

export const NAME_MAX = 60;
export const URL_MAX = 2000;

export interface SubscriptionInput {
  name?: string;
  url?: string;
  events?: string[];
}

export interface SubscriptionRow {
  id: number;
  name: string;
  url: string;
  events: string[];
  state: number;
  failures: number;
  disabledAt: string | null;
  createdAt: string;
  updatedAt: string;
  lastStatus: string | null;
  lastAt: string | null;
}

/** Never the signing secret: it is shown once, when the subscription is made. */
const COLUMNS = `s.id::int as id, s.name, s.url, s.events, s.state::int as state, s.failures, s.disabled_at as "disabledAt",
  s.created_at as "createdAt", s.updated_at as "updatedAt",
  (select d.status from webhook_deliveries d where d.tenant_id = s.tenant_id and d.subscription_id = s.id order by d.id desc limit 1) as "lastStatus",
  (select d.created_at from webhook_deliveries d where d.tenant_id = s.tenant_id and d.subscription_id = s.id order by d.id desc limit 1) as "lastAt"`;

export async function listSubscriptions(
  tx: TenantTx,
  page: number,
  limit: number,
): Promise<{ rows: SubscriptionRow[]; count: number }> {
  const r = await tx.query<SubscriptionRow & { total: string }>(
    `select ${COLUMNS}, count(*) over () as total from webhook_subscriptions s
      where s.tenant_id = $1 order by s.id desc limit $2 offset $3`,
    [tx.tenantId, limit, (page - 1) * limit],
  );
  return { rows: r.rows.map(({ total: _, ...row }) => row), count: r.rows[0] ? Number(r.rows[0].total) : 0 };
}

export async function getSubscription(tx: TenantTx, id: number): Promise<SubscriptionRow> {
  const r = await tx.query<SubscriptionRow>(
    `select ${COLUMNS} from webhook_subscriptions s where s.tenant_id = $1 and s.id = $2`,
    [tx.tenantId, id],
  );
  if (!r.rows[0]) throw notFound();
  return r.rows[0];
}

async function checked(
  input: SubscriptionInput,
  config: Config,
): Promise<{ name: string; url: string; events: string[] }> {
  const name = (input.name ?? '').trim();
  if (!name) throw fieldError('name', 'integrations.webhooks.nameRequired');
  if (name.length > NAME_MAX) throw fieldError('name', 'integrations.webhooks.nameTooLong', { limit: NAME_MAX });
  const url = (input.url ?? '').trim();
  if (url.length > URL_MAX) throw fieldError('url', 'integrations.webhooks.urlInvalid');
  const problem = await checkTarget(url, config.webhookAllowPrivate);
  if (problem) throw fieldError('url', `integrations.webhooks.${problem.problem}`, { host: problem.host });
  const events = [...new Set(input.events ?? [])];
  if (events.length === 0) throw fieldError('events', 'integrations.webhooks.eventsRequired');
  const unknown = events.find((e) => !isEventName(e));
  if (unknown !== undefined)
    throw fieldError('events', 'integrations.webhooks.eventUnknown', { event: unknown.slice(0, 60) });
  return { name, url, events: EVENTS.filter((e) => events.includes(e)) };
}

/** Subscribes a URL; returns the row and its signing secret (shown this once). */
export async function createSubscription(
  tx: TenantTx,
  input: SubscriptionInput,
  config: Config,
): Promise<{ subscription: SubscriptionRow; secret: string }> {
  const v = await checked(input, config);
  const secret = `whsec_${randomBytes(32).toString('base64url')}`;
  const r = await tx.query<{ id: number }>(
    `insert into webhook_subscriptions(tenant_id, name, url, events, secret, created_by)
     values ($1, $2, $3, $4::text[], $5, $6) returning id`,
    [tx.tenantId, v.name, v.url, v.events, secret, tx.userId],
  );
  return { subscription: await getSubscription(tx, Number(r.rows[0]!.id)), secret };
}

export async function updateSubscription(
  tx: TenantTx,
  id: number,
  input: SubscriptionInput,
  config: Config,
): Promise<SubscriptionRow> {
  await lockSubscription(tx, id);
  const v = await checked(input, config);
  await tx.query(
    'update webhook_subscriptions set name = $3, url = $4, events = $5::text[], updated_at = now() where tenant_id = $1 and id = $2',
    [tx.tenantId, id, v.name, v.url, v.events],
  );
  return getSubscription(tx, id);
}

async function lockSubscription(tx: TenantTx, id: number): Promise<{ state: number }> {
  const r = await tx.query<{ state: number }>(
    'select state from webhook_subscriptions where tenant_id = $1 and id = $2 for update',
    [tx.tenantId, id],
  );
  if (!r.rows[0]) throw notFound();
  return r.rows[0];
}

/** Switches a subscription on (its failures start again from none) or off. */
export async function switchSubscription(tx: TenantTx, id: number, on: boolean): Promise<SubscriptionRow> {
  await lockSubscription(tx, id);
  await tx.query(
    `update webhook_subscriptions set state = $3, updated_at = now(),
            failures = case when $3 = 1 then 0 else failures end,
            disabled_at = case when $3 = 1 then null else now() end
      where tenant_id = $1 and id = $2`,
    [tx.tenantId, id, on ? 1 : 0],
  );
  return getSubscription(tx, id);
}

export async function deleteSubscription(tx: TenantTx, id: number): Promise<void> {
  await lockSubscription(tx, id);
  await tx.query('delete from webhook_subscriptions where tenant_id = $1 and id = $2', [tx.tenantId, id]);
}

export interface DeliveryRow {
  id: number;
  event: string;
  status: string;
  attempts: number;
  statusCode: number | null;
  responseMs: number | null;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
  nextAt: string | null;
}

/** The delivery log of a subscription, newest first. */
export async function listDeliveries(
  tx: TenantTx,
  subscriptionId: number,
  page: number,
  limit: number,
): Promise<{ rows: DeliveryRow[]; count: number }> {
  await getSubscription(tx, subscriptionId);
  const r = await tx.query<DeliveryRow & { total: string }>(
    `select id::int as id, event, status, attempts, status_code as "statusCode", response_ms as "responseMs", error,
            created_at as "createdAt", finished_at as "finishedAt", next_at as "nextAt", count(*) over () as total
       from webhook_deliveries where tenant_id = $1 and subscription_id = $2 order by id desc limit $3 offset $4`,
    [tx.tenantId, subscriptionId, limit, (page - 1) * limit],
  );
  return { rows: r.rows.map(({ total: _, ...row }) => row), count: r.rows[0] ? Number(r.rows[0].total) : 0 };
}

export const DELIVER_JOB = 'webhook.deliver';

/**
 * Queues a delivery of the event to the given subscriptions in the caller's transaction, with the job that sends
 * it: both exist only once the transaction commits (eam_enqueue_job runs in it), so a rolled-back write sends
 * nothing.
 */
export async function queueDeliveries(
  tx: TenantTx,
  subscriptionIds: readonly number[],
  event: string,
  payload: (deliveryId: number) => object,
): Promise<number[]> {
  const ids: number[] = [];
  for (const sid of subscriptionIds) {
    const r = await tx.query<{ id: number }>(
      `insert into webhook_deliveries(tenant_id, subscription_id, event, payload) values ($1, $2, $3, '{}') returning id`,
      [tx.tenantId, sid, event],
    );
    const id = Number(r.rows[0]!.id);
    await tx.query('update webhook_deliveries set payload = $3::jsonb where tenant_id = $1 and id = $2', [
      tx.tenantId,
      id,
      JSON.stringify(payload(id)),
    ]);
    await tx.query('select eam_enqueue_job($1, $2::jsonb)', [DELIVER_JOB, JSON.stringify({ deliveryId: id })]);
    ids.push(id);
  }
  return ids;
}

/** The enabled subscriptions of the tenant that hear one of these events. */
export async function subscribersOf(tx: TenantTx, events: readonly string[]): Promise<{ id: number; event: string }[]> {
  const r = await tx.query<{ id: number; event: string }>(
    `select s.id::int as id, e as event from webhook_subscriptions s cross join unnest(s.events) e
      where s.tenant_id = $1 and s.state = 1 and e = any($2::text[]) order by s.id`,
    [tx.tenantId, events],
  );
  return r.rows;
}
