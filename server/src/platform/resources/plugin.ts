import type { FastifyPluginAsync } from 'fastify';
import { customFieldEntity } from './custom-fields.js';
import { EXPORT_JOB, exportJob } from './export.js';
import { resourceRoutes } from './routes.js';

/** The engine's own parts: the export job and the tenant's custom field declarations (settings > field). */
export const resourcePlatformRoutes: FastifyPluginAsync = async (app) => {
  app.jobs.register(EXPORT_JOB, exportJob(app));
  await app.register(resourceRoutes([customFieldEntity]));
};
