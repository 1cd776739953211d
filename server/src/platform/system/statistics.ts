import type { FastifyInstance } from 'fastify';
import { ownerDb } from './owner.js';

/**
 * Refreshes the planner's statistics of a table after a large write (the embedded database has no autovacuum).
 * Statistics are the table's, not a tenant's, so this runs on the owner connection, in the background.
 */
export function analyzeSoon(app: FastifyInstance, table: string): void {
  if (!/^[a-z_][a-z0-9_]*$/.test(table)) return;
  ownerDb(app)
    .exec(`analyze "${table}"`)
    .catch(() => undefined);
}
