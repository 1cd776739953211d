import type { FastifyInstance } from 'fastify';
import { onBusinessEvent } from '../../platform/events/emit.js';
import { apiKeyRoutes } from './api-key-routes.js';
import { queueForEvent, registerDeliveryJob } from './deliver.js';
import { registerEmail } from './email.js';
import { emailRoutes } from './email-routes.js';
import { webhookRoutes } from './webhook-routes.js';

/** Integrations (issue 51): API keys, outgoing webhooks, e-mail notices. */
export async function integrationRoutes(app: FastifyInstance): Promise<void> {
  onBusinessEvent('webhooks', queueForEvent);
  registerDeliveryJob(app);
  registerEmail(app);
  await app.register(apiKeyRoutes);
  await app.register(webhookRoutes);
  await app.register(emailRoutes);
}
