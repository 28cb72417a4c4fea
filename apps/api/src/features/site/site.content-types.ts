import { z } from 'zod';
import {
  FEATURES,
  footerSectionsSchema,
  siteLinkSchema,
  teacherDomainsSchema,
} from '@plataforma/shared';
import {
  brandingSaas,
  brandings,
  featurePermissions,
  footerSections,
  teacherSettings,
} from '../../db/schema';
import { defineContentType } from '../../lib/strapi/registry';

const colour = z
  .string()
  .regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'must be a hex colour like #1226AA');
/** The menu logo, also used as favicon (spec §1). */
export const brandingType = defineContentType({
  uid: 'api::branding.branding',
  singularName: 'branding',
  pluralName: 'brandings',
  table: brandings,
  media: { menuLogo: brandings.menuLogoId },
});

/** This university's branding (spec §3 Branding): a single type at /api/branding-saas. */
export const brandingSaasType = defineContentType({
  uid: 'api::branding-saas.branding-saas',
  kind: 'singleType',
  singularName: 'branding-saas',
  pluralName: 'branding-saases',
  table: brandingSaas,
  validate: {
    mainColor: colour,
    secondaryColor: colour,
    terciaryColor: colour,
    quaternaryColor: colour,
    footerColor: colour,
    logoUrl: siteLinkSchema,
    politicsUrl: siteLinkSchema,
    mailTo: z.email().max(255),
    mainfont: z.string().regex(/^[A-Za-z0-9 ]{1,100}$/, 'must be a font family name'),
  },
});

/** Feature switches per role (spec §3 Permissions); answered to clients by /api/permissions/status. */
export const featurePermissionType = defineContentType({
  uid: 'api::feature-permission.feature-permission',
  singularName: 'feature-permission',
  pluralName: 'feature-permissions',
  table: featurePermissions,
  validate: {
    role: z.enum(['public', 'student', 'teacher', 'coordinator', 'admin']),
    feature: z.enum(FEATURES),
  },
});

/** Footer content (spec §3 Footer content, §7 Footer): the web reads data[0].attributes.FooterSection. */
export const footerSectionType = defineContentType({
  uid: 'api::footer-section.footer-section',
  singularName: 'footer-section',
  pluralName: 'footer-sections',
  table: footerSections,
  draftAndPublish: true,
  components: {
    FooterSection: {
      column: footerSections.FooterSection,
      schema: footerSectionsSchema,
      repeatable: true,
      shape: {
        rows: { columns: { images: { source: {} }, links: {}, languageSelector: {} } },
      },
    },
  },
});

/**
 * How teachers are verified (ADR 0051): a single type at /api/teacher-setting whose `domains`
 * are the email domains of the university's teachers. Written in any case, with or without "@",
 * and stored lower case, each once; admins only.
 */
export const teacherSettingType = defineContentType({
  uid: 'api::teacher-setting.teacher-setting',
  kind: 'singleType',
  singularName: 'teacher-setting',
  pluralName: 'teacher-settings',
  table: teacherSettings,
  validate: { domains: teacherDomainsSchema },
});
