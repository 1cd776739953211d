import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/index.js';
import { AppError } from '../http/errors.js';
import { ownerDb } from './owner.js';

/*
 * Login names are unique across the service (a login names no company), so checking one looks past the
 * caller's tenant. These are the only questions domain code may ask of other tenants' members: whether a
 * name is taken, and by which user id; they run on the owner connection and nothing else comes back.
 */

/** The user ids holding these login names (lower case), in any company. */
export async function usernameOwners(app: FastifyInstance, lowerNames: string[]): Promise<Map<string, number>> {
  if (!lowerNames.length) return new Map();
  const r = await ownerDb(app).query<{ id: number; username: string }>(
    'select id, lower(username) as username from users where lower(username) = any($1::text[])',
    [lowerNames],
  );
  return new Map(r.rows.map((u) => [u.username, Number(u.id)]));
}

/**
 * Throws the translated field error when a login name is taken by anyone but user exceptId. On an owner
 * transaction (signup, the operator's new company) pass it instead of the application.
 */
export async function assertUsernameFree(
  on: FastifyInstance | Queryable,
  username: string,
  exceptId?: number,
): Promise<void> {
  const db: Queryable = 'exec' in on ? on : ownerDb(on);
  const r = await db.query('select 1 from users where lower(username) = lower($1) and id <> $2', [
    username,
    exceptId ?? 0,
  ]);
  if (r.rows.length) throw new AppError('business', 'errors.usernameTaken', { username }, 'username');
}
