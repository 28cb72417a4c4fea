import { z } from 'zod';
import { FEATURES } from '@plataforma/shared';
import { brandingSaas, brandings, featurePermissions, footerSections } from '../../db/schema';
import { defineContentType } from '../../lib/strapi/registry';

const colour = z
  .string()
  .regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'must be a hex colour like #1226AA');
const link = z
  .string()
  .max(1000)
  .regex(/^(https?:\/\/|\/)[^\s]*$/, 'must be an http(s) URL or a path starting with /');
/** A footer link may also write or call: the demo footer's "Contacto" is a mailto: link. */
const footerLinkUrl = z
  .string()
  .max(1000)
  .regex(
    /^(https?:\/\/|\/|mailto:|tel:)[^\s]*$/,
    'must be an http(s) URL, a path starting with /, a mailto: or a tel: link',
  );

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
    logoUrl: link,
    politicsUrl: link,
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

const media = z.object({
  data: z
    .object({
      id: z.number().int(),
      attributes: z.object({ url: link, alternativeText: z.string().max(255).nullish() }).loose(),
    })
    .nullable(),
});
const footerColumn = z
  .object({
    id: z.number().int().optional(),
    images: z
      .array(
        z
          .object({
            id: z.number().int().optional(),
            source: media.optional(),
            alternativeText: z.string().max(255).nullish(),
            isLink: z.boolean().optional(),
            width: z.number().int().min(0).max(4000).nullish(),
            height: z.number().int().min(0).max(4000).nullish(),
          })
          .strict(),
      )
      .max(20)
      .optional(),
    links: z
      .array(
        z
          .object({
            id: z.number().int().optional(),
            title: z.string().max(255).nullish(),
            text: z.string().max(255).nullish(),
            url: footerLinkUrl.nullish(),
            language: z.string().max(10).nullish(),
          })
          .strict(),
      )
      .max(50)
      .optional(),
    languageSelector: z
      .array(
        z
          .object({
            value: z.string().max(10),
            label: z.string().max(50),
            disabled: z.boolean().optional(),
          })
          .strict(),
      )
      .max(20)
      .optional(),
  })
  .strict();
export const footerSectionSchema = z
  .array(
    z
      .object({
        id: z.number().int().optional(),
        rows: z
          .array(
            z
              .object({ id: z.number().int().optional(), columns: z.array(footerColumn).max(12) })
              .strict(),
          )
          .max(12),
      })
      .strict(),
  )
  .max(10);

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
      schema: footerSectionSchema,
      repeatable: true,
      shape: {
        rows: { columns: { images: { source: {} }, links: {}, languageSelector: {} } },
      },
    },
  },
});
