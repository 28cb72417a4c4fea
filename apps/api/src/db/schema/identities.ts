import {
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { id } from './columns';
import { users } from './users';

/**
 * The ways into an account besides its password (ADR 0074): each institutional identity linked
 * to it, from a SAML identity provider or an OpenID Connect issuer. An account holds any number.
 * `provider` is the provider's key (`saml:<entityID>`, `oidc:<issuer>`); `subject` the stable key
 * of the person there: SAML pairwise-id, else subject-id, else the scoped eduPersonPrincipalName;
 * OIDC `sub`. Never the email: people change addresses and universities reuse them. Compared
 * exactly: whoever derives the subject normalises it first.
 */
export const authIdentities = pgTable(
  'auth_identities',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: varchar('provider', { length: 100 }).notNull(),
    subject: varchar('subject', { length: 500 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** A link is made from an accepted assertion, so it is a use; each sign-in through it moves it. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One account per identity: a sign-in finds its account by these two.
    uniqueIndex('auth_identities_provider_subject_unique').on(t.provider, t.subject),
    // An account's ways in (its settings, the unlink check).
    index('auth_identities_user_idx').on(t.userId),
  ],
);

/**
 * The sign-ins sent to an identity provider and not yet back (ADR 0074), shared by every API
 * process, since the answer may reach another one. `id` is the SAML request's ID (checked
 * against the answer's InResponseTo) or the OIDC `state`: random, so it cannot be guessed.
 * A row is consumed once (`DELETE … RETURNING`) within ten minutes; expired ones are removed
 * by the `sso.forget-expired` job.
 */
export const ssoRequests = pgTable(
  'sso_requests',
  {
    id: text('id').primaryKey(),
    provider: varchar('provider', { length: 100 }).notNull(),
    /** A path of this site, checked when the row is written: where the person goes afterwards. */
    returnTo: varchar('return_to', { length: 1000 }).notNull(),
    /** OIDC only: the PKCE code verifier, sent back with the code. */
    pkceVerifier: text('pkce_verifier'),
    /** OIDC only: the nonce the ID token must carry. */
    nonce: text('nonce'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  // The job deletes by expiry.
  (t) => [index('sso_requests_expires_at_idx').on(t.expiresAt)],
);

/**
 * The SAML assertions already accepted, kept until they could no longer be accepted anyway
 * (their NotOnOrAfter plus a margin for clock skew), so that a replayed one is refused by
 * whatever process it reaches: the insert of its key conflicts (ADR 0074). The key is the
 * provider's key and the assertion's ID together: IDs are unique only per issuer.
 */
export const ssoSeenAssertions = pgTable(
  'sso_seen_assertions',
  {
    assertionId: text('assertion_id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  // The job deletes by expiry.
  (t) => [index('sso_seen_assertions_expires_at_idx').on(t.expiresAt)],
);
