import { legalTextChangeSchema } from '@plataforma/shared';
import { legalConsents, legalTextVersions, legalTexts } from '../../db/schema';
import { defineContentType } from '../../lib/strapi/registry';

export const LEGAL_TEXT_UID = 'api::legal-text.legal-text';
export const LEGAL_TEXT_VERSION_UID = 'api::legal-text-version.legal-text-version';
export const LEGAL_CONSENT_UID = 'api::legal-consent.legal-consent';

/**
 * The legal texts as they read now (ADR 0035), at /api/legal-texts: public reads, admins change
 * the title and the content. The kind and the version are the server's; the content is cleaned
 * to an allow-list of HTML and every change makes a new version (legal.lifecycles.ts).
 */
export const legalTextType = defineContentType({
  uid: LEGAL_TEXT_UID,
  singularName: 'legal-text',
  pluralName: 'legal-texts',
  table: legalTexts,
  relations: {
    versions: { relation: 'oneToMany', target: LEGAL_TEXT_VERSION_UID, mappedBy: 'legalText' },
  },
  readOnly: ['kind', 'version', 'versions'],
  richText: ['content'],
  validate: legalTextChangeSchema.shape,
});

/**
 * Every version of a legal text, at /api/legal-text-versions: public (they were published), never
 * written by a client. Who wrote a version is seen by admins only.
 */
export const legalTextVersionType = defineContentType({
  uid: LEGAL_TEXT_VERSION_UID,
  singularName: 'legal-text-version',
  pluralName: 'legal-text-versions',
  table: legalTextVersions,
  relations: {
    legalText: {
      relation: 'manyToOne',
      target: LEGAL_TEXT_UID,
      column: legalTextVersions.legalTextId,
    },
    author: {
      relation: 'manyToOne',
      target: 'plugin::users-permissions.user',
      column: legalTextVersions.authorId,
    },
  },
  protected: ['author'],
  readOnly: ['legalText', 'version', 'title', 'content', 'author'],
  // Written by the legal text's lifecycle from its cleaned content; declared all the same.
  richText: ['content'],
});

/**
 * Acceptances of a legal text made when registering (RGPD art. 7.1), at /api/legal-consents:
 * each person reads their own, admins every one. Written only by the registration, in the
 * account's transaction.
 */
export const legalConsentType = defineContentType({
  uid: LEGAL_CONSENT_UID,
  singularName: 'legal-consent',
  pluralName: 'legal-consents',
  table: legalConsents,
  relations: {
    user: {
      relation: 'manyToOne',
      target: 'plugin::users-permissions.user',
      column: legalConsents.userId,
    },
    legalTextVersion: {
      relation: 'manyToOne',
      target: LEGAL_TEXT_VERSION_UID,
      column: legalConsents.legalTextVersionId,
    },
  },
  readOnly: ['user', 'legalTextVersion', 'acceptedAt', 'policyUrl'],
});
