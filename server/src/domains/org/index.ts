import type { FastifyInstance } from 'fastify';
import { itemRoutes } from './items-routes.js';
import { organizationRoutes } from './organizations-routes.js';
import { roleTemplateRoutes } from './role-templates-routes.js';
import { roleRoutes } from './roles-routes.js';
import { userRoutes } from './users-routes.js';

/** Organisation settings (spec 7.2): members, organisations, roles, role templates and the dictionary. */
export async function orgRoutes(app: FastifyInstance): Promise<void> {
  await app.register(userRoutes);
  await app.register(organizationRoutes);
  await app.register(roleRoutes);
  await app.register(roleTemplateRoutes);
  await app.register(itemRoutes);
}
