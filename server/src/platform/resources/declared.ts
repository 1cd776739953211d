import type { EntityDef } from './types.js';

/**
 * Every declared entity: loads the domain modules (which declare their entities when imported) and
 * returns the registry. For the migration generator and the engine-wide tests, not for the server.
 */
export async function declaredEntities(): Promise<EntityDef[]> {
  await import('../../domains/index.js');
  const { allEntities } = await import('./registry.js');
  return allEntities();
}
