import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/index.js';

declare const owner: unique symbol;

/**
 * The owner connection: row-level security does not apply to it, so it sees and writes every tenant's rows.
 * A type of its own so that a handler cannot be given it by accident where a tenant handle is meant; it is
 * reached only through ownerDb(app), and biome.json (noRestrictedImports) keeps this module to the declared
 * places, file by file: migrations, login and sessions, signup, the jobs' fan-out, realtime, the engine's platform
 * scope (resources/platform-handle.ts: the operator's routes get req.platform, never this), a group lead's read of
 * its members' figures (domains/group/routes.ts) and the seed. Everything else works through the tenant handle
 * (req.tenant, TenantTx) or, on an operator's route, the platform handle (req.platform, PlatformTx).
 */
export type OwnerDb = Database & { readonly [owner]: true };

const OWNER = Symbol('ownerDb');

/** Hands the owner connection to the application (buildApp, once). */
export function attachOwnerDb(app: FastifyInstance, db: Database): void {
  app.decorate(OWNER, db);
}

/** The owner connection of the application. Only for the declared places (see OwnerDb). */
export function ownerDb(app: FastifyInstance): OwnerDb {
  const db = (app as unknown as Record<symbol, OwnerDb | undefined>)[OWNER];
  if (!db) throw new Error('the owner connection is not attached to this application');
  return db;
}
