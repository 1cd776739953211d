import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from '../../db/index.js';
import { AppError, unauthorized } from '../http/errors.js';
import { isDataScope } from '../resources/data-scope.js';
import { type Principal, permissionsAt } from './principal.js';

/**
 * API keys of other systems (an ERP, an MES, a gateway): `Authorization: ApiKey <secret>`. A secret is
 * `eamk_<tenant>_<key id>_<random>`, so a request finds its key by primary key and compares the hash of the
 * random part; only that hash is stored. The key is read from the database on every request, so a revoked or
 * expired key is refused at once on every server instance. The key acts for its creator with the codes it was
 * given that the creator still holds (a creator who loses a right takes it from their keys too), and sees the
 * records that both the key's data scope and its creator's reach.
 */
const HEADER = /^ApiKey\s+(\S+)\s*$/i;
const SECRET = /^eamk_([1-9]\d{0,15})_([1-9]\d{0,15})_([A-Za-z0-9_-]{32,64})$/;

/** The secret in an `Authorization: ApiKey <secret>` header, or null for any other header. */
export function apiKeyOf(header: unknown): string | null {
  if (typeof header !== 'string') return null;
  const m = HEADER.exec(header);
  return m ? m[1]! : null;
}

export const hashKeySecret = (random: string) => createHash('sha256').update(random).digest('base64url');

/** A new secret for key `id` of `tenantId`: the whole secret (shown once), its stored hash and a hint. */
export function newKeySecret(tenantId: number, id: number): { secret: string; hash: string; hint: string } {
  const random = randomBytes(32).toString('base64url');
  return { secret: `eamk_${tenantId}_${id}_${random}`, hash: hashKeySecret(random), hint: random.slice(-4) };
}

/**
 * Requests per key on this instance (API_KEY_RATE_PER_MINUTE): a bucket of that many requests per key that
 * refills evenly over a minute, so a burst up to the limit passes and a steady stream is held to it.
 */
export class KeyRateLimit {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  constructor(readonly perMinute: number) {}

  /** Counts a request of the key; false when the key has used up its allowance. */
  take(key: string, now = Date.now()): boolean {
    const b = this.buckets.get(key) ?? { tokens: this.perMinute, at: now };
    b.tokens = Math.min(this.perMinute, b.tokens + ((now - b.at) / 60_000) * this.perMinute);
    b.at = now;
    if (this.buckets.size > 100_000) this.buckets.clear();
    this.buckets.set(key, b);
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  }
}

interface KeyRow {
  created_by: number;
  secret_hash: string;
  permissions: string[];
  expired: boolean;
  revoked: boolean;
  stale_use: boolean;
  is_platform: boolean;
  perm_version: number;
  data_scope: string;
}

/**
 * The principal of an API key secret; 401 for an unknown, revoked or expired key (its creator or company
 * switched off included), 429 once the key has used its minute. `db` is the auth plugin's owner handle: the
 * tenant is not known before the key is.
 */
export async function apiKeyPrincipal(db: Database, secret: string, limit: KeyRateLimit): Promise<Principal> {
  const m = SECRET.exec(secret);
  if (!m) throw unauthorized('integrations.auth.invalid');
  const tenantId = Number(m[1]);
  const id = Number(m[2]);
  const r = await db.query<KeyRow>(
    `select k.created_by, k.secret_hash, k.permissions, k.data_scope, c.is_platform, c.perm_version,
            k.expires_at is not null and k.expires_at <= now() as expired, k.revoked_at is not null as revoked,
            k.last_used_at is null or k.last_used_at < now() - interval '1 minute' as stale_use
       from api_keys k
       join companies c on c.id = k.tenant_id and c.state = 1
       join users u on u.tenant_id = k.tenant_id and u.id = k.created_by and u.state = 1 and not u.deleted
      where k.tenant_id = $1 and k.id = $2`,
    [tenantId, id],
  );
  const row = r.rows[0];
  const given = Buffer.from(hashKeySecret(m[3]!));
  if (
    !row ||
    given.length !== Buffer.byteLength(row.secret_hash) ||
    !timingSafeEqual(given, Buffer.from(row.secret_hash))
  )
    throw unauthorized('integrations.auth.invalid');
  if (row.revoked) throw unauthorized('integrations.auth.revoked');
  if (row.expired) throw unauthorized('integrations.auth.expired');
  if (!limit.take(`${tenantId}:${id}`))
    throw new AppError('tooMany', 'integrations.auth.rateLimited', { limit: limit.perMinute });
  // Last use to the minute: one write a minute per key at most, not one per request.
  if (row.stale_use)
    await db.query('update api_keys set last_used_at = now() where tenant_id = $1 and id = $2', [tenantId, id]);
  const userId = Number(row.created_by);
  const creator = await permissionsAt(db, tenantId, userId, row.perm_version);
  const permissions = new Set(row.permissions.filter((c) => creator.permissions.has(c)));
  return {
    userId,
    tenantId,
    sessionId: `apikey:${id}`,
    isPlatform: row.is_platform,
    isAdmin: false,
    mustChangePassword: false,
    permissions,
    apiKeyId: id,
    keyScope: isDataScope(row.data_scope) ? row.data_scope : 'own',
  };
}
