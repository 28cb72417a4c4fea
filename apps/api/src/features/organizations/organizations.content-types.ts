import { z } from 'zod';
import { organizations } from '../../db/schema';
import { defineContentType } from '../../lib/strapi/registry';

const url = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).max(500);

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
    web: url,
    linkedin: url,
    contact_mail: z.email().max(255),
    contact_phone: z
      .string()
      .regex(/^(\+\d{1,3}[\s.-]?)?(\(\d{1,4}\)[\s.-]?)?[\d\s.-]{1,15}$/, 'must be a phone number'),
  },
});
