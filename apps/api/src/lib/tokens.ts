import { createHash, randomBytes } from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';

/**
 * Access tokens: HS256 JWTs signed with the configured secret. The algorithm is pinned on both
 * sides, so a token claiming `none` or another algorithm is refused (RFC 8725 §3.1).
 *
 * They are short-lived (ADR 0008): a session lasts through its refresh token, and a stolen access
 * token is useful for minutes, not weeks.
 */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

export interface AccessClaims {
  /** The user id (Strapi puts it in `id`). */
  id: number;
}

export interface VerifiedClaims extends AccessClaims {
  /** Issued at, in seconds since the epoch (RFC 7519 §4.1.6). */
  iat: number;
}

export interface TokenService {
  sign(claims: AccessClaims): string;
  /** The claims of a valid token, or null when it is malformed, tampered with or expired. */
  verify(token: string): VerifiedClaims | null;
}

export function createTokenService(secret: string): TokenService {
  const signer = createSigner({
    key: secret,
    algorithm: 'HS256',
    expiresIn: ACCESS_TOKEN_TTL_SECONDS * 1000,
  });
  const verifier = createVerifier({
    key: secret,
    algorithms: ['HS256'],
    cache: 1000,
    requiredClaims: ['iat', 'exp'],
  });
  return {
    sign: (claims) => signer({ id: claims.id }),
    verify(token) {
      try {
        const payload = verifier(token) as { id?: unknown; iat?: unknown };
        return Number.isInteger(payload.id) && Number.isInteger(payload.iat)
          ? { id: payload.id as number, iat: payload.iat as number }
          : null;
      } catch {
        return null;
      }
    },
  };
}

/**
 * A random one-time token for a link or a refresh token: 256 bits, URL-safe. Only its hash is
 * stored (`hashOpaqueToken`), so the database never holds a usable token.
 */
export function createOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 of a one-time token, hex (64 characters, the size of user_tokens.token_hash). */
export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * The instant from which a user's tokens are valid again, truncated to the second: JWT `iat` has
 * second precision, so a token signed right after a password change (same second) stays valid
 * while every token of earlier seconds is refused.
 */
export function tokensValidFrom(now = Date.now()): Date {
  return new Date(Math.floor(now / 1000) * 1000);
}
