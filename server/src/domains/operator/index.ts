import type { FastifyInstance } from 'fastify';
import { registerPlatformChores } from '../../platform/jobs/chores.js';
import { companyRoutes } from './companies-routes.js';
import { companyMenuRoutes } from './company-menus-routes.js';
import { feedbackRoutes } from './feedback-routes.js';
import { companyGroupRoutes } from './groups-routes.js';
import { noticeRoutes } from './notices-routes.js';
import { pictureRoutes } from './pictures-routes.js';
import { timedTaskRoutes } from './timetasks-routes.js';
import { usageRoutes } from './usage-routes.js';
import { versionMoveRoutes } from './version-moves-routes.js';
import { versionRoutes } from './versions-routes.js';

/**
 * The operator area (spec 7.3): tenant companies, their menus and groups, versions, announcements, usage,
 * feedback, pictures and timed tasks.
 */
export async function operatorRoutes(app: FastifyInstance): Promise<void> {
  await app.register(companyRoutes);
  await app.register(companyMenuRoutes);
  await app.register(companyGroupRoutes);
  await app.register(versionRoutes);
  await app.register(versionMoveRoutes);
  await app.register(noticeRoutes);
  await app.register(usageRoutes);
  await app.register(feedbackRoutes);
  await app.register(pictureRoutes);
  await app.register(timedTaskRoutes);
  registerPlatformChores(app);
}
