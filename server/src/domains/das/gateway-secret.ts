import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * A gateway's credentials. The client id names the tenant (`<tenant>-<random>`), so the ingest opens the
 * tenant's own transaction to find the gateway, as the public report link does. The secret is 32 random
 * bytes shown once: a plain SHA-256 of so much randomness is as safe to keep as a slow password hash, and
 * lets every HTTP ingest request be checked in microseconds.
 */
export const newClientId = (tenantId: number): string => `${tenantId}-${randomBytes(9).toString('base64url')}`;
export const newSecret = (): string => randomBytes(32).toString('base64url');
export const hashSecret = (secret: string): string => `sha256:${createHash('sha256').update(secret).digest('hex')}`;

export function secretMatches(secret: string, stored: string | null | undefined): boolean {
  if (!stored || !secret || secret.length > 200) return false;
  const a = Buffer.from(hashSecret(secret));
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The tenant a client id names, or null for anything that is not one. */
export function tenantOfClientId(clientId: unknown): number | null {
  if (typeof clientId !== 'string') return null;
  const m = /^([1-9]\d{0,15})-[A-Za-z0-9_-]{8,40}$/.exec(clientId);
  return m && Number.isSafeInteger(Number(m[1])) ? Number(m[1]) : null;
}
