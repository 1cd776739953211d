import { createHash, randomInt } from 'node:crypto';

/** Letters and digits that cannot be mistaken for each other when read aloud or typed from paper. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export const randomCode = (length: number): string =>
  Array.from({ length }, () => ALPHABET[randomInt(0, ALPHABET.length)]).join('');

/**
 * A code handed to people or other systems: `<tenant id in base 36>-<random part>`. Carrying the tenant lets
 * every lookup stay inside one tenant's rows.
 */
export const tenantCode = (tenantId: number, random: string): string =>
  `${tenantId.toString(36).toUpperCase()}-${random}`;

export function parseTenantCode(code: unknown): { tenantId: number; random: string } | null {
  if (typeof code !== 'string') return null;
  const m = /^([0-9A-Z]{1,12})-([0-9A-Z]{6,64})$/.exec(code.trim().toUpperCase());
  if (!m) return null;
  const tenantId = Number.parseInt(m[1]!, 36);
  return Number.isSafeInteger(tenantId) && tenantId > 0 ? { tenantId, random: m[2]! } : null;
}

export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');
