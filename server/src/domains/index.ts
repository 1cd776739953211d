import type { FastifyPluginAsync } from 'fastify';
import { fileRoutes } from '../platform/files/routes.js';
import { resourcePlatformRoutes } from '../platform/resources/plugin.js';
import { approvalRoutes } from '../platform/workflow/approval-routes.js';
import { checkRoutes } from './check/routes.js';
import { coreRoutes } from './core/routes.js';
import { dasRoutes } from './das/routes.js';
import { diyformRoutes } from './diyform/routes.js';
import { energyRoutes } from './energy/routes.js';
import { equipmentRoutes } from './equipment/routes.js';
import { externalRoutes } from './external/routes.js';
import { groupRoutes } from './group/routes.js';
import { healthRoutes } from './health/routes.js';
import { identityRoutes } from './identity/routes.js';
import { integralRoutes } from './integral/routes.js';
import { integrationRoutes } from './integrations/routes.js';
import { menuRoutes } from './menu/routes.js';
import { operatorRoutes } from './operator/index.js';
import { orgRoutes } from './org/index.js';
import { plantRoutes } from './plant/routes.js';
import { printRoutes } from './print/routes.js';
import { productionRoutes } from './production/routes.js';
import { qualificationRoutes } from './qualification/routes.js';
import { repairRoutes } from './repair/routes.js';
import { reportRoutes } from './reports/routes.js';
import { signupRoutes } from './signup/index.js';
import { spareRoutes } from './spare/routes.js';
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
  fileRoutes,
  plantRoutes,
  equipmentRoutes,
  workforceRoutes,
  diyformRoutes,
  repairRoutes,
  externalRoutes,
  spareRoutes,
  checkRoutes,
  reportRoutes,
  groupRoutes,
  approvalRoutes,
  integrationRoutes,
  productionRoutes,
  healthRoutes,
  qualificationRoutes,
  integralRoutes,
  energyRoutes,
  printRoutes,
  dasRoutes,
];
