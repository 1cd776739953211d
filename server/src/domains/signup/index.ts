import type { FastifyInstance } from 'fastify';
import { keyLoginRoutes } from './key-login-routes.js';
import { registerRoutes } from './register-routes.js';
import { sessionInfoRoutes } from './session-info-routes.js';

/** Sign-up, hand-over login and session helpers (spec 7.1). */
export async function signupRoutes(app: FastifyInstance): Promise<void> {
  await app.register(registerRoutes);
  await app.register(keyLoginRoutes);
  await app.register(sessionInfoRoutes);
}
