import type { SetupStatusAnswer, StrapiError } from '@plataforma/shared';

/**
 * The first start's answers (ADR 0064): `GET /api/setup` while the link works, and its 403 for a
 * link that does not, worded in Spanish with the reason the page reads.
 */
export function setupStatus(expiresAt = '2026-12-08T03:00:00.000Z'): SetupStatusAnswer {
  return { valid: true, expiresAt };
}

export type SetupRefusalReason = 'missing' | 'invalid' | 'expired' | 'used';

export function setupRefused(reason: SetupRefusalReason): Response {
  const body: StrapiError = {
    data: null,
    error: {
      status: 403,
      name: 'ForbiddenError',
      message: 'Este enlace de instalación no vale.',
      details: { reason },
    },
  };
  return new Response(JSON.stringify(body), {
    status: 403,
    headers: { 'content-type': 'application/json', 'content-language': 'es' },
  });
}
