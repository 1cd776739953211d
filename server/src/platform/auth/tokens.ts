import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

const ISSUER = 'eam-platform';
const AUDIENCE = 'eam-api';
const ALG = 'HS256';

export interface AccessClaims {
  userId: number;
  tenantId: number;
  sessionId: string;
}

export class TokenService {
  private readonly key: Uint8Array;
  constructor(
    secret: string,
    readonly accessSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(c: AccessClaims): Promise<string> {
    return new SignJWT({ tid: c.tenantId, sid: c.sessionId })
      .setProtectedHeader({ alg: ALG, typ: 'JWT' })
      .setSubject(String(c.userId))
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${this.accessSeconds}s`)
      .sign(this.key);
  }

  /**
   * Tokens already verified, with their expiry: a signed token never changes, so checking its signature once
   * is enough (the session behind it is still looked up on every request). Bounded; cleared when full.
   */
  private readonly verified = new Map<string, { claims: AccessClaims; expiresAt: number }>();

  /** The claims of a valid token of ours, or null (bad signature, other algorithm, expired, wrong audience). */
  async verify(token: string): Promise<AccessClaims | null> {
    const known = this.verified.get(token);
    if (known) {
      if (Date.now() < known.expiresAt) return known.claims;
      this.verified.delete(token);
    }
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: [ALG], issuer: ISSUER, audience: AUDIENCE });
      const userId = Number(payload.sub);
      const tenantId = Number(payload.tid);
      if (!Number.isSafeInteger(userId) || !Number.isSafeInteger(tenantId) || typeof payload.sid !== 'string')
        return null;
      const claims = { userId, tenantId, sessionId: payload.sid };
      if (typeof payload.exp === 'number') {
        if (this.verified.size >= 10_000) this.verified.clear();
        this.verified.set(token, { claims, expiresAt: payload.exp * 1000 });
      }
      return claims;
    } catch {
      return null;
    }
  }
}

/** A refresh token is "<session id>.<secret>"; only a hash of the secret is stored. */
export function newRefreshToken(sessionId: string = randomUUID()): { sessionId: string; token: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { sessionId, token: `${sessionId}.${secret}`, hash: hashSecret(secret) };
}

export function parseRefreshToken(token: unknown): { sessionId: string; hash: string } | null {
  if (typeof token !== 'string') return null;
  const m = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{20,})$/.exec(token);
  return m ? { sessionId: m[1]!, hash: hashSecret(m[2]!) } : null;
}

export const hashSecret = (s: string) => createHash('sha256').update(s).digest('base64url');

/** "Bearer<token>" with or without the space (spec 7). */
export function bearerToken(header: unknown): string | null {
  if (typeof header !== 'string') return null;
  const m = /^Bearer\s*(\S+)\s*$/i.exec(header);
  return m ? m[1]! : null;
}
