import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  httpUrlSchema,
  PHONE_MAX_LENGTH,
  PROFILE_PHONE_PATTERN,
} from '@plataforma/shared';
import { organizations } from '../../db/schema';
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
    contact_phone: z
      .string()
      .max(PHONE_MAX_LENGTH)
      .regex(PROFILE_PHONE_PATTERN, 'must be a phone number'),
  },
});
