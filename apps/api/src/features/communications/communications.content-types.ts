import { communicationCenters } from '../../db/schema';
import { defineContentType } from '../../lib/strapi/registry';

/** Entries of the students' communication centre (spec §3 Notification). */
export const communicationCenterType = defineContentType({
  uid: 'api::communication-center.communication-center',
  singularName: 'communication-center',
  pluralName: 'communication-centers',
  table: communicationCenters,
  relations: {
    student: {
      relation: 'manyToOne',
      target: 'api::student.student',
      column: communicationCenters.studentId,
    },
  },
});
