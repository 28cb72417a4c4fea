import { z } from 'zod';

const dateTime = z.string().describe('ISO 8601, UTC');

/**
 * The ways into an account through a university's sign-in (ADR 0074), as the account's owner sees
 * them in the profile's security section: the provider, since when and when last used. The
 * identity's stable key (the subject) never leaves the server.
 */
export const linkedIdentitySchema = z.object({
  id: z.number().int(),
  provider: z.string().describe('The provider’s key: `saml:<entityID>` or `oidc:<issuer>`'),
  providerName: z.string().describe('How the person recognises it: its host'),
  since: dateTime,
  lastUsedAt: dateTime,
});
export type LinkedIdentity = z.infer<typeof linkedIdentitySchema>;

/** `GET /api/auth/identities`: the caller's identities, and whether a password is another way in. */
export const linkedIdentitiesAnswerSchema = z.object({
  data: z.array(linkedIdentitySchema),
  meta: z.object({ hasPassword: z.boolean() }),
});
export type LinkedIdentitiesAnswer = z.infer<typeof linkedIdentitiesAnswerSchema>;
