import type { FastifyInstance } from 'fastify';
import { ownerDb } from '../../platform/system/owner.js';
import { analyzeChanged } from '../../platform/system/statistics.js';
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

/** How long finished background jobs are kept (the timed tasks' history, exports' rows). */
const KEEP_JOBS_DAYS = 30;

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
  app.jobs.every('platform.cleanup', 3600, async () => {
    await ownerDb(app).query(
      `delete from jobs where status in ('done', 'partial', 'failed') and finished_at < now() - make_interval(days => $1)`,
      [KEEP_JOBS_DAYS],
    );
  });
  app.jobs.every('platform.statistics', 600, async () => {
    await analyzeChanged(ownerDb(app));
  });
}
