import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  httpUrlSchema,
  ORGANIZATION_DESCRIPTION_MAX_LENGTH,
  phoneSchema,
} from '@plataforma/shared';
import { organizations } from '../../db/schema';
import { limitedText } from '../../lib/strapi/input';
import { defineContentType } from '../../lib/strapi/registry';

/** Organisations are public; their contact data is protected (admins and their coordinators). */
export const organizationType = defineContentType({
  uid: 'api::organization.organization',
  singularName: 'organization',
  pluralName: 'organizations',
  table: organizations,
  relations: {
    coordinators: {
      relation: 'oneToMany',
      target: 'api::coordinator.coordinator',
      mappedBy: 'organization',
    },
    projects: { relation: 'oneToMany', target: 'api::project.project', mappedBy: 'organization' },
  },
  media: { logo: organizations.logoId },
  protected: ['contact_phone', 'contact_mail', 'contact_name'],
  validate: {
    web: httpUrlSchema.max(500),
    linkedin: httpUrlSchema.max(500),
    contact_mail: z.email().max(EMAIL_MAX_LENGTH),
    // Stored in E.164 whatever the client sends (ADR 0034).
    contact_phone: phoneSchema,
    // The organisation form's limit; the column would take any length.
    description: limitedText(ORGANIZATION_DESCRIPTION_MAX_LENGTH),
  },
});
