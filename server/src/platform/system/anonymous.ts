import type { FastifyInstance } from 'fastify';
import { type TenantTx, withTenant } from '../tenancy/tenant-tx.js';
import { ownerDb } from './owner.js';

/**
 * A transaction of one tenant as nobody, for the public pages whose link names their tenant (a machine's
 * report link): the request role and row-level security apply as for any request; there is no user.
 */
export function anonymousTenant<T>(
  app: FastifyInstance,
  tenantId: number,
  fn: (tx: TenantTx) => Promise<T>,
): Promise<T> {
  return withTenant(ownerDb(app), tenantId, null, fn);
}
