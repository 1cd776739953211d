import type { FastifyInstance } from 'fastify';
import { resourceRoutes } from '../../platform/resources/routes.js';
import { batchRoutes } from './batch-routes.js';
import { itemRoutes } from './items-routes.js';
import { orgTemplateRoutes } from './org-templates-routes.js';
import { organizationRoutes } from './organizations-routes.js';
import { itemEntity, organizationEntity, orgTemplateEntity, roleEntity } from './resources.js';
import { roleTemplateRoutes } from './role-templates-routes.js';
import { roleRoutes } from './roles-routes.js';
import { userRoutes } from './users-routes.js';

/** Organisation settings (spec 7.2): members, organisations, roles, role templates and the dictionary. */
export async function orgRoutes(app: FastifyInstance): Promise<void> {
  await app.register(userRoutes);
  await app.register(organizationRoutes);
  await app.register(resourceRoutes([organizationEntity, roleEntity, orgTemplateEntity, itemEntity]));
  await app.register(roleRoutes);
  await app.register(roleTemplateRoutes);
  await app.register(itemRoutes);
  await app.register(batchRoutes);
  await app.register(orgTemplateRoutes);
}
