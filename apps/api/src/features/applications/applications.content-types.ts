import { z } from 'zod';
import {
  APPLICATION_ANSWER_MAX_LENGTH,
  APPLICATION_STATUS_MESSAGE_MAX_LENGTH,
  DNI_NIE_PATTERN,
  httpUrlSchema,
} from '@plataforma/shared';
import { applys } from '../../db/schema';
import { limitedText } from '../../lib/strapi/input';
import { defineContentType } from '../../lib/strapi/registry';

const answer = limitedText(APPLICATION_ANSWER_MAX_LENGTH);

/** Spec §3 Application: a student's application to a project (ADR 0025). */
export const applyType = defineContentType({
  uid: 'api::apply.apply',
  singularName: 'apply',
  pluralName: 'applys',
  table: applys,
  relations: {
    student: { relation: 'manyToOne', target: 'api::student.student', column: applys.studentId },
    project: { relation: 'manyToOne', target: 'api::project.project', column: applys.projectId },
    call: { relation: 'manyToOne', target: 'api::call.call', column: applys.callId },
    tutorAsigned: {
      relation: 'manyToOne',
      target: 'api::teacher.teacher',
      column: applys.tutorAsignedId,
    },
  },
  media: { CV: applys.cvId },
  protected: ['dni'],
  validate: {
    CV_url: httpUrlSchema,
    video: httpUrlSchema,
    dni: z.string().regex(DNI_NIE_PATTERN, 'must be a valid DNI or NIE'),
    // The application form's and the reviewer's limits, so a direct client is held to them too.
    interest: answer,
    motivation: answer,
    good_candidate: answer,
    availability: answer,
    status_message: limitedText(APPLICATION_STATUS_MESSAGE_MAX_LENGTH),
  },
});
