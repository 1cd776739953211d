import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ownerDb } from '../system/owner.js';
import { PlatformTx } from './platform-tx.js';

/**
 * The platform scope of the engine: req.platform(fn) runs fn in one transaction on the owner connection as the
 * operator of the request. It exists only on routes declared `config: { platform: true }` (the operator company,
 * checked by platform/auth before the handler runs); anywhere else it throws. The owner connection stays inside
 * platform/resources: the operator's domain code holds a PlatformTx, never the connection.
 */
export function registerPlatformHandle(app: FastifyInstance): void {
  const db = ownerDb(app);
  app.decorateRequest('platform', function <T>(this: FastifyRequest, fn: (tx: PlatformTx) => Promise<T>): Promise<T> {
    if (!this.routeOptions.config?.platform)
      throw new Error(`req.platform on ${this.routeOptions.url}, which is not a platform route`);
    const p = this.me();
    return db.transaction((tx) =>
      fn(new PlatformTx(tx, { tenantId: p.tenantId, userId: p.userId, permissions: p.permissions })),
    );
  });
}

/**
 * Reads for routes anyone may call (the login page's pictures): a handle without an actor, so only the public
 * fields of declared platform entities can be read through it and nothing can be written.
 */
export type PublicPlatformRead = Pick<PlatformTx, 'rows' | 'find' | 'fileOf'>;

export function publicPlatformRead<T>(app: FastifyInstance, fn: (tx: PublicPlatformRead) => Promise<T>): Promise<T> {
  return ownerDb(app).transaction((tx) => fn(new PlatformTx(tx, null)));
}
