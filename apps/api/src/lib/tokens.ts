import { createSigner, createVerifier } from 'fast-jwt';

/**
 * Access tokens: HS256 JWTs signed with the configured secret. The algorithm is pinned on both
 * sides, so a token claiming `none` or another algorithm is refused (RFC 8725 §3.1).
 */
export const ACCESS_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface AccessClaims {
  /** The user id (Strapi puts it in `id`). */
  id: number;
}

export interface TokenService {
  sign(claims: AccessClaims): string;
  /** The claims of a valid token, or null when it is malformed, tampered with or expired. */
  verify(token: string): AccessClaims | null;
}

export function createTokenService(secret: string): TokenService {
  const signer = createSigner({ key: secret, algorithm: 'HS256', expiresIn: ACCESS_TOKEN_TTL_MS });
  const verifier = createVerifier({ key: secret, algorithms: ['HS256'], cache: 1000 });
  return {
    sign: (claims) => signer({ id: claims.id }),
    verify(token) {
      try {
        const payload = verifier(token) as { id?: unknown };
        return typeof payload.id === 'number' && Number.isInteger(payload.id)
          ? { id: payload.id }
          : null;
      } catch {
        return null;
      }
    },
  };
}
