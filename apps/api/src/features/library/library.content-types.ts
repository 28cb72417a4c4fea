import { z } from 'zod';
import {
  httpUrlSchema,
  OTHER_TEXT_MAX_LENGTH,
  REJECTION_REASON_MAX_LENGTH,
  LABEL_MAX_LENGTH,
  LABELS_MAX,
  RESOURCE_INTRODUCTION_MAX_LENGTH,
  TFX_SUMMARY_MAX_LENGTH,
} from '@plataforma/shared';
import { THESIS_STAGES } from '@plataforma/shared';
import { resources, tfxes } from '../../db/schema';
import { limitedText } from '../../lib/strapi/input';
import { defineContentType } from '../../lib/strapi/registry';

const tags = z.array(z.string().min(1).max(LABEL_MAX_LENGTH)).max(LABELS_MAX);

export const tfxType = defineContentType({
  uid: 'api::tfx.tfx',
  singularName: 'tfx',
  pluralName: 'tfxes',
  table: tfxes,
  draftAndPublish: true,
  relations: {
    student: { relation: 'manyToOne', target: 'api::student.student', column: tfxes.studentId },
  },
  media: { file: tfxes.fileId },
  // The PDF's text is read only by the search (ADR 0036).
  private: ['document_text'],
  // Kept by the server: the text's state by the extraction job, the counts by the visits.
  readOnly: ['text_status', 'views_count', 'downloads_count'],
  validate: {
    tags,
    file_URL: httpUrlSchema,
    release_month: z.string().regex(/^(0[1-9]|1[0-2])\/\d{4}$/, 'must be MM/yyyy'),
    // The final-work form's limits (the sector is a listed one or its "Otra" text) and the
    // reviewer's, so a direct client is held to them too.
    summary: limitedText(TFX_SUMMARY_MAX_LENGTH),
    sector: limitedText(OTHER_TEXT_MAX_LENGTH),
    rejection_reason: limitedText(REJECTION_REASON_MAX_LENGTH),
  },
  bounds: { degreeId: { min: 1, max: 2_147_483_647, message: 'El grado no es válido.' } },
});

export const resourceType = defineContentType({
  uid: 'api::resource.resource',
  singularName: 'resource',
  pluralName: 'resources',
  table: resources,
  draftAndPublish: true,
  media: { picture: resources.pictureId },
  // The admins' rich text editor (resource-form); `introduction` is plain text.
  richText: ['content'],
  validate: {
    tags,
    purposes: tags,
    tfx_status: z.array(z.enum(THESIS_STAGES)).max(THESIS_STAGES.length),
    link: httpUrlSchema,
    // The admins' form shows this limit; the column would take any length.
    introduction: limitedText(RESOURCE_INTRODUCTION_MAX_LENGTH),
    popularity_visits: z.number().int().min(0),
  },
  bounds: {
    popularity_visits: {
      min: 0,
      max: 2_147_483_647,
      message: 'El número de visitas no es válido.',
    },
  },
});
