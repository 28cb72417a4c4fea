import {
  calls,
  callsDegrees,
  campuses,
  campusesDegrees,
  degrees,
  studyAreas,
  studySubareas,
  universities,
} from '../../db/schema';
import { defineContentType } from '../../lib/strapi/registry';

/** The academic catalogue (spec §3 Campus, University, Degree, Call, Study area): public. */
export const universityType = defineContentType({
  uid: 'api::university.university',
  singularName: 'university',
  pluralName: 'universities',
  table: universities,
  relations: {
    centers: { relation: 'oneToMany', target: 'api::campus.campus', mappedBy: 'university' },
  },
});

export const campusType = defineContentType({
  uid: 'api::campus.campus',
  singularName: 'campus',
  pluralName: 'campuses',
  table: campuses,
  relations: {
    university: {
      relation: 'manyToOne',
      target: 'api::university.university',
      column: campuses.universityId,
    },
    degrees: {
      relation: 'manyToMany',
      target: 'api::degree.degree',
      join: {
        table: campusesDegrees,
        own: campusesDegrees.campusId,
        target: campusesDegrees.degreeId,
      },
    },
  },
});

export const degreeType = defineContentType({
  uid: 'api::degree.degree',
  singularName: 'degree',
  pluralName: 'degrees',
  table: degrees,
  relations: {
    campuses: {
      relation: 'manyToMany',
      target: 'api::campus.campus',
      join: {
        table: campusesDegrees,
        own: campusesDegrees.degreeId,
        target: campusesDegrees.campusId,
      },
    },
    calls: {
      relation: 'manyToMany',
      target: 'api::call.call',
      join: { table: callsDegrees, own: callsDegrees.degreeId, target: callsDegrees.callId },
    },
  },
});

export const callType = defineContentType({
  uid: 'api::call.call',
  singularName: 'call',
  pluralName: 'calls',
  table: calls,
  relations: {
    degrees: {
      relation: 'manyToMany',
      target: 'api::degree.degree',
      join: { table: callsDegrees, own: callsDegrees.callId, target: callsDegrees.degreeId },
    },
  },
});

export const studyAreaType = defineContentType({
  uid: 'api::study-area.study-area',
  singularName: 'study-area',
  pluralName: 'study-areas',
  table: studyAreas,
  relations: {
    subareas: {
      relation: 'oneToMany',
      target: 'api::study-subarea.study-subarea',
      mappedBy: 'area',
    },
  },
});

export const studySubareaType = defineContentType({
  uid: 'api::study-subarea.study-subarea',
  singularName: 'study-subarea',
  pluralName: 'study-subareas',
  table: studySubareas,
  relations: {
    area: {
      relation: 'manyToOne',
      target: 'api::study-area.study-area',
      column: studySubareas.areaId,
    },
  },
});
