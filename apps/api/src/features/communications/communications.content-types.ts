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
    // The announcement that wrote the entry (ADR 0045); only its send sets it.
    announcement: {
      relation: 'manyToOne',
      target: 'api::announcement.announcement',
      column: communicationCenters.announcementId,
    },
  },
  readOnly: ['announcement'],
  // Shown as HTML in the student's message popup (components/ui/message-popup.tsx).
  richText: ['notification_message'],
});
