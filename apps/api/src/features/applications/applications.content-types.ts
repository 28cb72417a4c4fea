import { z } from 'zod';
import { DNI_NIE_PATTERN, httpUrlSchema } from '@plataforma/shared';
import { applys } from '../../db/schema';
import { defineContentType } from '../../lib/strapi/registry';

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
  },
});
