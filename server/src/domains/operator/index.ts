import type { FastifyInstance } from 'fastify';
import { companyRoutes } from './companies-routes.js';
import { companyMenuRoutes } from './company-menus-routes.js';
import { noticeRoutes } from './notices-routes.js';
import { versionRoutes } from './versions-routes.js';

/** The operator area (spec 7.3): tenant companies and their menus, versions and announcements. */
export async function operatorRoutes(app: FastifyInstance): Promise<void> {
  await app.register(companyRoutes);
  await app.register(companyMenuRoutes);
  await app.register(versionRoutes);
  await app.register(noticeRoutes);
}
