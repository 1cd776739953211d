import type { FastifyPluginAsync } from 'fastify';
import { resourcePlatformRoutes } from '../platform/resources/plugin.js';
import { coreRoutes } from './core/routes.js';
import { diyformRoutes } from './diyform/routes.js';
import { equipmentRoutes } from './equipment/routes.js';
import { identityRoutes } from './identity/routes.js';
import { menuRoutes } from './menu/routes.js';
import { operatorRoutes } from './operator/index.js';
import { orgRoutes } from './org/index.js';
import { plantRoutes } from './plant/routes.js';
import { signupRoutes } from './signup/index.js';
import { workforceRoutes } from './workforce/routes.js';

/** Every business domain's routes, registered in this order by the app. */
export const domains: FastifyPluginAsync[] = [
  identityRoutes,
  menuRoutes,
  signupRoutes,
  coreRoutes,
  orgRoutes,
  operatorRoutes,
  resourcePlatformRoutes,
  plantRoutes,
  equipmentRoutes,
  workforceRoutes,
  diyformRoutes,
];
