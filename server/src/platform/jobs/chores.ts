import type { FastifyInstance } from 'fastify';
import { ownerDb } from '../system/owner.js';
import { analyzeChanged } from '../system/statistics.js';
import { dropFinishedJobs } from './history.js';

/** How long finished background jobs are kept (the timed tasks' history, exports' rows). */
const KEEP_JOBS_DAYS = 30;

/**
 * The platform's own timed tasks, over every tenant on the owner connection (a declared place: the jobs): finished
 * jobs older than a month go, and the planner's statistics of tables that changed much are renewed.
 */
export function registerPlatformChores(app: FastifyInstance): void {
  app.jobs.every('platform.cleanup', 3600, async () => {
    await dropFinishedJobs(ownerDb(app), KEEP_JOBS_DAYS);
  });
  app.jobs.every('platform.statistics', 600, async () => {
    await analyzeChanged(ownerDb(app));
  });
}
