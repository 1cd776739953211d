import type { FastifyInstance } from 'fastify';
import { ok, page } from '../../platform/http/envelope.js';
import { t } from '../../platform/i18n/index.js';
import { queuePing } from './deliver.js';
import { EVENTS } from './events.js';
import { envelope, fieldError, idBody, P, pageQuery } from './http.js';
import {
  createSubscription,
  deleteSubscription,
  getSubscription,
  listDeliveries,
  listSubscriptions,
  NAME_MAX,
  type SubscriptionInput,
  switchSubscription,
  URL_MAX,
  updateSubscription,
} from './webhooks.js';

const nullable = (type: string) => ({ type: [type, 'null'] });
const subscriptionSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    url: { type: 'string' },
    events: { type: 'array', items: { type: 'string' } },
    state: { type: 'integer' },
    failures: { type: 'integer' },
    disabledAt: nullable('string'),
    createdAt: { type: 'string' },
    updatedAt: { type: 'string' },
    lastStatus: nullable('string'),
    lastAt: nullable('string'),
  },
};
const deliverySchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    event: { type: 'string' },
    status: { type: 'string' },
    attempts: { type: 'integer' },
    statusCode: nullable('integer'),
    responseMs: nullable('integer'),
    error: nullable('string'),
    createdAt: { type: 'string' },
    finishedAt: nullable('string'),
    nextAt: nullable('string'),
  },
};
const inputProperties = {
  name: { type: 'string', maxLength: NAME_MAX * 4 },
  url: { type: 'string', maxLength: URL_MAX * 2 },
  events: { type: 'array', maxItems: 50, items: { type: 'string', maxLength: 100 } },
};
const ID = { type: 'integer', minimum: 1, maximum: 9007199254740991 };

/** Outgoing webhooks (settings, webhooks): subscriptions, their delivery log and a test send. */
export async function webhookRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { page: number; limit: number } }>(
    '/api-integration/webhooks/page',
    {
      config: { permission: P.hookView },
      schema: {
        tags: ['integrations'],
        summary: 'Webhook subscriptions of the company (never their signing secrets)',
        querystring: pageQuery,
        response: { 200: envelope({ type: 'array', items: subscriptionSchema }) },
      },
    },
    (req) =>
      req.tenant(async (tx) => {
        const r = await listSubscriptions(tx, req.query.page, req.query.limit);
        return page(r.rows, r.count);
      }),
  );

  app.get(
    '/api-integration/webhooks/events',
    {
      config: { permission: P.hookView },
      schema: {
        tags: ['integrations'],
        summary: 'The events a subscription may hear, with their names in the caller’s language',
        response: {
          200: envelope({
            type: 'array',
            items: { type: 'object', properties: { event: { type: 'string' }, label: { type: 'string' } } },
          }),
        },
      },
    },
    async (req) => ok(EVENTS.map((event) => ({ event, label: t(req.lang, `integrations.webhooks.event.${event}`) }))),
  );

  app.post<{ Body: SubscriptionInput }>(
    '/api-integration/webhooks/save',
    {
      config: { permission: P.hookAdd },
      schema: {
        tags: ['integrations'],
        summary: 'Subscribes a URL to events; the signing secret is in this answer only',
        body: { type: 'object', required: ['name', 'url', 'events'], properties: inputProperties },
        response: {
          200: envelope({
            type: 'object',
            properties: { subscription: subscriptionSchema, secret: { type: 'string' } },
          }),
        },
      },
    },
    (req) => req.tenant(async (tx) => ok(await createSubscription(tx, req.body, app.config))),
  );

  app.post<{ Body: SubscriptionInput & { id: number } }>(
    '/api-integration/webhooks/update',
    {
      config: { permission: P.hookEdit },
      schema: {
        tags: ['integrations'],
        summary: 'Changes a subscription’s name, URL and events',
        body: { type: 'object', required: ['id', 'name', 'url', 'events'], properties: { id: ID, ...inputProperties } },
        response: { 200: envelope(subscriptionSchema) },
      },
    },
    (req) => req.tenant(async (tx) => ok(await updateSubscription(tx, req.body.id, req.body, app.config))),
  );

  app.post<{ Body: { id: number; state: number } }>(
    '/api-integration/webhooks/switch',
    {
      config: { permission: P.hookEdit },
      schema: {
        tags: ['integrations'],
        summary: 'Switches a subscription on (1, its failures counted from none again) or off (0)',
        body: {
          type: 'object',
          required: ['id', 'state'],
          properties: { id: ID, state: { type: 'integer', enum: [0, 1] } },
        },
        response: { 200: envelope(subscriptionSchema) },
      },
    },
    (req) => req.tenant(async (tx) => ok(await switchSubscription(tx, req.body.id, req.body.state === 1))),
  );

  app.post<{ Body: { id: number } }>(
    '/api-integration/webhooks/del',
    {
      config: { permission: P.hookDelete },
      schema: {
        tags: ['integrations'],
        summary: 'Deletes a subscription and its delivery log',
        body: idBody,
        response: { 200: envelope() },
      },
    },
    (req) =>
      req.tenant(async (tx) => {
        await deleteSubscription(tx, req.body.id);
        return ok(null);
      }),
  );

  app.post<{ Body: { id: number } }>(
    '/api-integration/webhooks/test',
    {
      config: { permission: P.hookTest },
      schema: {
        tags: ['integrations'],
        summary: 'Queues a signed test delivery (event ping) to the subscription; its outcome is in the delivery log',
        body: idBody,
        response: { 200: envelope({ type: 'object', properties: { deliveryId: { type: 'integer' } } }) },
      },
    },
    (req) =>
      req.tenant(async (tx) => {
        const s = await getSubscription(tx, req.body.id);
        if (s.state !== 1) throw fieldError('id', 'integrations.webhooks.disabled');
        return ok({ deliveryId: await queuePing(tx, s.id) });
      }),
  );

  app.get<{ Querystring: { subscriptionId: number; page: number; limit: number } }>(
    '/api-integration/webhooks/deliveries',
    {
      config: { permission: P.hookView },
      schema: {
        tags: ['integrations'],
        summary: 'The delivery log of a subscription, newest first: status, HTTP status, response time, attempts',
        querystring: {
          type: 'object',
          required: ['subscriptionId'],
          properties: { subscriptionId: ID, ...pageQuery.properties },
        },
        response: { 200: envelope({ type: 'array', items: deliverySchema }) },
      },
    },
    (req) =>
      req.tenant(async (tx) => {
        const r = await listDeliveries(tx, req.query.subscriptionId, req.query.page, req.query.limit);
        return page(r.rows, r.count);
      }),
  );
}
